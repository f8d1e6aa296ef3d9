/**
 * Schemas of what the datastream sends (shared/spec/live-service.md, "Datastream protocol").
 *
 * Loose objects throughout: the service adds fields without notice and an unknown field must never
 * turn a good event into an invalid one. Base-unit amounts stay strings (u64 values do not fit a
 * double); a plain integer number is accepted and turned into its string so consumers see one type.
 * Fields the notifier or the cache cannot work without are required; everything else is optional.
 */
import { z } from 'zod';
import { type ParsedRoom, parseRoom } from '../rooms';
import { Order, Token } from './dca';

// ---------- server frames ----------

export const JoinedFrameSchema = z.looseObject({ type: z.literal('joined'), room: z.string() });
export const PingFrameSchema = z.looseObject({ type: z.literal('ping') });
export const MessageFrameSchema = z.looseObject({
  type: z.literal('message'),
  room: z.string(),
  data: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
});
/** Frames the hub acts on; any other `type` is tolerated and ignored (the service may add some). */
export const ServerFrameSchema = z.union([
  JoinedFrameSchema,
  PingFrameSchema,
  MessageFrameSchema,
  z.looseObject({ type: z.string() }),
]);
export type JoinedFrame = z.infer<typeof JoinedFrameSchema>;
export type MessageFrame = z.infer<typeof MessageFrameSchema>;
export type ServerFrame = z.infer<typeof ServerFrameSchema>;

// ---------- shared pieces ----------

/** Integer amount in base units, kept as a string of digits (a plain integer number is accepted). */
export const BaseUnits = z.union([
  z.string().regex(/^\d+$/),
  z
    .number()
    .int()
    .transform((n) => String(n)),
]);
const usdNumber = z.number().nullable().optional();
const Usd = z.looseObject({});
const Prices = z.record(z.string(), z.number().nullable());
const numOrString = z.union([z.number(), z.string()]);
const n = z.number().nullable().optional();

// ---------- the partial Order carried by live events ----------

/**
 * The REST Order (schemas/dca.ts) made partial, because events carry only some of its fields; the
 * nested tokens are partial too, and `raw.createdAt`/`raw.nextCycleAt` may be numbers in live
 * snapshots (live-service.md). Addresses are checked as text here, not decoded as base58: the
 * decode costs about 2 µs per address, five per event, on the hub's hot path (benchmark target),
 * and a live address is only compared and displayed, never used to build a request unchecked.
 */
const LiveToken = z.object(Token.partial().shape).extend({ mint: z.string().optional() });
export const LivePartialOrderSchema = z.object(Order.partial().shape).extend({
  programId: z.string().optional(),
  address: z.string().optional(),
  owner: z.string().optional(),
  input: LiveToken.nullish(),
  output: LiveToken.nullish(),
  raw: z
    .object({
      deposited: BaseUnits.optional(),
      used: BaseUnits.optional(),
      createdAt: numOrString.nullish(),
      nextCycleAt: numOrString.nullish(),
    })
    .optional(),
});
export type LivePartialOrder = z.infer<typeof LivePartialOrderSchema>;

const DcaEventBase = {
  program: z.string().optional(),
  programId: z.string().optional(),
  address: z.string(),
  owner: z.string().optional(),
  signature: z.string(),
  slot: z.number().optional(),
  timestamp: z.number().optional(),
  eventIndex: z.number().optional(),
  dcaKey: z.string().optional(),
  order: LivePartialOrderSchema.optional(),
  usd: Usd.optional(),
  prices: Prices.optional(),
};

// ---------- DCA transaction events ----------

