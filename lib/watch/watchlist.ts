/**
 * The watchlist: wallets the user wants notifications for, with labels and unread counts, kept in
 * the extension's private store (lib/private-store.ts: IndexedDB, which content scripts cannot
 * open) so it survives browser and service-worker restarts.
 * Only the background writes it; every write goes through one promise chain so two messages that
 * arrive together (add + import, an event bumping unread) cannot overwrite each other's changes.
 */
import { z } from 'zod';
import { ApiError } from '../api/errors';
import { isSolanaAddress } from '../detect/address';
import { knownKind } from '../detect/programs';
import type { AddressKind } from '../detect/types';
import { cleanText } from '../format';
import { privateStore } from '../private-store';
import { createTurns } from '../sched';
import { type ImportReasons, type ImportResult, LABEL_MAX, type WatchEntry } from './entry';

export { type ImportReasons, type ImportResult, LABEL_MAX, type WatchEntry } from './entry';

export const WATCH_LIMIT = 50;
/** A bigger file is not a watchlist export; refuse it before parsing. */
const IMPORT_MAX_CHARS = 200_000;
/** More items than this is not a watchlist export either (the list itself holds 50). */
const IMPORT_MAX_ITEMS = 1000;
const EXPORT_TYPE = 'onchain-lens-watchlist';

const Wallet = z.string().refine(isSolanaAddress, 'not a Solana address');

/** What is trusted when read back: storage can hold anything an older version or a bug wrote. */
const StoredEntry = z.object({
  wallet: Wallet,
  label: z.string().max(LABEL_MAX).nullable(),
  addedAt: z.number(),
  unread: z.number().int().min(0),
  domain: z.string().max(100).nullable().optional(),
});

export const watchlistItem = privateStore.defineItem<unknown[]>('local:watchlist', { fallback: [] });

/** One item of an import file: an address string, or an object naming the wallet. */
const ImportItem = z.union([
  z.string(),
  z.looseObject({
    wallet: z.string().optional(),
    address: z.string().optional(),
    label: z.string().nullish(),
  }),
]);
/** Our own export (`{wallets: [...]}`) or a plain list; each item is checked on its own. */
const ImportFile = z.union([z.array(z.unknown()), z.looseObject({ wallets: z.array(z.unknown()) })]);

/**
 * The export file: what `importJson` reads back. The one place that writes it, used by the
 * background and by the options page (which builds it from the `watchList` answer).
 */
export function exportText(list: readonly Pick<WatchEntry, 'wallet' | 'label'>[], at: number): string {
  const wallets = list.map((e) => ({ wallet: e.wallet, label: e.label }));
  return JSON.stringify({ type: EXPORT_TYPE, version: 1, exportedAt: at, wallets }, null, 2);
}

export interface UnreadCounts {
  total: number;
  byWallet: Record<string, number>;
}

export function invalidInput(message: string): ApiError {
  return new ApiError({ code: 'INVALID_INPUT', message });
}

