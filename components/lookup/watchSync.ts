import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** Bumped when a wallet view changes the watchlist, so the popup's watchlist below it reloads. */
export const WatchSync = createContext<{ version: number; changed: () => void }>({
  version: 0,
  changed: () => {},
});
export const useWatchSync = () => useContext(WatchSync);
