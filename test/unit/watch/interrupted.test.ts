/**
 * A catch-up stopped partway (MV3 stops an idle worker after about 30 s; the browser may close):
 * each wallet's changes are counted as unread, and its stored list moves past them, as the catch-up
 * goes, but they are shown together only when it ends. What it had counted and not shown is shown
 * by the next worker, once, unless it is no news any more.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { privateStore } from '../../../lib/private-store';
import type { OrderView } from '../../../lib/views';
import { STALE_AFTER_MS } from '../../../lib/watch';
import { addFind, readFinds, UNSHOWN_KEY } from '../../../lib/watch/unshown';
import { addr, order, watchService } from './fixtures';

const T0 = Date.UTC(2025, 0, 15, 12);
const HOUR = 60 * 60_000;
const WHALE = addr(1);
const SHARK = addr(2);
const A = addr(60);
const B = addr(61);

beforeEach(() => {
  fakeBrowser.reset();
});

/** One browser profile: shared storage, REST state and clock; each `worker()` is a fresh service worker. */
function profile(lists: Record<string, OrderView[]>) {
  const clock = { t: T0 };
  /** Wallets whose fetch never answers: the worker is stopped while it waits. */
  const hang = new Set<string>();
  let hung: () => void = () => {};
  const worker = async () => {
    const sw = watchService({
      now: () => clock.t,
      fetchOrders: async (w) => {
        if (hang.has(w)) {
          hung();
          return new Promise<never>(() => {});
        }
        return lists[w] ?? [];
      },
    });
    await sw.svc.start();
    return sw;
  };
  /** Resolves when a hanging fetch is asked for: everything before it in the catch-up is done. */
  const stuck = () => new Promise<void>((resolve) => (hung = resolve));
  return { clock, hang, worker, stuck, endSession: () => fakeBrowser.storage.session.clear() };
}

/** Two watched wallets whose lists the first worker took; then both fill while no worker runs. */
async function twoWalletsFilledMeanwhile() {
  const lists: Record<string, OrderView[]> = {
    [WHALE]: [order(A, { owner: WHALE })],
    [SHARK]: [order(B, { owner: SHARK })],
  };
  const p = profile(lists);
  const first = await p.worker();
  first.svc.setLiveState('live');
  await first.svc.add(WHALE, 'Whale');
  await first.svc.add(SHARK, 'Shark');
  await first.svc.idle();
  p.clock.t += HOUR;
  const filledTo = (o: string, owner: string, used: number) =>
    order(o, { owner, used, usedUsd: used, rawUsed: String(used * 1e6), remaining: 1000 - used });
  lists[WHALE] = [filledTo(A, WHALE, 300)]; // 2 fills
  lists[SHARK] = [filledTo(B, SHARK, 250)]; // 1 fill
  return p;
}

/** A worker whose catch-up has done the whale and is stopped while fetching the shark. */
async function stoppedAfterWhale(p: Awaited<ReturnType<typeof twoWalletsFilledMeanwhile>>) {
  p.hang.add(SHARK);
  const stuck = p.stuck();
  const w = await p.worker();
  w.svc.setLiveState('live');
  await stuck;
  await new Promise((r) => setTimeout(r, 0));
  // the whale's fills are counted, not shown: the catch-up shows its finds when it ends
  expect(w.badge.last()).toBe('2');
  expect(w.messages()).toEqual([]);
  p.hang.clear();
  return w;
}

