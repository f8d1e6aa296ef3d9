import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  DASH,
  formatAgo,
  formatDateTime,
  formatDuration,
  formatFrequency,
  formatNextCycle,
  formatNumber,
  formatOdds,
  formatPercent,
  formatProgress,
  formatRelativeTime,
  formatTokenAmount,
  formatUsd,
  safeHttpsUrl,
  shortAddress,
  tokenAmountExact,
  truncateText,
} from '../../../lib/format';

describe('formatUsd', () => {
  it('compacts thousands and millions', () => {
    expect(formatUsd(1234)).toBe('$1.2K');
    expect(formatUsd(3_400_000)).toBe('$3.4M');
    expect(formatUsd(12_500)).toBe('$12.5K');
    expect(formatUsd(123_456)).toBe('$123K');
    expect(formatUsd(2.5e9)).toBe('$2.5B');
    expect(formatUsd(7e12)).toBe('$7T');
  });
  it('keeps cents below a thousand and signs losses', () => {
    expect(formatUsd(-12.5)).toBe('-$12.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(999.5)).toBe('$999.50');
    expect(formatUsd(42, { sign: true })).toBe('+$42.00');
  });
  it('carries a rounding edge into the next unit', () => {
    expect(formatUsd(999.999)).toBe('$1K');
    expect(formatUsd(999_960)).toBe('$1M');
  });
  it('shows small prices with significant digits, not zero', () => {
    expect(formatUsd(0.0042)).toBe('$0.0042');
    // just under 1: four digits while they say something (a stablecoin off its peg), else like 1
    expect(formatUsd(0.9987)).toBe('$0.9987');
    expect(formatUsd(0.99999)).toBe('$1.00');
    expect(formatUsd(0.000012345)).toBe('$0.00001234');
  });
  it('answers a dash for missing values', () => {
    expect(formatUsd(null)).toBe(DASH);
    expect(formatUsd(undefined)).toBe(DASH);
    expect(formatUsd(Number.NaN)).toBe(DASH);
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe(DASH);
  });
  it('has no uncompact grouping issues', () => {
    expect(formatUsd(1234567.891, { compact: false })).toBe('$1,234,567.89');
  });
});

describe('numbers and percents', () => {
  it('formats counts and amounts', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formatNumber(1_200_000, { compact: true })).toBe('1.2M');
    expect(formatNumber(-3, { sign: true })).toBe('-3');
    expect(formatNumber(null)).toBe(DASH);
  });
  it('formats odds in 0..1', () => {
    expect(formatOdds(0.63)).toBe('63%');
    expect(formatOdds(0.001)).toBe('<1%');
    expect(formatOdds(0.999)).toBe('>99%');
    expect(formatOdds(1)).toBe('100%');
    expect(formatOdds(0)).toBe('0%');
    expect(formatOdds(null)).toBe(DASH);
  });
  it('formats percentages already in percent', () => {
    expect(formatPercent(12.345)).toBe('12%');
    expect(formatPercent(5.56)).toBe('5.6%');
    expect(formatPercent(-4)).toBe('-4%');
    expect(formatPercent(150, { sign: true })).toBe('+150%');
    expect(formatPercent(25_000)).toBe('25K%');
    expect(formatPercent(Number.NaN)).toBe(DASH);
  });
  it('formats DCA progress rounded down: an order short of done never reads 100%', () => {
    expect(formatProgress(99.5)).toBe('99%');
    expect(formatProgress(99.99)).toBe('99%');
    expect(formatProgress(100)).toBe('100%');
    expect(formatProgress(33.9)).toBe('33%');
    expect(formatProgress(5.56)).toBe('5.5%');
    expect(formatProgress(0)).toBe('0%');
    expect(formatProgress(null)).toBe(DASH);
  });
});

