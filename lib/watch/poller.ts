/**
 * Each watched wallet's orders as last known (the baseline), and what changed since, through REST.
 *
 * Watching without the datastream (a plan without it, or a socket down for long): on each alarm tick
 * one watched wallet's orders are fetched (round-robin, so the whole watchlist costs one request per
 * tick and stays inside the plan's rate limit), compared with the baseline, and the differences
 * become events for the notifier.
 *
 * With the datastream, the baseline is taken when a wallet is added and kept current from the live
 * events (`observeLive`, `observeSnapshot`), so the catch-up after a reconnect (`sync`) finds exactly
 * what the socket missed while it was down: the datastream replays nothing. What live events move is
 * written once per short window (`flushLive`), not once per event. Until that catch-up has run
 * (`streamChanged`), the live messages move the baseline by their own amounts only: the totals they
 * state include what was missed, which the catch-up is to find.
 */
import type { DcaTxEvent, LivePartialOrder } from '../api/schemas/live';
import { baseUnitsToNumber, isNum } from '../format';
import { privateStore } from '../private-store';
import { createKeyedTurns } from '../sched';
import { LIVE_TOTALS, mergeOrderView, type OrderPageView, type OrderView, toMs } from '../views';
import {
  type ChangeDetail,
  type ChangeToken,
  closedAlias,
  firstNonZeroUsd,
  openedAlias,
  type WatchEvent,
} from './event';

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
  | 'received'
  | 'perCycle'
  | 'rawDeposited'
  | 'rawUsed'
  | 'createdAt'
> & {
  /** When a live event last moved this order on (REST may not show it yet for a while). */
  liveAt?: number;
};

export type ChangeKind = 'fill' | 'opened' | 'closed' | 'deposit' | 'withdraw';
export interface OrderChange {
  kind: ChangeKind;
  order: string;
  /** Fills: how many cycles the increase of `used` stands for. Otherwise 1. */
  count: number;
  usd: number | null;
  /** Derived from the order's state, so finding the same change twice gives the same key. */
  key: string;
  /** What its notification says (amounts, tokens): added by `sync`, which has the full orders. */
  detail?: ChangeDetail;
}

const TERMINAL = /^(completed|closed|cancell?ed|expired)$/i;
const EVENT_NAME: Record<ChangeKind, string> = {
  fill: 'Filled',
  opened: 'Opened',
  closed: 'Closed',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
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
    // (lists stored by an earlier version have no `received`: unknown, never 0)
    received: o.received ?? null,
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

/** How much `b` is above `a`; null when it is not, or either is unknown (older stored lists lack some). */
const increase = (a: unknown, b: unknown): number | null => (isNum(a) && isNum(b) && b > a ? b - a : null);

/** Whether both lists report what was deposited (else a deposit shows as `remaining` going up). */
const depositKnown = (b: OrderSnapshot, o: OrderSnapshot) =>
  (b.rawDeposited !== null && o.rawDeposited !== null) || (b.deposited !== null && o.deposited !== null);

/**
 * What a withdrawal took out of an open order, in input-token units: what is left fell by more than
 * the fills spent while nothing was deposited. Null when there was none, or when the lists do not
 * tell (what is left or what was spent unknown, a deposit in between, a close returning the rest).
 */
function withdrawn(b: OrderSnapshot, o: OrderSnapshot): number | null {
  if (TERMINAL.test(o.status) || !isNum(b.remaining) || !isNum(o.remaining)) return null;
  if (!isNum(b.used) || !isNum(o.used)) return null;
  if (grew(b.rawDeposited, o.rawDeposited, b.deposited, o.deposited).up) return null;
  const drop = b.remaining - o.remaining - Math.max(0, o.used - b.used);
  return drop > Math.max(1e-9, Math.abs(b.remaining) * 1e-6) ? drop : null;
}

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
        usd: increase(b.usedUsd, o.usedUsd),
        key: `poll:fill:${o.address}:${state}`,
      });
    }
    // A deposit raises what was deposited; when that is not reported, remaining going up shows it.
    const dep = grew(b.rawDeposited, o.rawDeposited, b.deposited, o.deposited);
    const rem = depositKnown(b, o) ? { up: false } : grew(null, null, b.remaining, o.remaining);
    if (dep.up || rem.up) {
      const state = o.rawDeposited ?? String(o.deposited ?? o.remaining);
      out.push({
        kind: 'deposit',
        order: o.address,
        count: 1,
        usd: dep.up ? increase(b.depositedUsd, o.depositedUsd) : increase(b.remainingUsd, o.remainingUsd),
        key: `poll:deposit:${o.address}:${state}`,
      });
    }
    const taken = withdrawn(b, o);
    if (taken !== null) {
      out.push({
        kind: 'withdraw',
        order: o.address,
        count: 1,
        // at the price what was left had before
        usd: isNum(b.remainingUsd) && b.remaining ? (taken * b.remainingUsd) / b.remaining : null,
        key: `poll:withdraw:${o.address}:${o.remaining}`,
      });
    }
    if (TERMINAL.test(o.status) && !TERMINAL.test(b.status)) out.push(closed(o));
  }
  return out;
}

