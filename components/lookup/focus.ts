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
