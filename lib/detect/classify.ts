import { findAddresses, isSolanaAddress } from './address';
import { knownKind, SYMBOL_MINTS } from './programs';
import type { AddressHit, AddressKind } from './types';

/** The final kind of an address: known programs and mints win over what the context suggests. */
export function classify(address: string, hint: AddressKind = 'unknown'): AddressKind {
  return knownKind(address) ?? hint;
}

/** The kind is what the URL's place implies: known programs and mints are `classify`'s to decide. */
function hit(candidate: string | null | undefined, kind: AddressKind): AddressHit[] {
  if (!candidate || !isSolanaAddress(candidate)) return [];
  return [{ address: candidate, kind }];
}

/** A swap side written as a mint or a symbol (SOL, USDC). */
function mintOrSymbol(side: string | null | undefined): AddressHit[] {
  if (!side) return [];
  return hit(SYMBOL_MINTS[side.toUpperCase()] ?? side, 'mint');
}

/**
 * A swap's sides, the output first (it is what the page is about). An output we cannot resolve (a
 * symbol we hold no mint for) names nothing: the input token is not what the page is about.
 */
function sides(output: string | null | undefined, input: string | null | undefined): AddressHit[] {
  const out = mintOrSymbol(output);
  return out[0] ? [...out, ...mintOrSymbol(input)] : [];
}

/**
 * The sides of a jup.ag swap or pair link as written, output first: `/swap?sell=A&buy=B`,
 * `/swap/A-B` and the recurring (DCA) page of a pair, `/recurring/A-B` (A is sold for B); null for
 * other pages. Mints or symbols: the URL rule resolves them, the popup searches for a symbol.
 */
function jupSides(p: string[], url: URL): [string | null, string | null] | null {
  if (p[0] === 'swap' && !p[1]) {
    const q = url.searchParams;
    return [q.get('buy') ?? q.get('outputMint'), q.get('sell') ?? q.get('inputMint')];
  }
  const parts = p[0] === 'swap' || p[0] === 'recurring' || p[0] === 'dca' ? p[1]?.split('-') : undefined;
  return parts?.length === 2 ? [parts[1]!, parts[0]!] : null;
}

/**
 * The output side of a jup.ag swap link as written (`/swap/SOL-BONK`, `?buy=BONK`), or null. For the
 * popup: a link whose output is a symbol we hold no mint for becomes a search for that symbol.
 */
export function swapOutputOf(url: URL): string | null {
  return hostKey(url.hostname) === 'jup.ag' ? (jupSides(pathSegments(url), url)?.[0] ?? null) : null;
}

/** gmgn referral links prefix the address: `/sol/token/<ref>_<mint>`. */
function afterReferral(segment: string | undefined): string | undefined {
  if (!segment) return segment;
  const cut = segment.lastIndexOf('_');
  return cut >= 0 ? segment.slice(cut + 1) : segment;
}

type Rule = (path: string[], url: URL) => AddressHit[];

/** Query parameters that name who shared a link (a referrer's wallet), never what it is about. */
const REFERRAL_PARAMS = new Set(['ref', 'referrer', 'referral', 'invite']);

/** `decodeURIComponent`, or the text as it is when it is not valid percent-encoding. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A link's query as written, less its referral parameters: `?ref=<wallet>` names the sharer's
 * wallet, not what the link is about.
 */
export function queryWithoutReferral(url: URL): string {
  return url.search
    .slice(1)
    .split('&')
    .filter((part) => !REFERRAL_PARAMS.has(safeDecode(part.split('=')[0]!).toLowerCase()))
    .join('&');
}

/**
 * The distinct Solana addresses a link names in its path, query (referrals aside) and fragment.
 * `_` never occurs in base58: it only glues a referral code on (`?start=ref_<code>_<mint>`).
 */
export function addressesInUrl(url: URL): string[] {
  const text = safeDecode(`${url.pathname} ${queryWithoutReferral(url)} ${url.hash}`.replace(/_/g, ' '));
  return [...new Set(findAddresses(text).map((m) => m.address))];
}

/**
 * A trading terminal's or token checker's link (`neo.bullx.io/terminal?chainId=1399811149&address=
 * <mint>`, `photon-sol.tinyastro.io/en/lp/<pair>`, `axiom.trade/meme/<pair>`,
 * `rugcheck.xyz/tokens/<mint>`, a Telegram bot's `t.me/<bot>?start=r-<code>-<mint>`): the one
 * address it names on Solana is what it is about, a mint or
 * a pair, which its account tells (a pair gets no badge). Another chain (`?chain=bnb`, BullX's
 * `chainId`), or two addresses, name nothing.
 */