function closed(o: OrderSnapshot): OrderChange {
  return { kind: 'closed', order: o.address, count: 1, usd: closeUsd(o), key: closedAlias(o.address) };
}

/**
 * A close's value, read as the live Closed event's is (event.ts): what goes back to the owner (the
 * input left), else what the order traded, else its deposit; the first non-zero one, $0 only when
 * every known one is 0, null when none is known.
 */
function closeUsd(o: OrderSnapshot): number | null {
  return firstNonZeroUsd([o.remainingUsd, o.usedUsd, o.depositedUsd]);
}

const numOrNull = (v: unknown): number | null => (isNum(v) ? v : null);
/** How much `after` grew over `before`, in token units: exact on base units when both have them. */
function unitsIncrease(
  rawA: string | null | undefined,
  rawB: string | null | undefined,
  a: number | null | undefined,
  b: number | null | undefined,
  decimals: number | null | undefined,
): number | null {
  if (rawA && rawB && DIGITS.test(rawA) && DIGITS.test(rawB) && typeof decimals === 'number') {
    const d = BigInt(rawB) - BigInt(rawA);
    return d > 0n ? baseUnitsToNumber(String(d), decimals) : null;
  }
  return increase(a, b);
}

function changeToken(t: OrderView['input'] | null | undefined): ChangeToken | null {
  return t ? { mint: t.mint, symbol: t.symbol, decimals: t.decimals } : null;
}

/**
 * What a change says beyond its kind, from the stored order before it (`before`), the order as
 * compared (`after`) and the full order REST answered (`view`: tokens, progress, frequency).
 */
export function changeDetail(
  c: Pick<OrderChange, 'kind'>,
  before: OrderSnapshot | undefined,
  after: OrderSnapshot,
  view?: Pick<OrderView, 'input' | 'output' | 'progressPercent' | 'frequency'>,
): ChangeDetail {
  const d: ChangeDetail = {
    input: changeToken(view?.input),
    output: changeToken(view?.output),
    amount: null,
    received: null,
    returned: null,
    progress: numOrNull(view?.progressPercent),
    frequency: view?.frequency ?? null,
    status: null,
  };
  const decimals = view?.input?.decimals;
  switch (c.kind) {
    case 'fill':
      if (!before) break;
      d.amount = unitsIncrease(before.rawUsed, after.rawUsed, before.used, after.used, decimals);
      d.received = increase(before.received, after.received);
      break;
    case 'deposit': {
      if (!before) break;
      // as diffOrders found it: by what was deposited when that is reported, else by what is left
      d.amount = depositKnown(before, after)
        ? unitsIncrease(before.rawDeposited, after.rawDeposited, before.deposited, after.deposited, decimals)
        : increase(before.remaining, after.remaining);
      break;
    }
    case 'withdraw':
      if (before) d.amount = withdrawn(before, after);
      break;
    case 'opened':
      d.amount = numOrNull(after.deposited);
      break;
    case 'closed':
      d.status = after.status;
      d.received = numOrNull(after.received);
      d.returned = numOrNull(after.remaining);
      break;
  }
  return d;
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
    ...(c.detail ? { detail: c.detail } : {}),
  };
}

