import { ALPHABET, INDEX as DIGIT, isBase58Code } from './base58';

/**
 * Word characters: base58 plus 0 O I l _ + (which glue a base58 run into a longer token, so no
 * piece of it counts). Everything else, non-ASCII included, separates words.
 */
const WORD_CHARS = '[0-9A-Za-z_+]';
const SEPARATOR = 0;
/** 1 for every word character, 0 (SEPARATOR) else, per UTF-16 code unit (64 KiB): one table read, no range test. */
const CHAR_CLASS = new Uint8Array(65536);
for (let c = 0; c < 128; c++) if (new RegExp(WORD_CHARS).test(String.fromCharCode(c))) CHAR_CLASS[c] = 1;

const ONE = 49; // '1'
const DOT = 46;
const ELLIPSIS = 0x2026;

/** 256^k for k = 0..32: exact doubles (powers of two). */
const POW256 = Array.from({ length: 33 }, (_, k) => 2 ** (8 * k));
/**
 * How close (relatively) a value may come to a byte-length boundary before the float answer is not
 * trusted: the double sum below rounds at most 88 times (2^-53 each, about 1e-14 in all).
 */
const NEAR = 1e-12;

/**
 * True when `text` (base58 characters only) decodes to exactly 32 bytes: the leading '1's
 * are zero bytes, the rest is a number that must then take exactly 32 - zeros bytes. The number is
 * summed as a double (44 multiply-adds instead of a byte-array decode); only a value within 1e-12 of
 * a byte-length boundary (which random keys never are, but crafted text can be) is summed again
 * exactly, as a BigInt (the same test as decoding it; decodeBase58 would cost the content script
 * its bytes).
 */
function decodesTo32Bytes(text: string): boolean {
  const end = text.length;
  let zeros = 0;
  while (zeros < end && text.charCodeAt(zeros) === ONE) zeros++;
  if (zeros >= 32) return zeros === 32 && zeros === end;
  let value = 0;
  for (let i = zeros; i < end; i++) value = value * 58 + DIGIT[text.charCodeAt(i)]!;
  const low = POW256[31 - zeros]!;
  const high = POW256[32 - zeros]!;
  if (value >= low * (1 + NEAR) && value <= high * (1 - NEAR)) return true;
  if (value <= low * (1 - NEAR) || value >= high * (1 + NEAR)) return false;
  let exact = 0n;
  for (let i = zeros; i < end; i++) exact = exact * 58n + BigInt(DIGIT[text.charCodeAt(i)]!);
  return exact >= 256n ** BigInt(31 - zeros) && exact < 256n ** BigInt(32 - zeros);
}

/** A Solana address: base58 text (32 to 44 characters) that decodes to exactly 32 bytes. */
export function isSolanaAddress(s: string): boolean {
  if (typeof s !== 'string' || s.length < 32 || s.length > 44) return false;
  for (let i = 0; i < s.length; i++) if (!isBase58Code(s.charCodeAt(i))) return false;
  return decodesTo32Bytes(s);
}

function isEllipsisBefore(text: string, start: number): boolean {
  const c = text.charCodeAt(start - 1);
  return c === ELLIPSIS || (c === DOT && text.charCodeAt(start - 2) === DOT);
}

function isEllipsisAfter(text: string, end: number): boolean {
  const c = text.charCodeAt(end);
  return c === ELLIPSIS || (c === DOT && text.charCodeAt(end + 1) === DOT);
}

export interface AddressMatch {
  address: string;
  /** Offset of the address in the searched text. */
  index: number;
}

/**
 * A bounded memo of "does this candidate decode to 32 bytes": a page names the same few addresses
 * many times, so each distinct string is decoded once. Cleared whole when full (no LRU bookkeeping
 * on the hot path).
 */
export function createValidityCache(limit = 4096) {
  const map = new Map<string, boolean>();
  return {
    check(candidate: string): boolean {
      let ok = map.get(candidate);
      if (ok === undefined) {
        ok = decodesTo32Bytes(candidate);
        if (map.size >= limit) map.clear();
        map.set(candidate, ok);
      }
      return ok;
    },
    get size() {
      return map.size;
    },
  };
}

const validity = createValidityCache();
const NONE: readonly AddressMatch[] = Object.freeze([]);
/** Smallest and largest address length in characters. */
const MIN = 32;
const MAX = 44;
/** Characters read back from a probe before the rest of its word is measured natively. */
const LOOK_BACK = 8;
/** A run of word characters, and a run of base58 characters (sticky: matched from lastIndex). */
const WORD = new RegExp(`${WORD_CHARS}*`, 'y');
const BASE58_RUN = new RegExp(`[${ALPHABET}]*`, 'y');

/**
 * Every Solana address in `text`, in order, duplicates kept. A candidate is a whole word: a run of
 * base58 characters of length 32..44 bounded by characters that are neither base58 nor other word
 * characters (so pieces of signatures, hashes, API keys or IPFS ids never match), not touching an
 * ellipsis (a truncated display), that decodes to exactly 32 bytes (which rejects Bitcoin and Tron
 * addresses of the same length).
 *
 * Skip search: any word of 32+ characters starting at or after `i` covers `i + 31`, so one probe
 * there either rules out 32 characters at once (a separator) or lands in a word. From a word
 * character the search looks back a few characters: a separator there means that word starts after
 * `i` and is too short to reach back to it, so the next probe goes 31 past the word's start. Prose is
 * mostly short words, so most characters are never read. Longer runs (an address, a signature) are
 * measured by sticky regular expressions, which the engine runs as native code from the first call,
 * while a content script's own loops start out interpreted on every page: a 44-character address
 * costs a few reads and two native calls, not 44 interpreted reads. Only candidates are decoded,
 * each distinct one once (a small cache).
 */
export function findAddresses(text: string): readonly AddressMatch[] {
  // Most text holds no address: no array is made for it.
  let out: AddressMatch[] | null = null;
  const n = text.length;
  let i = 0; // invariant: 0, or just after a separator
  while (i + MIN <= n) {
    const probe = i + MIN - 1;
    if (CHAR_CLASS[text.charCodeAt(probe)] === SEPARATOR) {
      i = probe + 1;
      continue;
    }
    // A short look back: a separator there starts the probe's word after `i`.
    const stop = probe - LOOK_BACK;
    let back = probe;
    while (back > stop && CHAR_CLASS[text.charCodeAt(back - 1)] !== SEPARATOR) back--;
    if (back > stop) {
      i = back;
      continue;
    }
    // The word that starts at `i`, measured natively. Ending before the probe, it is skipped and
    // the probe's own word is left to the next probes; reaching past it, it is a run of 32+ word
    // characters, a candidate unless longer than an address (a signature, a hash).
    const start = i;
    WORD.lastIndex = start;
    WORD.test(text);
    const end = WORD.lastIndex;
    i = end + 1;
    if (end <= probe || end - start > MAX) continue;
    BASE58_RUN.lastIndex = start;
    BASE58_RUN.test(text);
    if (BASE58_RUN.lastIndex !== end) continue; // a word character outside base58 (0 O I l _ +)
    if (isEllipsisBefore(text, start) || isEllipsisAfter(text, end)) continue;
    const candidate = text.slice(start, end);
    if (!validity.check(candidate)) continue;
    if (!out) out = [];
    out.push({ address: candidate, index: start });
  }
  return out ?? NONE;
}
