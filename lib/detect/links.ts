import { classifyUrl, hostKey, pathSegments } from './classify';
import type { AddressHit, LinkTarget, PredictionEvent } from './types';

export type { LookupInput } from './lookup';
export { parseLookupInput } from './lookup';

const POLYMARKET_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KALSHI_TICKER = /^[A-Z0-9]+(?:[-.][A-Z0-9]+)*$/;

/**
 * A URL object for http(s) text; null for anything else, never throws. Its path's plain words
 * (`/Account/`, `/Event/`) are lower case, so site paths match in any case; segments with a digit,
 * a dash or 21+ letters (addresses, ids, slugs) keep theirs.
 */
export function toHttpUrl(href: string, base?: string): URL | null {
  if (typeof href !== 'string' || href.length > 4096) return null;
  let url: URL;
  try {
    url = base ? new URL(href.trim(), base) : new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // (set only when it changes: setting the path parses the URL again, and most paths are lower case)
  const path = url.pathname.replace(/\/[a-z]{1,20}(?=\/|$)/gi, (w) => w.toLowerCase());
  if (path !== url.pathname) url.pathname = path;
  return url;
}

/** `polymarket.com/event/<slug>[/<market-slug>]`: the event slug. */
function polymarketEvent(url: URL): PredictionEvent | null {
  const p = pathSegments(url);
  if (p[0] !== 'event' || !p[1]) return null;
  const slug = p[1].toLowerCase();
  return POLYMARKET_SLUG.test(slug) && slug.length <= 200 ? { exchange: 'polymarket', id: slug } : null;
}

/**
 * `kalshi.com/events/<ticker>`, `kalshi.com/markets/<series>/<slug>/<ticker>` and
 * `kalshi.com/markets/<series>/<ticker>` when the ticker is the series and a dash (`kxfedrate-25dec`);
 * `/markets/<series>[/<slug>]` is a series page and names no event.
 */
function kalshiEvent(url: URL): PredictionEvent | null {
  const p = pathSegments(url);
  let ticker: string | undefined;
  if (p[0] === 'events' && p.length === 2) ticker = p[1];
  if (p[0] === 'markets' && p.length === 4) ticker = p[3];
  if (p[0] === 'markets' && p.length === 3 && p[2]!.toLowerCase().startsWith(`${p[1]!.toLowerCase()}-`)) {
    ticker = p[2];
  }
  if (!ticker) return null;
  const id = ticker.toUpperCase();
  return KALSHI_TICKER.test(id) && id.length <= 100 ? { exchange: 'kalshi', id } : null;
}

/** The prediction-market event a URL points to, if any. */
function eventOfUrl(url: URL): PredictionEvent | null {
  const host = hostKey(url.hostname);
  if (host === 'polymarket.com') return polymarketEvent(url);
  if (host === 'kalshi.com') return kalshiEvent(url);
  return null;
}

/** What a URL points to: the main address it names (with its kind) or a prediction-market event. */
export function targetOfUrl(url: URL): LinkTarget | null {
  const event = eventOfUrl(url);
  if (event) return { type: 'event', event };
  const first = classifyUrl(url)[0];
  return first ? { type: 'address', address: first.address, kind: first.kind } : null;
}

/**
 * What a link points to. Relative hrefs resolve against `base` (the adapter's site origin); only
 * http(s) links count; garbage gives null and never throws.
 */
export function parseLink(href: string, base?: string): LinkTarget | null {
  const url = toHttpUrl(href, base);
  return url ? targetOfUrl(url) : null;
}

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 160 || c === 0x3000;

/**
 * The kind of an address found in text, from the URL around it (`solscan.io/token/<mint>` written
 * as plain text). 'unknown' when the address is not part of a URL we know.
 */
export function kindInText(text: string, index: number, address: string): AddressHit['kind'] {
  let start = index;
  while (start > 0 && index - start < 300 && !isSpace(text.charCodeAt(start - 1))) start--;
  if (start === index) return 'unknown';
  let end = index + address.length;
  while (end < text.length && end - index < 600 && !isSpace(text.charCodeAt(end))) end++;
  const token = text.slice(start, end);
  if (!token.includes('/')) return 'unknown';
  const url = toHttpUrl(/^https?:\/\//i.test(token) ? token : `https://${token}`);
  if (!url) return 'unknown';
  return classifyUrl(url).find((h) => h.address === address)?.kind ?? 'unknown';
}
