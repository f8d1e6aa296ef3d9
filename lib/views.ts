/**
 * View models: the already-shaped data the background sends to content scripts, the popup and the
 * options page. The UI renders only these; the background builds them from API responses
 * (lib/background/views/*). Each is a zod schema so the receiving side can check what it got.
 */
import { z } from 'zod';
import type { LivePartialOrder } from './api/schemas/live';

const num = z.number().nullable();

/**
 * When a view's data (or one part's) was fetched, unix ms: present only when it is shown past its
 * freshness because the service is failing to refresh it (the last refresh failed, or the one
 * running has been answered by nothing for long). The cards say how old it is (StaleNote); fresh
 * data, and stale data whose refresh has only just started, carry none.
 */
export const AsOf = z.number().optional();

export const AddressKind = z.enum(['wallet', 'mint', 'order', 'pool', 'program', 'unknown']);
export type AddressKind = z.infer<typeof AddressKind>;

export const ErrorViewSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryAfterMs: z.number().optional(),
});

/** Result of every message: errors are values that cross the boundary intact. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: z.infer<typeof ErrorViewSchema> };

export const TokenRefView = z.object({
  mint: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  image: z.string().nullable(), // https only, checked by the background
  priceUsd: num,
});
export type TokenRefView = z.infer<typeof TokenRefView>;

export const OrderView = z.object({
  address: z.string(),
  owner: z.string(),
  program: z.string(),
  status: z.string(), // one of DCA_ORDER_STATUSES (api/schemas/dca.ts) normally; any other shown verbatim
  direction: z.string().nullable(),
  pair: z.string(),
  input: TokenRefView,
  output: TokenRefView,
  deposited: num,
  depositedUsd: num,
  used: num,
  usedUsd: num,
  remaining: num,
  remainingUsd: num,
  received: num,
  receivedUsd: num,
  perCycle: num,
  perCycleUsd: num,
  /** exact base-unit amounts when the service gave them (input token decimals) */
  rawDeposited: z.string().nullable(),
  rawUsed: z.string().nullable(),
  /**
   * The same for what is left (input), received (output decimals) and each cycle (input); optional:
   * only the REST order gives them, and a live update that changes the number drops its raw (stale).
   */
  rawRemaining: z.string().nullish(),
  rawReceived: z.string().nullish(),
  rawPerCycle: z.string().nullish(),
  frequency: z.string().nullable(), // "1h" or "3600"; lib/format turns it into text
  progressPercent: num,
  createdAt: num, // unix ms
  nextCycleAt: num, // unix ms
  v2: z.boolean(),
  /** on an order served alone (its card, its badge); never on the orders of a page */
  asOf: AsOf,
});
export type OrderView = z.infer<typeof OrderView>;

/** ISO text or unix seconds/ms -> unix ms (the unit of every time in these views); null when unreadable. */
export function toMs(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v < 1e12 ? v * 1000 : v;
  if (typeof v === 'string' && v.trim() !== '') {
    if (/^\d+$/.test(v)) return toMs(Number(v));
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** The amounts a live partial order states as totals (what every event on the order so far added up to). */
export const LIVE_TOTALS = [
  'deposited',
  'depositedUsd',
  'used',
  'usedUsd',
  'remaining',
  'remainingUsd',
  'received',
  'receivedUsd',
] as const;

const LIVE_NUMBERS = [...LIVE_TOTALS, 'progressPercent', 'perCycle', 'perCycleUsd'] as const;

const RAW_OF = [
  ['remaining', 'rawRemaining'],
  ['received', 'rawReceived'],
  ['perCycle', 'rawPerCycle'],
] as const;

/**
 * A live partial order merged over an order (write-through of live updates): the fields the event
 * carries a value for win, the rest stay. The one merge for the cached full view and for the
 * watch poller's stored snapshot (which keeps only the fields it diffs).
 */
export function mergeOrderView<T extends object>(base: T, live: LivePartialOrder): T & Partial<OrderView> {
  const patch: Partial<OrderView> = {};
  for (const k of LIVE_NUMBERS) {
    const v = live[k];
    if (typeof v === 'number') patch[k] = v;
  }
  if (live.status != null) patch.status = live.status;
  if (live.raw?.deposited != null) patch.rawDeposited = live.raw.deposited;
  if (live.raw?.used != null) patch.rawUsed = live.raw.used;
  // Live events carry these as numbers only: the exact amount of one they change is out of date.
  for (const [n, r] of RAW_OF) {
    if (patch[n] != null && patch[n] !== (base as Partial<OrderView>)[n]) patch[r] = null;
  }
  const next = toMs(live.nextCycleAt ?? live.raw?.nextCycleAt);
  if (next !== null) patch.nextCycleAt = next;
  return { ...base, ...patch };
}

export const DcaSummaryView = z.object({
  total: z.number(),
  active: z.number(),
  paused: z.number(),
  completed: z.number(),
  pending: z.number(),
});
export type DcaSummaryView = z.infer<typeof DcaSummaryView>;

export const OrderPageView = z.object({
  orders: z.array(OrderView),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
  total: z.number().nullable(),
  /** orders on this page the service sent in a shape that does not fit: not in `orders` */
  dropped: z.number().optional(),
});
export type OrderPageView = z.infer<typeof OrderPageView>;

export const PnlView = z.object({
  currency: z.string(),
  mode: z.string().nullable(),
  realized: num,
  unrealized: num,
  total: num,
  invested: num,
  roi: num, // percent
  winRate: num, // percent; only in the full summary
  buys: num,
  sells: num,
  trades: num,
  tokensTraded: num,
  updatedAt: num,
});
export type PnlView = z.infer<typeof PnlView>;

/** PnL may be: data, "indexing, try again shortly", or absent for this wallet. */
export const PnlState = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ready'), pnl: PnlView, asOf: AsOf }),
  z.object({ state: z.literal('queued'), message: z.string() }),
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('error'), error: ErrorViewSchema }),
]);
export type PnlState = z.infer<typeof PnlState>;

