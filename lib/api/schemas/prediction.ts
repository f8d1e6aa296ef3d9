import { z } from 'zod';
import { Count, MaybeNumber, Text, TimeValue } from './common';

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
  candles: z.array(Candle),
  status: Str,
  title: Str,
  gammaMarketId: Str,
  groupItemTitle: Str,
});

export const CandlesResponse = z.looseObject({
  eventId: z.union([z.string(), z.number()]).nullish(),
  exchange: Str,
  periodInterval: Str,
  series: z.array(CandleSeries),
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

export const Market = z.looseObject({
  id: z.union([z.string(), z.number()]),
  exchange: Str,
  title: Str,
  status: Str,
  marketKind: Str,
  pricingMode: Str,
  slug: Str,
  outcomes: z.array(Outcome).nullish(),
  legs: z.array(MarketLeg).nullish(),
  volume: MaybeNumber,
  volume24h: MaybeNumber,
  liquidity: MaybeNumber,
  openInterest: MaybeNumber,
  isTradable: z.boolean().nullish(),
  hasDepth: z.boolean().nullish(),
  clobTokenIds: z.array(Text).nullish(),
  tags: z.array(z.unknown()).nullish(),
  url: Str,
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

export const PredictionEvent = z.looseObject({
  id: z.union([z.string(), z.number()]),
  exchange: Str,
  title: Str,
  slug: Str,
  ticker: Str,
  url: Str,
  marketCount: Count.nullish(),
  markets: z.array(Market).nullish(),
  comboEnabled: z.boolean().nullish(),
  comboGroups: z.array(ComboGroup).nullish(),
  cryptoUpDown: CryptoUpDown.nullish(),
  negRisk: z.boolean().nullish(),
  openInterest: MaybeNumber,
  volume: MaybeNumber,
  volume24h: MaybeNumber,
  tags: z.array(z.unknown()).nullish(),
});

export const EventsBatchResponse = z.looseObject({
  notFound: z.array(z.string()).nullish(),
  results: z.array(z.looseObject({ requestedId: Text, event: PredictionEvent.nullish() })),
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
