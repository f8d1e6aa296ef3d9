/**
 * The REST catch-up after a datastream gap (the datastream replays nothing): every watched wallet
 * has a stored list of its orders from before the gap, kept current by the live events, and a
 * reconnect compares each wallet's REST list with it. Live events carry a *partial* order, so the
 * stored list also moves on by the events' own amounts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../lib/api/errors';
import { DcaTxEventSchema } from '../../../lib/api/schemas/live';
import type { OrderView } from '../../../lib/views';
import {
  applyLiveEvent,
  applySnapshot,
  changeDetail,
  createPoller,
  diffOrders,
  LIVE_AHEAD_MS,
  snapshot,
} from '../../../lib/watch/poller';
import { addr, bonkToken, closed, deposit, filled, opened, order, usdcToken, watchService } from './fixtures';

const A = addr(60);
const B = addr(61);
const T0 = Date.UTC(2025, 0, 15, 12);

beforeEach(() => {
  fakeBrowser.reset();
});

function setup(wallets: Record<string, OrderView[]>, opts: { resyncAfterMs?: number } = {}) {
  const clock = { t: T0 };
  const state = {
    orders: wallets,
    fetched: [] as string[],
    active: 0,
    maxActive: 0,
    failOn: null as string | null,
    /** What the failing wallet's read throws: a limit every wallet shares, or a fault of its own answer. */
    failWith: 'RATE_LIMITED' as 'RATE_LIMITED' | 'SCHEMA_MISMATCH',
    /** While set, every request waits for it (a request still out). */
    gate: null as Promise<void> | null,
  };
  const { svc, n, messages } = watchService({
    now: () => clock.t,
    resyncAfterMs: opts.resyncAfterMs,
    fetchOrders: async (w) => {
      state.fetched.push(w);
      state.active++;
      state.maxActive = Math.max(state.maxActive, state.active);
      await new Promise((r) => setTimeout(r, 1));
      if (state.gate) await state.gate;
      state.active--;
      if (state.failOn === w)
        throw state.failWith === 'RATE_LIMITED'
          ? new ApiError({ code: 'RATE_LIMITED', retryAfterMs: 1000 })
          : new ApiError({ code: 'SCHEMA_MISMATCH', status: 200, endpoint: '/dca/wallet' });
      return state.orders[w] ?? [];
    },
  });
  return { svc, n, clock, state, messages };
}

/** A live fill whose partial order says only how far the order is (no used, no raw). */
function partialFill(wallet: string, orderAddress: string, inAmount: string) {
  return DcaTxEventSchema.parse({
    ...filled({ wallet, order: orderAddress, inAmount }),
    order: { progressPercent: 35 },
  });
}

describe('the stored list the catch-up compares with', () => {
  it('is taken when a wallet is added while the stream is live (one read), not again when it exists', async () => {
    const W = addr(1);
    const { svc, state } = setup({ [W]: [order(A)] });
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();
    expect(state.fetched).toEqual([W]);
    expect(await svc.poller!.hasBaseline(W)).toBe(true);
    await svc.add(W, 'Whale again'); // a relabel: the list is there already
    await svc.idle();
    expect(state.fetched).toEqual([W]);
  });

  it('a wallet added while the stream is down gets its list at once (a first list needs no stream), once', async () => {
    const W = addr(1);
    const { svc, state } = setup({ [W]: [order(A)] });
    await svc.start();
    svc.setLiveState('offline');
    await svc.add(W);
    await svc.idle();
    expect(state.fetched).toEqual([W]);
    expect(await svc.poller!.hasBaseline(W)).toBe(true);
    svc.setLiveState('live');
    await svc.idle();
    expect(state.fetched).toEqual([W]); // no second read when the stream comes
  });
});

