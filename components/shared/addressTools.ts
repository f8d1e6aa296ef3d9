/**
 * What an extension page adds beside each address of the shared cards: the popup and the lookup tab
 * a copy button, and for a wallet marked `lookup` a button that looks it up in place (Solscan stays a
 * ↗ link beside it). The page's popover adds nothing: its labels stay the short Solscan links.
 *
 * The tools come down as Preact's legacy context (a class's getChildContext, read as a function
 * component's second argument; components/lookup/addressTools.tsx provides it), not createContext:
 * createContext and useContext would add about 250 bytes (gzip) to the content script, which runs
 * against its 30 KiB limit, for a feature it never shows. This module holds types only.
 */
import type { ComponentChildren, FunctionComponent } from 'preact';

export interface AddressLabelProps {
  address: string;
  name?: string | null;
  href?: string | null;
  /** a wallet the page can look up itself (a token's top DCA users) */
  lookup?: boolean;
}

/** Renders the label (`children`: the short address or name) with the page's tools beside it. */
export type AddressTools = FunctionComponent<AddressLabelProps & { children: ComponentChildren }>;

export interface AddressToolsContext {
  addressTools?: AddressTools;
}
