import { isBase58Code } from './base58';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const SEPARATOR = 0;
const BASE58 = 1;
/** Word characters outside base58 (0 O I l _ +): they glue a run into a longer token, so no piece counts. */
const JOINER = 2;

const CHAR_CLASS = new Uint8Array(128);
const DIGIT = new Int8Array(128).fill(-1);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_+]/.test(ch)) CHAR_CLASS[c] = JOINER;
}
for (let i = 0; i < ALPHABET.length; i++) {
  CHAR_CLASS[ALPHABET.charCodeAt(i)] = BASE58;
  DIGIT[ALPHABET.charCodeAt(i)] = i;
}

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
 * Every Solana address in `text`, in order, duplicates kept. A candidate is a whole word: a run of
 * base58 characters of length 32..44 bounded by characters that are neither base58 nor other word
 * characters (so pieces of signatures, hashes, API keys or IPFS ids never match), not touching an
 * ellipsis (a truncated display), that decodes to exactly 32 bytes (which rejects Bitcoin and Tron
 * addresses of the same length). One pass over char codes; only candidates are decoded.
 */
export function findAddresses(text: string): AddressMatch[] {
  const out: AddressMatch[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c >= 128 || CHAR_CLASS[c] === SEPARATOR) {
      i++;
      continue;
    }
    const start = i;
    let pure = true;
    for (;;) {
      if (CHAR_CLASS[c] !== BASE58) pure = false;
      i++;
      if (i >= n) break;
      c = text.charCodeAt(i);
      if (c >= 128 || CHAR_CLASS[c] === SEPARATOR) break;
    }
    const length = i - start;
    if (
      pure &&
      length >= 32 &&
      length <= 44 &&
      !isEllipsisBefore(text, start) &&
      !isEllipsisAfter(text, i) &&
      decodesTo32Bytes(text, start, i)
    ) {
      out.push({ address: text.slice(start, i), index: start });
    }
  }
  return out;
}

/** Quick reject before findAddresses: no text shorter than an address can hold one. */
export function mayHoldAddress(text: string): boolean {
  return text.length >= 32;
}
