/**
 * A change the socket missed during a drop must reach the catch-up even when the order gets a live
 * message first: a live event's partial order (and a position snapshot) states the order's totals,
 * which include the missed fill. Taken into the stored list as is, they leave the catch-up nothing
 * to find, and the fill is never announced nor counted. Until the wallet's catch-up has run, a live
 * event moves the list by its own amounts only, and a snapshot not at all.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type DcaTxEvent, DcaTxEventSchema } from '../../../lib/api/schemas/live';
import type { OrderView } from '../../../lib/views';
import { applyLiveEvent, createPoller, snapshot } from '../../../lib/watch/poller';
import { addr, filled, order, solToken, usdcToken, watchService } from './fixtures';

const W = addr(1);
const A = addr(60);
const T0 = Date.UTC(2025, 0, 15, 12);

beforeEach(() => {
  fakeBrowser.reset();
});

/** A live fill of 50 USDC whose partial order states the order's totals after it (`used` USDC). */
function statedFill(used: number): DcaTxEvent {
  const e = filled({ wallet: W, order: A, inAmount: '50000000' });
  return DcaTxEventSchema.parse({
    ...e,
    order: {
      input: usdcToken,
      output: solToken,
      used,
      usedUsd: used,
      remaining: 1000 - used,
      remainingUsd: 1000 - used,
      raw: { used: String(used * 1e6) },
    },
  });
}

/** A's REST state with `used` USDC spent (fills of 50 each). */
const atUsed = (used: number): OrderView =>
  order(A, {
    owner: W,
    used,
    usedUsd: used,
    remaining: 1000 - used,
    remainingUsd: 1000 - used,
    rawUsed: String(used * 1e6),
  });

function setup() {
  const clock = { t: T0 };
  const rest = { orders: [atUsed(200)] };
  const fetched: number[] = [];
  const { svc, n, messages } = watchService({
    now: () => clock.t,
    fetchOrders: async () => {
      fetched.push(clock.t);
      return rest.orders;
    },
  });
  return { svc, n, messages, clock, rest, fetched };
}

/** Watched, live, one live fill (250) announced; then the socket drops and a fill (300) is missed. */
async function missedDuringDrop(ctx: ReturnType<typeof setup>) {
  const { svc, clock, rest } = ctx;
  await svc.start();
  svc.setLiveState('live');
  await svc.add(W, 'Whale');
  await svc.idle();
  rest.orders = [atUsed(250)];
  await svc.handleEvent(statedFill(250));
  await svc.flush();
  svc.setLiveState('reconnecting');
  clock.t += 5_000;
  rest.orders = [atUsed(300)]; // never published
  svc.setLiveState('live');
  // back within a minute of the last read: the catch-up waits for the next alarm tick
  expect((await svc.reconnected()).pending).toBe(1);
}

/** The next alarm tick, a minute on: the catch-up that waited runs, and what it found is shown. */
async function alarmTick({ svc, clock }: ReturnType<typeof setup>) {
  clock.t += 60_000;
  const out = await svc.sync();
  await svc.flush();
  return out;
}

