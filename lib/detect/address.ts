import { ALPHABET, INDEX as DIGIT, isBase58Code } from './base58';

const SEPARATOR = 0;
const BASE58 = 1;
/** Word characters outside base58 (0 O I l _ +): they glue a run into a longer token, so no piece counts. */
const JOINER = 2;

const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_+]/.test(ch)) CHAR_CLASS[c] = JOINER;
}
for (let i = 0; i < ALPHABET.length; i++) CHAR_CLASS[ALPHABET.charCodeAt(i)] = BASE58;

const ONE = 49; // '1'
const DOT = 46;
const ELLIPSIS = 0x2026;
const scratch = new Uint8Array(33);

/**
 * True when text[start, end) (base58 characters only) decodes to exactly 32 bytes. Works on the
 * original string without slicing and gives up as soon as the value outgrows 32 bytes.
 */
function decodesTo32Bytes(text: string, start: number, end: number): boolean {
  let zeros = 0;
  while (start + zeros < end && text.charCodeAt(start + zeros) === ONE) zeros++;
  let length = 0;
  for (let i = start + zeros; i < end; i++) {
    let carry = DIGIT[text.charCodeAt(i)]!;
    for (let j = 0; j < length; j++) {
      carry += scratch[j]! * 58;
      scratch[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      if (length + zeros >= 32) return false;
      scratch[length++] = carry & 0xff;
      carry >>= 8;
    }
  }
  return length + zeros === 32;
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

/** Separator = not a word character (chars >= 128 count as separators, as before). */
function isSeparator(c: number): boolean {
  return c >= 128 || CHAR_CLASS[c] === SEPARATOR;
}

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
    if (isSeparator(text.charCodeAt(probe))) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && !isSeparator(text.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    while (end < n && !isSeparator(text.charCodeAt(end))) end++;
    i = end + 1;
    const length = end - start;
    if (length > MAX || length < MIN) continue;
    let pure = true;
    for (let k = start; k < end; k++) {
      if (CHAR_CLASS[text.charCodeAt(k)] !== BASE58) {
        pure = false;
        break;
      }
    }
    if (!pure || isEllipsisBefore(text, start) || isEllipsisAfter(text, end)) continue;
    const candidate = text.slice(start, end);
    if (!validity.check(candidate)) continue;
    if (!out) out = [];
    out.push({ address: candidate, index: start });
  }
  return out ?? NONE;
}
