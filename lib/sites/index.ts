import { birdeye } from './birdeye';
import { dexscreener } from './dexscreener';
import { generic } from './generic';
import { gmgn } from './gmgn';
import { jupiter } from './jupiter';
import { polymarketLinks } from './polymarket-links';
import { pumpfun } from './pumpfun';
import { solanaExplorer } from './solana-explorer';
import { solanafm } from './solanafm';
import { solscan } from './solscan';
import type { SiteAdapter } from './types';
import { x } from './x';

export type { ClassifyContext, SiteAdapter } from './types';

/** Every adapter, most specific first; `generic` last (it matches any page). */
export const ADAPTERS: readonly SiteAdapter[] = [
  solscan,
  solanaExplorer,
  solanafm,
  birdeye,
  dexscreener,
  jupiter,
  pumpfun,
  gmgn,
  x,
  polymarketLinks,
  generic,
];

export function adapterById(id: string): SiteAdapter | undefined {
  return ADAPTERS.find((a) => a.id === id);
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

export interface AdapterForOptions {
  /** The user granted "any site": pages without a site adapter get the generic one. */
  generic?: boolean;
}

/**
 * The adapter for a page. Local pages (fixtures and the demo, `http://127.0.0.1/<id>.html`) get the
 * adapter named by their file, else the generic one, so tests run the same code as real sites.
 */
export function adapterFor(url: URL | string, options: AdapterForOptions = {}): SiteAdapter | undefined {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (LOCAL_HOSTS.has(parsed.hostname)) {
    const file =
      parsed.pathname
        .split('/')
        .pop()
        ?.replace(/\.html$/, '') ?? '';
    return adapterById(file) ?? generic;
  }
  const site = ADAPTERS.find((a) => a !== generic && a.matches(parsed));
  return site ?? (options.generic ? generic : undefined);
}
