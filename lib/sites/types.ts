import type { AddressKind, LinkTarget } from '../detect/types';

/**
 * A site adapter: which pages it serves and where addresses live on them. Declarative on purpose:
 * one scanner (lib/page) reads these fields for every site.
 */
export interface SiteAdapter {
  /** File name in lib/sites and test/fixtures (`<id>.html`); names are in SUPPORTED_SITES (hosts.ts). */
  id: string;
  /** Origin that relative links on the site resolve against (the site's own origin). */
  origin?: string;
  matches(url: URL): boolean;
  sources: {
    /** Links whose href names an address or an event: true = every `a[href]`, or a selector for the links. */
    links?: boolean | string;
    /** Text nodes: true = everywhere under the root, or a selector of the regions to read. */
    text?: boolean | string;
    /** Attributes holding a full address (behind truncated displays), with the kind each implies. */
    attributes?: Readonly<Record<string, AddressKind>>;
  };
  /** Report prediction-market links (default true) and addresses (default true). */
  events?: boolean;
  addresses?: boolean;
  /** Regions never read (site chrome that repeats the viewer's own address, search boxes...). */
  ignore?: string;
  /** The href to read for a link when it is not the link's own (X's t.co links show the real URL). */
  linkHref?(link: Element): string | null;
  /** Overrides the kind given by the shared patterns; return null to drop the hit. */
  classify?(hit: LinkTarget & { type: 'address' }, context: ClassifyContext): AddressKind | null;
  /** Where the badge goes for a link or attribute hit (default: the element itself). */
  anchor?(el: Element): Element;
}

export interface ClassifyContext {
  source: 'text' | 'link' | 'attribute';
  element?: Element;
}

export function defineAdapter(adapter: SiteAdapter): SiteAdapter {
  return adapter;
}

/** A `matches` made by hostIs: it carries the hosts it accepts (the manifest meta-test reads them). */
export type HostMatch = ((url: URL) => boolean) & { readonly hosts: readonly string[] };

/**
 * Matches https URLs of exactly these hosts: the pages the manifest's `https://<host>/*` patterns
 * (hosts.ts) run the overlay on. No `www.` or http variants: the sites redirect those to these, and
 * the overlay does not run there (test/unit/sites/adapters.test.ts holds the two to each other).
 */
export function hostIs(...hosts: string[]): HostMatch {
  return Object.assign((url: URL) => url.protocol === 'https:' && hosts.includes(url.hostname), { hosts });
}
