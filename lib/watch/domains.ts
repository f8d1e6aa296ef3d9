import type { WatchEntry } from './watchlist';

export interface DomainResolverOptions {
  /** `.sol` names of wallets (null: none); one call for many wallets (the RPC batches by 100). */
  lookup(wallets: string[]): Promise<Record<string, string | null>>;
  /** Stores the names found, all in one watchlist write. */
  setDomains(names: Record<string, string>): Promise<void>;
}

/**
 * Fills in the `.sol` name of watched wallets that have none yet, so notifications can say
 * "brightwhale.sol" rather than a short address. Each wallet is asked once per worker life (the
 * lookup's own cache spares a restarted worker the request); a failed lookup is tried again with
 * the next change.
 */
export function createDomainResolver(opts: DomainResolverOptions) {
  const tried = new Set<string>();
  return async function resolve(entries: readonly WatchEntry[]): Promise<void> {
    const wallets = entries.filter((e) => !e.domain && !tried.has(e.wallet)).map((e) => e.wallet);
    if (wallets.length === 0) return;
    for (const w of wallets) tried.add(w);
    let names: Record<string, string | null>;
    try {
      names = await opts.lookup(wallets);
    } catch {
      for (const w of wallets) tried.delete(w);
      return;
    }
    const found: Record<string, string> = {};
    for (const w of wallets) {
      const name = names[w];
      if (name) found[w] = name;
    }
    if (Object.keys(found).length > 0) await opts.setDomains(found);
  };
}