describe('token amounts from base units', () => {
  it('is exact for huge integers', () => {
    expect(tokenAmountExact('123456789012345678901234567890', 18)).toBe('123456789012.34567890123456789');
    expect(tokenAmountExact('1000000', 6)).toBe('1');
    expect(tokenAmountExact('1', 9)).toBe('0.000000001');
    expect(tokenAmountExact('-2500', 3)).toBe('-2.5');
    expect(tokenAmountExact('12x', 3)).toBeNull();
  });
  it('displays grouped, cut and compact', () => {
    expect(formatTokenAmount('1234567890', 6)).toBe('1,234.5678');
    expect(formatTokenAmount('1500', 9)).toBe('0.0000015');
    expect(formatTokenAmount('123456789012345678901234567890', 18)).toBe('123.45B');
    expect(formatTokenAmount('999999999999999999999999', 0)).toBe('999,999,999,999.99T');
    expect(formatTokenAmount('5000000', 0, { compact: false })).toBe('5,000,000');
    expect(formatTokenAmount('5000000', 0)).toBe('5M');
    expect(formatTokenAmount(null, 6)).toBe(DASH);
    expect(formatTokenAmount('1e9', 6)).toBe(DASH);
  });
  it('clamps silly decimals instead of throwing', () => {
    expect(formatTokenAmount('100', -3)).toBe('100');
    expect(tokenAmountExact('1', 40)).toBe('0.000000000000000001');
  });
});

describe('times and frequencies', () => {
  const now = Date.UTC(2025, 0, 10, 12);
  it('says relative times both ways', () => {
    expect(formatRelativeTime(now + 12 * 60_000, now)).toBe('in 12 min');
    expect(formatRelativeTime(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(formatRelativeTime(now - 10_000, now)).toBe('just now');
    expect(formatRelativeTime(now + 2 * 86_400_000, now)).toBe('in 2 d');
    expect(formatRelativeTime(now - 60 * 86_400_000, now)).toMatch(/2024/);
    // a unit that rounds up to the next one says the next one
    expect(formatRelativeTime(now - 59.6 * 60_000, now)).toBe('1 h ago');
    expect(formatRelativeTime(now - 23.6 * 3_600_000, now)).toBe('1 d ago');
    expect(formatRelativeTime(now + 59.6 * 60_000, now)).toBe('in 1 h');
    expect(formatRelativeTime(null, now)).toBe(DASH);
  });
  it('gives an absolute time with its zone', () => {
    expect(formatDateTime(Date.UTC(2025, 2, 3, 16, 5, 6), 'UTC')).toBe('Mar 3, 2025, 4:05:06 PM UTC');
    expect(formatDateTime(Date.UTC(2025, 2, 3, 16, 5, 6), 'Asia/Tokyo')).toBe(
      'Mar 4, 2025, 1:05:06 AM GMT+9',
    );
    expect(formatDateTime(null)).toBe(DASH);
    expect(formatDateTime(Number.NaN)).toBe(DASH);
  });
  it('says a past event never happens "in …": a time ahead of this clock is clock skew', () => {
    expect(formatAgo(now + 90_000, now)).toBe('just now');
    expect(formatAgo(now + 3 * 3_600_000, now)).toBe('just now');
    expect(formatAgo(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(formatAgo(now - 60 * 86_400_000, now)).toMatch(/2024/);
    expect(formatAgo(null, now)).toBe(DASH);
    expect(formatAgo(now, Number.NaN)).toBe(DASH);
    fc.assert(
      fc.property(fc.integer({ min: -40 * 86_400_000, max: 40 * 86_400_000 }), (d) => {
        expect(formatAgo(now + d, now)).not.toMatch(/^in /);
      }),
    );
  });
  it('says durations with two units at most', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(90 * 60_000)).toBe('1 h 30 min');
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000)).toBe('2 d 4 h');
    expect(formatDuration(86_400_000)).toBe('1 d');
    expect(formatDuration(-1)).toBe(DASH);
  });
  it('reads both frequency forms', () => {
    expect(formatFrequency('1h')).toBe('every hour');
    expect(formatFrequency('3600')).toBe('every hour');
    expect(formatFrequency('30m')).toBe('every 30 min');
    expect(formatFrequency('1d')).toBe('every day');
    expect(formatFrequency('86400')).toBe('every day');
    expect(formatFrequency('7200')).toBe('every 2 h');
    expect(formatFrequency('90')).toBe('every 90 s');
    expect(formatFrequency('fortnightly')).toBe('fortnightly');
    expect(formatFrequency('0')).toBe('0');
    expect(formatFrequency(null)).toBe(DASH);
  });
});

