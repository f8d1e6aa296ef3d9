/**
 * The overlay's request queue: visible badges first, and off-screen wallets that the scanner finds
 * while the page's first wave is going out fill that wave's last PnL batch (the background asks PnL
 * 100 wallets a call), instead of costing a call of their own later.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestQueue } from '../../../lib/overlay/queue';
import { realTimers } from '../../../lib/overlay/types';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const wallet = (i: number) => `W${String(i).padStart(3, '0')}${'x'.repeat(36)}`;

function queue() {
  const asked: string[] = [];
  const q = createRequestQueue({
    ask: (async (name: string, data: { address: string }) => {
      if (name === 'walletBadge') asked.push(data.address);
      return new Promise(() => {});
    }) as never,
    timers: realTimers,
    gatherMs: 30,
    lazyMs: 1500,
    onResult: () => {},
    onClassified: () => {},
  });
  const want = (i: number, visible: boolean) =>
    q.want({ key: `wallet:${wallet(i)}`, kind: 'wallet', address: wallet(i) }, visible);
  return { asked, want };
}

describe('the first wave of a page', () => {
  it('takes off-screen wallets found up to a second after it (a slow machine scans that long), up to a full batch', async () => {
    const { asked, want } = queue();
    for (let i = 0; i < 40; i++) want(i, true);
    await vi.advanceTimersByTimeAsync(30);
    expect(asked).toHaveLength(40);
    // The scanner reports the off-screen rows 600 ms later: 60 of them fill the wave's batch now.
    await vi.advanceTimersByTimeAsync(570);
    for (let i = 40; i < 120; i++) want(i, false);
    await vi.advanceTimersByTimeAsync(30);
    expect(asked).toHaveLength(100);
    expect(asked.slice(40)).toEqual(Array.from({ length: 60 }, (_, k) => wallet(40 + k)));
    // the other 20 wait as off-screen items do, after the visible ones
    await vi.advanceTimersByTimeAsync(1400);
    expect(asked).toHaveLength(100);
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toHaveLength(120);
  });

  it('a wallet found long after the wave waits as off-screen items do', async () => {
    const { asked, want } = queue();
    for (let i = 0; i < 10; i++) want(i, true);
    await vi.advanceTimersByTimeAsync(30);
    await vi.advanceTimersByTimeAsync(2000);
    want(50, false);
    await vi.advanceTimersByTimeAsync(30);
    expect(asked).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(1500);
    expect(asked).toHaveLength(11);
  });
});
