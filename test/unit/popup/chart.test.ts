import { describe, expect, it } from 'vitest';
import { axisSize } from '../../../components/lookup/Chart';
import { formatMoney } from '../../../lib/format';

describe('chart value axis', () => {
  it('is wide enough for its longest label (a tiny price kept its "$" cut off at a fixed 64 px)', () => {
    const labels = [0.0000338, 0.00003].map((v) => formatMoney(v, 'usd'));
    expect(labels).toEqual(['$0.0000338', '$0.00003']);
    expect(axisSize(labels)).toBeGreaterThan(64);
    expect(axisSize(labels)).toBeGreaterThanOrEqual('$0.0000338'.length * 7);
  });

  it('stays within 40..120 px, also before uPlot has labels', () => {
    expect(axisSize(null)).toBe(40);
    expect(axisSize(['1%'])).toBe(40);
    expect(axisSize(['$123,456,789,012.34'])).toBe(120);
  });
});
