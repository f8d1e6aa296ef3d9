import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** One watch or unwatch made in this page. */
export interface WatchChange {
  wallet: string;
  watched: boolean;
}

/**
 * How the parts of one page that show the watchlist follow each other's changes: `version` is bumped
 * when a wallet view changes the watchlist, so the popup's watchlist below it reloads; `last` is the
 * latest change, so a wallet view follows a removal made from the watchlist (×). The watchlist passes
 * `reload: false` for its own changes: it already holds the list the background answered with.
 */
export const WatchSync = createContext<{
  version: number;
  last: WatchChange | null;
  changed: (change: WatchChange, reload?: boolean) => void;
}>({
  version: 0,
  last: null,
  changed: () => {},
});
export const useWatchSync = () => useContext(WatchSync);
