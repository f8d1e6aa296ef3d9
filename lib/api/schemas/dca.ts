import { z } from 'zod';
import { displayOnly, listOf } from '../parse';
import { Address, BaseUnits, Count, MaybeNumber, Text } from './common';

/** The order states the spec lists (dca-api.md, "States and transitions"). */
export const DCA_ORDER_STATUSES = ['active', 'pending', 'paused', 'completed'] as const;
export const DcaOrderStatus = z.enum(DCA_ORDER_STATUSES);

/** Whether `status` is one of the states the spec lists (case-sensitive, as the service sends them). */
export function isKnownDcaStatus(status: unknown): status is DcaOrderStatus {
  return typeof status === 'string' && (DCA_ORDER_STATUSES as readonly string[]).includes(status);
}

/** A token as an order names it: its mint and decimals are needed for amounts, the rest is shown. */
export const Token = z.looseObject({
  mint: Address,
  symbol: displayOnly(Text),
  name: displayOnly(Text),
  decimals: z.number().int().min(0).max(255),
  image: displayOnly(Text),
  priceUsd: MaybeNumber,
  uri: displayOnly(Text),
  description: displayOnly(Text),
  twitter: displayOnly(Text),
  website: displayOnly(Text),
  hasFileMetaData: displayOnly(z.boolean()),
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
  direction: displayOnly(Text),
  pair: displayOnly(Text),
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
  /** Not shown by any view: malformed, they are null rather than costing the order. */
  volume: displayOnly(z.number()),
  volumeUsd: displayOnly(z.number()),
  createdAt: Text,
  nextCycleAt: displayOnly(Text),
  raw: z.looseObject({ deposited: BaseUnits, used: BaseUnits }),
  openInstruction: displayOnly(Text),
});

export const DcaProgram = z.looseObject({ id: Text, label: Text, programId: Address });
export const DcaProgramsResponse = z.looseObject({ programs: listOf(DcaProgram) });

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

/**
 * Order lists are parsed order by order (`listOf`): an order that does not fit is left out and
 * counted (`droppedFrom(r.orders)`), the summary and the other orders kept, the cursor untouched.
 */
export const WalletDcaResponse = z.looseObject({
  wallet: Address,
  summary: DcaSummary,
  orders: listOf(Order),
  pagination: Pagination,
});

export const OrderListResponse = z.looseObject({ orders: listOf(Order), pagination: Pagination });

export const TokenOrdersResponse = z.looseObject({
  mint: Address,
  orders: listOf(Order),
  pagination: Pagination,
});

export const TokenFlowSide = z.looseObject({ count: Count, volumeUsd: MaybeNumber });
export const TokenFlowResponse = z.looseObject({
  mint: Address,
  buyers: TokenFlowSide,
  sellers: TokenFlowSide,
});

export const TopUser = z.looseObject({ wallet: Address, orderCount: Count, volumeUsd: MaybeNumber });
export const TokenUsersResponse = z.looseObject({ mint: Address, users: listOf(TopUser) });

export const PairResponse = z.looseObject({
  inputMint: Address,
  outputMint: Address,
  pair: Text.nullish(),
  orders: listOf(Order),
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
