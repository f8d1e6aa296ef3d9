/**
 * Live events keep each watched wallet's stored order list current (what the catch-up compares
 * REST with), but a busy wallet's every fill must not rewrite its whole list in chrome.storage:
 * what they move is written at most once per short window, nothing when nothing changed, and always
 * before a live notification of the wallet is shown (a worker stopped after showing it must not
 * announce it again; one stopped before must announce it once).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { privateStore } from '../../../lib/private-store';
import type { OrderView } from '../../../lib/views';
import { createPoller, LIVE_WRITE_MS, type OrderSnapshot } from '../../../lib/watch/poller';
import { addr, bareFill, manualTimers, order, watchService } from './fixtures';

const T0 = Date.UTC(2025, 0, 15, 12);
const W = addr(1);
const A = addr(60);
const KEY = `local:watch:orders:${W}` as const;
const GROUP_MS = 1_000;

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Writes of W's stored list to the private store. */
function listWrites() {
  const set = vi.spyOn(privateStore, 'setItem');
  return () => set.mock.calls.filter(([key]) => key === KEY).length;
}

/** A fill of 50 USDC the event's partial order does not state the totals of (they are added up). */
const fill = () => bareFill(W, A);

const storedUsed = async () =>
  ((await privateStore.getItem<{ orders: OrderSnapshot[] }>(KEY))?.orders ?? []).find((o) => o.address === A)
    ?.rawUsed;

