import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * Where focus goes from a control about to go away with what it acts on (Retry, "Check PnL again"):
 * the nearest container that takes focus (tabIndex -1: the lookup result, an order list, the
 * watchlist), so a keyboard or screen reader user is not sent back to the top of the page.
 */
export function focusContainer(from: Element): void {
  from.parentElement?.closest<HTMLElement>('[tabindex="-1"]')?.focus();
}

/**
 * Whether focus may be moved back into `scope` once an answer comes: it fell to the page's body (the
 * control used was disabled or removed) or is still inside `scope`. Not when the user has gone on
 * to something else meanwhile (typing in the search box while the background answered).
 */
export function focusIsFree(scope: Element | null): boolean {
  const at = document.activeElement;
  return !at || at === document.body || !!scope?.contains(at);
}

/**
 * Removing a wallet's row from a list, for keyboard users: once the list is shown without it, the
 * focus goes to the next row's remove button (`buttons`, a selector inside `box`), else the one
 * above it, else `box` itself (its empty state). Only when the focus was in the list as the removal
 * started and nobody has moved it since. Returns the removal's runner: `run` makes the change and
 * resolves with its answer (a failure is the caller's to show).
 */
export function useRemoveFocus(
  box: RefObject<HTMLElement>,
  buttons: string,
  shown: readonly { wallet: string }[],
) {
  /** the removed wallet and its row, whose button takes the focus once the list without it is shown */
  const after = useRef<{ wallet: string; row: number } | null>(null);
  useEffect(() => {
    const removed = after.current;
    // (an effect of an earlier render may run first: it waits for the list without the wallet)
    if (!removed || shown.some((e) => e.wallet === removed.wallet)) return;
    after.current = null;
    const all = box.current?.querySelectorAll<HTMLElement>(buttons) ?? [];
    (all[Math.min(removed.row, all.length - 1)] ?? box.current)?.focus();
  }, [shown]);
  return async <R>(wallet: string, row: number, run: () => Promise<R>): Promise<R> => {
    const hadFocus = box.current?.contains(document.activeElement) ?? false;
    const answer = await run();
    if (hadFocus && focusIsFree(box.current)) after.current = { wallet, row }; // (not if the user went on)
    return answer;
  };
}