describe('after a reconnect', () => {
  it('every watched wallet is compared once, one at a time, and what changed in the gap is announced', async () => {
    const wallets = Array.from({ length: 50 }, (_, i) => addr(100 + i));
    const lists = Object.fromEntries(wallets.map((w, i) => [w, [order(addr(300 + i), { owner: w })]]));
    const { svc, state, clock, messages } = setup(lists);
    await svc.start();
    svc.setLiveState('live');
    for (const w of wallets) await svc.add(w);
    await svc.idle();
    expect(state.fetched).toHaveLength(50); // one first list each

    svc.setLiveState('reconnecting');
    clock.t += 120_000;
    // two wallets had fills during the gap, one a new order
    lists[wallets[3]!] = [order(addr(303), { used: 300, usedUsd: 300, rawUsed: '300000000' })];
    lists[wallets[40]!] = [order(addr(340), { used: 250, usedUsd: 250, rawUsed: '250000000' })];
    lists[wallets[7]!] = [order(addr(999), { createdAt: clock.t - 1000 }), order(addr(307))];
    state.fetched.length = 0;
    svc.setLiveState('live');
    const out = await svc.reconnected();
    await svc.flush();

    expect([...state.fetched].sort()).toEqual([...wallets].sort());
    expect(state.maxActive).toBe(1); // sequential: the rate-limited queue is never flooded by us
    expect(out).toMatchObject({ pending: 0, error: null });
    expect(out.synced.filter((s) => s.changes.length).map((s) => [s.wallet, s.changes])).toEqual([
      [wallets[3], [{ kind: 'fill', order: addr(303) }]],
      [wallets[7], [{ kind: 'opened', order: addr(999) }]],
      [wallets[40], [{ kind: 'fill', order: addr(340) }]],
    ]);
    expect(messages().sort()).toEqual([
      'While you were away: 2 fills: 100 USDC → SOL ($100), 20% done',
      'While you were away: Filled: 50 USDC → SOL ($50), 20% done',
      'While you were away: Opened: 1K USDC → SOL ($1K), every hour',
    ]);

    // A socket that flaps: a reconnect right after costs nothing now; the alarm's sync does it later.
    state.fetched.length = 0;
    expect((await svc.reconnected()).pending).toBe(50);
    expect(state.fetched).toEqual([]);
    clock.t += 60_000;
    expect((await svc.sync()).synced).toHaveLength(50);
    expect(state.fetched).toHaveLength(50);
  });

  it('each wallet is read once more two minutes on, once per catch-up; a gap before then leaves it to the next catch-up', async () => {
    const [W1, W2] = [addr(1), addr(2)];
    const { svc, state, clock, messages } = setup({ [W1]: [order(A)], [W2]: [order(B)] });
    await svc.start();
    svc.setLiveState('live');
    for (const w of [W1, W2]) await svc.add(w);
    await svc.idle();
    svc.setLiveState('reconnecting');
    clock.t += 120_000;
    svc.setLiveState('live');
    state.fetched.length = 0;
    expect(await svc.reconnected()).toMatchObject({ pending: 0, error: null }); // (a second look is not pending)
    expect(state.fetched).toEqual([W1, W2]);

    // REST had not shown W2's fill yet; it does now
    state.orders[W2] = [order(B, { used: 300, usedUsd: 300, rawUsed: '300000000' })];
    state.fetched.length = 0;
    clock.t += 60_000;
    expect((await svc.sync()).synced).toEqual([]); // not due yet
    clock.t += 30_000;
    svc.setLiveState('reconnecting'); // down again: the second looks go, the gap's catch-up reads every wallet
    clock.t += 40_000;
    expect((await svc.sync()).synced).toEqual([]);
    expect(state.fetched).toEqual([]);

    // back: the gap's catch-up reads each wallet once, not once more for the second looks, then looks again
    svc.setLiveState('live');
    const out = await svc.reconnected();
    await svc.flush();
    expect(state.fetched).toEqual([W1, W2]);
    expect(out.synced.map((x) => [x.wallet, x.changes])).toEqual([
      [W1, []],
      [W2, [{ kind: 'fill', order: B }]],
    ]);
    expect(messages()).toEqual(['While you were away: 2 fills: 100 USDC → SOL ($100), 20% done']);
    state.fetched.length = 0;
    clock.t += 121_000;
    expect((await svc.sync()).synced.map((x) => [x.wallet, x.changes])).toEqual([
      [W1, []],
      [W2, []],
    ]);
    clock.t += 600_000;
    expect((await svc.sync()).synced).toEqual([]);
    expect(state.fetched).toEqual([W1, W2]);
    expect(messages()).toHaveLength(1);
  });

  it('a failed read stops the run; the next sync goes on with the wallets left, the failed one last', async () => {
    const [W1, W2, W3] = [addr(1), addr(2), addr(3)];
    const { svc, state, clock } = setup({ [W1]: [order(A)], [W2]: [order(B)], [W3]: [] });
    await svc.start();
    svc.setLiveState('live');
    for (const w of [W1, W2, W3]) await svc.add(w);
    await svc.idle();
    clock.t += 120_000;
    state.fetched.length = 0;
    state.failOn = W2;
    const out = await svc.reconnected();
    expect(out).toMatchObject({ pending: 2, error: { code: 'RATE_LIMITED' } });
    expect(state.fetched).toEqual([W1, W2]);
    state.failOn = null;
    state.fetched.length = 0;
    expect((await svc.sync()).pending).toBe(0);
    // (a 5xx or a limit that only ever hits W2 does not hold W3 up run after run)
    expect(state.fetched).toEqual([W3, W2]);
  });

  it('a wallet whose answer the schema refuses holds up no other: the run goes on, and it is asked again after the interval, not at every tick', async () => {
    const [W1, W2, W3] = [addr(1), addr(2), addr(3)];
    const { svc, state, clock, messages } = setup({ [W1]: [order(A)], [W2]: [order(B)], [W3]: [] });
    await svc.start();
    svc.setLiveState('live');
    for (const w of [W1, W2, W3]) await svc.add(w);
    await svc.idle();
    clock.t += 120_000;
    state.fetched.length = 0;
    state.failOn = W1;
    state.failWith = 'SCHEMA_MISMATCH';
    // while the socket was down, W2 opened an order
    state.orders[W2] = [order(B), order(addr(62), { createdAt: clock.t - 10_000 })];
    const out = await svc.reconnected();
    expect(state.fetched).toEqual([W1, W2, W3]);
    expect(out).toMatchObject({ pending: 1, error: { code: 'SCHEMA_MISMATCH' } });
    expect(out.synced.map((s) => s.wallet)).toEqual([W2, W3]);
    await svc.flush();
    expect(messages().join(' ')).toMatch(/Opened: 1K USDC/);
    // alarm ticks within the interval leave W1 alone (each would spend a request on the same answer)
    state.fetched.length = 0;
    for (let i = 0; i < 5; i++) {
      clock.t += 10_000;
      await svc.sync();
    }
    expect(state.fetched).toEqual([]);
    // after it, W1 is asked again, and caught up once the service answers in shape
    state.failOn = null;
    clock.t += 60_000;
    const later = await svc.sync();
    expect(state.fetched).toEqual([W1]);
    expect(later).toMatchObject({ pending: 0, error: null });
    expect(later.synced.map((s) => s.wallet)).toEqual([W1]);
  });

  it('a wallet just added whose first read the schema refuses ends the run (no loop), and is read again later', async () => {
    const [W1, W2] = [addr(1), addr(2)];
    const { svc, state, clock } = setup({ [W1]: [order(A)], [W2]: [order(B)] });
    await svc.start();
    state.failOn = W1;
    state.failWith = 'SCHEMA_MISMATCH';
    await svc.add(W1);
    await svc.add(W2);
    await svc.idle();
    expect(state.fetched.filter((w) => w === W1)).toHaveLength(1);
    expect(state.fetched).toContain(W2);
    expect(await svc.poller!.hasBaseline(W2)).toBe(true);
    expect(await svc.poller!.hasBaseline(W1)).toBe(false);
    state.failOn = null;
    clock.t += 60_000;
    await svc.sync();
    expect(await svc.poller!.hasBaseline(W1)).toBe(true);
  });

  it('a wallet removed during its catch-up fetch leaves no stored list behind', async () => {
    const W = addr(1);
    const { svc, state, clock, n } = setup({ [W]: [order(A)] });
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W);
    await svc.idle();
    clock.t += 120_000;
    let release!: () => void;
    state.gate = new Promise<void>((r) => {
      release = r;
    });
    const run = svc.reconnected(); // W's request is out...
    await svc.remove(W); // ...when the user removes it
    release();
    expect((await run).synced).toEqual([]);
    expect(await svc.poller!.hasBaseline(W)).toBe(false);
    // Added again later, it gets a list of its own: what changed before is not news.
    state.gate = null;
    state.orders[W] = [order(A, { used: 900, usedUsd: 900, rawUsed: '900000000' })];
    await svc.add(W);
    await svc.idle();
    expect(await svc.poller!.hasBaseline(W)).toBe(true);
    clock.t += 120_000;
    await svc.reconnected();
    expect(n.created).toEqual([]);
  });

  it('a live fill with a partial order (no used) is not announced again by the catch-up', async () => {
    const W = addr(1);
    const lists = { [W]: [order(A, { owner: W })] };
    const { svc, n, clock, messages } = setup(lists, { resyncAfterMs: 0 });
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();

    // live: one cycle of 50 USDC, the partial order says nothing of `used`
    await svc.handleEvent(partialFill(W, A, '50000000'));
    await svc.flush();
    expect(messages()).toEqual([expect.stringMatching(/^Filled: /)]);
    svc.setLiveState('reconnecting');
    clock.t += 120_000;
    // REST shows that fill, and one more during the gap
    lists[W] = [order(A, { owner: W, used: 300, usedUsd: 300, rawUsed: '300000000', remaining: 700 })];
    svc.setLiveState('live');
    const out = await svc.reconnected();
    await svc.flush();
    expect(out.synced[0]?.changes).toEqual([{ kind: 'fill', order: A }]);
    expect(messages()).toEqual([
      expect.stringMatching(/^Filled: /),
      'While you were away: Filled: 50 USDC → SOL ($50), 20% done', // the gap's fill only: 50 of the 100 USDC were live
    ]);
    expect((await svc.watchlist.unread()).total).toBe(2);
    // the same state again: nothing
    await svc.reconnected();
    expect(n.created).toHaveLength(2);
  });

  it('a live Closed saying "cancelled" notifies once; the catch-up finding it cancelled says nothing more', async () => {
    const W = addr(1);
    const lists = { [W]: [order(A, { owner: W }), order(B, { owner: W })] };
    const { svc, n, clock, messages } = setup(lists, { resyncAfterMs: 0 });
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();

    const cancelled = DcaTxEventSchema.parse({
      ...closed({ wallet: W, order: A }),
      order: { status: 'cancelled', input: usdcToken, output: bonkToken },
    });
    expect((await svc.handleEvent(cancelled)).action).not.toBe('drop');
    await svc.flush();
    expect(messages()).toEqual([expect.stringMatching(/^Completed: received /)]);
    svc.setLiveState('reconnecting');
    clock.t += 120_000;
    // REST: A cancelled as the event said, B in a state this version cannot read
    lists[W] = [order(A, { owner: W, status: 'cancelled' }), order(B, { owner: W, status: 'migrating' })];
    svc.setLiveState('live');
    const out = await svc.reconnected();
    await svc.flush();
    expect(out).toMatchObject({ pending: 0, error: null });
    expect(out.synced[0]?.changes).toEqual([]);
    expect(n.created).toHaveLength(1);
  });

  it('a REST answer that does not show a live fill yet does not take it back out', async () => {
    const W = addr(1);
    const lists = { [W]: [order(A, { owner: W })] };
    const { svc, n, clock } = setup(lists, { resyncAfterMs: 0 });
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W);
    await svc.idle();
    const fill = DcaTxEventSchema.parse({
      ...filled({ wallet: W, order: A }),
      order: { used: 250, usedUsd: 250, remaining: 750, raw: { used: '250000000' } },
    });
    await svc.handleEvent(fill);
    await svc.flush();
    // reconnect seconds later: the REST index lags and still has used 200
    clock.t += 10_000;
    await svc.reconnected();
    // once REST has it, comparing finds nothing new: the fill was announced live
    clock.t += 10_000;
    lists[W] = [order(A, { owner: W, used: 250, usedUsd: 250, rawUsed: '250000000', remaining: 750 })];
    await svc.reconnected();
    await svc.flush();
    expect(n.created).toHaveLength(1);
  });

  it('an order opened live is stored, so its fills during a later gap are found', async () => {
    const W = addr(1);
    const lists: Record<string, OrderView[]> = { [W]: [order(A, { owner: W })] };
    const { svc, clock, messages } = setup(lists);
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();
    clock.t += 60_000;
    await svc.handleEvent(opened({ wallet: W, order: B, timestamp: clock.t }));
    await svc.flush();
    svc.setLiveState('reconnecting');
    clock.t += 120_000;
    lists[W] = [
      order(B, {
        owner: W,
        createdAt: clock.t - 170_000,
        perCycle: 100,
        used: 100,
        usedUsd: 100,
        rawUsed: '100000000',
        remaining: 900,
      }),
      order(A, { owner: W }),
    ];
    svc.setLiveState('live');
    await svc.reconnected();
    await svc.flush();
    expect(messages()).toEqual([
      expect.stringMatching(/^Opened: 1K USDC → BONK/),
      'While you were away: Filled: 100 USDC → 1.24 SOL ($100), 20% done',
    ]);
  });

  it('a live position snapshot keeps the stored order current', async () => {
    const W = addr(1);
    const lists = { [W]: [order(A, { owner: W })] };
    const { svc, n, clock } = setup(lists);
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W);
    await svc.idle();
    await svc.handleSnapshot({
      address: A,
      owner: W,
      writeVersion: 3,
      order: {
        status: 'active',
        used: 400,
        usedUsd: 400,
        raw: { used: '400000000', deposited: '1000000000' },
      },
    });
    clock.t += 120_000;
    lists[W] = [order(A, { owner: W, used: 400, usedUsd: 400, rawUsed: '400000000', remaining: 600 })];
    await svc.reconnected();
    await svc.flush();
    expect(n.created).toEqual([]);
  });
});