describe('untrusted text and links', () => {
  it('shortens addresses', () => {
    expect(shortAddress('7JsiQWfj8Vn1YqwjcNEPq4uv3R4DDgm2dLVYwxTMTZz8')).toBe('7Jsi…TZz8');
    expect(shortAddress('short')).toBe('short');
  });
  it('strips bidi overrides and controls', () => {
    expect(cleanText('abc\u202Egpj.exe\u2066x\u200E\u0007')).toBe('abcgpj.exex');
  });
  it('truncates by code points without splitting emoji', () => {
    expect(truncateText('😀😀😀😀', 3)).toBe('😀😀…');
    expect(truncateText('short', 10)).toBe('short');
  });
  it('accepts only https URLs', () => {
    expect(safeHttpsUrl('https://polymarket.com/event/x')).toBe('https://polymarket.com/event/x');
    expect(safeHttpsUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpsUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHttpsUrl('http://example.com')).toBeNull();
    expect(safeHttpsUrl('data:text/html,x')).toBeNull();
    expect(safeHttpsUrl('not a url')).toBeNull();
    expect(safeHttpsUrl(null)).toBeNull();
  });
});

describe('properties', () => {
  const digits = fc.stringMatching(/^[1-9]\d{0,60}$/);
  const decimals = fc.integer({ min: 0, max: 18 });
  it('amounts round-trip their digits for 0..18 decimals', () => {
    fc.assert(
      fc.property(digits, decimals, (raw, d) => {
        const exact = tokenAmountExact(raw, d)!;
        const [int = '', frac = ''] = exact.split('.');
        const rebuilt = BigInt(int + frac.padEnd(d, '0'));
        expect(rebuilt).toBe(BigInt(raw));
        expect(() => formatTokenAmount(raw, d)).not.toThrow();
        expect(formatTokenAmount(raw, d)).not.toMatch(/NaN|e\+|undefined/);
      }),
    );
  });
  it('usd, number and percent never produce NaN', () => {
    const anyNum = fc.oneof(fc.double(), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(anyNum, (n) => {
        for (const s of [formatUsd(n), formatPercent(n), formatOdds(n), formatNumber(n, { compact: true })]) {
          expect(s).not.toMatch(/NaN|Infinity|undefined|e[+-]/);
        }
      }),
    );
  });
  it('cleaned text never contains bidi controls', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 1, max: 50 }), (s, max) => {
        const out = truncateText(`${s}\u202E${s}`, max);
        expect(out).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/);
        expect(Array.from(out).length).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('formatNextCycle', () => {
  const now = Date.UTC(2025, 0, 10, 12);
  it('counts down ahead of time, says due around it, overdue after it (never "ago")', () => {
    expect(formatNextCycle(now + 12 * 60_000, now)).toBe('in 12 min');
    expect(formatNextCycle(now + 30_000, now)).toBe('due now');
    expect(formatNextCycle(now - 30_000, now)).toBe('due now');
    expect(formatNextCycle(now - 7 * 60_000, now)).toBe('overdue 7 min');
    expect(formatNextCycle(now - 90 * 60_000, now)).toBe('overdue 1 h 30 min');
    expect(formatNextCycle(null, now)).toBe(DASH);
    expect(formatNextCycle(Number.NaN, now)).toBe(DASH);
  });
  it('never answers a past tense for any time', () => {
    fc.assert(
      fc.property(fc.integer({ min: -60 * 86_400_000, max: 60 * 86_400_000 }), (d) => {
        expect(formatNextCycle(now + d, now)).not.toMatch(/ago|just now/);
      }),
    );
  });
});
