/**
 * The watchlist's answers as the extension pages get them (watchList, watchAdd, watchImport...):
 * schemas, so a page checks what it got (lib/messaging.ts ANSWERS). Apart from lib/watch/watchlist.ts,
 * which imports the storage module, so the pages and the protocol map need not.
 */
import { z } from 'zod';

/** The longest label a watched wallet keeps (the watchlist cuts it; watchAdd and watchRename bound it). */
export const LABEL_MAX = 40;

/** A watched wallet. */
export const WatchEntry = z.object({
  wallet: z.string(),
  label: z.string().nullable(),
  addedAt: z.number(),
  unread: z.number(),
  /** The wallet's .sol name when a lookup found one (shown when there is no label). */
  domain: z.string().nullable().optional(),
});
export type WatchEntry = z.infer<typeof WatchEntry>;

/** Why items were skipped, so the options page can say more than a count. */
export const ImportReasons = z.object({
  /** Not an address (or not an item naming one). */
  invalid: z.number(),
  /** Already watched, or named twice in the file. */
  duplicate: z.number(),
  /** Past the watchlist's limit. */
  full: z.number(),
  /**
   * A valid address that is never a wallet that trades: a mint or program known offline, or one the
   * background read as a mint, DCA order, pool or program.
   */
  notWallet: z.number(),
});
export type ImportReasons = z.infer<typeof ImportReasons>;

export const ImportResult = z.object({
  added: z.number(),
  skipped: z.number(),
  entries: z.array(WatchEntry),
  reasons: ImportReasons,
});
export type ImportResult = z.infer<typeof ImportResult>;
