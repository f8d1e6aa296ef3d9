import { parseLookupInput } from '../detect/lookup';
import { NOT_A_WALLET } from './watchlist';

/** What "Watch wallet in Onchain Lens" on selected text or a link should watch, or why it cannot. */
export type WatchTarget = { wallet: string } | { domain: string } | { error: string };

/**
 * Reads the wallet to watch from the context menu's selection (an address or an explorer URL) or,
 * failing that, the link under the pointer. Addresses of unknown kind count: the page gave no
 * reason to think otherwise, and the watchlist only follows wallet rooms.
 */
export function watchTargetOf(selectionText?: string, linkUrl?: string): WatchTarget {
  let firstError: string | null = null;
  for (const text of [selectionText, linkUrl]) {
    // never cut: a cut can end inside an address (the parser refuses over-long text with its message)
    const trimmed = text?.trim();
    if (!trimmed) continue;
    const input = parseLookupInput(trimmed);
    // a .sol name: its owner's wallet, once the background has resolved it
    if (input.type === 'domain') return { domain: input.name };
    if (input.type === 'address') {
      const reason = NOT_A_WALLET[input.kind];
      if (!reason) return { wallet: input.address };
      firstError ??= reason;
    } else {
      firstError ??=
        input.type === 'error' ? input.message : 'Select a wallet address (or a link to one) to watch it.';
    }
  }
  return { error: firstError ?? 'Select a wallet address (or a link to one) to watch it.' };
}

/**
 * The id of a "Not watched" notification. One about an address carries it: a click opens that
 * address's lookup, which says what it is and links its owner (a token account's, an order's).
 */
export const notWatchedId = (address: string | null, at: number): string => `menu|${at}|${address ?? ''}`;

/** The address a "Not watched" notification is about, or null (another notification, or none). */
export function notWatchedTarget(id: string): string | null {
  return /^menu\|\d+\|([1-9A-HJ-NP-Za-km-z]{32,44})$/.exec(id)?.[1] ?? null;
}
