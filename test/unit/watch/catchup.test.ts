/**
 * What a catch-up announces, and how: after a browser restart or an extension update (both clear
 * chrome.storage.session) the changes since the stored lists are news, unless a list is not known
 * current for a week; a catch-up over many wallets is one summary, not one pop-up per wallet.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { privateStore } from '../../../lib/private-store';
import type { NotificationRules } from '../../../lib/settings';
import type { OrderView } from '../../../lib/views';
import { STALE_AFTER_MS } from '../../../lib/watch';
import { createPoller } from '../../../lib/watch/poller';
import { addr, order, rules, watchService } from './fixtures';

const T0 = Date.UTC(2025, 0, 15, 12);
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const W = addr(1);
const A = addr(60);

beforeEach(() => {
  fakeBrowser.reset();
});

/** One browser profile: shared storage, REST state and clock; each `worker()` is a fresh service worker. */
function profile(lists: Record<string, OrderView[]>, opts: { rules?: NotificationRules } = {}) {
  const clock = { t: T0 };
  const fetched: string[] = [];
  const worker = async () => {
    const sw = watchService({
      getRules: () => opts.rules ?? rules(),
      now: () => clock.t,
      fetchOrders: async (w) => {
        fetched.push(w);
        return lists[w] ?? [];
      },
    });
    await sw.svc.start();
    return sw;
  };
  /** The browser closes (or the extension is updated): session storage is gone, local storage stays. */
  const endSession = () => fakeBrowser.storage.session.clear();
  return { clock, fetched, worker, endSession };
}

const filledTo = (used: number, patch: Partial<OrderView> = {}) =>
  order(A, { owner: W, used, usedUsd: used, rawUsed: String(used * 1e6), remaining: 1000 - used, ...patch });

describe('after a browser restart', () => {
  it('what the watched wallets did overnight is announced once the stream is live', async () => {
    const lists = { [W]: [order(A, { owner: W })] };
    const p = profile(lists);
    const before = await p.worker();
    before.svc.setLiveState('live');
    await before.svc.add(W, 'Whale');
    await before.svc.idle();
    await before.svc.pollTick(); // the alarm ticks while the stream is live
    await before.svc.idle();

    await p.endSession();
    p.clock.t += 9 * HOUR; // overnight
    lists[W] = [filledTo(300)];
    const after = await p.worker();
    after.svc.setLiveState('live');
    await after.svc.idle();
    expect(after.messages()).toEqual(['While you were away: 2 fills: 100 USDC → SOL ($100), 20% done']);
    expect(after.badge.last()).toBe('2');
  });

  it('an extension update (session storage cleared too) announces what happened meanwhile, the same way', async () => {
    const lists = { [W]: [order(A, { owner: W })] };
    const p = profile(lists);
    const before = await p.worker();
    before.svc.setLiveState('live');
    await before.svc.add(W, 'Whale');
    await before.svc.idle();

    await p.endSession(); // the update reloads the extension: new worker, no session
    p.clock.t += 30_000;
    lists[W] = [order(A, { owner: W }), order(addr(61), { owner: W, createdAt: p.clock.t - 10_000 })];
    const updated = await p.worker();
    updated.svc.setLiveState('live');
    await updated.svc.idle();
    expect(updated.messages()).toEqual(['While you were away: Opened: 1K USDC → SOL ($1K), every hour']);
  });

  it('a list not known current for more than a week is refreshed silently; the next gap is news again', async () => {
    const lists = { [W]: [order(A, { owner: W })] };
    const p = profile(lists);
    const before = await p.worker();
    before.svc.setLiveState('live');
    await before.svc.add(W, 'Whale');
    await before.svc.idle();
    before.svc.setLiveState('offline'); // the laptop goes in a drawer
    await before.svc.idle();

    await p.endSession();
    p.clock.t += STALE_AFTER_MS + DAY;
    lists[W] = [filledTo(300)];
    const after = await p.worker();
    after.svc.setLiveState('live');
    const out = await after.svc.sync(); // (joins the run the live state started)
    await after.svc.idle();
    expect(out.synced).toEqual([{ wallet: W, mode: 'announce', baseline: false, changes: [] }]);
    expect(after.messages()).toEqual([]);
    expect(after.badge.last()).toBe('');

    // the list is current now: a change during the next gap is announced
    after.svc.setLiveState('reconnecting');
    p.clock.t += 2 * 60_000;
    lists[W] = [filledTo(350)];
    after.svc.setLiveState('live');
    await after.svc.reconnected();
    expect(after.messages()).toEqual(['While you were away: Filled: 50 USDC → SOL ($50), 20% done']);
  });

  it('a list the datastream kept current is not stale, however long since REST last read it', async () => {
    const lists = { [W]: [order(A, { owner: W })] };
    const p = profile(lists);
    const svc = (await p.worker()).svc;
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();
    // live for ten days, the wallet quiet, the alarm ticking
    for (let d = 0; d < 10; d++) {
      p.clock.t += DAY;
      await svc.pollTick();
    }
    await svc.idle();
    await p.endSession();
    p.clock.t += HOUR;
    lists[W] = [filledTo(250)];
    const next = await p.worker();
    next.svc.setLiveState('live');
    await next.svc.idle();
    expect(next.messages()).toEqual(['While you were away: Filled: 50 USDC → SOL ($50), 20% done']);
  });
});