// ---------- live events applied to a stored order ----------

const DIGITS = /^\d+$/;
const addRaw = (a: string | null, b: string | undefined): string | null =>
  a !== null && b !== undefined && DIGITS.test(a) && DIGITS.test(b) ? String(BigInt(a) + BigInt(b)) : a;

type Units = (raw: string) => number;

/**
 * Base units of the order's input token -> token units: by the event's decimals, else by the ratio
 * the stored order shows between its numbers and its base units; null when neither is known.
 */
function inputUnits(o: Partial<OrderSnapshot>, decimals: number | null | undefined): Units | null {
  if (typeof decimals === 'number') return (raw) => baseUnitsToNumber(raw, decimals) ?? Number.NaN;
  for (const [raw, n] of [
    [o.rawUsed, o.used],
    [o.rawDeposited, o.deposited],
  ] as const) {
    if (raw && DIGITS.test(raw) && raw !== '0' && isNum(n) && n > 0)
      return (r) => (Number(r) * n) / Number(raw);
  }
  return null;
}

/** `n` moved by `raw` base units (`sign` -1 takes away); unchanged when either is unknown. */
function shift(n: number | null, raw: string | undefined, units: Units | null, sign = 1): number | null {
  if (!isNum(n) || raw === undefined || !DIGITS.test(raw) || units === null) return n;
  return n + sign * units(raw);
}
const plusUsd = (n: number | null, usd: unknown) => (isNum(n) && isNum(usd) ? n + usd : n);

function withoutTotals(order: LivePartialOrder): LivePartialOrder {
  const out: Record<string, unknown> = { ...order };
  for (const k of LIVE_TOTALS) delete out[k];
  if (order.raw) {
    const { used: _used, deposited: _deposited, ...raw } = order.raw;
    out.raw = raw;
  }
  return out as LivePartialOrder;
}

/**
 * Whether the stored order is already at or past the totals the event states: the list was read
 * from REST after the event (a catch-up whose fetch saw it), so its own amounts are in it already.
 */
function alreadyIn(base: OrderSnapshot, event: DcaTxEvent): boolean {
  const live = event.order ?? {};
  if (event.eventName === 'Filled' && (live.raw?.used != null || isNum(live.used)))
    return !ahead(live.raw?.used ?? null, base.rawUsed, live.used ?? null, base.used);
  if (event.eventName === 'Deposit' && (live.raw?.deposited != null || isNum(live.deposited)))
    return !ahead(live.raw?.deposited ?? null, base.rawDeposited, live.deposited ?? null, base.deposited);
  return false;
}

/**
 * A stored order moved on by one live transaction event. Events carry a *partial* order: what it
 * states (used, deposited, status...) is taken as is; what it leaves out is worked out from the
 * event's own amounts (a fill's inAmount adds to `used`, a deposit's amount to `deposited`), so
 * the next poll does not report again what the datastream already delivered. An Opened event adds
 * the new order. Returns null when the event tells nothing about an order not stored.
 *
 * `behind`: the stored list may lack what the socket missed (a catch-up through REST is owed). The
 * totals the event states would then take in the missed changes unannounced, and the catch-up would
 * find nothing: only the event's own amounts are added (nothing when the list already has them).
 */