describe('a fill missed during a drop, then a live message on the same order before the catch-up', () => {
  it('a live fill: announced as itself; the catch-up announces the missed one once; unread in step', async () => {
    const ctx = setup();
    const { svc, n, messages, clock, rest } = ctx;
    await missedDuringDrop(ctx);
    clock.t += 3_000;
    rest.orders = [atUsed(350)];
    await svc.handleEvent(statedFill(350));
    await svc.flush();
    expect(n.created).toHaveLength(2);

    const out = await alarmTick(ctx);
    expect(out.synced.map((s) => s.changes)).toEqual([[{ kind: 'fill', order: A }]]);
    expect(n.created).toHaveLength(3);
    expect(messages().at(-1)).toBe('While you were away: Filled: 50 USDC → SOL ($50), 20% done');
    expect((await svc.watchlist.unread()).total).toBe(3);

    // caught up: the next reconnect finds nothing again
    svc.setLiveState('reconnecting');
    svc.setLiveState('live');
    clock.t += 60_000;
    expect((await svc.reconnected()).synced.map((s) => s.changes)).toEqual([[]]);
    await svc.flush();
    expect(n.created).toHaveLength(3);
  });

  it('a position snapshot: held back, so the catch-up still finds the missed fill', async () => {
    const ctx = setup();
    const { svc, n, messages, clock } = ctx;
    await missedDuringDrop(ctx);
    clock.t += 3_000;
    const now = { status: 'active', used: 300, usedUsd: 300, remaining: 700, raw: { used: '300000000' } };
    await svc.handleSnapshot({ address: A, owner: W, writeVersion: 9, order: now });
    const out = await alarmTick(ctx);
    expect(out.synced.map((s) => s.changes)).toEqual([[{ kind: 'fill', order: A }]]);
    expect(n.created).toHaveLength(2);
    expect(messages().at(-1)).toBe('While you were away: Filled: 50 USDC → SOL ($50), 20% done');
    expect((await svc.watchlist.unread()).total).toBe(2);
  });

  it('a new worker: live messages before its first catch-up do not take in what happened meanwhile', async () => {
    const ctx = setup();
    const { svc, clock, rest } = ctx;
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();

    rest.orders = [atUsed(250)]; // while no worker ran
    clock.t += 10_000;
    const next = watchService({ now: () => clock.t, fetchOrders: async () => rest.orders });
    await next.svc.start();
    rest.orders = [atUsed(300)];
    // the event arrives before the catch-up has read REST
    await next.svc.handleEvent(statedFill(300));
    await next.svc.poller!.flushLive();
    next.svc.setLiveState('live'); // the catch-up of a fresh worker
    await next.svc.idle();
    await next.svc.flush();
    expect(next.messages().sort()).toEqual([
      expect.stringMatching(/^Filled/),
      'While you were away: Filled: 50 USDC → SOL ($50), 20% done',
    ]);
  });
});

describe('applyLiveEvent behind (a catch-up owed)', () => {
  const base = { ...snapshot(atUsed(200)), liveAt: undefined };

  it('adds only the event’s own amounts, not the totals it states', () => {
    const behind = applyLiveEvent(base, statedFill(300), 5, true)!;
    expect(behind).toMatchObject({ rawUsed: '250000000', used: 250, usedUsd: 250, remaining: 750 });
    // current (caught up): the stated totals are taken as before
    expect(applyLiveEvent(base, statedFill(300), 5, false)).toMatchObject({
      rawUsed: '300000000',
      used: 300,
    });
  });

  it('adds nothing when the stored order is already at the totals the event states (REST had it)', () => {
    const at300 = snapshot(atUsed(300));
    expect(applyLiveEvent(at300, statedFill(300), 5, true)).toMatchObject({
      rawUsed: '300000000',
      used: 300,
    });
    expect(applyLiveEvent(at300, statedFill(250), 5, true)).toMatchObject({
      rawUsed: '300000000',
      used: 300,
    });
  });
});

describe('when a wallet counts as caught up (poller)', () => {
  it('a read whose fetch began before the stream changed state does not count', async () => {
    let release!: () => void;
    let gate: Promise<void> | null = null;
    let rest = [atUsed(200)];
    const p = createPoller({
      wallets: () => [W],
      fetchOrders: async () => {
        if (gate) await gate;
        return rest;
      },
      now: () => T0,
      setTimer: () => 0,
      clearTimer: () => {},
    });
    await p.sync(W, 'prime');
    gate = new Promise<void>((r) => {
      release = r;
    });
    const run = p.sync(W);
    p.streamChanged(); // the socket drops while the catch-up's request is out
    release();
    await run;
    rest = [atUsed(300)];
    await p.observeLive(W, statedFill(300));
    gate = null;
    const caught = await p.sync(W);
    expect(caught?.changes).toEqual([expect.objectContaining({ kind: 'fill', order: A })]);
    // now caught up: a live event's stated totals are taken again
    await p.observeLive(W, statedFill(400));
    rest = [atUsed(400)];
    expect((await p.sync(W))?.changes).toEqual([]);
  });
});