export const IdentityView = z.object({
  name: z.string().nullable(),
  domain: z.string().nullable(), // .sol
  tags: z.array(z.string()),
  twitter: z.string().nullable(),
});
export type IdentityView = z.infer<typeof IdentityView>;

export const WalletBadgeView = z.object({
  address: z.string(),
  activeOrders: num,
  totalOrders: num,
  pnl: PnlState,
  dcaError: ErrorViewSchema.nullable(),
  /** the DCA half's (the PnL half says its own in `pnl`) */
  dcaAsOf: AsOf,
});
export type WalletBadgeView = z.infer<typeof WalletBadgeView>;

export const WalletView = z.object({
  address: z.string(),
  identity: IdentityView.nullable(),
  pnl: PnlState,
  summary: DcaSummaryView.nullable(),
  orders: OrderPageView.nullable(),
  dcaError: ErrorViewSchema.nullable(),
  /** the DCA half's: summary and first page of orders (the PnL half and identity say theirs in `pnl`) */
  dcaAsOf: AsOf,
  watched: z.boolean(),
});
export type WalletView = z.infer<typeof WalletView>;

export const FlowSideView = z.object({ count: z.number(), volumeUsd: num });
export const TokenFlowView = z.object({
  mint: z.string(),
  token: TokenRefView.nullable(),
  buyers: FlowSideView,
  sellers: FlowSideView,
  asOf: AsOf,
});
export type TokenFlowView = z.infer<typeof TokenFlowView>;

export const TopUserView = z.object({ wallet: z.string(), orderCount: z.number(), volumeUsd: num });

export const FillView = z.object({
  id: z.string(), // de-dup key
  eventName: z.string(),
  timestamp: z.number(),
  owner: z.string(),
  order: z.string(),
  inAmount: num,
  inSymbol: z.string().nullable(),
  outAmount: num,
  outSymbol: z.string().nullable(),
  usd: num,
  progressPercent: num,
});
export type FillView = z.infer<typeof FillView>;

export const TokenView = z.object({
  flow: TokenFlowView,
  /** null when the top users could not be read (usersError says why): never shown as "no users" */
  topUsers: z.array(TopUserView).nullable(),
  usersError: ErrorViewSchema.nullable(),
  /** why `flow.token` (name, symbol, logo) is null when its request failed; null otherwise */
  metaError: ErrorViewSchema.nullable(),
  priceUsd: num,
  /** the card's: the oldest of its parts' (flow, name and price, top users) that are failing */
  asOf: AsOf,
});
export type TokenView = z.infer<typeof TokenView>;

export const OutcomeView = z.object({ label: z.string(), price: num, market: z.string().nullable() });
export const OddsView = z.object({
  exchange: z.string(),
  requestedId: z.string(),
  found: z.boolean(),
  eventId: z.string().nullable(),
  title: z.string(),
  url: z.string().nullable(), // https only
  status: z.string().nullable(),
  closed: z.boolean(),
  endDate: num,
  volume: num,
  leading: OutcomeView.nullable(),
  outcomes: z.array(OutcomeView),
  asOf: AsOf,
});
export type OddsView = z.infer<typeof OddsView>;

export const SparkPoint = z.object({ t: z.number(), p: z.number() });
export const OddsHistoryView = z.object({
  series: z.array(z.object({ label: z.string(), points: z.array(SparkPoint) })),
});
export type OddsHistoryView = z.infer<typeof OddsHistoryView>;

export const LiveStatus = z.enum([
  'idle',
  'connecting',
  'live',
  'reconnecting',
  'needs-plan',
  'bad-key',
  'offline',
  'stopped',
]);
export const StatusView = z.object({
  key: z.enum(['missing', 'unchecked', 'valid', 'invalid']),
  plan: z.string().nullable(),
  credits: num,
  live: LiveStatus,
  liveRetryAt: num,
  /**
   * Live items this worker dropped as unreadable (a required field missing or of another type):
   * above 0, "live" misses something; the watched wallets' are caught up on through REST.
   */
  liveInvalid: z.number().optional(),
  watched: z.number(),
  unread: z.number(),
  /** Why the last poll or catch-up of watched wallets failed (notifications may be missing). */
  watchError: ErrorViewSchema.nullable().optional(),
  /** Watched wallets, notifications on in our settings, but blocked by the browser: none will show. */
  notificationsBlocked: z.boolean().optional(),
  /** A key check running, or why the last one failed for a reason of the service (not the key's). */
  keyCheck: z.object({ checking: z.boolean(), error: ErrorViewSchema.nullable() }).optional(),
  /** The key works only until the browser closes: IndexedDB refused to save it (lib/secrets.ts). */
  keySessionOnly: z.boolean().optional(),
  /**
   * The private store's database does not open (lib/private-store.ts): changes to the settings, the
   * watchlist and recent lookups last only until the browser closes, and what was saved before may
   * not show.
   */
  storageSessionOnly: z.boolean().optional(),
  /** How long requests still wait out a 429's Retry-After (0: not rate limited). */
  rateLimitedMs: z.number().optional(),
});
export type StatusView = z.infer<typeof StatusView>;
export type KeyCheckState = NonNullable<StatusView['keyCheck']>;