export const DcaOpenedSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Opened'),
  openInstruction: z.string().optional(),
  userKey: z.string().optional(),
  inputMint: z.string(),
  outputMint: z.string(),
  inDeposited: BaseUnits,
  cycleFrequency: numOrString.optional(),
  inAmountPerCycle: BaseUnits.optional(),
  createdAt: numOrString.optional(),
});
export const DcaFilledSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Filled'),
  userKey: z.string().optional(),
  inputMint: z.string(),
  outputMint: z.string(),
  inAmount: BaseUnits,
  outAmount: BaseUnits,
  feeMint: z.string().optional(),
  fee: BaseUnits.optional(),
  fillInstruction: z.string().optional(),
  usd: z.looseObject({ inAmountUsd: usdNumber, outAmountUsd: usdNumber, feeUsd: usdNumber }).optional(),
});
export const DcaClosedSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Closed'),
  userKey: z.string().optional(),
  inputMint: z.string().optional(),
  outputMint: z.string().optional(),
  inDeposited: BaseUnits.optional(),
  totalInWithdrawn: BaseUnits.optional(),
  totalOutWithdrawn: BaseUnits.optional(),
  unfilledAmount: BaseUnits.optional(),
  userClosed: z.boolean().optional(),
});
export const DcaDepositSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Deposit'),
  amount: BaseUnits,
  usd: z.looseObject({ amountUsd: usdNumber }).optional(),
});
export const DcaWithdrawSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Withdraw'),
  inAmount: BaseUnits.optional(),
  outAmount: BaseUnits.optional(),
  userWithdraw: z.boolean().optional(),
});
export const DcaCollectedFeeSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('CollectedFee'),
  userKey: z.string().optional(),
  mint: z.string(),
  amount: BaseUnits,
  usd: z.looseObject({ amountUsd: usdNumber }).optional(),
});
export const DcaTxEventSchema = z.discriminatedUnion('eventName', [
  DcaOpenedSchema,
  DcaFilledSchema,
  DcaClosedSchema,
  DcaDepositSchema,
  DcaWithdrawSchema,
  DcaCollectedFeeSchema,
]);
/** A transaction event whose `eventName` this version does not know (a later program feature). */
export const DcaOtherEventSchema = z.looseObject({ ...DcaEventBase, eventName: z.string() });

export const DCA_EVENT_NAMES = ['Opened', 'Filled', 'Closed', 'Deposit', 'Withdraw', 'CollectedFee'] as const;
export type DcaEventName = (typeof DCA_EVENT_NAMES)[number];
const EVENT_NAME_SET: ReadonlySet<string> = new Set(DCA_EVENT_NAMES);

export type DcaTxEvent = z.infer<typeof DcaTxEventSchema>;

export type DcaOpened = z.infer<typeof DcaOpenedSchema>;
export type DcaFilled = z.infer<typeof DcaFilledSchema>;
export type DcaClosed = z.infer<typeof DcaClosedSchema>;
export type DcaDeposit = z.infer<typeof DcaDepositSchema>;
export type DcaWithdraw = z.infer<typeof DcaWithdrawSchema>;
export type DcaCollectedFee = z.infer<typeof DcaCollectedFeeSchema>;
export type DcaOtherEvent = z.infer<typeof DcaOtherEventSchema>;

// ---------- position snapshots ----------

/** Account snapshot: no signature, no eventName; `writeVersion` orders snapshots of one account. */
export const DcaPositionSchema = z.looseObject({
  program: z.string().optional(),
  address: z.string(),
  owner: z.string().optional(),
  slot: z.number().optional(),
  timestamp: z.number().optional(),
  writeVersion: numOrString,
  order: LivePartialOrderSchema,
});
export type DcaPosition = z.infer<typeof DcaPositionSchema>;

// ---------- PnL ----------

export const PnlSummaryLiveSchema = z.looseObject({
  pnl: z.looseObject({ realized: n, unrealized: n, total: n }),
  invested: n,
  proceeds: n,
  openPositions: z.looseObject({ cost: n, value: n }).nullable().optional(),
  counts: z
    .looseObject({ buys: n, sells: n, trades: n, tokensTraded: n, tokensHeldEver: n })
    .nullable()
    .optional(),
  averages: z.looseObject({ buy: n, sell: n }).nullable().optional(),
  roi: n,
  timing: z.looseObject({ firstTrade: n, lastTrade: n }).nullable().optional(),
  timestamp: z.number().optional(),
});
export type PnlSummaryLive = z.infer<typeof PnlSummaryLiveSchema>;

export const PnlUpdateSchema = z.looseObject({
  type: z.enum(['tradeUpdate', 'balanceUpdate', 'priceUpdate']),
  wallet: z.string().optional(),
  token: z.string().optional(),
  timestamp: z.number().optional(),
});
export type PnlUpdate = z.infer<typeof PnlUpdateSchema>;

// ---------- aggregated price ----------

export const AggregatedPriceSchema = z.looseObject({
  token: z.string(),
  timestamp: z.number(),
  price: z.number(),
  pool: z.string().optional(),
  aggregated: z.looseObject({ median: n, average: n, min: n, max: n, poolCount: n }).nullable().optional(),
  topPools: z
    .array(z.looseObject({ poolId: z.string(), price: n, liquidity: n, market: z.string().nullish() }))
    .optional(),
});
export type AggregatedPrice = z.infer<typeof AggregatedPriceSchema>;

