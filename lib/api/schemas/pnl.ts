import { z } from 'zod';
import { displayOnly, keyField, listOf } from '../parse';
import { Address, Count, MaybeNumber, Text, TimeValue } from './common';

/** Lenient where the spec shows no shape: an object whose known parts are checked, the rest passes. */
const Loose = z.looseObject({});
const Nums = MaybeNumber;

/** The modes the spec lists; a request is checked against them (validate.ts), an answer is not. */
export const PnlModeValue = z.enum(['strict', 'adjusted', 'raw']);

export const PnlBlock = z.looseObject({
  realized: Nums,
  realizedRaw: Nums,
  unrealized: Nums,
  total: Nums,
});

/** Who a wallet is, as shown beside its figures: each part malformed is null, never costing the figures. */
export const Identity = z.looseObject({
  name: displayOnly(Text),
  twitter: displayOnly(Text),
  avatar: displayOnly(Text),
  type: displayOnly(Text),
  tags: displayOnly(listOf(Text)),
  platforms: displayOnly(listOf(Text)),
  sns: displayOnly(z.looseObject({ domain: displayOnly(Text) })),
});

export const PnlSummary = z.looseObject({
  pnl: PnlBlock,
  invested: Nums,
  proceeds: Nums,
  openPositions: z.looseObject({ cost: Nums, value: Nums }).nullish(),
  counts: z
    .looseObject({
      buys: Count.nullish(),
      sells: Count.nullish(),
      trades: Count.nullish(),
      tokensTraded: Count.nullish(),
      tokensHeldEver: Count.nullish(),
    })
    .nullish(),
  averages: z.looseObject({ buy: Nums, sell: Nums }).nullish(),
  roi: Nums,
  timing: z.looseObject({ firstTrade: Nums, lastTrade: Nums, avgHoldTimeSecs: Nums }).nullish(),
});

export const PnlTags = z.looseObject({
  isArbitrage: displayOnly(z.boolean()),
  platforms: displayOnly(listOf(Text)),
});

export const PnlWalletSummary = z.looseObject({
  wallet: Address.optional(),
  /** The mode used, as the service names it: a mode it adds or renames must not cost the summary. */
  pnlMode: Text.nullish(),
  currency: Text.nullish(),
  identity: displayOnly(Identity),
  summary: PnlSummary,
  analysis: z
    .looseObject({
      winRate: Nums,
      avgPnlPerAsset: Nums,
      avgBuyValue: Nums,
      tokens: displayOnly(
        z.looseObject({ closed: Count.nullish(), winning: Count.nullish(), losing: Count.nullish() }),
      ),
      distribution: displayOnly(listOf(z.looseObject({ range: Text, count: Count, rate: Nums }))),
    })
    .nullish(),
  stats: displayOnly(
    z.looseObject({
      total: Count.nullish(),
      holding: Count.nullish(),
      sold: Count.nullish(),
      profitable: Count.nullish(),
      losing: Count.nullish(),
    }),
  ),
  tags: displayOnly(PnlTags),
  updatedAt: displayOnly(TimeValue),
});

/** A wallet the service has not indexed yet: a normal answer, shown as "indexing, try again shortly". */
export const PnlQueued = z.looseObject({
  indexed: z.literal(false),
  queued: z.boolean(),
  message: Text.nullish(),
});

export const PnlPosition = z.looseObject({
  token: Address,
  wallet: Address.optional(),
  pnl: z.union([PnlBlock, z.looseObject({ token: PnlBlock })]),
  invested: Nums,
  proceeds: Nums,
  roi: Nums,
  identity: displayOnly(Identity),
});

export const PnlPagination = z.looseObject({
  hasMore: z.boolean(),
  nextCursor: z.string().nullish(),
  count: Count.optional(),
  total: Count.optional(),
});

export const PnlPositionsResponse = z.looseObject({
  positions: listOf(PnlPosition),
  pagination: PnlPagination.nullish(),
});

