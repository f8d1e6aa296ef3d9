// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OddsCard } from '../../../components/shared/OddsCard';
import { oddsRange, sparkPath } from '../../../components/shared/Sparkline';
import { NOW, odds } from './fixtures';

afterEach(cleanup);

const HOUR = 3_600_000;
/** A week of odds drifting from 52% to 55%, with a point of noise: a quiet market. */
const quietWeek = Array.from({ length: 8 }, (_, i) => ({
  t: NOW - (7 - i) * 20 * HOUR,
  p: 0.52 + i * (0.03 / 7) + (i % 2 ? 0.004 : 0),
}));

/** The vertical extent of a path's points, in px. */
function heightOf(path: string): number {
  const ys = [...path.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
  return Math.max(...ys) - Math.min(...ys);
}

describe('the odds sparkline', () => {
  it('draws a quiet week as a visible move, not a flat line at the middle of 0..1', () => {
    const [lo, hi] = oddsRange(quietWeek);
    expect(hi - lo).toBeCloseTo(0.1, 5);
    expect(lo).toBeLessThan(0.52);
    expect(hi).toBeGreaterThan(0.558);
    // 36 px high: on 0..1 the move spans about 1 px; on its range, a third of the box or more
    expect(heightOf(sparkPath(quietWeek, 300, 36, 0, 1))).toBeLessThan(2);
    expect(heightOf(sparkPath(quietWeek, 300, 36, lo, hi))).toBeGreaterThan(10);
  });

  it('keeps wide moves whole, and the range within 0..1 at the edges', () => {
    const wide = oddsRange([
      { t: 1, p: 0.1 },
      { t: 2, p: 0.9 },
    ]);
    expect(wide[0]).toBeLessThanOrEqual(0.1);
    expect(wide[1]).toBeGreaterThanOrEqual(0.9);
    expect(
      oddsRange([
        { t: 1, p: 0.99 },
        { t: 2, p: 1 },
      ]),
    ).toEqual([0.9, 1]);
    const low = oddsRange([
      { t: 1, p: 0 },
      { t: 2, p: 0.01 },
    ]);
    expect(low[0]).toBe(0);
    expect(low[1]).toBeCloseTo(0.1, 5);
    // one flat value: still a 10-point box around it
    const flat = oddsRange([
      { t: 1, p: 0.4 },
      { t: 2, p: 0.4 },
    ]);
    expect(flat[1] - flat[0]).toBeCloseTo(0.1, 5);
  });

  it('says which outcome the line is and where its week started and ended', () => {
    const history = {
      status: 'ready' as const,
      value: { series: [{ label: 'Yes', points: quietWeek }] },
    };
    const { container } = render(<OddsCard odds={odds()} history={history} now={NOW} />);
    const caption = [...container.querySelectorAll('p')].find((p) => p.textContent?.includes('7 days'));
    expect(caption?.textContent).toBe('Yes, 7 days: 52% → 55%');
    expect(heightOf(container.querySelector('svg path')!.getAttribute('d')!)).toBeGreaterThan(10);
  });

  it('shows no caption (and says so) when there is too little history', () => {
    const history = {
      status: 'ready' as const,
      value: { series: [{ label: 'Yes', points: [{ t: NOW - HOUR, p: 0.5 }] }] },
    };
    const { container } = render(<OddsCard odds={odds()} history={history} now={NOW} />);
    expect(container.textContent).toContain('No price history yet');
    expect(container.textContent).not.toContain('7 days:');
  });
});
