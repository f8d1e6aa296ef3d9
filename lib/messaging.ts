/**
 * The one protocol map of the extension. Every message is declared here once, with the zod schema
 * of its input, who may send it, and the type of its result. Handlers (lib/background/handlers.ts)
 * validate input against these schemas before doing anything.
 */
import { z } from 'zod';
import { CANDLE_INTERVALS, CURRENCIES, DCA_SORTS, DCA_STATUS_FILTERS, PNL_MODES } from './api/validate';
import { isSolanaAddress } from './detect/address';
import { LOOKUP_INPUT_MAX } from './detect/lookup';
import { BlockView, LookupResult, SearchHit } from './lookup';
import { SettingsSchema } from './settings';
import {
  AddressKind,
  type FillView,
  OddsHistoryView,
  OddsView,
  OrderPageView,
  OrderView,
  type Result,
  StatusView,
  TokenFlowView,
  TokenView,
  WalletBadgeView,
  WalletView,
} from './views';
import { ImportResult, LABEL_MAX, WatchEntry } from './watch/entry';

export const Address = z.string().refine(isSolanaAddress, 'not a Solana address');
export const EventRef = z.object({
  exchange: z.enum(['polymarket', 'kalshi']),
  id: z.string().min(1).max(200),
});
export type EventRef = z.infer<typeof EventRef>;
export const Topic = z.object({ kind: z.enum(['wallet', 'token', 'order']), address: Address });
export type Topic = z.infer<typeof Topic>;
export const StatusFilter = z.enum(DCA_STATUS_FILTERS);
export const SortKey = z.enum(DCA_SORTS);
const ListParams = { status: StatusFilter.optional(), sort: SortKey.optional(), cursor: Address.optional() };

/** Messages a content script may send: data views only. */
export const VIEW_INPUTS = {
  classify: z.object({ addresses: z.array(Address).min(1).max(200) }),
  walletBadge: z.object({ address: Address }),
  wallet: z.object({ address: Address, ...ListParams }),
  tokenFlow: z.object({ mint: Address }),
  token: z.object({ mint: Address }),
  order: z.object({ address: Address }),
  odds: z.object({ events: z.array(EventRef).min(1).max(50) }),
  oddsHistory: EventRef,
  liveSubscribe: z.object({ topic: Topic }),
  liveUnsubscribe: z.object({ topic: Topic }),
  openLookup: z.object({ input: z.string().min(1).max(300) }),
  /** The options page, where a popover's key error is mended (a fixed page: no URL, no setting). */
  openOptions: z.object({}),
  overlayConfig: z.object({ host: z.string().max(253) }),
} as const;

export const Currency = z.enum(CURRENCIES);
export const PnlMode = z.enum(PNL_MODES);
export const Interval = z.enum(CANDLE_INTERVALS);

/** A watched wallet's label as sent (watchAdd, watchRename), bounded as the watchlist keeps it. */
const WatchLabel = z.string().trim().max(LABEL_MAX, `at most ${LABEL_MAX} characters`);

/** Messages only extension pages (popup, options, lookup tab) may send. */
export const PAGE_INPUTS = {
  status: z.object({}),
  keyCheck: z.object({ key: z.string().trim().min(1).max(200) }),
  keySet: z.object({ key: z.string().trim().min(1).max(200) }),
  keyClear: z.object({}),
  settingsGet: z.object({}),
  settingsSet: z.object({ patch: z.record(z.string(), z.unknown()) }),
  watchList: z.object({}),
  watchAdd: z.object({ wallet: Address, label: WatchLabel.optional() }),
  /** Relabels a watched wallet only (an empty label clears it); watchAdd would watch it again if removed. */
  watchRename: z.object({ wallet: Address, label: WatchLabel }),
  watchRemove: z.object({ wallet: Address }),
  watchImport: z.object({ json: z.string().max(200_000) }),
  markRead: z.object({}),
  lookup: z.object({ input: z.string().min(1).max(LOOKUP_INPUT_MAX) }),
  walletOrders: z.object({ address: Address, ...ListParams }),
  tokenOrders: z.object({ mint: Address, side: z.enum(['buyers', 'sellers']), ...ListParams }),
  pair: z.object({ inputMint: Address, outputMint: Address, ...ListParams }),
  chart: z.object({ token: Address, currency: Currency.optional() }),
  candles: z.object({
    exchange: z.enum(['polymarket', 'kalshi']),
    id: z.string().min(1).max(200),
    interval: Interval,
  }),
  block: z.object({ slot: z.number().int().nonnegative() }),
  search: z.object({ query: z.string().trim().min(1).max(80) }),
  cacheStats: z.object({}),
  cacheClear: z.object({}),
} as const;

