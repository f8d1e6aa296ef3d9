import { z } from 'zod';
import { Address, BaseUnits, Count, MaybeNumber, Text } from './common';

/** The order states the spec lists (dca-api.md, "States and transitions"). */
export const DCA_ORDER_STATUSES = ['active', 'pending', 'paused', 'completed'] as const;
export const DcaOrderStatus = z.enum(DCA_ORDER_STATUSES);

/** Whether `status` is one of the states the spec lists (case-sensitive, as the service sends them). */
export function isKnownDcaStatus(status: unknown): status is DcaOrderStatus {
  return typeof status === 'string' && (DCA_ORDER_STATUSES as readonly string[]).includes(status);
}

export const Token = z.looseObject({
  mint: Address,
  symbol: Text.nullish(),
  name: Text.nullish(),
  decimals: z.number().int().min(0).max(255),
  image: Text.nullish(),
  priceUsd: MaybeNumber,
  uri: Text.nullish(),
  description: Text.nullish(),
  twitter: Text.nullish(),
  website: Text.nullish(),
  hasFileMetaData: z.boolean().nullish(),
});

export const Order = z.looseObject({
  program: Text,
  programId: Address,
  address: Address,
  owner: Address,
  /**
   * One of DCA_ORDER_STATUSES normally. Any other text (a state the service adds later:
   * `cancelled`, `expired`...) is kept as sent, not refused: one such order must not cost the
   * whole page of orders. Consumers treat it as neither active nor a known state and show it
   * verbatim (isKnownDcaStatus tells the two apart).
   */
  status: Text,
  /** `buying`, `selling` or `mixed`; anything else is shown verbatim. */
  direction: Text.nullish(),
  pair: Text.nullish(),
  input: Token,
  output: Token,
  deposited: z.number(),
  depositedUsd: MaybeNumber,
  used: z.number(),
  usedUsd: MaybeNumber,
  remaining: z.number(),
  remainingUsd: MaybeNumber,
  received: z.number(),
  receivedUsd: MaybeNumber,
  perCycle: z.number(),
  perCycleUsd: MaybeNumber,
  /** `"1h"`-style text, or seconds as text (`"3600"`). */
  frequency: Text,
  progressPercent: z.number(),
  volume: z.number().nullish(),
  volumeUsd: MaybeNumber,
  createdAt: Text,
  nextCycleAt: Text.nullish(),
  raw: z.looseObject({ deposited: BaseUnits, used: BaseUnits }),
  openInstruction: Text.nullish(),
});

export const DcaProgram = z.looseObject({ id: Text, label: Text, programId: Address });
export const DcaProgramsResponse = z.looseObject({ programs: z.array(DcaProgram) });

export const DcaSummary = z.looseObject({
  total: Count,
  active: Count,
  paused: Count,
  completed: Count,
  pending: Count,
});

export const Pagination = z.looseObject({
  limit: Count.optional(),
  nextCursor: z.string().nullish(),
  hasMore: z.boolean(),
  count: Count.optional(),
  total: Count.optional(),
});

export const WalletDcaResponse = z.looseObject({
  wallet: Address,
  summary: DcaSummary,
  orders: z.array(Order),
  pagination: Pagination,
});

export const OrderListResponse = z.looseObject({ orders: z.array(Order), pagination: Pagination });

export const TokenOrdersResponse = z.looseObject({
  mint: Address,
  orders: z.array(Order),
  pagination: Pagination,
});

export const TokenFlowSide = z.looseObject({ count: Count, volumeUsd: MaybeNumber });
export const TokenFlowResponse = z.looseObject({
  mint: Address,
  buyers: TokenFlowSide,
  sellers: TokenFlowSide,
});

export const TopUser = z.looseObject({ wallet: Address, orderCount: Count, volumeUsd: MaybeNumber });
export const TokenUsersResponse = z.looseObject({ mint: Address, users: z.array(TopUser) });

export const PairResponse = z.looseObject({
  inputMint: Address,
  outputMint: Address,
  pair: Text.nullish(),
  orders: z.array(Order),
  pagination: Pagination,
});

export type Token = z.infer<typeof Token>;
export type Order = z.infer<typeof Order>;
export type DcaOrderStatus = z.infer<typeof DcaOrderStatus>;
export type DcaProgram = z.infer<typeof DcaProgram>;
export type DcaProgramsResponse = z.infer<typeof DcaProgramsResponse>;
export type DcaSummary = z.infer<typeof DcaSummary>;
export type Pagination = z.infer<typeof Pagination>;
export type WalletDcaResponse = z.infer<typeof WalletDcaResponse>;
export type OrderListResponse = z.infer<typeof OrderListResponse>;
export type TokenOrdersResponse = z.infer<typeof TokenOrdersResponse>;
export type TokenFlowSide = z.infer<typeof TokenFlowSide>;
export type TokenFlowResponse = z.infer<typeof TokenFlowResponse>;
export type TopUser = z.infer<typeof TopUser>;
export type TokenUsersResponse = z.infer<typeof TokenUsersResponse>;
export type PairResponse = z.infer<typeof PairResponse>;