describe('a catch-up stopped partway', () => {
  it('what it counted is shown by the next worker of the session; the rest is caught up on as usual', async () => {
    const p = await twoWalletsFilledMeanwhile();
    await stoppedAfterWhale(p);
    p.clock.t += 60_000;
    const next = await p.worker();
    expect(next.messages()).toEqual(['While you were away: 2 fills: 100 USDC → SOL ($100), 20% done']);
    expect(next.n.created).toEqual([`ol|${WHALE}|${A}|away`]);
    next.svc.setLiveState('live');
    await next.svc.idle();
    expect(next.messages()).toEqual([
      'While you were away: 2 fills: 100 USDC → SOL ($100), 20% done',
      'While you were away: Filled: 50 USDC → SOL ($50), 20% done',
    ]);
    expect(next.badge.last()).toBe('3');
    // shown once: a third worker has nothing left to show
    const third = await p.worker();
    third.svc.setLiveState('live');
    await third.svc.idle();
    expect(third.messages()).toEqual([]);
  });

  it('after a browser restart too (what is left unshown is kept on disk, in the private store)', async () => {
    const p = await twoWalletsFilledMeanwhile();
    await stoppedAfterWhale(p);
    await p.endSession(); // the browser closes
    p.clock.t += 9 * HOUR;
    const next = await p.worker();
    expect(next.messages()).toEqual(['While you were away: 2 fills: 100 USDC → SOL ($100), 20% done']);
    next.svc.setLiveState('live');
    await next.svc.idle();
    expect(next.messages()).toEqual([
      'While you were away: 2 fills: 100 USDC → SOL ($100), 20% done',
      'While you were away: Filled: 50 USDC → SOL ($50), 20% done',
    ]);
  });

  it('what is left unshown for longer than the staleness bound is dropped, as a stale list is refreshed silently', async () => {
    const p = await twoWalletsFilledMeanwhile();
    await stoppedAfterWhale(p);
    await p.endSession();
    p.clock.t += STALE_AFTER_MS + HOUR;
    const next = await p.worker();
    next.svc.setLiveState('live');
    await next.svc.idle();
    expect(next.messages()).toEqual([]);
    expect(await privateStore.getItem(UNSHOWN_KEY)).toBeNull();
  });

  it('a catch-up that ends shows its finds and leaves nothing for the next worker', async () => {
    const p = await twoWalletsFilledMeanwhile();
    const w = await p.worker();
    w.svc.setLiveState('live');
    await w.svc.idle();
    expect(w.messages()).toEqual([
      'While you were away: 2 fills: 100 USDC → SOL ($100), 20% done',
      'While you were away: Filled: 50 USDC → SOL ($50), 20% done',
    ]);
    const next = await p.worker();
    expect(next.messages()).toEqual([]);
  });
});

describe('what is kept unshown', () => {
  const fill = (order: string | null, usd: number | null = null) => ({
    eventName: 'Filled',
    count: 1,
    order,
    usd,
  });
  const detail = {
    input: { mint: 'M1', symbol: 'USDC', decimals: 6 },
    output: { symbol: 'SOL', decimals: 9 },
    amount: 50,
    received: 0.31,
    returned: null,
    progress: 40,
    frequency: '1h',
    status: null,
  };

  it('one entry per wallet; each change kept with what its text says, up to 50, then a count per kind', () => {
    const one = addFind([], WHALE, [{ ...fill(A, 50), detail }], 5);
    expect(one).toEqual([{ wallet: WHALE, at: 5, events: [{ ...fill(A, 50), detail }] }]);
    const more = addFind(one, WHALE, [fill(B), { eventName: 'Opened', count: 1, order: B, usd: 1000 }], 9);
    expect(more).toEqual([
      {
        wallet: WHALE,
        at: 5,
        events: [
          { ...fill(A, 50), detail },
          { ...fill(B), detail: undefined },
          { eventName: 'Opened', count: 1, order: B, usd: 1000, detail: undefined },
        ],
      },
    ]);
    expect(addFind(more, SHARK, [], 9)).toEqual(more);
    // storage stays bounded: past 50 changes, a count per kind (several changes open the wallet)
    const many = addFind(
      more,
      WHALE,
      Array.from({ length: 60 }, () => fill(A)),
      12,
    );
    expect(many).toEqual([
      {
        wallet: WHALE,
        at: 5,
        events: [
          { eventName: 'Filled', count: 62, order: null },
          { eventName: 'Opened', count: 1, order: null },
        ],
      },
    ]);
  });

  it('reads back only what has the expected shape, each field of what the text says checked', () => {
    expect(readFinds(null)).toEqual([]);
    expect(
      readFinds([
        { wallet: WHALE, at: 1, events: [{ ...fill(A, 50), detail }, { eventName: 'Filled' }] },
        { wallet: SHARK, at: 'x', events: [fill(B)] },
        { wallet: SHARK, at: 2, events: [] },
      ]),
    ).toEqual([{ wallet: WHALE, at: 1, events: [{ ...fill(A, 50), detail }] }]);
    // a detail written by something else: numbers must be numbers, text must be text
    const [read] = readFinds([
      {
        wallet: WHALE,
        at: 1,
        events: [{ ...fill(A, Number.NaN), detail: { ...detail, amount: '50', input: 'USDC', status: 7 } }],
      },
    ]);
    expect(read!.events[0]).toEqual({
      ...fill(A, null),
      detail: { ...detail, amount: null, input: null, status: null },
    });
  });
});
