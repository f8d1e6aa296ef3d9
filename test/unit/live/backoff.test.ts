import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { attemptAfterClose, backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from '../../../lib/live/backoff';

const policy = fc.record({
  baseMs: fc.integer({ min: 1, max: 10_000 }),
  capMs: fc.integer({ min: 1, max: 600_000 }),
  stableMs: fc.integer({ min: 0, max: 600_000 }),
});
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('backoff schedule (full jitter)', () => {
  test('defaults: base 1 s, cap 60 s, reset after a stable minute', () => {
    expect(DEFAULT_BACKOFF).toEqual({ baseMs: 1_000, capMs: 60_000, stableMs: 60_000 });
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((a) => backoffCeiling(a))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  test('every delay lies in [0, min(cap, base * 2^attempt))', () => {
    fc.assert(
      fc.property(policy, fc.integer({ min: 0, max: 10_000 }), unit, (p, attempt, r) => {
        const d = backoffDelay(attempt, () => r, p);
        const ceiling = Math.min(p.capMs, p.baseMs * 2 ** Math.min(attempt, 40));
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(Math.max(1, ceiling));
        expect(d).toBeLessThanOrEqual(p.capMs);
      }),
    );
  });

  test('full jitter: the whole range is used (r near 0 gives ~0, r near 1 gives ~ceiling)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (attempt) => {
        const c = backoffCeiling(attempt);
        expect(backoffDelay(attempt, () => 0)).toBe(0);
        expect(backoffDelay(attempt, () => 0.999999)).toBeGreaterThanOrEqual(Math.floor(c * 0.999));
      }),
    );
  });

  test('the ceiling never decreases with attempts and never exceeds the cap', () => {
    fc.assert(
      fc.property(policy, fc.integer({ min: 0, max: 2_000 }), (p, a) => {
        expect(backoffCeiling(a + 1, p)).toBeGreaterThanOrEqual(backoffCeiling(a, p));
        expect(backoffCeiling(a, p)).toBeLessThanOrEqual(p.capMs);
      }),
    );
  });

  test('a misbehaving random cannot escape the bounds', () => {
    for (const r of [Number.NaN, -1, 1, 2, Number.POSITIVE_INFINITY]) {
      const d = backoffDelay(3, () => r);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(8_000);
    }
  });

  test('reset only after a stable period connected', () => {
    fc.assert(
      fc.property(
        policy,
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 })),
        (p, a, openFor) => {
          const next = attemptAfterClose(a, openFor, p);
          if (openFor !== null && openFor >= p.stableMs) expect(next).toBe(0);
          else expect(next).toBe(a);
        },
      ),
    );
  });
});
