import type { Hub } from './datastream';
import { applyEvent, EVENT_NAMES, type EventName, openOrder, pickOrder } from './events';
import { dataError, ok, type Reply, type Req } from './http';
import type { Catalog } from './index';
import { orderJson, remainingRaw } from './orders';
import { type Faults, NO_FAULTS, resetState, type SimState } from './state';

export function catalogOf(s: SimState): Catalog {
  const w = s.world;
  return {
    wallets: [...w.wallets],
    queuedWallets: [...w.queuedWallets],
    mints: w.tokens.map((t) => t.mint),
    tokens: w.tokens.map((t) => ({ symbol: t.symbol, name: t.name, priceUsd: t.priceUsd })),
    orders: [...w.initialOrders],
    pools: [...w.pools],
    events: {
      polymarket: w.events.filter((e) => e.exchange === 'polymarket').map((e) => e.slug),
      kalshi: w.events.filter((e) => e.exchange === 'kalshi').map((e) => e.ticker),
    },
    slots: { confirmed: [...w.slots.confirmed], unconfirmed: [...w.slots.unconfirmed] },
    token2022: { mints: [...w.token2022.mints], accounts: [...w.token2022.accounts] },
  };
}

function parseFaults(body: unknown): Faults | string {
  if (!body || typeof body !== 'object') return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  const f: Faults = { ...NO_FAULTS };
  const num = (k: keyof Faults, min: number, max: number) => {
    const v = b[k];
    if (v === undefined) return true;
    if (typeof v !== 'number' || !(v >= min && v <= max)) return false;
    (f as unknown as Record<string, unknown>)[k] = v;
    return true;
  };
  if (
    !num('latencyMs', 0, 60_000) ||
    !num('errorRate', 0, 1) ||
    !num('status', 100, 599) ||
    !num('retryAfter', 0, 86_400) ||
    !num('dropSocketAfterMs', 0, 3_600_000)
  ) {
    return 'invalid numeric fault value';
  }
  if (b.status !== undefined && b.errorRate === undefined) f.errorRate = 1;
  f.malformed = b.malformed === true;
  f.silentSocket = b.silentSocket === true;
  f.paths = typeof b.paths === 'string' && b.paths ? b.paths : null;
  return f;
}

/** `/__sim/*` control routes (no key needed). */
export function controlRoute(s: SimState, hub: Hub, r: Req, seg: string[]): Reply | null {
  const [a] = seg;
  if (a === 'catalog' && r.method === 'GET') return ok(catalogOf(s));
  if (a === 'requests' && r.method === 'GET') return ok(s.log);
  if (a === 'requests' && r.method === 'DELETE') {
    s.log.length = 0;
    return ok({ cleared: true });
  }
  if (a === 'faults' && r.method === 'GET') return ok(s.faults);
  if (a === 'faults' && r.method === 'POST') {
    const f = parseFaults(r.body ?? {});
    if (typeof f === 'string') return dataError(400, 'INVALID_FAULTS', f);
    s.faults = f;
    hub.faultsChanged();
    return ok(f);
  }
  if (a === 'reset' && r.method === 'POST') {
    resetState(s);
    hub.faultsChanged();
    return ok({ reset: true });
  }
  if (a === 'status' && r.method === 'POST') {
    // An order the service reports with a status the spec does not list (`null` sends its own again).
    const b = (r.body ?? {}) as { order?: unknown; status?: unknown };
    const o = typeof b.order === 'string' ? s.world.orderByAddress.get(b.order) : undefined;
    if (!o) return dataError(404, 'NOT_FOUND', 'order not found');
    if (b.status === null) delete o.wireStatus;
    else if (typeof b.status === 'string' && b.status.length <= 200) o.wireStatus = b.status;
    else return dataError(400, 'INVALID_STATUS', 'status must be a string (at most 200 characters) or null');
    o.lastActivityAt = Date.now();
    return ok(orderJson(o));
  }
  if (a === 'index' && r.method === 'POST') {
    const count = s.unindexed.size;
    s.unindexed.clear();
    return ok({ indexed: count });
  }
  if (a === 'emit' && r.method === 'POST') {
    const b = (r.body ?? {}) as {
      wallet?: string;
      order?: string;
      mint?: string;
      eventName?: string;
      publish?: boolean;
      indexed?: boolean;
    };
    const name = EVENT_NAMES.find((n) => n.toLowerCase() === String(b.eventName ?? 'Filled').toLowerCase());
    if (!name) return dataError(400, 'INVALID_EVENT', `eventName must be one of ${EVENT_NAMES.join(', ')}`);
    const opened = name === 'Opened' && !b.order;
    const o = opened ? openOrder(s, b.wallet, b.mint) : pickOrder(s, b, name);
    if (!o) return dataError(404, 'NOT_FOUND', 'no order matches wallet/mint for this event');
    // `indexed: false`: REST goes on serving the order as it was before (its first unindexed state
    // is kept) until `POST /__sim/index`, as an indexer behind the chain would.
    if (b.indexed === false && !s.unindexed.has(o.address))
      s.unindexed.set(o.address, opened ? null : structuredClone(o));
    const ev = applyEvent(s, o, name);
    // `publish: false` changes the state without telling the datastream: an event a client missed.
    if (b.publish !== false) hub.publish(ev.rooms, ev.data);
    return ok(ev.data);
  }
  return null;
}

/** One random, state-consistent background event (only while datastream clients are connected). */
export function backgroundEvent(s: SimState, hub: Hub): void {
  if (!hub.hasClients) return;
  const r = s.rng.next();
  const name: EventName =
    r < 0.5 ? 'Filled' : r < 0.75 ? 'Position' : r < 0.85 ? 'Deposit' : r < 0.95 ? 'CollectedFee' : 'Opened';
  if (name === 'Opened') {
    const o = openOrder(s);
    const ev = applyEvent(s, o, name);
    hub.publish(ev.rooms, ev.data);
    return;
  }
  const orders = s.world.orders;
  for (let tries = 0; tries < 20; tries++) {
    const o = orders[s.rng.int(0, orders.length - 1)]!;
    const protectedOrder = (s.world.walletIndex.get(o.owner) ?? 99) < 5;
    if (
      name === 'Filled' &&
      (o.status !== 'active' || (protectedOrder && remainingRaw(o) <= o.perCycleRaw * 2n))
    )
      continue;
    if (name === 'Deposit' && o.status === 'completed') continue;
    const ev = applyEvent(s, o, name);
    hub.publish(ev.rooms, ev.data);
    return;
  }
}
