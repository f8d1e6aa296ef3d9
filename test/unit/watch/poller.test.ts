import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../lib/api/errors';
import { DcaTxEventSchema } from '../../../lib/api/schemas/live';
import { privateStore } from '../../../lib/private-store';
import type { NotificationRules } from '../../../lib/settings';
import type { OrderView } from '../../../lib/views';
import type { WatchService } from '../../../lib/watch';
import {
  applySnapshot,
  changeDetail,
  createPoller,
  diffOrders,
  fetchAllOrders,
  snapshot,
} from '../../../lib/watch/poller';
import { addr, filled, opened, order, rules, watchService } from './fixtures';

const A = addr(50);
const B = addr(51);

describe('diffOrders', () => {
  it('no change, no events; an order missing from the new page says nothing', () => {
    expect(diffOrders([order(A)], [order(A)])).toEqual([]);
    expect(diffOrders([order(A), order(B)], [order(A)])).toEqual([]);
  });

  it('used increased -> fills, counted in cycles of perCycle', () => {
    const after = order(A, { used: 350, usedUsd: 350, rawUsed: '350000000', remaining: 650 });
    expect(diffOrders([order(A)], [after])).toEqual([
      { kind: 'fill', order: A, count: 3, usd: 150, key: `poll:fill:${A}:350000000` },
    ]);
  });

  it('compares base units exactly when present, numbers otherwise', () => {
    // 1 base unit more: a float comparison could miss it, the string comparison does not
    const tiny = order(A, { rawUsed: '200000001' });
    expect(diffOrders([order(A)], [tiny]).map((c) => [c.kind, c.count])).toEqual([['fill', 1]]);
    const noRaw = (o: OrderView) => ({ ...o, rawUsed: null, rawDeposited: null });
    const changes = diffOrders([noRaw(order(A))], [noRaw(order(A, { used: 250, remaining: 750 }))]);
    expect(changes.map((c) => [c.kind, c.count, c.key])).toEqual([['fill', 1, `poll:fill:${A}:250`]]);
  });

  it('new order -> opened (and closed too when it is already over)', () => {
    expect(diffOrders([order(A)], [order(A), order(B)])).toEqual([
      { kind: 'opened', order: B, count: 1, usd: 1000, key: `opened:${B}` },
    ]);
    expect(diffOrders([], [order(B, { status: 'completed' })]).map((c) => c.kind)).toEqual([
      'opened',
      'closed',
    ]);
  });

  it('an unknown order created before the baseline was taken says nothing', () => {
    const t = order(B).createdAt!;
    expect(diffOrders([order(A)], [order(A), order(B)], t + 1)).toEqual([]);
    expect(diffOrders([order(A)], [order(A), order(B)], t - 1).map((c) => c.kind)).toEqual(['opened']);
  });

  it('status to completed/closed -> closed, only on the transition', () => {
    const done = order(A, { status: 'completed' });
    // valued as the live Closed is: what goes back (the input left), else what was traded
    expect(diffOrders([order(A)], [done])).toEqual([
      { kind: 'closed', order: A, count: 1, usd: 800, key: `closed:${A}` },
    ]);
    expect(diffOrders([done], [done])).toEqual([]);
    expect(diffOrders([order(A)], [order(A, { status: 'Closed' })]).map((c) => c.kind)).toEqual(['closed']);
  });

  it('a status the spec does not list: a word for "over" closes the order, any other word says nothing', () => {
    const kinds = (from: string, to: string) =>
      diffOrders([order(A, { status: from })], [order(A, { status: to })]).map((c) => c.kind);
    for (const over of ['cancelled', 'canceled', 'Expired', 'closed']) {
      expect(kinds('active', over), over).toEqual(['closed']);
      expect(kinds('paused', over), over).toEqual(['closed']);
      expect(kinds('completed', over), over).toEqual([]); // over already: no second "closed"
    }
    for (const odd of ['migrating', 'frozen', '', 'active ', 'closing']) {
      expect(kinds('active', odd), odd).toEqual([]); // neither closed nor anything else
      expect(kinds(odd, 'active'), odd).toEqual([]);
    }
    expect(kinds('migrating', 'completed')).toEqual(['closed']); // it was not over before
    // a fill on an order in an unknown state is still a fill
    const filledOdd = order(A, { status: 'migrating', used: 300, usedUsd: 300, rawUsed: '300000000' });
    expect(diffOrders([order(A, { status: 'migrating' })], [filledOdd]).map((c) => c.kind)).toEqual(['fill']);
    // a new order already in an unknown state is only new
    expect(diffOrders([], [order(B, { status: 'migrating' })]).map((c) => c.kind)).toEqual(['opened']);
  });

  it('remaining increased (or deposited increased) -> deposit', () => {
    const more = order(A, {
      deposited: 1500,
      depositedUsd: 1500,
      rawDeposited: '1500000000',
      remaining: 1300,
    });
    expect(diffOrders([order(A)], [more])).toEqual([
      { kind: 'deposit', order: A, count: 1, usd: 500, key: `poll:deposit:${A}:1500000000` },
    ]);
    const unknownDeposit = (o: OrderView) => ({
      ...o,
      deposited: null,
      rawDeposited: null,
      depositedUsd: null,
    });
    const changes = diffOrders(
      [unknownDeposit(order(A))],
      [unknownDeposit(order(A, { remaining: 900, remainingUsd: 900 }))],
    );
    expect(changes.map((c) => [c.kind, c.usd])).toEqual([['deposit', 100]]);
  });

  it('a fill and a deposit between two polls are both found', () => {
    const after = order(A, {
      used: 250,
      rawUsed: '250000000',
      deposited: 1200,
      rawDeposited: '1200000000',
      remaining: 950,
    });
    expect(diffOrders([order(A)], [after]).map((c) => c.kind)).toEqual(['fill', 'deposit']);
  });

  it('remaining fell by more than the fills spent, nothing deposited -> withdraw, with its amount', () => {
    // 300 taken out of 800 left (at $1 each): no fill in between
    const out = order(A, { remaining: 500, remainingUsd: 500 });
    expect(diffOrders([order(A)], [out])).toEqual([
      { kind: 'withdraw', order: A, count: 1, usd: 300, key: `poll:withdraw:${A}:500` },
    ]);
    expect(changeDetail({ kind: 'withdraw' }, order(A), out, order(A))).toMatchObject({ amount: 300 });
    // a fill of 50 and a withdrawal of 100 between two polls: both
    const both = order(A, { used: 250, usedUsd: 250, rawUsed: '250000000', remaining: 650 });
    const changes = diffOrders([order(A)], [both]);
    expect(changes.map((c) => [c.kind, c.usd])).toEqual([
      ['fill', 50],
      ['withdraw', 100],
    ]);
  });

  it('no withdraw when remaining fell by what the fills spent, when the order closed, or when it is not known', () => {
    const filledOnly = order(A, { used: 350, usedUsd: 350, rawUsed: '350000000', remaining: 650 });
    expect(diffOrders([order(A)], [filledOnly]).map((c) => c.kind)).toEqual(['fill']);
    // a cancel returns what was left: a close, not a withdrawal
    const cancelled = order(A, { status: 'cancelled', remaining: 0 });
    expect(diffOrders([order(A)], [cancelled]).map((c) => c.kind)).toEqual(['closed']);
    // what was spent unknown: a fill cannot be told from a withdrawal
    const noUsed = (o: OrderView) => ({ ...o, used: null, rawUsed: null });
    expect(diffOrders([noUsed(order(A))], [noUsed(order(A, { remaining: 500 }))])).toEqual([]);
  });

  it('a live snapshot that leaves out what is left moves it by the fills it states (no withdrawal read later)', () => {
    const stored = applySnapshot(snapshot(order(A)), A, { used: 400, raw: { used: '400000000' } }, 1);
    expect(stored?.remaining).toBe(600);
    const rest = order(A, { used: 400, usedUsd: 400, rawUsed: '400000000', remaining: 600 });
    expect(diffOrders([stored!], [rest])).toEqual([]);
  });
});

