/**
 * Whether an address can be watched, by what its account is on chain: the context menu's "Watch
 * wallet" and the watchlist's add and import ask here first, with the reads the popup's lookup makes.
 * The watchlist itself (lib/watch/watchlist.ts) stays offline: it refuses only the mints and
 * programs known without a read.
 */
import { isSolanaAddress } from '../detect/address';
import type { AddressKind } from '../detect/types';
import { invalidInput, NOT_A_WALLET } from '../watch/watchlist';
import { readUnknown, type UnknownAccount } from './accounts';
import type { Services } from './services';

/** The reads that tell an address's kind (the data service's cached kind, then the account's head). */
export interface AccountReads {
  kindOf: (address: string) => Promise<AddressKind>;
  readUnknown: (address: string) => Promise<UnknownAccount>;
  /** A DCA order's owner (the wallet to watch instead), as the order's view gives it. */
  orderOwner: (address: string) => Promise<string | null>;
}

export function accountReads(services: Pick<Services, 'data' | 'client'>): AccountReads {
  return {
    kindOf: (address) => services.data.kindOf(address, 'hover'),
    readUnknown: (address) => readUnknown(services.client(), address),
    orderOwner: async (address) => (await services.data.order(address, 'hover')).owner || null,
  };
}

/** Why an account someone owns cannot be watched, naming the wallet to watch instead. */
const ownedReason = (what: string, owner: string) =>
  `That address is ${what}, not a wallet: watch its owner ${owner} instead.`;

/**
 * Why `address` cannot be watched, or null. A mint, order, pool or program is never a wallet that
 * trades; a token account is the balance of its owner, who is named. No account at all is allowed
 * (a fresh wallet can be watched before it trades), and so is another program's account (the
 * lookup shows those as wallets, with their Watch button). A read that fails (no network, a 429, no
 * key) allows it too: the trader's intent stands, an outage must not make a real wallet unwatchable,
 * and the watchlist's offline check still applies.
 */
export async function notWatchableReason(address: string, reads: AccountReads): Promise<string | null> {
  if (!isSolanaAddress(address)) return null; // (the watchlist says what is wrong with it)
  try {
    const kind = await reads.kindOf(address);
    // an order names its owner when its view can be read (else the reason without it)
    if (kind === 'order') {
      const owner = await reads.orderOwner(address).catch(() => null);
      return owner ? ownedReason('a DCA order account', owner) : NOT_A_WALLET.order!;
    }
    if (kind !== 'unknown') return NOT_A_WALLET[kind] ?? null;
    const account = await reads.readUnknown(address);
    return account.type === 'tokenAccount' ? ownedReason('a token account', account.owner) : null;
  } catch {
    return null;
  }
}

/** Throws the INVALID_INPUT error the watchlist's add throws, when `address` cannot be watched. */
export async function assertWatchable(address: string, reads: AccountReads): Promise<void> {
  const reason = await notWatchableReason(address.trim(), reads);
  if (reason) throw invalidInput(reason);
}

/**
 * Of an import's addresses, those read as never a wallet: mints, orders, pools and programs by the
 * page's batched kind read (`classify`, which leaves out what it could not read: kept, as for an
 * add), and token accounts among the rest by one batched read of their heads (`heads`). Anything a
 * read fails for is kept.
 */
export async function notWalletsOf(
  addresses: readonly string[],
  classify: (addresses: string[]) => Promise<Record<string, AddressKind>>,
  heads?: (addresses: string[]) => Promise<Map<string, UnknownAccount | Error>>,
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const unique = [...new Set(addresses)];
  const kinds = await Promise.resolve()
    .then(() => classify(unique))
    .catch(() => ({}) as Record<string, AddressKind>);
  const out = new Set(Object.keys(kinds).filter((a) => NOT_A_WALLET[kinds[a]!]));
  const unknown = unique.filter((a) => kinds[a] === 'unknown');
  if (heads && unknown.length) {
    const read = await Promise.resolve()
      .then(() => heads(unknown))
      .catch(() => new Map<string, UnknownAccount | Error>());
    for (const [a, account] of read)
      if (!(account instanceof Error) && account.type === 'tokenAccount') out.add(a);
  }
  return out;
}