export type ViewMessage = keyof typeof VIEW_INPUTS;
export type PageMessage = keyof typeof PAGE_INPUTS;
export type MessageName = ViewMessage | PageMessage;
export const INPUTS = { ...VIEW_INPUTS, ...PAGE_INPUTS };
export function isViewMessage(name: string): name is ViewMessage {
  return Object.hasOwn(VIEW_INPUTS, name);
}

export const OverlayConfig = z.object({
  enabled: z.boolean(),
  maxBadges: z.number(),
  theme: z.enum(['auto', 'light', 'dark']),
  currency: z.string(),
  /** Not read by the overlay: a change of it makes open tabs ask for their wallets' PnL again. */
  pnlMode: z.string(),
  hasKey: z.boolean(),
});
export type OverlayConfig = z.infer<typeof OverlayConfig>;

/**
 * A tab's live line: whether live updates reach it now and, when they do not, why (the text its
 * popover shows: "Reconnecting…", "Live updates need a Premium plan."; null: nothing to say, as
 * while the first connection is made). The answer to liveSubscribe; pushed again (liveEvent's
 * `state`) to every subscribed tab when the live connection's state changes.
 */
export const LiveLine = z.object({ live: z.boolean(), note: z.string().nullable() });
export type LiveLine = z.infer<typeof LiveLine>;

const KeyAnswer = z.object({
  plan: z.string().nullable(),
  credits: z.number().nullable(),
  live: z.boolean(),
});
const Cleared = z.object({ cleared: z.literal(true) });
const Opened = z.object({ opened: z.boolean() });
const WatchList = z.array(WatchEntry);

/**
 * The schema of every message's answer: the one statement of each answer's shape. The background's
 * handlers are typed by it (Outputs), and the extension pages parse each answer with it
 * (components/lookup/ask.tsx) before showing anything. The content script trusts the typed answer
 * instead: zod would take a fifth of its size budget (the README's security model says so).
 */
export const ANSWERS = {
  classify: z.record(z.string(), AddressKind),
  walletBadge: WalletBadgeView,
  wallet: WalletView,
  tokenFlow: TokenFlowView,
  token: TokenView,
  order: OrderView,
  odds: z.array(OddsView),
  oddsHistory: OddsHistoryView,
  liveSubscribe: LiveLine,
  liveUnsubscribe: z.object({ live: z.boolean() }),
  openLookup: Opened,
  openOptions: Opened,
  overlayConfig: OverlayConfig,
  status: StatusView,
  keyCheck: KeyAnswer,
  keySet: KeyAnswer,
  keyClear: Cleared,
  settingsGet: SettingsSchema,
  settingsSet: SettingsSchema,
  watchList: WatchList,
  watchAdd: WatchList,
  watchRename: WatchList,
  watchRemove: WatchList,
  watchImport: ImportResult,
  markRead: z.object({ unread: z.literal(0) }),
  lookup: LookupResult,
  walletOrders: OrderPageView,
  tokenOrders: OrderPageView,
  pair: OrderPageView,
  chart: z.object({
    points: z.array(
      z.object({ t: z.number(), o: z.number(), h: z.number(), l: z.number(), c: z.number(), v: z.number() }),
    ),
  }),
  candles: OddsHistoryView,
  block: BlockView.nullable(),
  search: z.array(SearchHit),
  cacheStats: z.object({ entries: z.number(), bytes: z.number(), hits: z.number(), misses: z.number() }),
  cacheClear: Cleared,
} as const satisfies Record<MessageName, z.ZodType>;

/** Result types, by message. */
export type Outputs = { [K in MessageName]: z.infer<(typeof ANSWERS)[K]> };

/**
 * Pushed to every tab when what the data depends on changed: the API key was set or cleared
 * (`reason: 'key'`), or the data/prediction/RPC hosts changed (`reason: 'hosts'`; the cache was
 * emptied then): badges that failed for the old configuration (NO_KEY, UNAUTHORIZED, FORBIDDEN...)
 * ask again. Or a setting of the overlay's changed (`reason: 'settings'`: sites, theme, currency,
 * PnL mode, most badges): tabs read overlayConfig again and follow it. `hasKey` is overlayConfig's,
 * as it is now. Not sent for settings no page shows (notification rules, cache limits).
 */
export const ConfigChange = z.object({
  reason: z.enum(['key', 'hosts', 'settings']),
  hasKey: z.boolean(),
});
export type ConfigChange = z.infer<typeof ConfigChange>;

/** Pushed from the background to a tab or the popup. */
export interface Pushes {
  /** A fill or an order for the topic, or (fill and order null) the tab's new live line. */
  liveEvent: { topic: Topic; fill: FillView | null; order: OrderView | null; state?: LiveLine };
  configChanged: ConfigChange;
}

export type ProtocolMap = {
  [K in MessageName]: (data: z.input<(typeof INPUTS)[K]>) => Result<Outputs[K]>;
} & {
  [K in keyof Pushes]: (data: Pushes[K]) => void;
};

export type { OddsView, OrderView, TokenView, WalletView };