export function applyLiveEvent(
  base: OrderSnapshot | undefined,
  event: DcaTxEvent,
  at: number,
  behind = false,
): OrderSnapshot | null {
  const stated: LivePartialOrder = event.order ?? {};
  if (base && behind && alreadyIn(base, event)) return base;
  const live = base && behind ? withoutTotals(stated) : stated;
  let o: OrderSnapshot;
  if (base) o = { ...base };
  else if (event.eventName === 'Opened') {
    const units = inputUnits({}, live.input?.decimals);
    const deposited = units ? units(event.inDeposited) : null;
    const usd = (event.usd ?? {}) as Record<string, unknown>;
    o = {
      address: event.address,
      status: 'pending',
      deposited,
      depositedUsd: isNum(usd.inDepositedUsd) ? usd.inDepositedUsd : null,
      used: 0,
      usedUsd: 0,
      remaining: deposited,
      remainingUsd: isNum(usd.inDepositedUsd) ? usd.inDepositedUsd : null,
      received: 0,
      perCycle: units && event.inAmountPerCycle ? units(event.inAmountPerCycle) : null,
      rawDeposited: event.inDeposited,
      rawUsed: '0',
      createdAt: toMs(event.createdAt) ?? event.timestamp ?? at,
    };
  } else return null;

  const said = live as Record<string, unknown>;
  const has = (k: string) => isNum(said[k]);
  const usd = (event.usd ?? {}) as Record<string, unknown>;
  const units = inputUnits(o, live.input?.decimals);
  if (base) {
    switch (event.eventName) {
      case 'Filled':
        if (live.raw?.used == null) o.rawUsed = addRaw(o.rawUsed, event.inAmount);
        if (!has('used')) o.used = shift(o.used, event.inAmount, units);
        if (!has('usedUsd')) o.usedUsd = plusUsd(o.usedUsd, usd.inAmountUsd);
        if (!has('remaining')) o.remaining = shift(o.remaining, event.inAmount, units, -1);
        // The output side has no base units stored to work a ratio out from: by the event's
        // decimals, else unknown (a later comparison then says no amount rather than a wrong one).
        if (!has('received')) {
          const out = live.output?.decimals;
          o.received =
            isNum(o.received) && typeof out === 'number'
              ? shift(o.received, event.outAmount, (raw) => baseUnitsToNumber(raw, out) ?? Number.NaN)
              : null;
        }
        break;
      case 'Deposit':
        if (live.raw?.deposited == null) o.rawDeposited = addRaw(o.rawDeposited, event.amount);
        if (!has('deposited')) o.deposited = shift(o.deposited, event.amount, units);
        if (!has('depositedUsd')) o.depositedUsd = plusUsd(o.depositedUsd, usd.amountUsd);
        if (!has('remaining')) o.remaining = shift(o.remaining, event.amount, units);
        if (!has('remainingUsd')) o.remainingUsd = plusUsd(o.remainingUsd, usd.amountUsd);
        break;
      case 'Withdraw':
        if (!has('remaining')) o.remaining = shift(o.remaining, event.inAmount, units, -1);
        break;
      case 'Closed':
        if (live.status == null) o.status = 'completed';
        break;
    }
  }
  return { ...snapshot(mergeOrderView(o, live)), liveAt: at };
}

/**
 * A stored order replaced by a live position snapshot (the whole account as it is now: absolute
 * values, nothing added up). An order not stored yet is added when the snapshot says its status.
 */
export function applySnapshot(
  base: OrderSnapshot | undefined,
  address: string,
  order: LivePartialOrder,
  at: number,
): OrderSnapshot | null {
  if (!base && !order.status) return null;
  const o: OrderSnapshot = base ?? {
    address,
    status: order.status ?? 'active',
    deposited: null,
    depositedUsd: null,
    used: null,
    usedUsd: null,
    remaining: null,
    remainingUsd: null,
    received: null,
    perCycle: null,
    rawDeposited: null,
    rawUsed: null,
    createdAt: toMs(order.createdAt ?? order.raw?.createdAt),
  };
  const next = snapshot(mergeOrderView(o, order));
  // A snapshot that leaves out what is left (a partial order): it moves by what the snapshot says was
  // spent and deposited since, as a live fill's and deposit's move it. Left as it was, a later
  // comparison would read the fills in between as money taken out (a withdrawal).
  if (typeof order.remaining !== 'number' && isNum(o.remaining)) {
    const by = (a: number | null, b: number | null) => (isNum(a) && isNum(b) ? b - a : 0);
    next.remaining = o.remaining - by(o.used, next.used) + by(o.deposited, next.deposited);
  }
  return { ...next, liveAt: at };
}

