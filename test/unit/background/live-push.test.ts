/**
 * Live DCA messages reaching tabs: real simulator events (over HTTP), parsed by the real live schema,
 * merged into a real cache (fake-indexeddb), routed by the real tab subscriptions. Only the hub's
 * room bookkeeping and the browser's tab messaging are stand-ins (what was sent is recorded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../../lib/api/schemas/dca';
import { parseLiveMessage } from '../../../lib/api/schemas/live';
import { createLivePush } from '../../../lib/background/live-push';
import { topicRooms } from '../../../lib/background/services';
import { createTabLive } from '../../../lib/background/tab-live';
import { toOrderView } from '../../../lib/background/views';
import type { LiveHub } from '../../../lib/live/types';
import type { Pushes } from '../../../lib/messaging';
import type { OrderView } from '../../../lib/views';
import { type Sim, startSim } from '../../sim';
import { setup as freshCache } from '../cache/helpers';
import { control, rest } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 11, eventsPerSecond: 0 });
});
afterAll(async () => {
  await sim?.close();
});

async function orderView(address: string): Promise<OrderView> {
  return toOrderView(Order.parse(await rest(sim, `/dca/order/${address}?program=jupiter`)));
}

function setup(unreachable: number[] = []) {
  const cache = freshCache().make();
  const hub = { acquire() {}, release() {}, releaseOwner() {}, status: () => ({ state: 'live' }) };
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
    onWatchedEvent: (event) => watched.push(String(event.eventName)),
  });
  return { cache, tabs, sent, released, watched, onLive };
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
    const before = await orderView(address);
    await cache.put('order', address, before);
    tabs.subscribe(7, { kind: 'order', address });
    tabs.subscribe(9, { kind: 'order', address: sim.catalog.orders[3]! });

    await emit(address, 'Deposit'); // a transaction the worker never saw (a dropped socket)
    const snapshot = await emit(address, 'Position');
    expect(snapshot.message.kind).toBe('dca-position');
    await onLive(snapshot.message, snapshot.rooms);

    const now = await orderView(address);
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
    await cache.put('order', address, await orderView(address));
    tabs.subscribe(7, { kind: 'order', address });
    tabs.subscribe(8, { kind: 'order', address });
    const deposit = await emit(address, 'Deposit');
    await onLive(deposit.message, deposit.rooms);
    await new Promise((r) => setTimeout(r, 0)); // the failed send's release
    const now = await orderView(address);
    expect(sent.map((s) => s.tabId)).toEqual([7]);
    expect(sent[0]!.event.fill).not.toBeNull();
    expect(sent[0]!.event.order?.deposited).toBe(now.deposited);
    expect(released).toEqual([8]);
    expect(tabs.targets(deposit.rooms).map((t) => t.tabId)).toEqual([7]);
    expect(watched).toEqual(['Deposit']);
  });
});
