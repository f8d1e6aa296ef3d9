/**
 * A burst summary is rewritten in place under one id per wallet, and the individual notifications it
 * replaced are cleared: every event it has named must stay named until the wallet is read or the
 * summary closed, however long ago it came (the burst window decides whether events are grouped, not
 * what a visible summary keeps naming). A reviewer saw "Alpha: 4 fills" beside 5 unread: fills 10 s
 * apart, a fifth 65 s after the first, and the first fill was in no notification any more.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { WatchEvent } from '../../../lib/watch/event';
import { addToSummary, type Shown } from '../../../lib/watch/policy';
import { addr, eventsNamed, filled, manualTimers, watchService } from './fixtures';

const T0 = Date.UTC(2025, 0, 15, 12);
const W = addr(1);
const BURST = `ol|${W}|-|burst`;

beforeEach(() => {
  fakeBrowser.reset();
});

/** How many events the shown notifications name in all: "7 fills ..." is 7, a single event's text 1. */
function named(messages: readonly string[]): number {
  return messages.reduce((total, m) => total + eventsNamed(m), 0);
}

async function watching() {
  const timers = manualTimers();
  const clock = { t: T0 };
  const w = watchService({ now: () => clock.t, setTimer: timers.setTimer, clearTimer: timers.clearTimer });
  await w.svc.start();
  w.svc.setLiveState('live');
  await w.svc.add(W, 'Alpha');
  await w.svc.idle();
  /** One live fill, shown after its grouping window. */
  const fill = async () => {
    await w.svc.handleEvent(filled({ wallet: W }));
    timers.fireAll();
    await w.svc.flush();
    await w.svc.idle();
  };
  const unread = async () => (await w.svc.watchlist.unread()).byWallet[W] ?? 0;
  return { ...w, clock, fill, unread, burst: () => w.n.shown.get(BURST) };
}

