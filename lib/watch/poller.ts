/**
 * Watching without the datastream (a plan without it, or a socket down for long): on each alarm tick
 * one watched wallet's orders are fetched through REST (round-robin, so the whole watchlist costs one
 * request per tick and stays inside the plan's rate limit), compared with the last list stored for
 * that wallet, and the differences become events for the notifier.
 */
import { storage } from 'wxt/utils/storage';
import type { DcaTxEvent } from '../api/schemas/live';
import { mergeOrderView, type OrderPageView, type OrderView } from '../views';
import { closedAlias, openedAlias, type WatchEvent } from './event';

export const POLL_ALARM = 'watch-poll';

/** The fields the diff reads; stored per wallet instead of whole views to keep storage small. */
export type OrderSnapshot = Pick<
  OrderView,
  | 'address'
  | 'status'
  | 'deposited'
  | 'depositedUsd'
  | 'used'
  | 'usedUsd'
  | 'remaining'
  | 'remainingUsd'
  | 'perCycle'
  | 'rawDeposited'
  | 'rawUsed'
  | 'createdAt'
>;

export type ChangeKind = 'fill' | 'opened' | 'closed' | 'deposit';
export interface OrderChange {
  kind: ChangeKind;
  order: string;
  /** Fills: how many cycles the increase of `used` stands for. Otherwise 1. */
  count: number;
  usd: number | null;
  /** Derived from the order's state, so finding the same change twice gives the same key. */
  key: string;
}

const TERMINAL = /^(completed|closed|cancell?ed|expired)$/i;
const EVENT_NAME: Record<ChangeKind, string> = {
  fill: 'Filled',
  opened: 'Opened',
  closed: 'Closed',
  deposit: 'Deposit',
};

export function snapshot(o: OrderSnapshot): OrderSnapshot {
  return {
    address: o.address,
    status: o.status,
    deposited: o.deposited,
    depositedUsd: o.depositedUsd,
    used: o.used,
    usedUsd: o.usedUsd,
    remaining: o.remaining,
    remainingUsd: o.remainingUsd,
    perCycle: o.perCycle,
    rawDeposited: o.rawDeposited,
    rawUsed: o.rawUsed,
    createdAt: o.createdAt ?? null,
  };
}

/** >0 when b is larger; exact on base-unit strings, tolerant of float noise otherwise. */
function grew(
  rawA: string | null,
  rawB: string | null,
  a: number | null,
  b: number | null,
): { up: boolean; delta: number | null } {
  if (rawA && rawB && /^\d+$/.test(rawA) && /^\d+$/.test(rawB)) {
    const up = BigInt(rawB) > BigInt(rawA);
    return { up, delta: a !== null && b !== null ? b - a : null };
  }
  if (a === null || b === null) return { up: false, delta: null };
  return { up: b - a > Math.max(1e-9, Math.abs(a) * 1e-9), delta: b - a };
}

const usdDelta = (a: number | null, b: number | null) => (a !== null && b !== null && b > a ? b - a : null);

/**
 * What changed between two lists of one wallet's orders. An order missing from `after` says
 * nothing (the list is one page, or filtered): only orders present in both, or new ones, count.
 * `since` (unix ms) is when `before` was first taken: an unknown order created before then is an
 * old order that moved into the page (activity re-sorts it), not a new one, and says nothing.
 */
export function diffOrders(
  before: readonly OrderSnapshot[],
  after: readonly OrderSnapshot[],
  since: number | null = null,
): OrderChange[] {
  const old = new Map(before.map((o) => [o.address, o]));
  const out: OrderChange[] = [];
  for (const o of after) {
    const b = old.get(o.address);
    if (!b && since !== null && typeof o.createdAt === 'number' && o.createdAt < since) continue;
    if (!b) {
      out.push({
        kind: 'opened',
        order: o.address,
        count: 1,
        usd: o.depositedUsd,
        key: openedAlias(o.address),
      });
      if (TERMINAL.test(o.status)) out.push(closed(o));
      continue;
    }
    const used = grew(b.rawUsed, o.rawUsed, b.used, o.used);
    if (used.up) {
      const per = o.perCycle ?? b.perCycle;
      const cycles = per && per > 0 && used.delta !== null ? Math.round(used.delta / per) : 1;
      const state = o.rawUsed ?? String(o.used);
      out.push({
        kind: 'fill',
        order: o.address,
        count: Math.max(1, cycles),
        usd: usdDelta(b.usedUsd, o.usedUsd),
        key: `poll:fill:${o.address}:${state}`,
      });
    }
    // A deposit raises what was deposited; when that is not reported, remaining going up shows it.
    const dep = grew(b.rawDeposited, o.rawDeposited, b.deposited, o.deposited);
    const rem = grew(null, null, b.remaining, o.remaining);
    if (dep.up || rem.up) {
      const state = o.rawDeposited ?? String(o.deposited ?? o.remaining);
      out.push({
        kind: 'deposit',
        order: o.address,
        count: 1,
        usd: dep.up ? usdDelta(b.depositedUsd, o.depositedUsd) : usdDelta(b.remainingUsd, o.remainingUsd),
        key: `poll:deposit:${o.address}:${state}`,
      });
    }
    if (TERMINAL.test(o.status) && !TERMINAL.test(b.status)) out.push(closed(o));
  }
  return out;
}