describe('applyLiveEvent (pure)', () => {
  const base = snapshot(order(A));

  it('adds a fill and a deposit the partial order leaves out, exactly in base units', () => {
    const f = applyLiveEvent(base, partialFill(addr(1), A, '50000001'), 5)!;
    expect(f).toMatchObject({ rawUsed: '250000001', usedUsd: 250, liveAt: 5 });
    expect(f.used).toBeCloseTo(250.000001);
    expect(f.remaining).toBeCloseTo(749.999999);
    const d = applyLiveEvent(base, deposit({ wallet: addr(1), order: A, amount: '250000000', usd: 250 }), 6)!;
    expect(d).toMatchObject({
      rawDeposited: '1250000000',
      deposited: 1250,
      remaining: 1050,
      depositedUsd: 1250,
    });
    // what changed from the stored order to REST showing the same: nothing
    const rest = snapshot(order(A, { used: 250.000001, rawUsed: '250000001', remaining: 749.999999 }));
    expect(diffOrders([f], [rest])).toEqual([]);
  });

  it('a fill adds its output to what the order received, by the event decimals; unknown without them', () => {
    const f = applyLiveEvent(base, filled({ wallet: addr(1), order: A, outAmount: '310000000' }), 5)!;
    expect(f.received).toBeCloseTo(1.55); // 1.24 + 0.31 SOL
    // no output decimals: unknown rather than a wrong number (a later comparison then says no amount)
    expect(applyLiveEvent(base, partialFill(addr(1), A, '50000000'), 5)?.received).toBeNull();
    // so the fill found after a gap is worded with only what the gap added
    const after = snapshot(order(A, { used: 300, rawUsed: '300000000', received: 2.17 }));
    const [fill] = diffOrders([f], [after]);
    expect(changeDetail(fill!, f, after, order(A))).toMatchObject({
      amount: 50,
      received: expect.closeTo(0.62),
    });
  });

  it('what the partial order states wins over adding amounts', () => {
    const stated = DcaTxEventSchema.parse({
      ...filled({ wallet: addr(1), order: A, inAmount: '50000000' }),
      order: { used: 260, raw: { used: '260000000' } },
    });
    expect(applyLiveEvent(base, stated, 1)).toMatchObject({ used: 260, rawUsed: '260000000' });
  });

  it('a Closed event whose order says a status the spec does not list stores it as said', () => {
    // the live schema keeps the status (it used to refuse the whole event)
    const cancelled = DcaTxEventSchema.parse({
      ...closed({ wallet: addr(1), order: A }),
      order: { status: 'cancelled', input: usdcToken, output: bonkToken },
    });
    expect(cancelled.order?.status).toBe('cancelled');
    const after = applyLiveEvent(base, cancelled, 3)!;
    expect(after.status).toBe('cancelled');
    // REST saying the same, or "completed", is no news; REST not there yet keeps the live word
    expect(diffOrders([after], [snapshot(order(A, { status: 'cancelled' }))])).toEqual([]);
    expect(diffOrders([after], [snapshot(order(A, { status: 'completed' }))])).toEqual([]);
    // a snapshot with an unknown status: an order not stored yet is added with it
    expect(applySnapshot(undefined, B, { status: 'migrating' }, 4)).toMatchObject({
      address: B,
      status: 'migrating',
    });
    expect(applySnapshot(base, A, { status: 'migrating' }, 4)).toMatchObject({
      address: A,
      status: 'migrating',
    });
  });

  it('an event on an order not stored says nothing, except Opened', () => {
    expect(applyLiveEvent(undefined, partialFill(addr(1), B, '1'), 1)).toBeNull();
    expect(applyLiveEvent(undefined, opened({ wallet: addr(1), order: B, timestamp: 7 }), 9)).toMatchObject({
      address: B,
      rawDeposited: '1000000000',
      deposited: 1000,
      rawUsed: '0',
      used: 0,
      createdAt: 7,
    });
  });

  it('REST wins again once the live word is old (a stored order ahead by mistake heals)', async () => {
    const W = addr(1);
    const clock = { t: T0 };
    let rest = [order(A)];
    const p = createPoller({ wallets: () => [W], fetchOrders: async () => rest, now: () => clock.t });
    await p.sync(W);
    // the same fill told twice (say a snapshot and then the event): the stored order runs ahead
    const fill = partialFill(W, A, '50000000');
    await p.observeLive(W, fill);
    await p.observeLive(W, DcaTxEventSchema.parse({ ...fill, signature: 'x'.repeat(88) }));
    clock.t += 30_000;
    rest = [order(A, { used: 250, usedUsd: 250, rawUsed: '250000000', remaining: 750 })];
    expect((await p.sync(W))?.changes).toEqual([]); // within LIVE_AHEAD_MS the live word stands
    clock.t += LIVE_AHEAD_MS;
    expect((await p.sync(W))?.changes).toEqual([]); // now REST's 250 is stored...
    rest = [order(A, { used: 300, usedUsd: 300, rawUsed: '300000000', remaining: 700 })];
    // ...so the next real fill (to 300, which the stored 300 would have hidden) is found
    expect((await p.sync(W))?.changes.map((c) => c.kind)).toEqual(['fill']);
  });
});
