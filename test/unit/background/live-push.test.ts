/**
 * Live DCA messages reaching tabs: real simulator events (over HTTP), parsed by the real live schema,
 * merged into a real cache (fake-indexeddb), routed by the real tab subscriptions. Only the hub's
 * room bookkeeping and the browser's tab messaging are stand-ins (what was sent is recorded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletDcaResponse } from '../../../lib/api/schemas/dca';
import { type LiveMessage, parseLiveMessage } from '../../../lib/api/schemas/live';
import { toWalletDcaEntry, type WalletDcaEntry } from '../../../lib/background/data';
import { createLivePush } from '../../../lib/background/live-push';
import { topicRooms } from '../../../lib/background/services';
import { createTabLive } from '../../../lib/background/tab-live';
import { deliveryRooms } from '../../../lib/live/targets';
import type { LiveHub } from '../../../lib/live/types';
import type { Pushes } from '../../../lib/messaging';
import type { OrderView } from '../../../lib/views';
import { type Sim, startSim } from '../../sim';
import { setup as freshCache } from '../cache/helpers';
import { control, rest, restOrderView } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 11, eventsPerSecond: 0 });
});
afterAll(async () => {
  await sim?.close();
});

function setup(unreachable: number[] = []) {
  const cache = freshCache().make();
  const hub = {
    acquire() {},
    release() {},
    releaseOwner() {},
    status: () => ({ state: 'live' }),
    watchStatus: () => () => {},
  };
  const tabs = createTabLive(hub as unknown as LiveHub);
  const sent: { tabId: number; event: Pushes['liveEvent'] }[] = [];
  const released: number[] = [];
  const watched: string[] = [];
  const onLive = createLivePush({
    cache,
    targets: (rooms) => tabs.targets(rooms),
    send: async (tabId, event) => {
      if (unreachable.includes(tabId)) throw new Error('Could not establish connection');
      sent.push({ tabId, event });
    },
    releaseTab: (tabId) => {
      released.push(tabId);
      tabs.releaseTab(tabId);
    },
    onTxEvent: (event) => watched.push(String(event.eventName)),
  });
  return { cache, tabs, sent, released, watched, onLive };
}

/** A wallet's first page of orders as the worker caches it for the wallet card (data.ts walletDca). */
async function walletList(wallet: string): Promise<WalletDcaEntry> {
  return toWalletDcaEntry(
    WalletDcaResponse.parse(await rest(sim, `/dca/wallet/${wallet}?program=jupiter&limit=10&sort=recent`)),
  );
}

/** A worker with the wallet's order list cached (as its card left it) and tab 7 showing its popover. */
async function walletTab(wallet: string) {
  const worker = setup();
  const before = await walletList(wallet);
  const listed = before.orders.orders.find((o) => o.status === 'active') ?? before.orders.orders[0]!;
  await worker.cache.put('walletDca', wallet, before);
  worker.tabs.subscribe(7, { kind: 'wallet', address: wallet });
  return { ...worker, before, listed };
}

/** The rooms the hub delivers a message to when the wallet's room is joined (the real routing). */
function withWalletRoom(message: LiveMessage, wallet: string): string[] {
  const room = topicRooms({ kind: 'wallet', address: wallet })[0]!;
  return deliveryRooms(message, (r) => r === room, new Set(['dcaWallet']));
}

/** Emits an event in the simulator; returns it as the worker receives it on the order's own room. */
async function emit(address: string, eventName: string) {
  const room = topicRooms({ kind: 'order', address })[0]!;
  const data = await control(sim, 'POST', '/__sim/emit', { order: address, eventName });
  const parsed = parseLiveMessage(room, data);
  if (!parsed.ok) throw new Error(`the simulator's ${eventName} did not parse: ${parsed.error.message}`);
  return { message: parsed.message, rooms: [room] };
}

