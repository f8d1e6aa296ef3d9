/** A watched wallet. The watchlist module (storage, limits, import/export) fills this file in. */
export interface WatchEntry {
  wallet: string;
  label: string | null;
  addedAt: number;
  unread: number;
}
