/**
 * A live event is counted as unread in the turn its wallet's stored order list is written with it,
 * not before: a worker stopped in between (MV3 stops one at any time; the list is written at most
 * once per LIVE_WRITE_MS) leaves neither the count nor the list, and the next worker's catch-up
 * finds the change in REST and counts it, once. Until then the badge shows it all the same.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { privateStore } from '../../../lib/private-store';
import type { NotificationRules } from '../../../lib/settings';
import type { OrderView } from '../../../lib/views';
import { LIVE_WRITE_MS } from '../../../lib/watch/poller';
import { addr, bareFill, manualTimers, opened, order, rules, watchService } from './fixtures';

const T0 = Date.UTC(2025, 0, 15, 12);
const W = addr(1);
const A = addr(60);
const NEW = addr(61);

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A fill of 50 USDC whose partial order does not state the totals (they are added up). */
const fill = () => bareFill(W, A);

/** One browser profile: shared storage and REST; each `worker()` is a fresh service worker. */
function profile(ruleSet: () => NotificationRules = () => rules()) {
  const lists: Record<string, OrderView[]> = { [W]: [order(A, { owner: W })] };
  const worker = async () => {
    const timers = manualTimers();
    const sw = watchService({
      getRules: ruleSet,
      now: () => T0,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      fetchOrders: async (w) => lists[w] ?? [],
    });
    await sw.svc.start();
    const unread = async () => (await sw.svc.watchlist.unread()).total;
    return { ...sw, timers, unread };
  };
  /** What REST answers once the live fill is indexed. */
  const filledOnRest = () => {
    lists[W] = [order(A, { owner: W, used: 250, usedUsd: 250, rawUsed: '250000000', remaining: 750 })];
  };
  return { lists, worker, filledOnRest };
}

async function watching(p: ReturnType<typeof profile>) {
  const w = await p.worker();
  w.svc.setLiveState('live');
  await w.svc.add(W, 'Whale');
  await w.svc.idle();
  return w;
}

/** The next worker, once its stream is live and its catch-up is done. */
async function nextWorker(p: ReturnType<typeof profile>) {
  const next = await p.worker();
  next.svc.setLiveState('live');
  await next.svc.idle();
  return next;
}

describe('a live event is counted once across a worker stop', () => {
  it('a fill, the worker stopped within the window: the next catch-up counts it once and announces it once', async () => {
    const p = profile();
    const w = await watching(p);
    await w.svc.handleEvent(fill());
    expect(w.badge.last()).toBe('1');
    p.filledOnRest();
    // the worker is stopped: no timer runs, nothing is written

    const next = await nextWorker(p);
    expect(next.messages()).toEqual(['While you were away: Filled: 50 USDC → SOL ($50), 20% done']);
    expect(next.badge.last()).toBe('1');
    expect(await next.unread()).toBe(1);
  });

  it('a quiet fill (quiet hours), the worker stopped within the window: counted once, never announced', async () => {
    const p = profile(() => rules({ quietHours: { enabled: true, start: '11:00', end: '13:00' } }));
    const w = await watching(p);
    expect(await w.svc.handleEvent(fill())).toEqual({ action: 'quiet', reason: 'quiet-hours' });
    expect(w.badge.last()).toBe('1');
    p.filledOnRest();

    const next = await nextWorker(p);
    expect(next.messages()).toEqual([]);
    expect(next.badge.last()).toBe('1');
    expect(await next.unread()).toBe(1);
  });

  it('an order opened, the worker stopped within the window: the next catch-up counts and announces it once', async () => {
    const p = profile();
    const w = await watching(p);
    await w.svc.handleEvent(opened({ wallet: W, order: NEW }));
    expect(w.badge.last()).toBe('1');
    p.lists[W] = [order(NEW, { owner: W, used: 0, rawUsed: '0', createdAt: T0 }), order(A, { owner: W })];

    const next = await nextWorker(p);
    expect(next.messages()).toEqual(['While you were away: Opened: 1K USDC → SOL ($1K), every hour']);
    expect(await next.unread()).toBe(1);
  });

  it('the worker lives on: counted when the list is written (its window, or before the notification), shown once, not again by the next worker', async () => {
    const p = profile();
    const w = await watching(p);
    await w.svc.handleEvent(fill());
    expect(w.badge.last()).toBe('1'); // shown at once, stored with the list
    expect(await w.unread()).toBe(0);
    expect(w.timers.pending()).toEqual([2_000, LIVE_WRITE_MS]);
    w.timers.fireAll();
    await w.svc.idle();
    await w.svc.flush();
    expect(w.messages()).toEqual([expect.stringMatching(/^Filled: /)]);
    expect(w.badge.last()).toBe('1');
    expect(await w.unread()).toBe(1);
    p.filledOnRest();

    const next = await nextWorker(p);
    expect(next.messages()).toEqual([]);
    expect(next.badge.last()).toBe('1');
    expect(await next.unread()).toBe(1);
  });

  it('read within the window (the popup opened): not counted when the list is written', async () => {
    const p = profile();
    const w = await watching(p);
    await w.svc.handleEvent(fill());
    expect(w.badge.last()).toBe('1');
    await w.svc.markRead();
    expect(w.badge.last()).toBe('');
    await w.svc.idle(); // the list is written
    expect(await w.unread()).toBe(0);
    expect(w.badge.last()).toBe('');
  });

  it('a copy arriving before the write is a duplicate and is counted nowhere', async () => {
    const p = profile();
    const w = await watching(p);
    const e = fill();
    await w.svc.handleEvent(e);
    expect(await w.svc.handleEvent(e)).toEqual({ action: 'drop', reason: 'duplicate' });
    expect(w.badge.last()).toBe('1');
    await w.svc.idle();
    expect(await w.unread()).toBe(1);
  });

  it('a write that fails (storage full): the count waits for the write tried again', async () => {
    const p = profile();
    const w = await watching(p);
    await w.svc.handleEvent(fill());
    const full = async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    };
    vi.spyOn(privateStore, 'setItem').mockImplementationOnce(full).mockImplementationOnce(full);
    // the write's window ends, and the notification's (which writes first): both writes fail
    w.timers.fireAll();
    await w.svc.notifier.flush();
    expect(w.messages()).toEqual([expect.stringMatching(/^Filled: /)]);
    expect(await w.unread()).toBe(0);
    expect(w.badge.last()).toBe('1');
    expect(w.timers.pending()).toEqual([LIVE_WRITE_MS]);
    w.timers.fireAll(); // tried again
    await new Promise((r) => setTimeout(r, 10));
    expect(await w.unread()).toBe(1);
    expect(w.badge.last()).toBe('1');
  });
});
