/**
 * Live events on many watched wallets at once (copy traders following one whale) are one summary
 * naming a few of them, not a pop-up per wallet; a few wallets still get one each. Its click opens
 * the page that lists every watched wallet with its unread count, and reads nothing by itself.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createWatchService } from '../../../lib/watch';
import { addr, filled, manualTimers, rules, watchService } from './fixtures';

const T0 = Date.UTC(2025, 0, 15, 12);
beforeEach(() => fakeBrowser.reset());

async function wave(wallets: number, opts: { lookupUrl?: (q: string) => string } = {}) {
  const clock = { t: T0 };
  const timers = manualTimers();
  const w = watchService({
    now: () => clock.t,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    ...opts,
  });
  await w.svc.start();
  const names = [
    'Whale',
    'Shark',
    'Orca',
    'Tuna',
    'Carp',
    'Pike',
    'Eel',
    'Cod',
    'Ray',
    'Koi',
    'Gar',
    'Bass',
    'Hake',
  ];
  for (let i = 1; i <= 13; i++) await w.svc.add(addr(i), names[i - 1]);
  for (let i = 1; i <= wallets; i++)
    await w.svc.handleEvent(filled({ wallet: addr(i), order: addr(100 + i) }));
  return { ...w, clock, timers };
}

/** The grouping windows end (each wallet's timer fires) and their turns have run. */
async function windowsEnd(w: Awaited<ReturnType<typeof wave>>) {
  w.timers.fireAll();
  await w.svc.flush();
}

describe('live events on many wallets in one window', () => {
  it('12 wallets filling at once: one notification naming a few of them, not 12', async () => {
    const w = await wave(12);
    // the busiest first: Shark fills twice
    await w.svc.handleEvent(filled({ wallet: addr(2), order: addr(102) }));
    await windowsEnd(w);
    expect(w.n.created).toHaveLength(1);
    expect([...w.n.shown.values()]).toEqual([
      expect.objectContaining({
        title: 'Watched wallets',
        message: '13 fills across 12 wallets: Shark, Whale and 10 more',
      }),
    ]);
    expect(w.badge.last()).toBe('13');
  });

  it('a wallet filling just after joins the visible summary (in place), not a pop-up of its own', async () => {
    const w = await wave(12);
    await windowsEnd(w);
    w.clock.t += 5_000;
    await w.svc.handleEvent(filled({ wallet: addr(13), order: addr(113) }));
    await windowsEnd(w);
    expect(w.n.created).toHaveLength(2);
    expect(new Set(w.n.created).size).toBe(1);
    expect(w.messages()).toEqual(['13 fills across 13 wallets: Whale, Shark and 11 more']);
  });

  it('a wallet filling just after joins the visible summary when the worker was stopped in between too', async () => {
    const w = await wave(12);
    await windowsEnd(w);
    // MV3 stops the idle worker; the summary stays on screen. The next worker, same browser session:
    w.clock.t += 5_000;
    const timers = manualTimers();
    const next = createWatchService({
      notifications: w.n.api,
      setBadge: w.badge.set,
      getRules: () => rules(),
      iconUrl: 'icon.png',
      timezoneOffsetMinutes: () => 0,
      now: () => w.clock.t,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await next.start();
    await next.handleEvent(filled({ wallet: addr(13), order: addr(113) }));
    timers.fireAll();
    await next.flush();
    expect(new Set(w.n.created).size).toBe(1);
    expect(w.messages()).toEqual(['13 fills across 13 wallets: Whale, Shark and 11 more']);
  });

  it('three wallets: one notification each, as before', async () => {
    const w = await wave(3);
    await windowsEnd(w);
    expect(w.messages()).toEqual(Array(3).fill('Filled: 50 USDC → 0.31 SOL ($50), 40% done'));
  });

  it("clicking the summary opens the watchlist's page and reads no wallet (their counts stay)", async () => {
    const w = await wave(5, { lookupUrl: (q) => `chrome-extension://id/lookup.html#q=${q}` });
    await windowsEnd(w);
    const [id] = w.n.created;
    expect(await w.svc.onClicked(id!)).toBe('chrome-extension://id/lookup.html');
    expect(w.badge.last()).toBe('5');
    expect((await w.svc.watchlist.unread()).total).toBe(5);
  });
});