describe('a burst summary keeps naming what it named', () => {
  it('fills 10 s apart, a fifth 65 s after the first: the summary names all five, as the unread count', async () => {
    const w = await watching();
    for (let i = 0; i < 4; i++) {
      if (i > 0) w.clock.t += 10_000;
      await w.fill();
    }
    expect([...w.n.shown.keys()]).toEqual([BURST]); // the 4th turned them into the summary
    expect(w.burst()?.message).toMatch(/^4 fills/);
    w.clock.t = T0 + 65_000; // the first fill is now outside the burst window
    await w.fill();
    expect(await w.unread()).toBe(5);
    expect([...w.n.shown.keys()]).toEqual([BURST]);
    expect(w.burst()).toMatchObject({ title: 'Alpha' });
    expect(w.burst()?.message).toMatch(/^5 fills/);
    expect(named(w.messages())).toBe(5);
  });

  it('a summary updated long after it started still names its first events', async () => {
    const w = await watching();
    // a slow, steady run: each fill within the window of the three before it
    for (let i = 0; i < 12; i++) {
      if (i > 0) w.clock.t += 15_000;
      await w.fill();
    }
    expect(await w.unread()).toBe(12);
    expect([...w.n.shown.keys()]).toEqual([BURST]);
    expect(named(w.messages())).toBe(12);
  });

  it('after the window, single notifications again; a later burst adds to what the summary named', async () => {
    const w = await watching();
    for (let i = 0; i < 4; i++) await w.fill();
    expect(w.burst()?.message).toMatch(/^4 fills/);
    w.clock.t += 120_000;
    await w.fill(); // the window is over: on its own, the summary stays as it was
    expect(w.n.shown.size).toBe(2);
    expect(w.burst()?.message).toMatch(/^4 fills/);
    expect(named(w.messages())).toBe(5);
    for (let i = 0; i < 3; i++) await w.fill(); // a new run: it replaces the single one and joins the summary
    expect([...w.n.shown.keys()]).toEqual([BURST]);
    expect(await w.unread()).toBe(8);
    expect(w.burst()?.message).toMatch(/^8 fills/);
  });

  it('read, the summary starts over with what comes next', async () => {
    const w = await watching();
    for (let i = 0; i < 5; i++) await w.fill();
    await w.svc.markRead(W);
    w.clock.t += 120_000;
    for (let i = 0; i < 4; i++) await w.fill();
    expect(await w.unread()).toBe(4);
    expect(w.burst()?.message).toMatch(/^4 fills/);
  });

  it('closed by the user, the summary names nothing more: what comes next starts afresh', async () => {
    const w = await watching();
    for (let i = 0; i < 5; i++) await w.fill();
    w.n.shown.delete(BURST); // the user dismissed it
    await w.svc.onClosed(BURST); // (the worker's notifications.onClosed, by the user)
    await w.fill();
    expect([...w.n.shown.values()].map((o) => o.message)).toEqual([expect.stringMatching(/^Filled: /)]);
    for (let i = 0; i < 3; i++) await w.fill();
    expect(w.burst()?.message).toMatch(/^4 fills/);
  });

  it('a very long run keeps counting every event, past what it keeps to add up amounts', async () => {
    const w = await watching();
    for (let i = 0; i < 130; i++) {
      w.clock.t += 5_000;
      await w.fill();
    }
    expect(await w.unread()).toBe(130);
    expect(w.burst()?.message).toBe('130 fills');
    expect(w.svc.notifier.recentCount()).toBeLessThanOrEqual(12); // only the burst window
  });

  it('changes a poll found while a summary is visible, past the limit, are added to it', async () => {
    const w = await watching();
    for (let i = 0; i < 4; i++) await w.fill();
    const change = (i: number): WatchEvent => ({
      key: `poll-${i}`,
      aliases: [],
      wallet: W,
      eventName: 'Filled',
      order: addr(50),
      at: w.clock.t,
      usd: null,
      count: 1,
      source: 'poll',
    });
    await w.svc.notifier.handleChanges(W, [0, 1, 2, 3].map(change), { away: false });
    expect(await w.unread()).toBe(8);
    expect([...w.n.shown.keys()]).toEqual([BURST]);
    expect(named(w.messages())).toBe(8);
  });
});

describe('addToSummary', () => {
  const s = (i: number, eventName = 'Filled'): Shown => ({ key: `k${i}`, eventName, at: i, count: 1 });

  it('keeps the events up to its bound, then counts only', () => {
    let sum = addToSummary(undefined, [s(1), s(2)], 3);
    expect(sum.events?.map((e) => e.key)).toEqual(['k1', 'k2']);
    sum = addToSummary(sum, [s(3, 'Deposit')], 3);
    expect(sum.events).toHaveLength(3);
    sum = addToSummary(sum, [s(4)], 3);
    expect(sum.events).toBeNull();
    sum = addToSummary(sum, [s(5), { ...s(6), count: 3 }], 3);
    expect(sum.events).toBeNull();
    expect([...sum.counts]).toEqual([
      ['Filled', 7],
      ['Deposit', 1],
    ]);
  });

  it('leaves the summary it is given as it was', () => {
    const before = addToSummary(undefined, [s(1)]);
    addToSummary(before, [s(2)]);
    expect(before.events).toHaveLength(1);
    expect(before.counts.get('Filled')).toBe(1);
  });
});

describe('"While you were away" names the wallet once', () => {
  it('in its title, not again in its body', async () => {
    const w = await watching();
    const fill: WatchEvent = {
      key: 'gap-1',
      aliases: [],
      wallet: W,
      eventName: 'Filled',
      order: addr(50),
      at: T0,
      usd: null,
      count: 1,
      source: 'poll',
    };
    await w.svc.notifier.handleChanges(W, [fill], { away: true });
    const shown = [...w.n.shown.values()];
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Alpha', message: 'While you were away: 1 fill' });
    expect(shown[0]?.message).not.toContain('Alpha');
  });
});
