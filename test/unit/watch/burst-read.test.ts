/**
 * A burst summary names the events it stands for; the wallet's unread count must say as many. Events
 * the user read (the popup opened, a notification clicked) are no longer unread: a summary shown
 * after that must not name them again (the demo saw "7 fills" beside an unread count of 6: a fill
 * shown and read before the burst was added up into the burst's summary).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OrderView } from '../../../lib/views';
import { addr, bareFill, eventsNamed, manualTimers, order, watchService } from './fixtures';

const T0 = Date.UTC(2025, 0, 15, 12);
const W = addr(1);
const A = addr(60);
const B = addr(61);

beforeEach(() => {
  fakeBrowser.reset();
});

async function watching(withPoller: boolean) {
  const timers = manualTimers();
  let t = T0;
  const lists: Record<string, OrderView[]> = { [W]: [order(A, { owner: W }), order(B, { owner: W })] };
  const w = watchService({
    now: () => t,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    ...(withPoller ? { fetchOrders: async (x: string) => lists[x] ?? [] } : {}),
  });
  await w.svc.start();
  w.svc.setLiveState('live');
  await w.svc.add(W, 'Whale');
  await w.svc.idle();
  /** Every timer fired (grouping windows, timed writes), what they started done. */
  const settle = async () => {
    timers.fireAll();
    await w.svc.flush();
    await w.svc.idle();
  };
  const burst = () => w.n.shown.get(`ol|${W}|-|burst`)?.message;
  const unread = async () => (await w.svc.watchlist.unread()).byWallet[W];
  return { ...w, timers, settle, burst, unread, later: (ms: number) => (t += ms) };
}

describe('a burst summary and the unread count agree', () => {
  for (const withPoller of [true, false]) {
    const how = withPoller ? 'counted when the stored list is written' : 'counted at once';
    it(`a fill shown and read before a burst is not named by the burst's summary (${how})`, async () => {
      const w = await watching(withPoller);
      // a fill of another order of the wallet (a background one), shown on its own
      await w.svc.handleEvent(bareFill(W, B));
      await w.settle();
      expect(w.n.created).toHaveLength(1);
      expect(await w.unread()).toBe(1);
      // the user opens the popup: read
      await w.svc.markRead();
      expect(await w.unread()).toBe(0);
      // a burst of six fills, well inside the burst window of the first
      w.later(10_000);
      for (let i = 0; i < 6; i++) await w.svc.handleEvent(bareFill(W, A));
      await w.settle();
      expect(w.burst()).toBeDefined();
      expect(await w.unread()).toBe(6);
      expect(eventsNamed(w.burst())).toBe(6);
    });

    it(`a fill read before its notification was shown is not named by a later summary (${how})`, async () => {
      const w = await watching(withPoller);
      await w.svc.handleEvent(bareFill(W, B));
      await w.svc.markRead(W); // within the grouping window (and, with the poller, before the write)
      await w.settle();
      expect(w.n.created).toEqual([]); // read before it was shown: not shown
      expect(await w.unread()).toBe(0);
      for (let i = 0; i < 6; i++) await w.svc.handleEvent(bareFill(W, A));
      await w.settle();
      expect(await w.unread()).toBe(6);
      expect(eventsNamed(w.burst())).toBe(6);
    });

    it(`a click on the summary reads the burst: the next summary names only what came after (${how})`, async () => {
      const w = await watching(withPoller);
      for (let i = 0; i < 5; i++) await w.svc.handleEvent(bareFill(W, A));
      await w.settle();
      expect(eventsNamed(w.burst())).toBe(5);
      expect(await w.unread()).toBe(5);
      await w.svc.onClicked(`ol|${W}|-|burst`);
      expect(await w.unread()).toBe(0);
      w.later(5_000);
      for (let i = 0; i < 4; i++) await w.svc.handleEvent(bareFill(W, A));
      await w.settle();
      expect(await w.unread()).toBe(4);
      expect(eventsNamed(w.burst())).toBe(4);
    });

    it(`a catch-up storing the list while live fills wait for their write counts each once (${how})`, async () => {
      const w = await watching(withPoller);
      for (let i = 0; i < 6; i++) await w.svc.handleEvent(bareFill(W, A));
      await w.svc.reconnected(); // a sync writes the list before the timed write
      await w.settle();
      expect(await w.unread()).toBe(6);
      expect(eventsNamed(w.burst())).toBe(6);
    });

    it(`unread events of a burst all stay named (${how})`, async () => {
      const w = await watching(withPoller);
      await w.svc.handleEvent(bareFill(W, B));
      await w.settle();
      w.later(10_000);
      for (let i = 0; i < 6; i++) await w.svc.handleEvent(bareFill(W, A));
      await w.settle();
      expect(await w.unread()).toBe(7);
      expect(eventsNamed(w.burst())).toBe(7);
    });
  }
});
