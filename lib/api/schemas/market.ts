import { z } from 'zod';
import { listOf } from '../parse';
import { Count, MaybeNumber, Text } from './common';

const Loose = z.looseObject({});

export const SearchResult = z.looseObject({
  mint: Text,
  name: Text.nullish(),
  symbol: Text.nullish(),
  image: Text.nullish(),
  decimals: z.number().int().nullish(),
  poolAddress: Text.nullish(),
  priceUsd: MaybeNumber,
  liquidityUsd: MaybeNumber,
  marketCapUsd: MaybeNumber,
  market: Text.nullish(),
});

export const SearchResponse = z.looseObject({
  status: Text.nullish(),
  data: listOf(SearchResult),
  total: Count.nullish(),
  nextCursor: Text.nullish(),
  hasMore: z.boolean().nullish(),
});

export const ChartBar = z.looseObject({
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: MaybeNumber,
  time: z.number(),
});

/** The service spells it `oclhv`. */
export const ChartResponse = z.looseObject({ oclhv: listOf(ChartBar) });

/** Per-timeframe statistics; only the container is checked (shape not shown). */
export const StatsResponse = z.record(z.string(), z.unknown());

export const CreditsResponse = z.looseObject({ credits: z.number() });

export const SubscriptionResponse = z.looseObject({
  credits: z.number().nullish(),
  plan: Text,
  next_billing_date: z.union([z.string(), z.number()]).nullish(),
  status: Text.nullish(),
});

export type SearchResult = z.infer<typeof SearchResult>;
export type SearchResponse = z.infer<typeof SearchResponse>;
export type ChartBar = z.infer<typeof ChartBar>;
export type ChartResponse = z.infer<typeof ChartResponse>;
export type StatsResponse = z.infer<typeof StatsResponse>;
export type CreditsResponse = z.infer<typeof CreditsResponse>;
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;
export type LooseRecord = z.infer<typeof Loose>;
