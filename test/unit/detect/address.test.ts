import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createValidityCache, findAddresses, isSolanaAddress } from '../../../lib/detect/address';
import { KNOWN_MINTS, KNOWN_PROGRAMS } from '../../../lib/detect/programs';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => bs58.encode(b));
/** Filler that cannot glue onto an address: separators, punctuation, non-ASCII. */
const separatorText = fc
  .array(fc.constantFrom(' ', '\n', '/', '?', '=', '&', ',', ':', '(', ')', '"', '-', '·', 'é', '地', '|'), {
    maxLength: 12,
  })
  .map((a) => a.join(''));
const anyText = fc.string({ maxLength: 40 });
const base58Run = (min: number, max: number) =>
  fc.array(fc.constantFrom(...ALPHABET), { minLength: min, maxLength: max }).map((a) => a.join(''));

/** Oracle: bs58 decodes to exactly 32 bytes. */
const oracle = (s: string) => {
  try {
    return s.length >= 32 && s.length <= 44 && bs58.decode(s).length === 32;
  } catch {
    return false;
  }
};

describe('isSolanaAddress', () => {
  it('agrees with bs58 on random base58 strings of address length', () => {
    fc.assert(
      fc.property(base58Run(30, 46), (s) => {
        expect(isSolanaAddress(s)).toBe(oracle(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('is exact at the byte-length boundaries, where a float estimate cannot tell', () => {
    // The check sums the number as a double and decodes exactly only near 256^k: values at, just
    // under and just over each boundary, with 0 to 31 leading zero bytes ('1's), all answer like bs58.
    const bytesOf = (value: bigint, zeros: number) => {
      const hex = value.toString(16);
      const digits = hex.length % 2 ? `0${hex}` : hex;
      const body = value === 0n ? [] : (digits.match(/../g) ?? []).map((h) => Number.parseInt(h, 16));
      return Uint8Array.from([...new Array(zeros).fill(0), ...body]);
    };
    let checked = 0;
    for (const zeros of [0, 1, 2, 5, 16, 30, 31]) {
      for (const k of [30 - zeros, 31 - zeros, 32 - zeros, 33 - zeros]) {
        if (k < 0) continue;
        for (const delta of [-2n, -1n, 0n, 1n, 2n]) {
          const value = (1n << BigInt(8 * k)) + delta;
          if (value <= 0n) continue;
          const s = bs58.encode(bytesOf(value, zeros));
          expect(isSolanaAddress(s), `${zeros} zeros, 256^${k} ${delta}`).toBe(oracle(s));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(isSolanaAddress('1'.repeat(32))).toBe(true); // 32 zero bytes (the system program)
    expect(isSolanaAddress('1'.repeat(33))).toBe(false);
    expect(isSolanaAddress(`${'1'.repeat(32)}2`)).toBe(false);
  });

  it('accepts every known program and mint', () => {
    for (const a of [...KNOWN_PROGRAMS, ...Object.keys(KNOWN_MINTS)]) {
      expect(isSolanaAddress(a), a).toBe(true);
    }
  });

  it('rejects other chains, signatures and junk', () => {
    for (const s of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // Bitcoin P2PKH: 25 bytes
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // Bitcoin P2SH: 25 bytes
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', // Tron: 25 bytes
      'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', // IPFS v0: 34 bytes
      '',
    ]) {
      expect(isSolanaAddress(s), s).toBe(false);
    }
    expect(bs58.decode('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa').length).toBe(25);
    expect(bs58.decode('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7').length).toBe(25);
  });
});

describe('findAddresses', () => {
  it('finds random 32-byte keys embedded in text at the right index', () => {
    fc.assert(
      fc.property(separatorText, key, separatorText, key, separatorText, (a, k1, b, k2, c) => {
        const text = `${a} ${k1}${b} ${k2} ${c}`;
        expect(findAddresses(text)).toEqual([
          { address: k1, index: a.length + 1 },
          { address: k2, index: a.length + 1 + k1.length + b.length + 1 },
        ]);
      }),
      { numRuns: 500 },
    );
  });

  it('every match is a whole base58 word that bs58 decodes to 32 bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(anyText, key, base58Run(1, 90)), { maxLength: 8 }), (parts) => {
        const text = parts.join(fc.sample(fc.constantFrom(' ', '', '/', '_'), 1)[0]);
        for (const m of findAddresses(text)) {
          expect(text.slice(m.index, m.index + m.address.length)).toBe(m.address);
          expect(oracle(m.address)).toBe(true);
          expect(/[A-Za-z0-9_+]/.test(text[m.index - 1] ?? ' ')).toBe(false);
          expect(/[A-Za-z0-9_+]/.test(text[m.index + m.address.length] ?? ' ')).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never matches a base58 run longer than 44, nor any piece of it', () => {
    fc.assert(
      fc.property(base58Run(45, 200), separatorText, (run, around) => {
        expect(findAddresses(`${around} ${run} ${around}`)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('never matches transaction signatures (64 bytes)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 64, maxLength: 64 }), separatorText, (bytes, around) => {
        const sig = bs58.encode(bytes);
        expect(findAddresses(`sig ${sig}${around}`)).toEqual([]);
        expect(findAddresses(`https://solscan.io/tx/${sig}`)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps duplicates and reads addresses inside URLs', () => {
    const a = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
    const m = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(findAddresses(`${a} ${a}`).map((x) => x.index)).toEqual([0, a.length + 1]);
    expect(findAddresses(`https://jup.ag/swap?sell=${a}&buy=${m}#x`).map((x) => x.address)).toEqual([a, m]);
    expect(findAddresses(`https://jup.ag/swap/SOL-${m}`).map((x) => x.address)).toEqual([m]);
    expect(findAddresses(`(${a}).`).map((x) => x.address)).toEqual([a]);
  });

  it('rejects tokens glued to other word characters (API keys, hex, base32 CIDs)', () => {
    const a = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
    for (const s of [
      `sk_live_${a}`,
      `${a}_secret`,
      `0${a}`,
      `${a}l`,
      `key+${a}`,
      '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
      'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    ]) {
      expect(findAddresses(s), s).toEqual([]);
    }
  });

  it('ignores truncated displays, including a full-length prefix cut by an ellipsis', () => {
    // A 43-character prefix that itself decodes to 32 bytes: only the ellipsis tells it is cut.
    const full = bs58.encode(new Uint8Array(32).fill(0xff));
    const prefix = full.slice(0, -1);
    expect(oracle(prefix)).toBe(true);
    expect(findAddresses(`CA: ${prefix}…`)).toEqual([]);
    expect(findAddresses(`CA: ${prefix}...`)).toEqual([]);
    expect(findAddresses(`…${full.slice(1)}`)).toEqual([]);
    expect(findAddresses('7Jsih...YTZz8 and 7Jsih…YTZz8')).toEqual([]);
    expect(findAddresses(`${full}.`)).toEqual([{ address: full, index: 0 }]);
  });
});

describe('candidate validity cache', () => {
  it('answers like the bs58 oracle, for repeated and fresh strings alike, and stays bounded', () => {
    const cache = createValidityCache(8);
    fc.assert(
      fc.property(
        fc.oneof(
          key,
          fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
          fc.uint8Array({ minLength: 31, maxLength: 33 }).map((b) => bs58.encode(b)),
        ),
        (s) => {
          const expected = bs58.decode(s).length === 32;
          expect(cache.check(s)).toBe(expected);
          expect(cache.check(s)).toBe(expected); // the memo gives the same answer
          expect(cache.size).toBeLessThanOrEqual(8);
        },
      ),
    );
  });
});

describe('findAddresses skip search', () => {
  it('finds an address wherever the 32-character probe lands (start, middle, end of text)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 70 }).map((s) => s.replace(/[0-9A-Za-z_+.…]/g, ' ')),
        key,
        fc.nat(),
        (filler, address, cut) => {
          const at = cut % (filler.length + 1);
          const text = `${filler.slice(0, at)}${address}${filler.slice(at)}`;
          expect(findAddresses(text)).toEqual([{ address, index: at }]);
        },
      ),
    );
  });

  it('answers exactly like a plain word-by-word reading, whatever mix of words, runs and keys', () => {
    // The reference reads every character: maximal runs of word characters, kept when they are
    // 32..44 base58 characters, touch no ellipsis and decode to 32 bytes.
    const reference = (text: string) =>
      [...text.matchAll(/[0-9A-Za-z_+]+/g)]
        .filter((m) => {
          const end = m.index + m[0].length;
          return (
            /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(m[0]) &&
            !/(\u2026|\.\.)$/.test(text.slice(0, m.index)) &&
            !/^(\u2026|\.\.)/.test(text.slice(end)) &&
            oracle(m[0])
          );
        })
        .map((m) => ({ address: m[0], index: m.index }));
    const word = fc.oneof(
      fc.stringMatching(/^[0-9A-Za-z_+]{1,12}$/),
      key,
      base58Run(20, 100),
      fc.stringMatching(/^[0-9A-Za-z_+]{30,50}$/),
    );
    const gap = fc.constantFrom(' ', '  ', '\n', '/', '.', '..', '\u2026', ', ', 'é', '地', '-');
    fc.assert(
      fc.property(fc.array(fc.tuple(word, gap), { maxLength: 30 }), fc.boolean(), (parts, lead) => {
        const text = (lead ? ' ' : '') + parts.map(([w, g]) => w + g).join('');
        expect(findAddresses(text)).toEqual(reference(text));
      }),
      { numRuns: 500 },
    );
  });
});