describe('live DCA messages to tabs', () => {
  it('a position snapshot brings the tab the account as it is now (a transaction it missed included), and the cache keeps it', async () => {
    const address = sim.catalog.orders[2]!;
    const { cache, tabs, sent, watched, onLive } = setup();
    const before = await restOrderView(sim, address);
    await cache.put('order', address, before);
    tabs.subscribe(7, { kind: 'order', address });
    tabs.subscribe(9, { kind: 'order', address: sim.catalog.orders[3]! });

    await emit(address, 'Deposit'); // a transaction the worker never saw (a dropped socket)
    const snapshot = await emit(address, 'Position');
    expect(snapshot.message.kind).toBe('dca-position');
    await onLive(snapshot.message, snapshot.rooms);

    const now = await restOrderView(sim, address);
    expect(now.deposited).not.toBe(before.deposited);
    expect(sent.map((s) => s.tabId)).toEqual([7]);
    expect(sent[0]!.event.topic).toEqual({ kind: 'order', address });
    expect(sent[0]!.event.fill).toBeNull();
    expect(sent[0]!.event.order?.deposited).toBe(now.deposited);
    expect((await cache.get<OrderView>('order', address))?.value.deposited).toBe(now.deposited);
    expect(watched).toEqual([]); // a snapshot is no transaction: nothing to notify
  });

  it('a snapshot of an order nobody has open pushes nothing and caches nothing', async () => {
    const address = sim.catalog.orders[4]!;
    const { cache, tabs, sent, onLive } = setup();
    tabs.subscribe(7, { kind: 'order', address });
    const snapshot = await emit(address, 'Position');
    await onLive(snapshot.message, snapshot.rooms);
    expect(sent).toEqual([]);
    expect(await cache.get('order', address)).toBeUndefined();
  });

  it('a transaction event pushes its fill and the merged order; a tab gone lets go of its rooms', async () => {
    const address = sim.catalog.orders[5]!;
    const { cache, tabs, sent, released, watched, onLive } = setup([8]);
    await cache.put('order', address, await restOrderView(sim, address));
    tabs.subscribe(7, { kind: 'order', address });
    tabs.subscribe(8, { kind: 'order', address });
    const deposit = await emit(address, 'Deposit');
    await onLive(deposit.message, deposit.rooms);
    await new Promise((r) => setTimeout(r, 0)); // the failed send's release
    const now = await restOrderView(sim, address);
    expect(sent.map((s) => s.tabId)).toEqual([7]);
    expect(sent[0]!.event.fill).not.toBeNull();
    expect(sent[0]!.event.order?.deposited).toBe(now.deposited);
    expect(released).toEqual([8]);
    expect(tabs.targets(deposit.rooms).map((t) => t.tabId)).toEqual([7]);
    expect(watched).toEqual(['Deposit']);
  });

  it("a snapshot of an order only in its owner's cached order list: the list takes it, and the wallet's tab gets it", async () => {
    const wallet = sim.catalog.wallets[1]!;
    const { cache, sent, onLive, before, listed } = await walletTab(wallet);

    await emit(listed.address, 'Deposit'); // missed
    const snapshot = await emit(listed.address, 'Position');
    const rooms = withWalletRoom(snapshot.message, wallet);
    expect(rooms).toHaveLength(2); // the order's room, and the owner's found in the snapshot itself
    await onLive(snapshot.message, rooms);

    const now = await restOrderView(sim, listed.address);
    expect(now.deposited).not.toBe(listed.deposited);
    expect(sent.map((s) => [s.tabId, s.event.topic])).toEqual([[7, { kind: 'wallet', address: wallet }]]);
    expect(sent[0]!.event.fill).toBeNull();
    expect(sent[0]!.event.order?.address).toBe(listed.address);
    expect(sent[0]!.event.order?.deposited).toBe(now.deposited);
    const cached = (await cache.get<WalletDcaEntry>('walletDca', wallet))!.value;
    expect(cached.orders.orders.find((o) => o.address === listed.address)?.deposited).toBe(now.deposited);
    // The rest of the list and the summary are as they were; no order view was made up.
    expect(cached.orders.orders.filter((o) => o.address !== listed.address)).toEqual(
      before.orders.orders.filter((o) => o.address !== listed.address),
    );
    expect(cached.summary).toEqual(before.summary); // a deposit moves no order to another status
    expect(await cache.get('order', listed.address)).toBeUndefined();
  });

  it("a transaction event updates the order's entry in its owner's cached list, which the wallet's tab gets with the fill", async () => {
    const wallet = sim.catalog.wallets[2]!;
    const { cache, sent, onLive, listed } = await walletTab(wallet);

    const deposit = await emit(listed.address, 'Deposit');
    await onLive(deposit.message, withWalletRoom(deposit.message, wallet));

    const now = await restOrderView(sim, listed.address);
    expect(sent.map((s) => s.tabId)).toEqual([7]);
    expect(sent[0]!.event.fill?.order).toBe(listed.address);
    expect(sent[0]!.event.order?.deposited).toBe(now.deposited);
    const cached = (await cache.get<WalletDcaEntry>('walletDca', wallet))!.value;
    expect(cached.orders.orders.find((o) => o.address === listed.address)?.deposited).toBe(now.deposited);
  });

  it("an order of the list that closes moves from one count of the wallet's summary to another", async () => {
    const wallet = sim.catalog.wallets[3]!;
    const { cache, sent, onLive, before, listed } = await walletTab(wallet);
    expect(listed.status).toBe('active');
    const closed = await emit(listed.address, 'Closed');
    await onLive(closed.message, withWalletRoom(closed.message, wallet));

    const now = await restOrderView(sim, listed.address);
    expect(now.status).toBe('completed');
    expect(sent[0]!.event.order?.status).toBe('completed');
    const cached = (await cache.get<WalletDcaEntry>('walletDca', wallet))!.value;
    expect(cached.orders.orders.find((o) => o.address === listed.address)?.status).toBe('completed');
    expect(cached.summary).toEqual({
      ...before.summary,
      active: before.summary.active - 1,
      completed: before.summary.completed + 1,
    });
  });

  it('a snapshot with a status the spec does not list reaches the tab and the list as sent; the order leaves its count', async () => {
    const wallet = sim.catalog.wallets[4]!;
    const { cache, sent, onLive, before, listed } = await walletTab(wallet);
    expect(listed.status).toBe('active');
    const entry = async () => (await cache.get<WalletDcaEntry>('walletDca', wallet))!.value;
    await control(sim, 'POST', '/__sim/status', { order: listed.address, status: 'cancelled' });
    try {
      const snapshot = await emit(listed.address, 'Position'); // parsed, not dropped
      expect(snapshot.message.kind).toBe('dca-position');
      await onLive(snapshot.message, withWalletRoom(snapshot.message, wallet));
      expect(sent.map((s) => s.event.order?.status)).toEqual(['cancelled']);
      const cached = await entry();
      expect(cached.orders.orders.map((o) => o.address)).toEqual(before.orders.orders.map((o) => o.address));
      expect(cached.orders.orders.find((o) => o.address === listed.address)?.status).toBe('cancelled');
      // no longer active, and in no other count the spec lists (the total still has it)
      expect(cached.summary).toEqual({ ...before.summary, active: before.summary.active - 1 });
    } finally {
      await control(sim, 'POST', '/__sim/status', { order: listed.address, status: null });
    }
    // the service names it by a listed status again: it joins that count back
    const back = await emit(listed.address, 'Position');
    await onLive(back.message, withWalletRoom(back.message, wallet));
    expect((await entry()).orders.orders.find((o) => o.address === listed.address)?.status).toBe('active');
    expect((await entry()).summary).toEqual(before.summary);
  });
});