describe('the stored list and the staleness bound (poller)', () => {
  it('a list of the previous version (no check time) counts from when it was taken', async () => {
    const key = `local:watch:orders:${W}` as const;
    const p = createPoller({
      wallets: () => [W],
      fetchOrders: async () => [filledTo(300)],
      now: () => T0,
    });
    await privateStore.setItem(key, { at: T0 - 30 * DAY, orders: [order(A, { owner: W })] });
    expect(await p.sync(W, 'announce')).toMatchObject({ stale: true, changes: [], since: T0 - 30 * DAY });
    // refreshed: now it is current
    expect(await privateStore.getItem(key)).toMatchObject({ at: T0 - 30 * DAY, checkedAt: T0 });

    await privateStore.setItem(key, { at: T0 - HOUR, orders: [order(A, { owner: W })] });
    expect(await p.sync(W, 'announce')).toMatchObject({ stale: false, changes: [{ kind: 'fill' }] });
    // what the caller knows (the stream kept it current until a minute ago) counts too
    await privateStore.setItem(key, {
      at: T0 - 30 * DAY,
      checkedAt: T0 - 20 * DAY,
      orders: [order(A, { owner: W })],
    });
    expect(await p.sync(W, 'announce', { currentAt: T0 - 60_000 })).toMatchObject({
      stale: false,
      since: T0 - 60_000,
      changes: [{ kind: 'fill' }],
    });
  });
});

describe('a catch-up over many wallets', () => {
  const wallets = Array.from({ length: 8 }, (_, i) => addr(100 + i));
  const orderOf = (i: number) => addr(300 + i);
  const start = (i: number) => [order(orderOf(i), { owner: wallets[i] })];

  async function gap(changed: number) {
    const lists = Object.fromEntries(wallets.map((w, i) => [w, start(i)]));
    const p = profile(lists);
    const { svc, n, badge, messages } = await p.worker();
    svc.setLiveState('live');
    for (const [i, w] of wallets.entries()) await svc.add(w, `W${i}`);
    await svc.idle();
    svc.setLiveState('reconnecting');
    p.clock.t += 5 * 60_000;
    for (let i = 0; i < changed; i++) {
      // wallet i: i+1 fills of 50 (perCycle 50)
      const used = 200 + 50 * (i + 1);
      lists[wallets[i]!] = [
        order(orderOf(i), { owner: wallets[i], used, usedUsd: used, rawUsed: String(used * 1e6) }),
      ];
    }
    lists[wallets[0]!]!.push(order(addr(500), { owner: wallets[0], createdAt: p.clock.t - 1000 }));
    svc.setLiveState('live');
    await svc.reconnected();
    return { svc, n, badge, messages };
  }

  it('more than three wallets changed: one summary naming the busiest; its click opens the watchlist and reads none', async () => {
    const { svc, n, badge, messages } = await gap(5);
    // 1+2+3+4+5 fills, and a new order on the first wallet
    expect(messages()).toEqual([
      'While you were away: 15 fills, 1 new order across 5 wallets: W4, W3 and 3 more',
    ]);
    expect(n.created).toEqual(['ol|all|-|away-all']);
    expect(n.shown.get(n.created[0]!)?.title).toBe('Watched wallets');
    // every change is counted, per wallet
    expect(badge.last()).toBe('16');
    expect((await svc.watchlist.unread()).byWallet).toMatchObject({ [wallets[0]!]: 2, [wallets[4]!]: 5 });
    // clicking opens the page listing every wallet with its unread count; none is read by the click
    expect(await svc.onClicked(n.created[0]!)).toBe('lookup.html');
    expect(badge.last()).toBe('16');
    expect((await svc.watchlist.unread()).total).toBe(16);
  });

  it('up to three wallets: one notification each; a wallet with exactly one change opens that order', async () => {
    const { svc, n, messages } = await gap(3);
    expect(messages().sort()).toEqual([
      'While you were away: 1 fill: 50 USDC → SOL ($50), 20% done; 1 new order ($1K)',
      'While you were away: 2 fills: 100 USDC → SOL ($100), 20% done',
      'While you were away: 3 fills: 150 USDC → SOL ($150), 20% done',
    ]);
    expect([...n.created].sort()).toEqual(
      [
        `ol|${wallets[0]}|-|away`,
        `ol|${wallets[1]}|${orderOf(1)}|away`,
        `ol|${wallets[2]}|${orderOf(2)}|away`,
      ].sort(),
    );
    expect(await svc.onClicked(`ol|${wallets[1]}|${orderOf(1)}|away`)).toBe(
      `lookup.html#q=order%20${orderOf(1)}`,
    );
  });
});