const baselineKey = (wallet: string) => `local:watch:orders:${wallet}` as const;
const CURSOR_KEY = 'local:watch:pollCursor';
/** Orders kept per wallet: every order seen, so a page that re-sorts never loses what was known. */
const KEEP_ORDERS = 500;
/**
 * How long what a live event told about an order outranks REST: the REST index can lag the
 * datastream by a little, and an answer from before a fill the socket delivered must not take the
 * fill back out of the baseline (the next poll would then report it again). After this, REST wins.
 */
export const LIVE_AHEAD_MS = 2 * 60_000;

/**
 * A stored list whose differences are this old is refreshed without announcing them: after a week
 * without the browser (or the extension) running, what changed is not news.
 */
export const STALE_AFTER_MS = 7 * 24 * 60 * 60_000;

/**
 * What live events move in a wallet's stored list is written at most once per this window, or
 * sooner by `flushLive`: a busy wallet's every fill would otherwise rewrite its whole list (up to
 * KEEP_ORDERS orders).
 */
export const LIVE_WRITE_MS = 2_000;

/** What is stored per wallet: the orders seen, when the first poll took them, when last compared. */
interface Baseline {
  at: number | null;
  /** When REST was last compared with it (any sync); lists of earlier versions have none. */
  checkedAt: number | null;
  orders: OrderSnapshot[];
}

/** A plain list is the earlier format (no time: every unknown order counts as new, as before). */
function readBaseline(value: unknown): Baseline | null {
  if (Array.isArray(value)) return { at: null, checkedAt: null, orders: value as OrderSnapshot[] };
  if (value && typeof value === 'object' && Array.isArray((value as Baseline).orders)) {
    const { at, checkedAt, orders } = value as Baseline;
    return {
      at: typeof at === 'number' ? at : null,
      checkedAt: typeof checkedAt === 'number' ? checkedAt : null,
      orders,
    };
  }
  return null;
}

/**
 * Until when a stored list is known to be current: its last comparison with REST (else, for a list
 * of an earlier version, when it was taken), or `currentAt` (the datastream kept it current until
 * then) if later. Null: unknown.
 */
function currentUntil(b: Baseline, currentAt: number | null | undefined): number | null {
  const own = b.checkedAt ?? b.at;
  if (typeof currentAt !== 'number') return own;
  return own === null ? currentAt : Math.max(own, currentAt);
}

/** Whether two stored orders say the same in every field the diff reads (`liveAt` aside). */
function sameOrder(a: OrderSnapshot, b: OrderSnapshot): boolean {
  const x = snapshot(a) as Record<string, unknown>;
  const y = snapshot(b) as Record<string, unknown>;
  return Object.keys(x).every((k) => Object.is(x[k], y[k]));
}

/** a's amount is ahead of b's: exact on base units, by the numbers otherwise. */
function ahead(rawA: string | null, rawB: string | null, a: number | null, b: number | null): boolean {
  if (rawA && rawB && DIGITS.test(rawA) && DIGITS.test(rawB)) return BigInt(rawA) > BigInt(rawB);
  return isNum(a) && isNum(b) && a - b > Math.max(1e-9, Math.abs(b) * 1e-9);
}

/**
 * A fetched order over the stored one: REST wins, except where a live event moved the stored one
 * on lately and REST does not show that yet (used and deposited only grow).
 */
function freshOver(known: OrderSnapshot | undefined, fresh: OrderSnapshot, now: number): OrderSnapshot {
  if (!known?.liveAt || now - known.liveAt > LIVE_AHEAD_MS) return fresh;
  const usedAhead = ahead(known.rawUsed, fresh.rawUsed, known.used, fresh.used);
  const depositedAhead = ahead(known.rawDeposited, fresh.rawDeposited, known.deposited, fresh.deposited);
  const pick = (keep: boolean, ...keys: (keyof OrderSnapshot)[]) =>
    keep ? Object.fromEntries(keys.map((k) => [k, known[k]])) : {};
  const out: OrderSnapshot = {
    ...fresh,
    liveAt: known.liveAt,
    ...pick(usedAhead, 'rawUsed', 'used', 'usedUsd', 'received'),
    ...pick(depositedAhead, 'rawDeposited', 'deposited', 'depositedUsd'),
    // what is left follows whichever of the two the live events are ahead on
    ...pick(usedAhead || depositedAhead, 'remaining', 'remainingUsd'),
  };
  if (TERMINAL.test(known.status) && !TERMINAL.test(fresh.status)) out.status = known.status;
  return out;
}

