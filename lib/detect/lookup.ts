import { findAddresses, isSolanaAddress } from './address';
import { decodeBase58, isBase58Code } from './base58';
import {
  addressesInUrl,
  classify,
  hasUrlRules,
  hostKey,
  onMainnet,
  pathSegments,
  queryWithoutReferral,
  safeDecode,
  swapOutputOf,
} from './classify';
import { kindInText, targetOfUrl, toHttpUrl } from './links';
import type { AddressKind, PredictionEvent } from './types';

/** What the popup's search box holds. */
export type LookupInput =
  | { type: 'address'; address: string; kind: AddressKind }
  | { type: 'event'; event: PredictionEvent }
  /** `event`: the Polymarket event the number may name instead (see POLYMARKET_NUMBER_MAX). */
  | { type: 'slot'; slot: number; event?: PredictionEvent }
  | { type: 'search'; query: string }
  /** A .sol name (lower case, without a scheme or slash): the lookup resolves it to its wallet. */
  | { type: 'domain'; name: string }
  | { type: 'error'; code: 'INVALID_INPUT'; message: string };

const invalid = (message: string): LookupInput => ({ type: 'error', code: 'INVALID_INPUT', message });

const URL_WITH_SCHEME = /^https?:\/\//i;
/** A host followed by a path, query or fragment (`x.com/user/status/1`): a link even without a scheme. */
const WITH_PATH = /[/?#]/;
const HOST_AND_PATH = /^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/?#]\S*)?$/i;
/** A Polymarket event by numeric id with the API's prefix. */
export const POLYMARKET_ID = /^POLY-\d+$/i;
/** A slot said to be one (`slot 512340`, `slot:512340`): never read as a Polymarket id. */
const SLOT = /^slot\s*[:#]?\s*(\d+)$/i;
/**
 * An address said to be a DCA order (`order <address>`): read as one whatever its account says. A
 * closed order's account is gone, so alone its address reads as an unknown (wallet); notifications
 * of closed orders open this query.
 */
const ORDER = /^order(?:\s+|\s*[:#]\s*)([A-Za-z0-9]{30,})$/i;
/**
 * A bare number is a slot or a Polymarket id (events and markets have numeric ids, `512340`).
 * Below this it may be either, and a trader more likely means the Polymarket id: mainnet passed slot
 * 100,000,000 in 2021 and is past 300,000,000, so a slot that low is years old, while Polymarket's
 * ids are far below it. Such a number carries both: the lookup shows the Polymarket event when there
 * is one and the block otherwise. `slot 512340` asks for the block only, `POLY-512340` for the event
 * only. Larger numbers are slots only.
 */
export const POLYMARKET_NUMBER_MAX = 100_000_000;
/** Polymarket writes slugs in lower case; one typed or pasted in capitals is the same slug. */
const POLYMARKET_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/i;
const KALSHI_TICKER = /^[A-Z][A-Z0-9]{1,30}-[A-Z0-9]*\d[A-Z0-9]*(?:-[A-Z0-9]+)*$/;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
/** A letters-and-digits word of 30+ characters in free text: an address-like string to explain. */
const LONG_WORD = /(?<![\w+])[A-Za-z0-9]{30,}(?![\w+])/;
const HEX = /^(?:0x)?[0-9a-fA-F]{40,128}$/;
/**
 * Base58 on one or both sides of an ellipsis (`7xKX...AsU`, `EKpQ…zcjm`, `7xKXtg2C...`): a shortened
 * display of an address when truncatedIn finds its pieces address-like.
 */
const TRUNCATED =
  /(?<![\w.…])([1-9A-HJ-NP-Za-km-z]{2,43})?(?:\.{2,}|…)[.…]*([1-9A-HJ-NP-Za-km-z]{2,43})?(?![\w.…])/g;
/** A piece of base58 that reads as part of an address, not a word: a digit, or a capital after a small letter. */
const ADDRESS_LIKE = /\d|[a-z][A-Z]/;
/**
 * One piece alone (`7xKXtg2CW8...`) needs more: a name cut short (`FartCoin...`, `catWifHat...`)
 * has a capital after a small letter too. 8+ characters with a digit and both cases.
 */
const ADDRESS_START = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
/** Lowercase hex on both sides (`abc123...def456`): a git range of commits, never an address. */
const GIT_RANGE_PIECE = /^[0-9a-f]+$/;
/** A Solana Name Service domain (`toly.sol`), link-like or not. */
const SOL_DOMAIN = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)+sol\/?$/i;
/** Sentence punctuation a pasted link ends with (`see https://…/<mint>.`): never part of a link we read. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>"'”’»]+$/;
/** An http(s) link inside text, up to a space, quote or bracket. */
const URL_IN_TEXT = /https?:\/\/[^\s"'<>()[\]{}“”‘’«»]+/i;
/** The explorers' block pages: `solscan.io/block/<slot>` and the same on Solana Explorer and SolanaFM. */
const BLOCK_HOSTS = new Set(['solscan.io', 'explorer.solana.com', 'solana.fm']);
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The longest input the lookup reads, everywhere: the search box and the lookup tab's `#q=` (checked
 * before sending), the `lookup` message's bound, the "Watch wallet" menu. Longer input is refused
 * with a message, never cut: a cut can end inside an address, and an address less its last character
 * is often another valid one.
 */
export const LOOKUP_INPUT_MAX = 2048;

/** Why input of `length` characters is too long to read, or null. */
export function tooLongForLookup(length: number): string | null {
  return length > LOOKUP_INPUT_MAX
    ? `Input is too long (${length} characters; at most ${LOOKUP_INPUT_MAX}): paste just the address or link`
    : null;
}

/**
 * Invisible format characters (zero-width space, soft hyphen, word joiner, BOM): a web page's copy
 * can put them inside an address. They show nothing, so the text without them is what the trader
 * sees: they are dropped before reading.
 */
const FORMAT = /\p{Cf}/gu;
/**
 * Except the bidi overrides (U+202D, U+202E): they show the characters after them in another order
 * (an address reversed), so the text shown is not the text read.
 */
const BIDI_OVERRIDE = /[\u202d\u202e]/;
const BASE58_30 = /[1-9A-HJ-NP-Za-km-z]{30}/;
/** A run of letters, digits and marks of any script: a word, as a reader sees one. */
const WORD_ANY_SCRIPT = /[\p{L}\p{N}\p{M}]+/gu;
/**
 * A letter, digit or mark outside ASCII that can pass for a Latin letter or digit (Cyrillic `С`,
 * Greek `Τ`, fullwidth `Ｃ`, a combining accent). Chinese, Japanese and Korean script are not: they
 * look like no Latin letter, and posts glue them to an address (`合约地址<mint>`).
 */
const LOOKALIKE = /(?![\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}])[^\0-\x7f]/u;

/**
 * Why a letter, digit or mark outside ASCII inside or at the end of an address-like word (30+
 * base58 characters around it) makes the text unsafe to read, or null. The page's finder takes such a
 * character for a separator, so `С` (Cyrillic) before a 44-character address would look up the
 * other 43, often another valid address, while the box shows what reads as the whole one.
 */
function lookalikeIn(s: string): string | null {
  for (const [word] of s.matchAll(WORD_ANY_SCRIPT)) {
    const odd = LOOKALIKE.exec(word)?.[0];
    if (!odd || !BASE58_30.test(word.replace(/[^\0-\x7f]/gu, ''))) continue;
    const code = odd.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return `The address has a non-Latin character '${odd}' (U+${code}) touching it: it may be a spoofed address. Paste it again from the source`;
  }
  return null;
}

/** An explorer link's `cluster` parameter as the error names it (devnet, testnet), or null for mainnet or none. */
function clusterName(cluster: string | null | undefined): string | null {
  if (!cluster || onMainnet(cluster)) return null;
  if (/devnet/i.test(cluster)) return 'devnet';
  if (/testnet/i.test(cluster)) return 'testnet';
  return 'a custom cluster';
}

/**
 * A link's `network` parameter (some sites' word for cluster, `?network=devnet`) as the error names
 * it, or null: only devnet and testnet, since other values (`mainnet`, `solana`) mean no test cluster.
 */
function networkName(network: string | null | undefined): string | null {
  if (!network) return null;
  if (/devnet/i.test(network)) return 'devnet';
  if (/testnet/i.test(network)) return 'testnet';
  return null;
}

/**
 * Why a link to a test cluster cannot be looked up, by its `cluster` parameter (explorers) or its
 * `network` one; null for mainnet or neither.
 */
function offMainnet(
  cluster: string | null | undefined,
  network: string | null | undefined,
): LookupInput | null {
  const name = clusterName(cluster) ?? networkName(network);
  return name ? invalid(`That link is for ${name}: Onchain Lens reads mainnet only`) : null;
}

/**
 * Chains other than Solana whose addresses look like Solana's (SVM chains), as the first path
 * segment of a multi-chain site's link (`<site>/eclipse/token/<address>`). Short on purpose: only
 * names no Solana link starts with.
 */
const SVM_CHAINS = new Set([
  'eclipse', // Eclipse: an SVM layer 2 on Ethereum
  'sonic', // Sonic SVM (an SVM chain; a site may also mean the EVM Sonic: neither is Solana)
  'sonic-svm',
  'soon', // SOON: SVM rollups
  'fogo', // Fogo: an SVM layer 1
]);

/**
 * The Kalshi event ticker a lowercase id may be, as Kalshi's URLs write it (`kxfedrate-25dec` for
 * KXFEDRATE-25DEC), or null. Such an id reads as a Polymarket slug first; the lookup tries Kalshi
 * when Polymarket has no such event. Polymarket slugs have no digit in their second word's place.
 */
export function kalshiTickerOf(id: string): string | null {
  const ticker = id.toUpperCase();
  return KALSHI_TICKER.test(ticker) ? ticker : null;
}

const NOT_A_TARGET = 'This link does not point to a Solana address or a prediction market';

/**
 * Why a Polymarket or Kalshi link naming no event (a Kalshi series page, a Polymarket market page,
 * a profile, a listing) cannot be looked up, and what to paste instead; null for other sites. The
 * generic text would say it points to no prediction market, which the trader can see is wrong.
 */
function noEventOn(url: URL, p: readonly string[]): LookupInput | null {
  const host = hostKey(url.hostname);
  if (host === 'kalshi.com') {
    const series = p[0]?.toLowerCase() === 'markets' && /^[a-z0-9]{1,30}$/i.test(p[1] ?? '') ? p[1]! : '';
    return invalid(
      series
        ? `That Kalshi link is the ${series.toUpperCase()} series, not one event: open one of its events and paste that link`
        : 'That Kalshi link names no event: paste the link of an event (kalshi.com/markets/…)',
    );
  }
  if (host === 'polymarket.com') {
    return invalid(
      p[0]?.toLowerCase() === 'market'
        ? "That Polymarket link is a market's page: paste its event's link (polymarket.com/event/…)"
        : 'That Polymarket link names no event: paste the link of an event (polymarket.com/event/…)',
    );
  }
  return null;
}

/**
 * A DexScreener pair link as DexScreener writes it: the pair's address in lower case. Base58 is
 * case-sensitive, so the address cannot be read back (at best it decodes to another account).
 */
function lowercasedPair(host: string, p: readonly string[]): LookupInput | null {
  return host === 'dexscreener.com' && p[0] === 'solana' && p.length === 2 && /^[a-z0-9]{32,44}$/.test(p[1]!)
    ? invalid(
        "DexScreener writes pair addresses in lower case, which cannot be read back: paste the token's mint (DexScreener's copy button) instead",
      )
    : null;
}

/**
 * The chain a link names when it is not Solana, as written (`ethereum`), or null: birdeye's
 * `?chain=`, any site's `?chain=`, and the chain that starts the paths of the multi-chain sites
 * (`dexscreener.com/bsc/<pair>`, `gmgn.ai/eth/token/<x>`, `birdeye.so/base/token/<x>`).
 */
function otherChain(url: URL, p: readonly string[]): string | null {
  const host = hostKey(url.hostname);
  let chain = url.searchParams.get('chain') || null;
  if (chain === null && host === 'dexscreener.com' && p.length === 2 && p[1]!.length >= 30) chain = p[0]!;
  if (
    chain === null &&
    (host === 'gmgn.ai' || host === 'birdeye.so') &&
    /^(token|address|profile)$/i.test(p[1] ?? '')
  )
    chain = p[0]!;
  // any site's link under an SVM chain's name that names an address (`x.com/sonic/status/1` names none)
  if (
    chain === null &&
    SVM_CHAINS.has(p[0]?.toLowerCase() ?? '') &&
    findAddresses(safeDecode(`${url.pathname} ${queryWithoutReferral(url)}`)).length > 0
  )
    chain = p[0]!;
  if (chain === null || /^sol/i.test(chain)) return null;
  return /^[a-z0-9-]{1,24}$/i.test(chain) ? chain.toLowerCase() : 'another chain';
}

/** `"7xKX...AsU" is a truncated address` for a shortened display of an address in `text`, or null. */
function truncatedIn(text: string): LookupInput | null {
  for (const m of text.matchAll(TRUNCATED)) {
    const [shown, before = '', after = ''] = m;
    const likely =
      before && after
        ? before.length + after.length >= 5 &&
          (ADDRESS_LIKE.test(before) || ADDRESS_LIKE.test(after)) &&
          !(GIT_RANGE_PIECE.test(before) && GIT_RANGE_PIECE.test(after))
        : ADDRESS_START.test(before || after);
    if (likely)
      return invalid(`"${shown}" is a truncated address: paste the full address (32 to 44 characters)`);
  }
  return null;
}

/**
 * A link to a site we hold no rules for (a wallet app, any other site), or one whose rule left it
 * for naming two addresses, given the distinct addresses it names (addressesInUrl): the one
 * address, its kind left to its account; why not when it names more; null when it names none.
 */
function fromOtherSite(distinct: readonly string[]): LookupInput | null {
  if (distinct.length > 1)
    return invalid(`That link holds ${distinct.length} addresses: paste the one you mean`);
  const [address] = distinct;
  return address ? { type: 'address', address, kind: classify(address) } : null;
}

/** Why a link that names nothing to look up cannot be: a truncated address, a prediction market's page, or nothing. */
function nothingIn(url: URL, p: readonly string[]): LookupInput {
  return truncatedIn(p.join('/')) ?? noEventOn(url, p) ?? invalid(NOT_A_TARGET);
}

function fromUrl(url: URL): LookupInput {
  const p = pathSegments(url);
  const chain = otherChain(url, p);
  if (chain) return invalid(`That link is for ${chain}, not Solana: Onchain Lens reads Solana only`);
  const lowercased = lowercasedPair(hostKey(url.hostname), p);
  if (lowercased) return lowercased;
  const target = targetOfUrl(url);
  if (target?.type === 'event') return { type: 'event', event: target.event };
  // before the address: the link rules read `cluster` (no address off mainnet) but not `network`
  const offMain = offMainnet(url.searchParams.get('cluster'), url.searchParams.get('network'));
  if (offMain) return offMain;
  if (target)
    return { type: 'address', address: target.address, kind: classify(target.address, target.kind) };
  // (a terminal's link naming two addresses, which its rule leaves: which one is meant?)
  const named = addressesInUrl(url);
  if (!hasUrlRules(url) || named.length > 1) return fromOtherSite(named) ?? nothingIn(url, p);
  if (/\/(tx|transaction)\//.test(url.pathname)) return invalid('That link is a transaction, not an address');
  if (p[0] === 'block' && BLOCK_HOSTS.has(hostKey(url.hostname)) && /^\d{1,16}$/.test(p[1] ?? '')) {
    const slot = Number(p[1]);
    if (Number.isSafeInteger(slot)) return { type: 'slot', slot };
  }
  // a swap to a symbol we hold no mint for (jup.ag/swap/SOL-BONK): search for that token
  const output = swapOutputOf(url)?.trim();
  if (output)
    return output.length >= 30 && ALPHANUMERIC.test(output) ? fromAddressLike(output) : search(output);
  return nothingIn(url, p);
}

/**
 * Free text holding an address (`CA: <mint>`, `"<mint>"`, a sentence): the one address it names, or
 * why it cannot be looked up. Null when it holds no address.
 */
function fromText(s: string): LookupInput | null {
  const found = findAddresses(s);
  const distinct = new Set(found.map((m) => m.address)).size;
  if (distinct > 1) return invalid(`That text holds ${distinct} addresses: look up one at a time`);
  if (!found[0]) return null;
  const { address, index } = found[0];
  // an explorer link to devnet or testnet written in the text (`…/address/W?cluster=devnet`)
  const offMain = offMainnet(/[?&]cluster=([^&#\s]*)/i.exec(s)?.[1], /[?&]network=([^&#\s]*)/i.exec(s)?.[1]);
  if (offMain) return offMain;
  return { type: 'address', address, kind: classify(address, kindInText(s, index, address)) };
}

/**
 * Text with no address but an address-like word (`CA: <bad base58>`, `tx: <signature>`): why that
 * word is not an address. Null when it has no such word (a token name to search for).
 */
function fromLongWord(s: string): LookupInput | null {
  const word = LONG_WORD.exec(s)?.[0];
  if (!word) return null;
  const result = fromAddressLike(word);
  // a whole address the finder skipped: it touches an ellipsis, so it may be cut short
  return result.type === 'error'
    ? result
    : invalid('That address touches "...", so it may be cut short: paste it whole');
}

/** A token name or symbol to search for, or why it cannot be one. */
function search(text: string): LookupInput {
  const query = text.startsWith('$') ? text.slice(1).trim() : text;
  if (CONTROL.test(query)) return invalid('Input has control characters');
  if (query.length < 2) return invalid('Too short: type at least 2 characters');
  if (query.length > 40) return invalid('Too long for a token name or symbol (at most 40 characters)');
  return { type: 'search', query };
}

function fromAddressLike(s: string): LookupInput {
  if (HEX.test(s))
    return invalid(
      s.replace(/^0x/i, '').length === 40
        ? 'Looks like an Ethereum (0x) address, not a Solana address'
        : 'Looks like a hex hash (Ethereum-style), not a Solana address',
    );
  for (let i = 0; i < s.length; i++) {
    if (!isBase58Code(s.charCodeAt(i))) {
      return invalid('Address has a character outside base58 (0, O, I, l)');
    }
  }
  if (s.length >= 86 && s.length <= 88) return invalid('Looks like a transaction signature, not an address');
  if (s.length < 32)
    return invalid(`Address is too short (${s.length} characters; a Solana address has 32 to 44)`);
  if (s.length > 44)
    return invalid(`Address is too long (${s.length} characters; a Solana address has 32 to 44)`);
  if (isSolanaAddress(s)) return { type: 'address', address: s, kind: classify(s) };
  const bytes = decodeBase58(s)?.length ?? 0;
  // one byte off: an address with a character wrong, missing or extra (base58 has no checksum to say which)
  if (bytes === 31 || bytes === 33)
    return invalid(
      `Not a valid Solana address: it decodes to ${bytes} bytes, not 32, so a character is wrong, missing or extra: copy it again`,
    );
  return invalid(`Not a Solana address: it decodes to ${bytes} bytes, not 32 (another chain's address?)`);
}

/**
 * Works out what the user typed: an address (kind unknown unless a URL says more), an explorer, DEX
 * or market URL (alone or inside text; another site's link that names one address gives it), a
 * Polymarket slug, id or Kalshi ticker, a slot or an explorer's block link (a small number may be
 * either: see POLYMARKET_NUMBER_MAX), a .sol name, or a token name/symbol to search. Junk (a truncated
 * address, another chain's or cluster's link) gives an INVALID_INPUT error whose message says
 * what is wrong. Never throws.
 */
export function parseLookupInput(text: string): LookupInput {
  if (typeof text !== 'string') return invalid('Type a wallet, token, order, link or market');
  const tooLong = tooLongForLookup(text.trim().length);
  if (tooLong) return invalid(tooLong);
  const override = BIDI_OVERRIDE.exec(text)?.[0];
  if (override && BASE58_30.test(text.replace(FORMAT, '')))
    return invalid(
      `The text has a hidden character (U+${override.charCodeAt(0).toString(16).toUpperCase()}) that shows it in another order: it may be a spoofed address. Paste it again from the source`,
    );
  const s = text.replace(FORMAT, '').trim();
  if (!s) return invalid('Type a wallet, token, order, link or market');
  const lookalike = lookalikeIn(s);
  if (lookalike) return invalid(lookalike);

  if (SOL_DOMAIN.test(s)) return { type: 'domain', name: s.replace(/^https?:\/\/|\/$/gi, '').toLowerCase() };
  // a link alone (text around a link is read as text below), without the sentence's last full stop
  if (!/\s/.test(s) && (URL_WITH_SCHEME.test(s) || HOST_AND_PATH.test(s))) {
    const link = s.replace(TRAILING_PUNCTUATION, '');
    const url = toHttpUrl(URL_WITH_SCHEME.test(link) ? link : `https://${link}`);
    // a bare `name.tld` without a path is a link only for a site we know (`dogwifhat.io` is a search)
    if (url && (URL_WITH_SCHEME.test(s) || WITH_PATH.test(s) || hasUrlRules(url))) return fromUrl(url);
  }
  const digits = /^\d+$/.test(s) ? s : SLOT.exec(s)?.[1];
  if (digits) {
    const slot = Number(digits);
    if (!Number.isSafeInteger(slot)) return invalid('Slot number is too large');
    if (digits !== s || slot >= POLYMARKET_NUMBER_MAX) return { type: 'slot', slot };
    return { type: 'slot', slot, event: { exchange: 'polymarket', id: `POLY-${slot}` } };
  }
  const order = ORDER.exec(s)?.[1];
  if (order) {
    const parsed = fromAddressLike(order);
    return parsed.type === 'address' ? { ...parsed, kind: 'order' } : parsed;
  }
  if (s.length >= 30 && ALPHANUMERIC.test(s)) return fromAddressLike(s);
  const address = fromText(s);
  if (address) return address;
  if (POLYMARKET_ID.test(s)) return { type: 'event', event: { exchange: 'polymarket', id: s.toUpperCase() } };
  // an all-caps ticker is Kalshi's (as Kalshi writes them) before it is a slug in capitals
  if (KALSHI_TICKER.test(s)) return { type: 'event', event: { exchange: 'kalshi', id: s } };
  if (POLYMARKET_SLUG.test(s) && s.length <= 200)
    return { type: 'event', event: { exchange: 'polymarket', id: s.toLowerCase() } };
  // a link shared with text around it (`Check out this market https://polymarket.com/event/…`)
  const link = URL_IN_TEXT.exec(s)?.[0].replace(TRAILING_PUNCTUATION, '');
  const url = link ? toHttpUrl(link) : null;
  if (url) return fromUrl(url);
  return fromLongWord(s) ?? truncatedIn(s) ?? search(s);
}
