import { ALPHABET, INDEX as DIGIT, decodeBase58, isBase58Code } from './base58';

// Character classes, as bits (a word's classes OR together).
const SEPARATOR = 0;
const BASE58 = 1;
/** Word characters outside base58 (0 O I l _ +): they glue a run into a longer token, so no piece counts. */
const JOINER = 2;

/** The class of every UTF-16 code unit (64 KiB): one table read per character, no range test. */
const CHAR_CLASS = new Uint8Array(65536);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_+]/.test(ch)) CHAR_CLASS[c] = JOINER;
}
for (let i = 0; i < ALPHABET.length; i++) CHAR_CLASS[ALPHABET.charCodeAt(i)] = BASE58;

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
 * True when text[start, end) (base58 characters only) decodes to exactly 32 bytes: the leading '1's
 * are zero bytes, the rest is a number that must then take exactly 32 - zeros bytes. The number is
 * summed as a double (44 multiply-adds instead of a byte-array decode); only a value within 1e-12 of
 * a byte-length boundary (which random keys never are, but crafted text can be) is decoded exactly,
 * by the one base58 decoder.
 */
function decodesTo32Bytes(text: string, start: number, end: number): boolean {
  let zeros = 0;
  while (start + zeros < end && text.charCodeAt(start + zeros) === ONE) zeros++;
  if (zeros >= 32) return zeros === 32 && start + zeros === end;
  let value = 0;
  for (let i = start + zeros; i < end; i++) value = value * 58 + DIGIT[text.charCodeAt(i)]!;
  const low = POW256[31 - zeros]!;
  const high = POW256[32 - zeros]!;
  if (value >= low * (1 + NEAR) && value <= high * (1 - NEAR)) return true;
  if (value <= low * (1 - NEAR) || value >= high * (1 + NEAR)) return false;
  return decodeBase58(text.slice(start, end))?.length === 32;
}

/** A Solana address: base58 text (32 to 44 characters) that decodes to exactly 32 bytes. */
export function isSolanaAddress(s: string): boolean {
  if (typeof s !== 'string' || s.length < 32 || s.length > 44) return false;
  for (let i = 0; i < s.length; i++) if (!isBase58Code(s.charCodeAt(i))) return false;
  return decodesTo32Bytes(s, 0, s.length);
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
        ok = decodesTo32Bytes(candidate, 0, candidate.length);
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

/**
 * Every Solana address in `text`, in order, duplicates kept. A candidate is a whole word: a run of
 * base58 characters of length 32..44 bounded by characters that are neither base58 nor other word
 * characters (so pieces of signatures, hashes, API keys or IPFS ids never match), not touching an
 * ellipsis (a truncated display), that decodes to exactly 32 bytes (which rejects Bitcoin and Tron
 * addresses of the same length).
 *
 * Skip search: any word of 32+ characters starting at or after `i` covers `i + 31`, so one probe
 * there either rules out 32 characters at once (a separator) or lands in a word, which is then
 * measured from its start to its end. Prose is mostly short words, so most characters are never
 * read. Only candidates are decoded, each distinct one once (a small cache).
 */
export function findAddresses(text: string): readonly AddressMatch[] {
  // Most text holds no address: no array is made for it.
  let out: AddressMatch[] | null = null;
  const n = text.length;
  let i = 0;
  while (i + MIN <= n) {
    const probe = i + MIN - 1;
    if (CHAR_CLASS[text.charCodeAt(probe)] === SEPARATOR) {
      i = probe + 1;
      continue;
    }
    // Measure the word from the probe both ways, noting on the way whether any character of it
    // is a word character outside base58 (classes OR together: BASE58 alone means pure).
    let mix = CHAR_CLASS[text.charCodeAt(probe)]!;
    let start = probe;
    for (; start > i; start--) {
      const k = CHAR_CLASS[text.charCodeAt(start - 1)]!;
      if (k === SEPARATOR) break;
      mix |= k;
    }
    let end = probe + 1;
    for (; end < n; end++) {
      const k = CHAR_CLASS[text.charCodeAt(end)]!;
      if (k === SEPARATOR) break;
      mix |= k;
    }
    i = end + 1;
    const length = end - start;
    if (length > MAX || length < MIN || mix !== BASE58) continue;
    if (isEllipsisBefore(text, start) || isEllipsisAfter(text, end)) continue;
    const candidate = text.slice(start, end);
    if (!validity.check(candidate)) continue;
    if (!out) out = [];
    out.push({ address: candidate, index: start });
  }
  return out ?? NONE;
}
