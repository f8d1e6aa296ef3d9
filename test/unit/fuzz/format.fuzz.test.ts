/**
 * The one formatter against what an API or a page can hand it: huge integers (as strings and as
 * BigInts), every decimals value from 0 to 18 and out of range, garbage amounts. It never throws,
 * never prints NaN/Infinity/exponents, and the exact form keeps every digit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatNumber,
  formatTokenAmount,
  formatUsd,
  tokenAmountExact,
} from '../../../lib/format';

const decimals = fc.integer({ min: 0, max: 18 });
const huge = fc.bigInt({ min: 0n, max: 10n ** 200n });
const BAD_TEXT = /NaN|Infinity|undefined|null|e[+-]\d/;

describe('token amounts', () => {
  it('huge BigInts and their strings format the same and round-trip exactly', () => {
    fc.assert(
      fc.property(huge, decimals, fc.boolean(), (raw, d, negative) => {
        const value = negative ? -raw : raw;
        const exact = tokenAmountExact(value, d);
        expect(exact).toBe(tokenAmountExact(value.toString(), d));
        const [int = '', frac = ''] = exact!.replace('-', '').split('.');
        expect(BigInt(int + frac.padEnd(d, '0'))).toBe(raw);
        for (const compact of [true, false]) {
          const shown = formatTokenAmount(value, d, { compact });
          expect(shown).toBe(formatTokenAmount(value.toString(), d, { compact }));
          expect(shown).not.toMatch(BAD_TEXT);
          expect(shown.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the display form never shows more than there is (a cut, not a round-up)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), decimals, (raw, d) => {
        const shown = formatTokenAmount(raw, d, { compact: false }).replace(/,/g, '');
        const exact = tokenAmountExact(raw, d)!;
        // Compare as scaled integers with 18 digits of fraction.
        const scale = (s: string) => {
          const [i = '0', f = ''] = s.split('.');
          return BigInt(i + f.padEnd(18, '0').slice(0, 18));
        };
        expect(scale(shown)).toBeLessThanOrEqual(scale(exact));
      }),
      { numRuns: 500 },
    );
  });

  it('garbage amounts and odd decimals give a dash or a number, never a throw', () => {
    const raw = fc.oneof(
      fc.string(),
      fc.constantFrom('', '-', '1.5', '1e9', '0x10', ' 12', '١٢٣', '-0', '00012', '+7'),
      fc.bigInt(),
    );
    const odd = fc.oneof(decimals, fc.integer({ min: -50, max: 400 }), fc.double(), fc.constant(Number.NaN));
    fc.assert(
      fc.property(raw, odd, (r, d) => {
        expect(() => formatTokenAmount(r, d)).not.toThrow();
        expect(formatTokenAmount(r, d)).not.toMatch(BAD_TEXT);
        expect(() => tokenAmountExact(r, d)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('numbers and money', () => {
  it('any double (huge, tiny, negative, special) formats without NaN, Infinity or exponents', () => {
    const n = fc.oneof(
      fc.double(),
      fc.double({ min: 1e15, max: 1e300 }),
      fc.double({ min: -1e-300, max: 1e-300 }),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, Number.MIN_VALUE, -0),
    );
    fc.assert(
      fc.property(n, fc.constantFrom('usd', 'sol', 'eur', 'XYZ', ''), (x, currency) => {
        for (const s of [
          formatUsd(x),
          formatNumber(x),
          formatNumber(x, { compact: true }),
          formatMoney(x, currency),
        ])
          expect(s).not.toMatch(BAD_TEXT);
      }),
      { numRuns: 1000 },
    );
  });
});