const terminal: Rule = (_p, url) => {
  const q = url.searchParams;
  if (!/^(sol|$)/i.test(q.get('chain') ?? '') || !/^(1399811149|$)/.test(q.get('chainId') ?? '')) return [];
  const found = addressesInUrl(url);
  return found.length === 1 ? hit(found[0], 'unknown') : [];
};

const explorerAccount =
  (...accountWords: string[]): Rule =>
  (p) => {
    if (accountWords.includes(p[0] ?? '')) return hit(p[1], 'unknown');
    if (p[0] === 'token') return hit(p[1], 'mint');
    return [];
  };

/** URL patterns per host (without `www.`). Transaction, block and slot pages name no address. */
const RULES: Readonly<Record<string, Rule>> = {
  'solscan.io': explorerAccount('account'),
  'explorer.solana.com': explorerAccount('address'),
  'solana.fm': explorerAccount('address', 'account'),
  'birdeye.so': (p) => {
    const q = p[0] === 'solana' ? p.slice(1) : p;
    if (q[0] === 'token') return hit(q[1], 'mint');
    if (q[0] === 'profile') return hit(q[1], 'wallet');
    return [];
  },
  // `/solana/<pair>`, but a token's address there opens its top pair, and that is how CAs are shared:
  // the background tells a pool (no badge) from a mint by its account.
  'dexscreener.com': (p) => (p[0] === 'solana' && p.length === 2 ? hit(p[1], 'unknown') : []),
  'jup.ag': (p, url) => {
    if (p[0] === 'recurring' || p[0] === 'dca') {
      const q = url.searchParams.get('order');
      if (q) return hit(q, 'order');
      if (p[1] === 'order' || p[1] === 'orders') return hit(p[2], 'order');
      if (!p[1]?.includes('-')) return hit(p[1], 'order');
    }
    const swap = jupSides(p, url);
    if (swap) return sides(...swap);
    if (p[0] === 'tokens') return hit(p[1], 'mint');
    if (p[0] === 'portfolio') return hit(p[1], 'wallet');
    return [];
  },
  'pump.fun': (p) => {
    if (p[0] === 'coin') return hit(p[1], 'mint');
    if (p[0] === 'profile') return hit(p[1], 'wallet');
    if (p.length === 1) return hit(p[0], 'mint');
    return [];
  },
  // a swap's sides (`/swap/?inputMint=sol&outputMint=<mint>`, output first); other pages name a
  // pool or a mint in their query (`/launchpad/token/?mint=<mint>`)
  'raydium.io': (p, url) =>
    p[0] === 'swap'
      ? sides(url.searchParams.get('outputMint'), url.searchParams.get('inputMint'))
      : terminal(p, url),
  'photon-sol.tinyastro.io': terminal,
  'axiom.trade': terminal,
  'trade.padre.gg': terminal,
  'neo.bullx.io': terminal,
  'bullx.io': terminal,
  'rugcheck.xyz': terminal,
  'app.bubblemaps.io': terminal,
  // Telegram trading bots: `t.me/<bot>?start=r-<code>-<mint>`, `?start=ref_<code>_ca_<mint>`
  't.me': terminal,
  'gmgn.ai': (p) => {
    if (p[0] !== 'sol') return [];
    if (p[1] === 'token') return hit(afterReferral(p[2]), 'mint');
    if (p[1] === 'address') return hit(afterReferral(p[2]), 'wallet');
    return [];
  },
};

/** An explorer link's `cluster` parameter names mainnet (`mainnet`, `mainnet-beta`) or is absent. */
export function onMainnet(cluster: string | null | undefined): boolean {
  return /^(mainnet|$)/i.test(cluster ?? '');
}

export function hostKey(hostname: string): string {
  const host = hostname.toLowerCase();
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** A URL's non-empty path segments, percent-decoded where they decode. */
export function pathSegments(url: URL): string[] {
  return url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** True when the URL belongs to a site whose URL patterns we know. */
export function hasUrlRules(url: URL): boolean {
  return Object.hasOwn(RULES, hostKey(url.hostname));
}

/**
 * The addresses an explorer, DEX or launchpad URL names, most relevant first, each with the kind its
 * place in the URL implies. Unknown sites, transaction pages, links to a cluster other than mainnet
 * (`?cluster=devnet`) and garbage give [].
 */
export function classifyUrl(url: URL): AddressHit[] {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
  // an explorer link to another cluster (devnet, testnet, custom, solana.fm's devnet-solana)
  if (!onMainnet(url.searchParams.get('cluster'))) return [];
  const rule = RULES[hostKey(url.hostname)];
  return rule ? rule(pathSegments(url), url) : [];
}