describe('live events on a stored list (poller)', () => {
  function setup() {
    const timers = manualTimers();
    let rest: OrderView[] = [order(A, { owner: W })];
    const p = createPoller({
      wallets: () => [W],
      fetchOrders: async () => rest,
      now: () => T0,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    return { p, timers, setRest: (o: OrderView[]) => (rest = o) };
  }

  it('a busy wallet: ten fills within the window are one write, not ten', async () => {
    const { p, timers } = setup();
    await p.sync(W);
    const writes = listWrites();
    for (let i = 0; i < 10; i++) await p.observeLive(W, fill());
    expect(writes()).toBe(0);
    expect(timers.pending()).toEqual([LIVE_WRITE_MS]);
    timers.fireAll();
    await p.flushLive(); // (waits for the write the timer started)
    expect(writes()).toBe(1);
    expect(await storedUsed()).toBe('700000000'); // 200 + 10 x 50
  });

  it('a snapshot saying what the event already applied writes nothing', async () => {
    const { p, timers } = setup();
    await p.sync(W);
    await p.observeLive(W, fill());
    await p.flushLive();
    const writes = listWrites();
    await p.observeSnapshot(W, A, { status: 'active', used: 250, raw: { used: '250000000' } });
    expect(timers.pending()).toEqual([]);
    await p.flushLive();
    expect(writes()).toBe(0);
  });

  it('a poll before the write compares with the list as the live events left it', async () => {
    const { p, setRest } = setup();
    await p.sync(W);
    await p.observeLive(W, fill());
    setRest([order(A, { owner: W, used: 250, usedUsd: 250, rawUsed: '250000000', remaining: 750 })]);
    expect((await p.sync(W))?.changes).toEqual([]);
    expect(await storedUsed()).toBe('250000000');
  });

  const settle = () => new Promise((r) => setTimeout(r, 10));
  /**
   * A synced wallet's first timed live write, failed: the private store refuses it (IndexedDB and
   * its session fallback both, as when the disk is full).
   */
  async function failedWrite() {
    const ctx = setup();
    await ctx.p.sync(W);
    vi.spyOn(privateStore, 'setItem').mockImplementationOnce(async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    });
    await ctx.p.observeLive(W, fill());
    ctx.timers.fireAll(); // the write fails
    await settle();
    return ctx;
  }

  it('after a timed write that failed, a later live event is written when its window ends', async () => {
    const { p, timers } = await failedWrite();
    await p.observeLive(W, fill());
    expect(timers.pending()).toEqual([LIVE_WRITE_MS]);
    timers.fireAll();
    await settle();
    expect(await storedUsed()).toBe('300000000');
  });

  it('a timed write that failed is tried again after another window', async () => {
    const { timers } = await failedWrite();
    expect(await storedUsed()).toBe('200000000');
    expect(timers.pending()).toEqual([LIVE_WRITE_MS]);
    timers.fireAll();
    await settle();
    expect(await storedUsed()).toBe('250000000');
  });

  it('a wallet forgotten before the write gets no list back', async () => {
    const { p, timers } = setup();
    await p.sync(W);
    await p.observeLive(W, fill());
    await p.forget(W);
    timers.fireAll();
    await p.flushLive();
    expect(await privateStore.getItem(KEY)).toBeNull();
  });
});

describe('live notifications and the stored list (watch service)', () => {
  /** Timers that run when the test fires those of one length. */
  function timersByLength() {
    const timers = new Map<number, { fn: () => void; ms: number }>();
    let next = 1;
    return {
      setTimer: (fn: () => void, ms: number) => {
        timers.set(next, { fn, ms });
        return next++;
      },
      clearTimer: (h: unknown) => void timers.delete(h as number),
      fire(ms: number) {
        for (const [id, t] of [...timers]) {
          if (t.ms !== ms) continue;
          timers.delete(id);
          t.fn();
        }
      },
    };
  }

  /** One browser profile: shared storage and REST; each `worker()` is a fresh service worker. */
  function profile() {
    const lists: Record<string, OrderView[]> = { [W]: [order(A, { owner: W })] };
    const worker = async () => {
      const timers = timersByLength();
      const { svc, n, messages } = watchService({
        now: () => T0,
        setTimer: timers.setTimer,
        clearTimer: timers.clearTimer,
        // shorter than the write's window here: the show must not count on the write's timer
        groupWindowMs: GROUP_MS,
        fetchOrders: async (w) => lists[w] ?? [],
      });
      /** W's stored `rawUsed` at the moment each notification was shown. */
      const usedWhenShown: (string | null | undefined)[] = [];
      const create = n.api.create;
      n.api.create = async (id, options) => {
        usedWhenShown.push(await storedUsed());
        return create(id, options);
      };
      await svc.start();
      return { svc, timers, messages, usedWhenShown };
    };
    const filledOnRest = () => {
      lists[W] = [order(A, { owner: W, used: 250, usedUsd: 250, rawUsed: '250000000', remaining: 750 })];
    };
    return { worker, filledOnRest };
  }

  async function watching(p: ReturnType<typeof profile>) {
    const w = await p.worker();
    w.svc.setLiveState('live');
    await w.svc.add(W, 'Whale');
    await w.svc.idle();
    return w;
  }

  it("a live fill's notification is shown after the fill is in the stored list; the next worker does not announce it again", async () => {
    const p = profile();
    const w = await watching(p);
    await w.svc.handleEvent(fill());
    p.filledOnRest();
    w.timers.fire(GROUP_MS); // the grouping window ends; the write's has not yet
    await w.svc.flush(); // (waits for the notifications the timer started)
    expect(w.messages()).toEqual([expect.stringMatching(/^Filled: /)]);
    expect(w.usedWhenShown).toEqual(['250000000']);

    const next = await p.worker();
    next.svc.setLiveState('live');
    await next.svc.idle();
    expect(next.messages()).toEqual([]);
  });

  it('a worker stopped within the grouping window: the fill was not shown, and the next worker announces it once', async () => {
    const p = profile();
    const w = await watching(p);
    await w.svc.handleEvent(fill());
    p.filledOnRest();
    // the worker is stopped before its timers run: nothing shown, nothing written
    expect(w.messages()).toEqual([]);

    const next = await p.worker();
    next.svc.setLiveState('live');
    await next.svc.idle();
    expect(next.messages()).toEqual(['While you were away: Filled: 50 USDC → SOL ($50), 20% done']);
  });
});