describe('poller', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('polls one wallet per tick, round-robin, and keeps the rotation across a restart', async () => {
    const wallets = [addr(1), addr(2), addr(3)];
    const fetched: string[] = [];
    const make = () =>
      createPoller({
        wallets: () => wallets,
        fetchOrders: async (w) => {
          fetched.push(w);
          return [];
        },
      });
    const p = make();
    await p.tick();
    await p.tick();
    await make().tick(); // a new worker continues where the old one stopped
    await make().tick();
    expect(fetched).toEqual([addr(1), addr(2), addr(3), addr(1)]);
  });

  it('the first poll of a wallet is a baseline; later polls report differences', async () => {
    let orders = [order(A)];
    const p = createPoller({ wallets: () => [addr(1)], fetchOrders: async () => orders, now: () => 5 });
    expect(await p.tick()).toMatchObject({ wallet: addr(1), baseline: true, events: [] });
    orders = [order(A, { used: 300, rawUsed: '300000000' })];
    const r = await p.tick();
    expect(r?.events).toEqual([
      expect.objectContaining({
        eventName: 'Filled',
        count: 2,
        wallet: addr(1),
        order: A,
        source: 'poll',
        at: 5,
      }),
    ]);
    expect((await p.tick())?.events).toEqual([]);
  });

  it('an old order that moves into the page is not a new order; one created after the baseline is', async () => {
    const C = addr(52);
    const created = order(A).createdAt!; // the fixtures' creation time
    let orders = [order(A)];
    const p = createPoller({
      wallets: () => [addr(1)],
      fetchOrders: async () => orders,
      now: () => created + 1000,
    });
    await p.tick(); // baseline taken after both A and B were created
    orders = [order(B), order(A)]; // B had activity and re-sorted into the page
    expect((await p.tick())?.changes).toEqual([]);
    orders = [order(C, { createdAt: created + 5000 }), order(B), order(A)];
    expect((await p.tick())?.changes.map((c) => [c.kind, c.order])).toEqual([['opened', C]]);
    // B is now known: a later fill of it is found
    orders = [
      order(B, { used: 300, rawUsed: '300000000' }),
      order(C, { createdAt: created + 5000 }),
      order(A),
    ];
    expect((await p.tick())?.changes.map((c) => [c.kind, c.order])).toEqual([['fill', B]]);
  });

  it('orders that leave the page stay known, so their next change is still found', async () => {
    let orders = [order(A), order(B)];
    const p = createPoller({ wallets: () => [addr(1)], fetchOrders: async () => orders, now: () => 2e12 });
    await p.tick();
    orders = [order(A)];
    await p.tick();
    orders = [order(B, { used: 300, rawUsed: '300000000' })];
    expect((await p.tick())?.changes.map((c) => [c.kind, c.order])).toEqual([['fill', B]]);
  });

  it('fetchAllOrders follows the cursor to the last page, within the page bound', async () => {
    const pages: Record<string, { orders: OrderView[]; nextCursor: string | null; hasMore: boolean }> = {
      first: { orders: [order(A)], nextCursor: 'c2', hasMore: true },
      c2: { orders: [order(B)], nextCursor: 'c3', hasMore: true },
      c3: { orders: [order(addr(53))], nextCursor: null, hasMore: false },
    };
    const asked: (string | undefined)[] = [];
    const page = async (cursor: string | undefined) => {
      asked.push(cursor);
      return { ...pages[cursor ?? 'first']!, total: 3 };
    };
    expect((await fetchAllOrders(page)).map((o) => o.address)).toEqual([A, B, addr(53)]);
    expect(asked).toEqual([undefined, 'c2', 'c3']);
    expect(await fetchAllOrders(page, 2)).toHaveLength(2);
  });

  it('reads a list stored by the earlier version (no baseline time)', async () => {
    await privateStore.setItem(`local:watch:orders:${addr(1)}`, [order(A)]);
    const p = createPoller({
      wallets: () => [addr(1)],
      fetchOrders: async () => [order(A, { used: 300, rawUsed: '300000000' })],
    });
    expect(await p.tick()).toMatchObject({
      baseline: false,
      changes: [expect.objectContaining({ kind: 'fill' })],
    });
  });

  it('a wallet forgotten while its orders are being fetched gets no stored list back', async () => {
    const W = addr(1);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const p = createPoller({
      wallets: () => [W],
      fetchOrders: async () => {
        await gate;
        return [order(A)];
      },
    });
    const run = p.sync(W, 'announce');
    await p.forget(W); // removed (and perhaps added again) while the request is out
    release();
    expect(await run).toBeNull();
    expect(await privateStore.getItem(`local:watch:orders:${W}`)).toBeNull();
  });

  it('a failed fetch keeps the stored list', async () => {
    let fail = false;
    const p = createPoller({
      wallets: () => [addr(1)],
      fetchOrders: async () => {
        if (fail) throw new ApiError({ code: 'RATE_LIMITED', retryAfterMs: 1000 });
        return [order(A)];
      },
    });
    await p.tick();
    fail = true;
    await expect(p.tick()).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('watch service polling', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  function setup(initial: OrderView[], ruleSet: NotificationRules = rules()) {
    const clock = { t: Date.UTC(2025, 0, 15, 12) };
    const state = { orders: initial, calls: 0, fail: false };
    const { svc, n, badge, messages } = watchService({
      getRules: () => ruleSet,
      now: () => clock.t,
      fetchOrders: async () => {
        state.calls++;
        if (state.fail) throw new ApiError({ code: 'SERVER_ERROR', status: 500 });
        return state.orders;
      },
    });
    return { svc, n, badge, clock, state, messages };
  }

  it('without the datastream, a wallet is read when added: what it does before its first poll is news', async () => {
    const { svc, clock, state, messages } = setup([order(A)]);
    await svc.start();
    svc.setLiveState('needs-plan');
    await svc.add(addr(1), 'Whale');
    await svc.idle();
    expect(state.calls).toBe(1); // its first list, taken at once, not at its turn in the rotation
    clock.t += 3 * 60_000;
    state.orders = [order(B, { createdAt: clock.t - 60_000 }), order(A)];
    expect(await svc.pollTick()).toMatchObject({
      status: 'polled',
      baseline: false,
      changes: [{ kind: 'opened', order: B }],
    });
    expect(state.calls).toBe(2);
    expect(messages()).toEqual(['Opened: 1K USDC → SOL ($1K), every hour']);
    // an import too: each wallet read once, one at a time
    await svc.importJson(JSON.stringify([addr(2), addr(3)]));
    await svc.idle();
    expect(state.calls).toBe(4);
    expect(await svc.poller!.hasBaseline(addr(3))).toBe(true);
  });

  it('a minimum USD: a polled close is still news, a fill of unknown value is counted without a pop-up', async () => {
    const { svc, n, badge, state, messages } = setup([order(A)], rules({ minUsd: 100 }));
    await svc.start();
    svc.setLiveState('needs-plan');
    await svc.add(addr(1), 'Whale');
    await svc.idle();
    const noUsd = { usedUsd: null, remainingUsd: null, depositedUsd: null, receivedUsd: null };
    state.orders = [order(A, { ...noUsd, used: 250, rawUsed: '250000000', remaining: 750 })];
    expect(await svc.pollTick()).toMatchObject({ changes: [{ kind: 'fill' }] });
    expect(n.created).toEqual([]);
    expect(badge.last()).toBe('1'); // counted: the popup shows it
    state.orders = [
      order(A, { ...noUsd, used: 250, rawUsed: '250000000', remaining: 750, status: 'cancelled' }),
    ];
    expect(await svc.pollTick()).toMatchObject({ changes: [{ kind: 'closed' }] });
    expect(messages()).toEqual(['Cancelled: 750 USDC returned, 1.24 SOL received']);
    expect(badge.last()).toBe('2');
  });

  it('after a gap in the alarm ticks (the computer slept), a poll says "While you were away"; then live wording again', async () => {
    const { svc, n, clock, state, messages } = setup([order(A)]);
    await svc.start();
    svc.setLiveState('needs-plan');
    await svc.add(addr(1), 'Whale');
    await svc.idle();
    expect(await svc.pollTick()).toMatchObject({ status: 'polled', changes: [] });
    clock.t += 8 * 60 * 60_000; // asleep: no tick for eight hours
    state.orders = [order(A, { used: 250, usedUsd: 250, rawUsed: '250000000' })];
    expect(await svc.pollTick()).toMatchObject({ changes: [{ kind: 'fill' }], away: true });
    expect(messages()).toEqual(['While you were away: Filled: 50 USDC → SOL ($50), 20% done']);
    expect(await svc.onClicked(n.created[0]!)).toBe(`lookup.html#q=order%20${A}`);
    clock.t += 60_000;
    state.orders = [order(A, { used: 300, usedUsd: 300, rawUsed: '300000000', progressPercent: 30 })];
    expect(await svc.pollTick()).toMatchObject({ changes: [{ kind: 'fill' }], away: false });
    expect(messages()).toEqual(['Filled: 50 USDC → SOL ($50), 30% done']);
  });

  it('polls only without the datastream: needs-plan at once, offline after the grace period', async () => {
    const { svc, clock, state } = setup([order(A)]);
    await svc.start();
    expect(await svc.pollTick()).toEqual({ status: 'skipped' }); // empty watchlist
    await svc.add(addr(1), 'Whale');
    svc.setLiveState('live'); // live: the wallet's first list is taken now (what a gap is compared with)
    await svc.idle();
    expect(state.calls).toBe(1);
    expect(await svc.pollTick()).toEqual({ status: 'skipped' });
    svc.setLiveState('reconnecting');
    clock.t += 60_000;
    svc.setLiveState('offline');
    expect(svc.pollingWanted()).toBe(false);
    clock.t += 4 * 60_000;
    expect(svc.pollingWanted()).toBe(true); // 5 minutes since it was last live
    svc.setLiveState('bad-key');
    expect(svc.pollingWanted()).toBe(false); // REST would be refused as well
    svc.setLiveState('needs-plan');
    expect(await svc.pollTick()).toMatchObject({ status: 'polled', baseline: false, changes: [] });
    expect(state.calls).toBe(2);
  });

  it('keeps why the last poll failed, for the popup, until a poll succeeds (across workers)', async () => {
    const { svc, state } = setup([order(A)]);
    await svc.start();
    await svc.add(addr(1), 'Whale');
    svc.setLiveState('needs-plan');
    expect(await svc.lastError()).toBeNull();
    state.fail = true;
    expect(await svc.pollTick()).toMatchObject({ status: 'error', error: { code: 'SERVER_ERROR' } });
    expect(await svc.lastError()).toMatchObject({ code: 'SERVER_ERROR' });
    // the next worker (the popup wakes one) still knows, once this one's write is done
    await svc.idle();
    const next = setup([order(A)]).svc;
    expect(await next.lastError()).toMatchObject({ code: 'SERVER_ERROR' });
    state.fail = false;
    expect(await svc.pollTick()).toMatchObject({ status: 'polled' });
    expect(await svc.lastError()).toBeNull();
  });

  it('changes found while the user is there read like live events, open their order, and count as unread', async () => {
    const { svc, n, badge, state } = setup([order(A)]);
    await svc.start();
    await svc.add(addr(1), 'Whale');
    svc.setLiveState('needs-plan');
    await svc.pollTick();
    state.orders = [order(A, { used: 350, usedUsd: 350, rawUsed: '350000000', received: 2.17 })];
    expect(await svc.pollTick()).toMatchObject({
      status: 'polled',
      changes: [{ kind: 'fill', order: A }],
      away: false,
    });
    expect([...n.shown.values()]).toEqual([
      expect.objectContaining({
        title: 'Whale',
        message: '3 fills: 150 USDC → 0.93 SOL ($150), 20% done',
      }),
    ]);
    expect(badge.last()).toBe('3');
    expect(await svc.onClicked(n.created[0]!)).toBe(`lookup.html#q=order%20${A}`);
    // polling again finds nothing new
    await svc.pollTick();
    expect(n.created).toHaveLength(1);
  });

  it('what the datastream already delivered is not reported again by a poll', async () => {
    const w = addr(1);
    const { svc, n, state } = setup([order(A)]);
    await svc.start();
    await svc.add(w, 'Whale');
    await svc.pollTick(true); // baseline
    // live: a fill (moving used to 250) and a new order B
    const fill = DcaTxEventSchema.parse({
      ...filled({ wallet: w, order: A }),
      order: { used: 250, usedUsd: 250, remaining: 750, raw: { used: '250000000' } },
    });
    await svc.handleEvent(fill);
    await svc.handleEvent(opened({ wallet: w, order: B }));
    await svc.flush();
    expect(n.created).toHaveLength(2);
    // REST: A as the fill left it, B just opened (nothing used yet)
    const justOpened = order(B, { used: 0, usedUsd: 0, rawUsed: '0', remaining: 1000, remainingUsd: 1000 });
    state.orders = [order(A, { used: 250, usedUsd: 250, remaining: 750, rawUsed: '250000000' }), justOpened];
    const r = await svc.pollTick(true);
    // the live Opened stored B, so it is no new order to the poll (its alias would drop it anyway)
    expect(r).toMatchObject({ status: 'polled', changes: [] });
    expect(n.created).toHaveLength(2);
    expect((await svc.watchlist.unread()).total).toBe(2);
  });

  it('a failed poll is an error value, not a throw', async () => {
    const { svc, state } = setup([]);
    await svc.start();
    await svc.add(addr(1));
    state.fail = true;
    expect(await svc.pollTick(true)).toEqual({
      status: 'error',
      error: { code: 'SERVER_ERROR', message: 'The service had an internal error.' },
    });
  });
});

/**
 * MV3 stops an idle worker after about 30 s, so during an outage, or on a plan without the
 * datastream, every poll alarm meets a fresh worker whose stream is still connecting. What earlier
 * workers learned (since when the stream is down, that the plan refuses it) must still count.
 */
describe('polling when every alarm meets a fresh worker', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  const W = addr(1);
  const T0 = Date.UTC(2025, 0, 15, 12);

  function session() {
    const clock = { t: T0 };
    const state = { calls: 0 };
    /** One service worker: the watch service as start.ts builds it, over the same storage. */
    const worker = async () => {
      const { svc } = watchService({
        now: () => clock.t,
        fetchOrders: async () => {
          state.calls++;
          return [order(A)];
        },
      });
      await svc.start();
      return svc;
    };
    /** The next alarm a minute later: a fresh worker, connecting, polls at once. */
    const alarm = async (settle?: Parameters<WatchService['setLiveState']>[0]) => {
      clock.t += 60_000;
      const svc = await worker();
      svc.setLiveState('connecting');
      const out = await svc.pollTick();
      if (settle) svc.setLiveState(settle); // what the hub learns later, before the worker stops
      await svc.idle();
      return out.status;
    };
    return { clock, state, worker, alarm };
  }

  it('no datastream on the plan: the next worker polls at once, though still connecting', async () => {
    const { state, worker, alarm } = session();
    const first = await worker();
    await first.add(W, null);
    first.setLiveState('connecting');
    first.setLiveState('reconnecting'); // the upgrade refused, the plan asked for
    first.setLiveState('needs-plan');
    await first.idle();
    const before = state.calls;
    const polls = [];
    for (let i = 0; i < 3; i++) polls.push(await alarm('needs-plan'));
    expect(polls).toEqual(['polled', 'polled', 'polled']);
    expect(state.calls).toBe(before + 3);
  });

  it('an outage: polling starts once the stream has been down for the grace period, across workers', async () => {
    const { clock, worker, alarm } = session();
    const first = await worker();
    await first.add(W, null);
    first.setLiveState('live');
    await first.idle();
    clock.t += 30_000;
    first.setLiveState('reconnecting'); // down from here on
    await first.idle();
    const polls = [];
    for (let i = 0; i < 6; i++) polls.push(await alarm('reconnecting'));
    // the last live moment was 30 s before the first alarm: 4.5 min, 5.5 min...
    expect(polls).toEqual(['skipped', 'skipped', 'skipped', 'skipped', 'polled', 'polled']);
    // back: the next worker, connecting again, leaves it to the stream
    expect(await alarm('live')).toBe('polled');
    expect(await alarm('live')).toBe('skipped');
  });

  it('a healthy stream: a worker stopped while live does not make the next one poll', async () => {
    const { clock, worker, alarm } = session();
    const first = await worker();
    await first.add(W, null);
    first.setLiveState('live');
    await first.idle();
    clock.t += 60 * 60_000; // live for an hour, then the worker was stopped
    // (each new worker catches up once its stream is live: that is the catch-up, not polling)
    expect(await alarm('live')).toBe('skipped');
    expect(await alarm('live')).toBe('skipped');
    // a worker that never got past connecting still counts from its own start, not from an hour ago
    expect(await alarm()).toBe('skipped');
  });

  it('a key refused by the server: no worker polls with it, however long', async () => {
    const { worker, alarm } = session();
    const first = await worker();
    await first.add(W, null);
    first.setLiveState('bad-key');
    await first.idle();
    const polls = [];
    for (let i = 0; i < 7; i++) polls.push(await alarm('bad-key'));
    expect(polls.every((s) => s === 'skipped')).toBe(true);
  });
});