/**
 * `known` updated with `fresh`: the fetched orders as they are to be stored (`fresh`, each over its
 * known one) and the whole list to store (orders only in `known` kept after them, bounded).
 */
function mergeOrders(
  known: readonly OrderSnapshot[],
  fetched: readonly OrderSnapshot[],
  now: number,
): { fresh: OrderSnapshot[]; all: OrderSnapshot[] } {
  const byAddress = new Map(known.map((o) => [o.address, o]));
  const fresh = fetched.map((o) => freshOver(byAddress.get(o.address), o, now));
  const seen = new Set(fetched.map((o) => o.address));
  return { fresh, all: [...fresh, ...known.filter((o) => !seen.has(o.address))].slice(0, KEEP_ORDERS) };
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
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface PollResult {
  wallet: string;
  changes: OrderChange[];
  events: WatchEvent[];
  /** The first poll of a wallet only records what is there: existing orders are not news. */
  baseline: boolean;
  /** The stored list was older than the bound: refreshed, its differences not reported. */
  stale: boolean;
  /** Until when the stored list compared with was known current (null: no list, or unknown). */
  since: number | null;
}

/**
 * announce: report what changed since the stored list (unless the list is stale: then as silent);
 * silent: only store what is there now; prime: store a first list, only when the wallet has none
 * (no request otherwise).
 */
export type SyncMode = 'announce' | 'silent' | 'prime';

export interface SyncOptions {
  /**
   * Until when the caller knows the stored list was current (the datastream was live and kept it
   * so); counts with the list's own last comparison for the staleness bound.
   */
  currentAt?: number | null;
}

export type Poller = ReturnType<typeof createPoller>;

export function createPoller(opts: PollerOptions) {
  const now = opts.now ?? Date.now;
  // Read-modify-write of one wallet's stored list, one at a time: a live event arriving while a poll
  // is between its read and its write must not be lost, nor the poll's answer.
  const locked = createKeyedTurns();
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  /**
   * Lists moved on by live events and not written yet (see LIVE_WRITE_MS): what reads see first.
   * `timer`: the armed write (null once it has fired); `written`: what waits for the list to be
   * written (see observeLive).
   */
  const unwritten = new Map<string, { list: Baseline; timer: unknown; written: (() => Promise<void>)[] }>();
  const read = async (wallet: string) =>
    unwritten.get(wallet)?.list ?? readBaseline(await privateStore.getItem(baselineKey(wallet)));
  /**
   * Writes a wallet's list (in its turn); what live events left unwritten is in it, so what waited
   * for their write runs now, in the same turn.
   */
  async function store(wallet: string, list: Baseline): Promise<void> {
    await privateStore.setItem(baselineKey(wallet), list);
    const written = unwritten.get(wallet)?.written ?? [];
    drop(wallet);
    for (const run of written) await run().catch(() => {});
  }
  function drop(wallet: string): void {
    const held = unwritten.get(wallet);
    if (!held) return;
    if (held.timer !== null) clearTimer(held.timer);
    unwritten.delete(wallet);
  }
  /** Arms the timed write of a held list, unless one is armed already. */
  function arm(wallet: string): void {
    const held = unwritten.get(wallet);
    if (!held || held.timer !== null) return;
    held.timer = setTimer(() => {
      // Fired: spent, so a later hold arms a new one (this write may fail).
      const current = unwritten.get(wallet);
      if (current) current.timer = null;
      // A failed write (storage full) is tried again after another window.
      void writeHeld(wallet).catch(() => arm(wallet));
    }, LIVE_WRITE_MS);
  }
  /**
   * Keeps a list live events moved on, written when the window ends unless something writes it
   * first; `written` runs once it is written.
   */
  function hold(wallet: string, list: Baseline, written?: () => Promise<void>): void {
    const held = unwritten.get(wallet);
    const waiting = [...(held?.written ?? []), ...(written ? [written] : [])];
    unwritten.set(wallet, { list, timer: held?.timer ?? null, written: waiting });
    arm(wallet);
  }
  /** Writes what live events left unwritten of one wallet's list now. */
  function writeHeld(wallet: string): Promise<void> {
    return locked(wallet, async () => {
      const held = unwritten.get(wallet);
      if (held) await store(wallet, held.list);
    });
  }
  // Bumped by forget(): a fetch that started before must not store the list back afterwards.
  const forgotten = new Map<string, number>();
  /**
   * Wallets whose stored list was compared with REST since the datastream last changed state (in
   * this worker): only their lists hold everything up to the live messages now arriving. Any other
   * list may lack what the socket missed (a drop, a stopped worker), and the next catch-up is to
   * find that: until then live events move it by their own amounts only and snapshots not at all.
   * `streamEpoch` (bumped by streamChanged) tells a sync whose fetch began before a change.
   */
  const caughtUp = new Set<string>();
  let streamEpoch = 0;

  async function nextWallet(): Promise<string | null> {
    const list = opts.wallets();
    if (list.length === 0) return null;
    // The cursor is the last wallet polled, stored so a worker restart continues the rotation.
    const last = await privateStore.getItem<string>(CURSOR_KEY);
    const i = last ? list.indexOf(last) : -1;
    return list[(i + 1) % list.length] ?? null;
  }

  /**
   * Fetches one wallet's orders and compares them with its stored list. A failed fetch throws and
   * leaves the stored list as it was. Null: mode 'prime' and the wallet already has a list, or the
   * wallet was removed while its orders were being fetched.
   */
  async function sync(
    wallet: string,
    mode: SyncMode = 'announce',
    syncOpts: SyncOptions = {},
  ): Promise<PollResult | null> {
    if (mode === 'prime' && (await read(wallet))) return null;
    const generation = forgotten.get(wallet);
    const epoch = streamEpoch;
    const orders = await opts.fetchOrders(wallet);
    const after = orders.map(snapshot);
    return locked(wallet, async () => {
      // A list stored for a wallet removed meanwhile would stay in storage for good, and a later
      // add would find it and announce weeks-old changes as news.
      if (forgotten.get(wallet) !== generation || !opts.wallets().includes(wallet)) return null;
      const before = await read(wallet);
      if (mode === 'prime' && before) return null;
      const t = now();
      const merged = mergeOrders(before?.orders ?? [], after, t);
      const stored: Baseline = { at: before ? before.at : t, checkedAt: t, orders: merged.all };
      await store(wallet, stored);
      // (a fetch begun before the stream last changed state may not hold what it missed since)
      if (streamEpoch === epoch) caughtUp.add(wallet);
      const since = before ? currentUntil(before, syncOpts.currentAt) : null;
      const stale = before !== null && mode === 'announce' && since !== null && t - since > STALE_AFTER_MS;
      const quiet = { wallet, changes: [], events: [], baseline: !before, stale, since };
      if (!before || mode !== 'announce' || stale) return quiet;
      // Compared as merged: what REST does not show yet of a live event is no change either way.
      const old = new Map(before.orders.map((o) => [o.address, o]));
      const fresh = new Map(merged.fresh.map((o) => [o.address, o]));
      const views = new Map(orders.map((o) => [o.address, o]));
      const changes = diffOrders(before.orders, merged.fresh, before.at).map((c) => ({
        ...c,
        detail: changeDetail(c, old.get(c.order), fresh.get(c.order)!, views.get(c.order)),
      }));
      const events = changes.map((c) => changeToEvent(wallet, c, t));
      return { wallet, changes, events, baseline: false, stale: false, since };
    });
  }

  /**
   * Applies `next` to one stored order of a wallet that has a stored list. `written` runs once the
   * list with this move is written; at once when nothing is to be written (no list, nothing moved,
   * and nothing held of the wallet from earlier events).
   */
  function update(
    wallet: string,
    address: string,
    next: (base: OrderSnapshot | undefined) => OrderSnapshot | null,
    written?: () => Promise<void>,
  ): Promise<void> {
    return locked(wallet, async () => {
      const stored = await read(wallet);
      const list = stored ? [...stored.orders] : [];
      const i = list.findIndex((o) => o.address === address);
      const moved = stored ? next(list[i]) : null;
      // (a snapshot after the transaction event it follows says it again: nothing to write)
      if (!stored || !moved || (i >= 0 && sameOrder(list[i]!, moved))) {
        if (!written) return;
        if (unwritten.has(wallet)) unwritten.get(wallet)!.written.push(written);
        else await written();
        return;
      }
      if (i >= 0) list[i] = moved;
      else list.unshift(moved);
      hold(wallet, { ...stored, orders: list.slice(0, KEEP_ORDERS) }, written);
    });
  }

  return {
    /** Polls the next wallet (round-robin), reporting what changed. */
    async tick(syncOpts: SyncOptions = {}): Promise<PollResult | null> {
      const wallet = await nextWallet();
      if (!wallet) return null;
      await privateStore.setItem(CURSOR_KEY, wallet);
      return sync(wallet, 'announce', syncOpts);
    },

    sync,

    /** Whether a wallet has a stored list to compare with. */
    hasBaseline: async (wallet: string): Promise<boolean> => (await read(wallet)) !== null,

    /**
     * Applies a live transaction event to the stored list, so the next poll does not report again
     * what the datastream already delivered (a fill raises `used`, a deposit `deposited`). Written
     * within LIVE_WRITE_MS (see flushLive); a sync or poll in between reads it as moved on.
     * `written`: runs in the turn the list with this event is written (at once when nothing is to
     * be written); the notifier counts the event as unread then, so a worker stopped before the
     * write leaves neither the count nor the list, and the next catch-up counts it once.
     */
    observeLive(wallet: string, event: DcaTxEvent, written?: () => Promise<void>): Promise<void> {
      return update(
        wallet,
        event.address,
        (base) => applyLiveEvent(base, event, now(), !caughtUp.has(wallet)),
        written,
      );
    },

    /**
     * Applies a live position snapshot (the account as it is now) to the stored list; held back
     * while a catch-up is owed: what it states would take in unannounced what the socket missed,
     * and the catch-up's REST answer is as new anyway.
     */
    observeSnapshot(wallet: string, address: string, order: LivePartialOrder): Promise<void> {
      return update(wallet, address, (base) =>
        caughtUp.has(wallet) ? applySnapshot(base, address, order, now()) : null,
      );
    },

    /**
     * The datastream changed state (went down, or came back): every stored list may miss what it
     * does not deliver from now on, until its next comparison with REST (the catch-up).
     */
    streamChanged(): void {
      streamEpoch++;
      caughtUp.clear();
    },

    /**
     * A live message of this wallet was lost (the hub could not read it): its stored list lacks it
     * until the next catch-up, which is to find it, so until then live messages move the list by
     * their own amounts only. (The epoch is shared: a sync of another wallet under way now is not
     * counted as a catch-up either, which only costs it its snapshots until its next one.)
     */
    missed(wallet: string): void {
      streamEpoch++;
      caughtUp.delete(wallet);
    },

    /**
     * Writes what live events moved in the stored lists (of one wallet, or all) and is not written
     * yet: before a live notification of the wallet is shown, so a worker stopped after showing it
     * leaves a list that has it (the next catch-up does not announce it again), and before a worker
     * is let go.
     */
    flushLive(wallet?: string): Promise<void> {
      const wallets = wallet === undefined ? [...unwritten.keys()] : [wallet];
      return Promise.all(wallets.map(writeHeld)).then(() => undefined);
    },

    /** Drops the stored list of a wallet no longer watched. */
    forget(wallet: string): Promise<void> {
      forgotten.set(wallet, (forgotten.get(wallet) ?? 0) + 1);
      caughtUp.delete(wallet);
      return locked(wallet, async () => {
        drop(wallet);
        await privateStore.removeItem(baselineKey(wallet));
      });
    },
  };
}