function closed(o: OrderSnapshot): OrderChange {
  return { kind: 'closed', order: o.address, count: 1, usd: null, key: closedAlias(o.address) };
}

export function changeToEvent(wallet: string, c: OrderChange, at: number): WatchEvent {
  return {
    key: c.key,
    aliases: [],
    wallet,
    eventName: EVENT_NAME[c.kind],
    order: c.order,
    at,
    usd: c.usd,
    count: c.count,
    source: 'poll',
  };
}

const baselineKey = (wallet: string) => `local:watch:orders:${wallet}` as const;
const CURSOR_KEY = 'local:watch:pollCursor';
/** Orders kept per wallet: every order seen, so a page that re-sorts never loses what was known. */
const KEEP_ORDERS = 500;

/** What is stored per wallet: the orders seen and when the first poll took them. */
interface Baseline {
  at: number | null;
  orders: OrderSnapshot[];
}

/** A plain list is the earlier format (no time: every unknown order counts as new, as before). */
function readBaseline(value: unknown): Baseline | null {
  if (Array.isArray(value)) return { at: null, orders: value as OrderSnapshot[] };
  if (value && typeof value === 'object' && Array.isArray((value as Baseline).orders)) {
    const at = (value as Baseline).at;
    return { at: typeof at === 'number' ? at : null, orders: (value as Baseline).orders };
  }
  return null;
}

/** `known` updated with `fresh` (fresh wins); orders only in `known` are kept, newest first, bounded. */
function mergeOrders(known: readonly OrderSnapshot[], fresh: readonly OrderSnapshot[]): OrderSnapshot[] {
  const seen = new Set(fresh.map((o) => o.address));
  return [...fresh, ...known.filter((o) => !seen.has(o.address))].slice(0, KEEP_ORDERS);
}

/**
 * Every page of a wallet's orders up to `maxPages`, following the cursor: the poller compares the
 * whole list, since a one-page answer sorted by activity leaves out exactly the order that changed.
 */
export async function fetchAllOrders(
  page: (cursor: string | undefined) => Promise<OrderPageView>,
  maxPages = 5,
): Promise<OrderView[]> {
  const out: OrderView[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const p = await page(cursor);
    out.push(...p.orders);
    if (!p.hasMore || !p.nextCursor) break;
    cursor = p.nextCursor;
  }
  return out;
}

export interface PollerOptions {
  wallets: () => readonly string[];
  fetchOrders: (wallet: string) => Promise<OrderView[]>;
  now?: () => number;
}

export interface PollResult {
  wallet: string;
  changes: OrderChange[];
  events: WatchEvent[];
  /** The first poll of a wallet only records what is there: existing orders are not news. */
  baseline: boolean;
}

export type Poller = ReturnType<typeof createPoller>;

export function createPoller(opts: PollerOptions) {
  const now = opts.now ?? Date.now;

  async function nextWallet(): Promise<string | null> {
    const list = opts.wallets();
    if (list.length === 0) return null;
    // The cursor is the last wallet polled, stored so a worker restart continues the rotation.
    const last = await storage.getItem<string>(CURSOR_KEY);
    const i = last ? list.indexOf(last) : -1;
    return list[(i + 1) % list.length] ?? null;
  }

  return {
    /** Polls the next wallet. A failed fetch throws and leaves the stored list as it was. */
    async tick(): Promise<PollResult | null> {
      const wallet = await nextWallet();
      if (!wallet) return null;
      await storage.setItem(CURSOR_KEY, wallet);
      const orders = await opts.fetchOrders(wallet);
      const before = readBaseline(await storage.getItem(baselineKey(wallet)));
      const after = orders.map(snapshot);
      const t = now();
      const stored: Baseline = {
        at: before ? before.at : t,
        orders: mergeOrders(before?.orders ?? [], after),
      };
      await storage.setItem(baselineKey(wallet), stored);
      if (!before) return { wallet, changes: [], events: [], baseline: true };
      const changes = diffOrders(before.orders, after, before.at);
      return { wallet, changes, events: changes.map((c) => changeToEvent(wallet, c, t)), baseline: false };
    },

    /**
     * Applies a live event to the stored list, so the next poll does not report again what the
     * datastream already delivered (a fill raises `used`, a deposit `deposited`).
     */
    async observeLive(wallet: string, event: DcaTxEvent): Promise<void> {
      const live = event.order;
      if (!live) return;
      const key = baselineKey(wallet);
      const stored = readBaseline(await storage.getItem(key));
      if (!stored) return;
      const list = stored.orders;
      const i = list.findIndex((o) => o.address === event.address);
      const base = list[i];
      if (!base) return;
      list[i] = snapshot(mergeOrderView(base, live));
      await storage.setItem(key, { ...stored, orders: list });
    },

    /** Drops the stored list of a wallet no longer watched. */
    forget: (wallet: string): Promise<void> => storage.removeItem(baselineKey(wallet)),
  };
}
