import { z } from 'zod';
import { displayOnly, keyField, listOf } from '../parse';
import { Count, MaybeNumber, Text, TimeValue } from './common';

/** Shown only (a slug, a tag, a flag): malformed, it is null and the event or market is kept. */
const Shown = displayOnly(Text);

const Str = Text.nullish();

export const Candle = z.looseObject({
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: MaybeNumber,
  exchange: Str,
  periodInterval: Str,
  ticker: Str,
  /** ISO-8601 text or unix seconds (see `candleTimeMs`). */
  timestamp: TimeValue,
  tradeCount: Count.nullish(),
});

export const CandleSeries = z.looseObject({
  marketId: Text,
  /** Candle by candle: one that does not fit is a gap in the line, not a lost chart. */
  candles: listOf(Candle),
  status: Str,
  title: Str,
  gammaMarketId: Str,
  groupItemTitle: Str,
});

export const CandlesResponse = z.looseObject({
  eventId: z.union([z.string(), z.number()]).nullish(),
  exchange: Str,
  periodInterval: Str,
  series: listOf(CandleSeries),
  title: Str,
  eventSlug: Str,
  nextCursor: z.union([z.string(), z.number()]).nullish(),
});

export const Outcome = z.looseObject({ label: Text, price: z.number().min(0).max(1).nullish() });

export const MarketLeg = z.looseObject({
  label: Str,
  side: Str,
  eventDate: Str,
  exclusionGroup: Str,
  lifecycleStatus: Str,
  officialLegId: Str,
  positionId: Str,
  sport: Str,
  underlyingMarketId: Str,
  underlyingTitle: Str,
});

/**
 * A market. Its outcomes stay one list that fits or fails together: the card names the leading
 * outcome, which a missing one would make a wrong claim.
 */
export const Market = z.looseObject({
  id: z.union([z.string(), z.number()]),
  exchange: Shown,
  title: Str,
  status: Str,
  marketKind: Shown,
  pricingMode: Shown,
  slug: Shown,
  outcomes: z.array(Outcome).nullish(),
  legs: displayOnly(listOf(MarketLeg)),
  volume: MaybeNumber,
  volume24h: displayOnly(z.number()),
  liquidity: displayOnly(z.number()),
  openInterest: displayOnly(z.number()),
  isTradable: displayOnly(z.boolean()),
  hasDepth: displayOnly(z.boolean()),
  clobTokenIds: displayOnly(listOf(Text)),
  tags: displayOnly(z.array(z.unknown())),
  url: Shown,
});

export const ComboSelection = z.looseObject({
  label: Str,
  outcomeIndex: Count.nullish(),
  price: MaybeNumber,
  selectable: z.boolean().nullish(),
  tokenId: Str,
});

export const ComboLine = z.looseObject({
  marketId: Str,
  marketType: Str,
  status: Str,
  title: Str,
  line: MaybeNumber,
  selections: z.array(ComboSelection).nullish(),
});

export const ComboGroup = z.looseObject({
  id: z.union([z.string(), z.number()]).nullish(),
  label: Str,
  section: Str,
  period: Str,
  lines: z.array(ComboLine).nullish(),
});

export const CryptoUpDown = z.looseObject({
  asset: Str,
  interval: Str,
  symbol: Str,
  variant: Str,
  phase: Str,
  result: Str,
  windowStart: Str,
  windowEnd: Str,
  finalPrice: MaybeNumber,
  priceToBeat: MaybeNumber,
});

/**
 * An event. What the odds card counts with (id, markets and their prices, volume) is checked; what
 * it only shows or never reads falls back to null when malformed. Markets stay one list that fits or
 * fails together (the leading outcome is picked across them).
 */
export const PredictionEvent = z.looseObject({
  id: z.union([z.string(), z.number()]),
  exchange: Shown,
  title: Str,
  slug: Shown,
  ticker: Shown,
  url: Shown,
  marketCount: displayOnly(Count),
  markets: z.array(Market).nullish(),
  comboEnabled: displayOnly(z.boolean()),
  comboGroups: displayOnly(listOf(ComboGroup)),
  cryptoUpDown: displayOnly(CryptoUpDown),
  negRisk: displayOnly(z.boolean()),
  openInterest: displayOnly(z.number()),
  volume: MaybeNumber,
  volume24h: displayOnly(z.number()),
  tags: displayOnly(z.array(z.unknown())),
});

export const EventsBatchResponse = z.looseObject({
  notFound: listOf(z.string()).nullish(),
  /** Result by result: one whose event does not fit is left out with its id, which gets its own error. */
  results: listOf(
    z.looseObject({ requestedId: Text, event: PredictionEvent.nullish() }),
    keyField('requestedId'),
  ),
});

export type Candle = z.infer<typeof Candle>;
export type CandleSeries = z.infer<typeof CandleSeries>;
export type CandlesResponse = z.infer<typeof CandlesResponse>;
export type Outcome = z.infer<typeof Outcome>;
export type Market = z.infer<typeof Market>;
export type MarketLeg = z.infer<typeof MarketLeg>;
export type ComboGroup = z.infer<typeof ComboGroup>;
export type CryptoUpDown = z.infer<typeof CryptoUpDown>;
export type PredictionEvent = z.infer<typeof PredictionEvent>;
export type EventsBatchResponse = z.infer<typeof EventsBatchResponse>;

/** A candle's time in unix ms, whatever form the service used (ISO text, unix seconds or ms). */
export function candleTimeMs(candle: Pick<Candle, 'timestamp'>): number | undefined {
  const t = candle.timestamp;
  const n = typeof t === 'number' ? t : /^\d+(\.\d+)?$/.test(t) ? Number(t) : Date.parse(t);
  if (!Number.isFinite(n)) return undefined;
  return n < 1e12 ? Math.round(n * 1000) : Math.round(n);
}