/** Trimmed, control characters removed, cut to 40 characters; empty means no label. */
export function normalizeLabel(label: string | null | undefined): string | null {
  const cps = Array.from(
    cleanText(label ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const text = cps.slice(0, LABEL_MAX).join('').trim();
  return text === '' ? null : text;
}

/**
 * Why an address of a kind that is never a trading wallet cannot be watched (the watchlist's add and
 * import, the context menu's "Watch wallet"); kinds not listed can be.
 */
export const NOT_A_WALLET: Partial<Record<AddressKind, string>> = {
  mint: 'That address is a token mint, not a wallet.',
  program: 'That address is a program, not a wallet.',
  order: 'That address is a DCA order account, not a wallet: watch its owner instead.',
  pool: 'That address is a liquidity pool, not a wallet.',
};

/** Why a valid address cannot be watched, from what is known of it offline (mints, programs), or null. */
function notWalletReason(wallet: string): string | null {
  const kind = knownKind(wallet);
  return (kind && NOT_A_WALLET[kind]) ?? null;
}

/** The items of an import file, or the INVALID_INPUT error that says why it is not one. */
function importItems(json: string): unknown[] {
  if (typeof json !== 'string' || json.length > IMPORT_MAX_CHARS) {
    throw invalidInput('The file is too large to be a watchlist export.');
  }
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw invalidInput('The file is not valid JSON.');
  }
  const file = ImportFile.safeParse(data);
  if (!file.success) throw invalidInput('Not a watchlist export: expected a list of wallets.');
  const items = Array.isArray(file.data) ? file.data : file.data.wallets;
  if (items.length > IMPORT_MAX_ITEMS) {
    throw invalidInput(
      `The file has too many entries (${items.length}): a watchlist file holds at most ${IMPORT_MAX_ITEMS}.`,
    );
  }
  return items;
}

/** The wallet (trimmed, not yet checked) and label one import item names, or null. */
function importItem(raw: unknown): { wallet: string; label: string | null | undefined } | null {
  const item = ImportItem.safeParse(raw);
  if (!item.success) return null;
  if (typeof item.data === 'string') return { wallet: item.data.trim(), label: null };
  // an empty 'wallet' field is no wallet
  return { wallet: (item.data.wallet || item.data.address || '').trim(), label: item.data.label };
}

/**
 * The valid addresses an import file names that are not known offline as non-wallets (none for a
 * file `importJson` would refuse): what the background reads the kinds of before the import.
 */
export function importedWallets(json: string): string[] {
  let items: unknown[];
  try {
    items = importItems(json);
  } catch {
    return [];
  }
  const wallets = items.flatMap((raw) => {
    const wallet = importItem(raw)?.wallet;
    return wallet && isSolanaAddress(wallet) && !notWalletReason(wallet) ? [wallet] : [];
  });
  return [...new Set(wallets)];
}

export interface WatchlistOptions {
  now?: () => number;
  limit?: number;
}

export type Watchlist = ReturnType<typeof createWatchlist>;

export function createWatchlist(opts: WatchlistOptions = {}) {
  const now = opts.now ?? Date.now;
  const limit = opts.limit ?? WATCH_LIMIT;
  let cache: WatchEntry[] = [];
  const serial = createTurns();

  async function read(): Promise<WatchEntry[]> {
    const raw = await watchlistItem.getValue();
    const seen = new Set<string>();
    const out: WatchEntry[] = [];
    for (const item of Array.isArray(raw) ? raw : []) {
      const parsed = StoredEntry.safeParse(item);
      // A mint or program saved before add and import refused them: never a wallet that trades, it
      // would only hold a slot and a live room (the next write drops it from storage too).
      if (!parsed.success || seen.has(parsed.data.wallet) || notWalletReason(parsed.data.wallet)) continue;
      seen.add(parsed.data.wallet);
      out.push({ ...parsed.data, domain: parsed.data.domain ?? null });
    }
    cache = out;
    return out.map((e) => ({ ...e }));
  }

  async function write(next: WatchEntry[]): Promise<WatchEntry[]> {
    await watchlistItem.setValue(next);
    cache = next;
    return next.map((e) => ({ ...e }));
  }

  /** Reads the list and applies `change`; writes only when it returns a new list. */
  function update<T>(change: (list: WatchEntry[]) => { next?: WatchEntry[]; result: T }): Promise<T> {
    return serial(async () => {
      const { next, result } = change(await read());
      if (next) await write(next);
      return result;
    });
  }

  const copy = () => cache.map((e) => ({ ...e }));

  return {
    /** Reads storage into the in-memory copy that `snapshot()` answers from. */
    load: (): Promise<WatchEntry[]> => serial(read),
    /** The last list read or written, without waiting (for room lists computed synchronously). */
    snapshot: (): WatchEntry[] => copy(),
    list: (): Promise<WatchEntry[]> => serial(read),
    has: (wallet: string): boolean => cache.some((e) => e.wallet === wallet),
    get: (wallet: string): WatchEntry | undefined => cache.find((e) => e.wallet === wallet),

    /** Adds a wallet, or relabels it when it is already watched (adding twice is not an error). */
    add(wallet: string, label?: string | null): Promise<WatchEntry[]> {
      if (typeof wallet !== 'string' || !isSolanaAddress(wallet.trim())) {
        return Promise.reject(invalidInput('That is not a valid Solana wallet address.'));
      }
      const w = wallet.trim();
      const notWallet = notWalletReason(w);
      if (notWallet) return Promise.reject(invalidInput(notWallet));
      const name = normalizeLabel(label);
      return update((list) => {
        if (list.some((e) => e.wallet === w)) {
          if (label === undefined) return { result: list };
          return relabel(list, w, name);
        }
        if (list.length >= limit) {
          throw invalidInput(`Watchlist is full (${limit} wallets): remove one first`);
        }
        const next = [...list, { wallet: w, label: name, addedAt: now(), unread: 0, domain: null }];
        return { next, result: next };
      });
    },

    /**
     * Sets a watched wallet's label (empty: none) for the options page's rename. Unlike `add`, it
     * never watches a wallet again that was removed meanwhile (from the popup, another options tab).
     */
    rename(wallet: string, label: string | null): Promise<WatchEntry[]> {
      const name = normalizeLabel(label);
      return update((list) => {
        if (!list.some((e) => e.wallet === wallet)) {
          throw invalidInput('That wallet is no longer watched: it was removed meanwhile.');
        }
        return relabel(list, wallet, name);
      });
    },

    remove(wallet: string): Promise<WatchEntry[]> {
      return update((list) => {
        const next = list.filter((e) => e.wallet !== wallet);
        return next.length === list.length ? { result: list } : { next, result: next };
      });
    },

    /**
     * Records .sol names found by a lookup (wallet -> name), so notifications can use them when there
     * is no label: one read and at most one write for all of them.
     */
    setDomains(names: Record<string, string | null>): Promise<void> {
      const clean = (domain: string | null | undefined) => (domain ? cleanText(domain).slice(0, 100) : null);
      return update((list) => {
        const changes = (e: WatchEntry) =>
          Object.hasOwn(names, e.wallet) && e.domain !== clean(names[e.wallet]);
        if (!list.some(changes)) return { result: undefined };
        return {
          next: list.map((e) => (changes(e) ? { ...e, domain: clean(names[e.wallet]) } : e)),
          result: undefined,
        };
      });
    },

    /** A JSON file the user can keep and import elsewhere; unread counts are local state, not exported. */
    async exportJson(): Promise<string> {
      return exportText(await serial(read), now());
    },

    /**
     * Adds the wallets of a file. Existing entries are never changed or dropped; invalid addresses,
     * known mints and programs (and the addresses in `notWallets`: read as not wallets by the
     * caller, this list does no reads), duplicates and items past the limit are skipped and counted
     * by reason. Only a file that is not a list of wallets at all is an error.
     */
    importJson(json: string, notWallets: ReadonlySet<string> = new Set()): Promise<ImportResult> {
      let items: unknown[];
      try {
        items = importItems(json);
      } catch (error) {
        return Promise.reject(error);
      }
      return update((list) => {
        const reasons: ImportReasons = { invalid: 0, duplicate: 0, full: 0, notWallet: 0 };
        const next = [...list];
        const known = new Set(list.map((e) => e.wallet));
        for (const raw of items) {
          const item = importItem(raw);
          const wallet = item?.wallet;
          if (!wallet || !isSolanaAddress(wallet)) reasons.invalid++;
          else if (notWalletReason(wallet) || notWallets.has(wallet)) reasons.notWallet++;
          else if (known.has(wallet)) reasons.duplicate++;
          else if (next.length >= limit) reasons.full++;
          else {
            known.add(wallet);
            next.push({ wallet, label: normalizeLabel(item.label), addedAt: now(), unread: 0, domain: null });
          }
        }
        const added = next.length - list.length;
        const skipped = reasons.invalid + reasons.duplicate + reasons.full + reasons.notWallet;
        const entries = next.map((e) => ({ ...e }));
        return { next: added > 0 ? next : undefined, result: { added, skipped, entries, reasons } };
      });
    },

    /** Adds to a wallet's unread count; answers the new total (for the toolbar badge). */
    bumpUnread(wallet: string, by = 1): Promise<number> {
      return update((list) => {
        if (by <= 0 || !list.some((e) => e.wallet === wallet)) return { result: total(list) };
        const next = list.map((e) => (e.wallet === wallet ? { ...e, unread: e.unread + by } : e));
        return { next, result: total(next) };
      });
    },

    /** Clears one wallet's unread count, or all of them (opening the popup). Answers the new total. */
    markRead(wallet?: string): Promise<number> {
      return update((list) => {
        const hit = (e: WatchEntry) => e.unread > 0 && (wallet === undefined || e.wallet === wallet);
        if (!list.some(hit)) return { result: total(list) };
        const next = list.map((e) => (hit(e) ? { ...e, unread: 0 } : e));
        return { next, result: total(next) };
      });
    },

    async unread(): Promise<UnreadCounts> {
      const list = await serial(read);
      return { total: total(list), byWallet: Object.fromEntries(list.map((e) => [e.wallet, e.unread])) };
    },
  };
}

/** The list with `wallet`'s label set; written only when that changes it. */
function relabel(list: WatchEntry[], wallet: string, label: string | null) {
  if (list.every((e) => e.wallet !== wallet || e.label === label)) return { result: list };
  const next = list.map((e) => (e.wallet === wallet ? { ...e, label } : e));
  return { next, result: next };
}

function total(list: readonly WatchEntry[]): number {
  return list.reduce((sum, e) => sum + e.unread, 0);
}