// ---------- the parsed message ----------

/** One item of a room message, validated and tagged by what it is. `room` is where it arrived. */
export type LiveMessage =
  | { kind: 'dca-event'; room: string; program: string; event: DcaTxEvent }
  | { kind: 'dca-other-event'; room: string; program: string; event: DcaOtherEvent }
  | { kind: 'dca-position'; room: string; program: string; snapshot: DcaPosition }
  | { kind: 'pnl-summary'; room: string; wallet: string; summary: PnlSummaryLive }
  | { kind: 'pnl-update'; room: string; wallet: string; token: string | null; update: PnlUpdate }
  | { kind: 'price'; room: string; token: string; price: AggregatedPrice };
export type LiveMessageKind = LiveMessage['kind'];

export interface LiveParseError {
  code: 'SCHEMA_MISMATCH' | 'UNKNOWN_ROOM';
  message: string;
  /** Where the first problem is, e.g. `order.raw.deposited`; never a value from the message. */
  path?: string;
}
export type LiveParseResult = { ok: true; message: LiveMessage } | { ok: false; error: LiveParseError };

function fail(error: z.ZodError, what: string): LiveParseResult {
  const issue = error.issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  return { ok: false, error: { code: 'SCHEMA_MISMATCH', message: `Unexpected ${what} shape`, path } };
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses one item of `data` (the hub splits array payloads) for a room already parsed. */
export function parseLiveItem(room: string, parsed: ParsedRoom, data: unknown): LiveParseResult {
  if (!isObj(data))
    return { ok: false, error: { code: 'SCHEMA_MISMATCH', message: 'Item is not an object' } };
  switch (parsed.kind) {
    case 'pnlSummary': {
      const r = PnlSummaryLiveSchema.safeParse(data);
      if (!r.success) return fail(r.error, 'PnL summary');
      return { ok: true, message: { kind: 'pnl-summary', room, wallet: parsed.wallet, summary: r.data } };
    }
    case 'pnlWallet':
    case 'pnlWalletToken': {
      const r = PnlUpdateSchema.safeParse(data);
      if (!r.success) return fail(r.error, 'PnL update');
      const token = parsed.kind === 'pnlWalletToken' ? parsed.token : (r.data.token ?? null);
      return {
        ok: true,
        message: { kind: 'pnl-update', room, wallet: parsed.wallet, token, update: r.data },
      };
    }
    case 'priceAggregated': {
      const r = AggregatedPriceSchema.safeParse(data);
      if (!r.success) return fail(r.error, 'price');
      return { ok: true, message: { kind: 'price', room, token: parsed.token, price: r.data } };
    }
    default:
      return parseDcaItem(room, parsed.program, data);
  }
}

function parseDcaItem(room: string, roomProgram: string, data: Record<string, unknown>): LiveParseResult {
  const name = data.eventName;
  if (typeof name === 'string' || typeof data.signature === 'string') {
    if (typeof name === 'string' && !EVENT_NAME_SET.has(name)) {
      const r = DcaOtherEventSchema.safeParse(data);
      if (!r.success) return fail(r.error, 'DCA event');
      const program = r.data.program ?? roomProgram;
      return { ok: true, message: { kind: 'dca-other-event', room, program, event: r.data } };
    }
    const r = DcaTxEventSchema.safeParse(data);
    if (!r.success) return fail(r.error, 'DCA event');
    const program = r.data.program ?? roomProgram;
    return { ok: true, message: { kind: 'dca-event', room, program, event: r.data } };
  }
  const r = DcaPositionSchema.safeParse(data);
  if (!r.success) return fail(r.error, 'DCA position');
  const program = r.data.program ?? roomProgram;
  return { ok: true, message: { kind: 'dca-position', room, program, snapshot: r.data } };
}

/**
 * Parses one message item arriving on `room`. A room this extension does not build is an error
 * (UNKNOWN_ROOM) rather than an untyped pass-through: nothing downstream could use it.
 */
export function parseLiveMessage(room: string, data: unknown): LiveParseResult {
  const parsed = parseRoom(room);
  if (!parsed) return { ok: false, error: { code: 'UNKNOWN_ROOM', message: 'Room not built by rooms.ts' } };
  return parseLiveItem(room, parsed, data);
}