/** Shapes the spec names but does not show: checked only where the UI reads them. */
export const PnlTokenPosition = PnlPosition.partial({ token: true });
export const PnlHistory = Loose;
export const PnlPerformance = Loose;
export const PnlHighlights = Loose;
export const PnlRisk = Loose;
export const PnlChart = z.looseObject({ points: listOf(Loose).nullish() });

export const PnlTrader = z.looseObject({ wallet: Address, identity: displayOnly(Identity) });
export const PnlTradersResponse = z.looseObject({
  traders: listOf(PnlTrader),
  pagination: PnlPagination.nullish(),
});

export const BatchTruncated = z.union([z.boolean(), z.array(z.string()), Loose]);

/** A batch's list of keys it did not answer for: a key that is not text is left out. */
const KeyList = listOf(z.string()).nullish();

export const PnlBatchWallet = z.looseObject({
  wallet: Address,
  identity: displayOnly(Identity),
  summary: PnlSummary,
  tags: displayOnly(PnlTags),
  updatedAt: displayOnly(TimeValue),
});

export const PnlWalletsBatchResponse = z.looseObject({
  count: Count.optional(),
  /** Wallet by wallet: one that does not fit is left out with its wallet, which gets its own error. */
  wallets: listOf(PnlBatchWallet, keyField('wallet')),
  notFound: KeyList,
  invalid: KeyList,
  truncated: BatchTruncated.nullish(),
});

export const PnlWalletPositionsBatchResponse = z.looseObject({
  wallet: Address.optional(),
  count: Count.optional(),
  positions: listOf(PnlPosition, keyField('token')),
  notFound: KeyList,
  invalid: KeyList,
  truncated: BatchTruncated.nullish(),
});

export const PnlTokenPositionsBatchResponse = z.looseObject({
  token: Address.optional(),
  count: Count.optional(),
  positions: listOf(PnlPosition, keyField('wallet')),
  notFound: KeyList,
  invalid: KeyList,
  truncated: BatchTruncated.nullish(),
});

export const PairKey = z.looseObject({ wallet: z.string(), token: z.string() });

/** The `wallet:token` key of a pair (or of a position, when both parts can be read). */
export function pairKeyOf(raw: unknown): string | null {
  const wallet = keyField('wallet')(raw);
  const token = keyField('token')(raw);
  return wallet === null || token === null ? null : `${wallet}:${token}`;
}

export const PnlPairsBatchResponse = z.looseObject({
  count: Count.optional(),
  positions: listOf(PnlPosition, pairKeyOf),
  notFound: listOf(PairKey).nullish(),
  invalid: listOf(z.looseObject({ wallet: z.string().optional(), token: z.string().optional() })).nullish(),
  truncated: BatchTruncated.nullish(),
});

export type PnlMode = z.infer<typeof PnlModeValue>;
export type PnlBlock = z.infer<typeof PnlBlock>;
export type Identity = z.infer<typeof Identity>;
export type PnlSummary = z.infer<typeof PnlSummary>;
export type PnlWalletSummary = z.infer<typeof PnlWalletSummary>;
export type PnlQueued = z.infer<typeof PnlQueued>;
export type PnlPosition = z.infer<typeof PnlPosition>;
export type PnlPositionsResponse = z.infer<typeof PnlPositionsResponse>;
export type PnlTokenPosition = z.infer<typeof PnlTokenPosition>;
export type PnlTradersResponse = z.infer<typeof PnlTradersResponse>;
export type PnlBatchWallet = z.infer<typeof PnlBatchWallet>;
export type PnlWalletsBatchResponse = z.infer<typeof PnlWalletsBatchResponse>;
export type PnlWalletPositionsBatchResponse = z.infer<typeof PnlWalletPositionsBatchResponse>;
export type PnlTokenPositionsBatchResponse = z.infer<typeof PnlTokenPositionsBatchResponse>;
export type PnlPairsBatchResponse = z.infer<typeof PnlPairsBatchResponse>;
export type PairKey = z.infer<typeof PairKey>;
export type LooseObject = z.infer<typeof Loose>;
