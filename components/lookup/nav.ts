import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * Opens another lookup from inside a result (a search hit, an order's owner, a top user), so result
 * views never need to know whether they live in the popup or the lookup tab.
 */
export const LookupNav = createContext<(input: string) => void>(() => {});
export const useOpenLookup = () => useContext(LookupNav);
