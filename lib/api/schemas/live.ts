/**
 * Schemas of what the datastream sends (shared/spec/live-service.md, "Datastream protocol").
 *
 * Loose objects throughout: the service adds fields without notice and an unknown field must never
 * turn a good event into an invalid one. Base-unit amounts stay strings (u64 values do not fit a
 * double); a plain integer number is accepted and turned into its string so consumers see one type.
 * Fields the notifier or the cache cannot work without are required (the de-dup ids, the order
 * account, the event name, the mints and amounts a notification states); everything else is optional,
 * and an optional field of an unexpected type is dropped, not the event with it (`opt`): one field the
 * service changed must not cost every fill notification. A number sent as text is read as the number.
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
/** A decimal number written as text ("50.00", "-1.5e3"): the only text a numeric field reads. */
const NUMERIC_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * An optional field that never fails its item: a value `schema` refuses is dropped (undefined),
 * except a number sent as text, which is read as that number where `schema` takes it. A valid value
 * is returned as `schema` returns it, so the fast guard (lib/live/guard.ts) still builds the same.
 */
function opt<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(({ value }): z.output<T> | undefined => {
    if (typeof value !== 'string' || !NUMERIC_TEXT.test(value)) return undefined;
    const r = schema.safeParse(Number(value));
    return r.success ? r.data : undefined;
  });
}

/** Every field of `shape` made optional the `opt` way. */
function optShape<S extends Record<string, z.ZodType>>(shape: S) {
  const out: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(shape)) out[k] = opt(v);
  return out as { [K in keyof S]: ReturnType<typeof opt<S[K]>> };
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/;
/** Epoch ms; an ISO-8601 time with its zone (unambiguous) is read as its epoch ms, other text as a number. */
const epochMs = z
  .number()
  .optional()
  .catch(({ value }) => {
    if (typeof value !== 'string') return undefined;
    const ms = NUMERIC_TEXT.test(value)
      ? Number(value)
      : ISO_TIME.test(value)
        ? Date.parse(value)
        : Number.NaN;
    return Number.isFinite(ms) ? ms : undefined;
  });
/** An optional base-unit amount: a malformed one is dropped, never guessed (no decimals read). */
const optUnits = BaseUnits.optional().catch(undefined);
const optString = opt(z.string());
const usdNumber = opt(z.number().nullable());
const Usd = z.looseObject({});
/** One price that is not a number is unknown (null), not the whole map's loss. */
const Prices = z.record(
  z.string(),
  opt(z.number().nullable()).transform((v) => v ?? null),
);
const numOrString = z.union([z.number(), z.string()]);
const n = opt(z.number().nullable());

// ---------- the partial Order carried by live events ----------

/**
 * The REST Order (schemas/dca.ts) made partial, because events carry only some of its fields; the
 * nested tokens are partial too, and `raw.createdAt`/`raw.nextCycleAt` may be numbers in live
 * snapshots (live-service.md). Every field is optional the `opt` way: a progress sent as "40" is 40,
 * a malformed symbol is dropped, and the order (its amounts, its owner) is kept. Addresses are
 * checked as text here, not decoded as base58: the decode costs about 2 µs per address, five per
 * event, on the hub's hot path (benchmark target), and a live address is only compared and
 * displayed, never used to build a request unchecked.
 */
const LiveToken = z.object(optShape(Token.shape)).extend({ mint: optString });
export const LivePartialOrderSchema = z.object(optShape(Order.shape)).extend({
  programId: optString,
  address: optString,
  owner: optString,
  input: opt(LiveToken.nullable()),
  output: opt(LiveToken.nullable()),
  raw: opt(
    z.object({
      deposited: optUnits,
      used: optUnits,
      createdAt: opt(numOrString.nullable()),
      nextCycleAt: opt(numOrString.nullable()),
    }),
  ),
});
export type LivePartialOrder = z.infer<typeof LivePartialOrderSchema>;

/** Required: the de-dup ids (signature; `eventIndex` is read as a number when sent as text) and the order account. */
const DcaEventBase = {
  program: optString,
  programId: optString,
  address: z.string(),
  owner: optString,
  signature: z.string(),
  slot: opt(z.number()),
  timestamp: epochMs,
  eventIndex: opt(z.number()),
  dcaKey: optString,
  order: opt(LivePartialOrderSchema),
  usd: opt(Usd),
  prices: opt(Prices),
};

// ---------- DCA transaction events ----------

export const DcaOpenedSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Opened'),
  openInstruction: optString,
  userKey: optString,
  inputMint: z.string(),
  outputMint: z.string(),
  inDeposited: BaseUnits,
  cycleFrequency: opt(numOrString),
  inAmountPerCycle: optUnits,
  createdAt: opt(numOrString),
});
export const DcaFilledSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Filled'),
  userKey: optString,
  inputMint: z.string(),
  outputMint: z.string(),
  inAmount: BaseUnits,
  outAmount: BaseUnits,
  feeMint: optString,
  fee: optUnits,
  fillInstruction: optString,
  usd: opt(z.looseObject({ inAmountUsd: usdNumber, outAmountUsd: usdNumber, feeUsd: usdNumber })),
});
export const DcaClosedSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Closed'),
  userKey: optString,
  inputMint: optString,
  outputMint: optString,
  inDeposited: optUnits,
  totalInWithdrawn: optUnits,
  totalOutWithdrawn: optUnits,
  unfilledAmount: optUnits,
  userClosed: opt(z.boolean()),
});
export const DcaDepositSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Deposit'),
  amount: BaseUnits,
  usd: opt(z.looseObject({ amountUsd: usdNumber })),
});
export const DcaWithdrawSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('Withdraw'),
  inAmount: optUnits,
  outAmount: optUnits,
  userWithdraw: opt(z.boolean()),
});
export const DcaCollectedFeeSchema = z.looseObject({
  ...DcaEventBase,
  eventName: z.literal('CollectedFee'),
  userKey: optString,
  mint: z.string(),
  amount: BaseUnits,
  usd: opt(z.looseObject({ amountUsd: usdNumber })),
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
  program: optString,
  address: z.string(),
  owner: optString,
  slot: opt(z.number()),
  timestamp: epochMs,
  writeVersion: numOrString,
  order: LivePartialOrderSchema,
});
export type DcaPosition = z.infer<typeof DcaPositionSchema>;

// ---------- PnL ----------

export const PnlSummaryLiveSchema = z.looseObject({
  pnl: z.looseObject({ realized: n, unrealized: n, total: n }),
  invested: n,
  proceeds: n,
  openPositions: opt(z.looseObject({ cost: n, value: n }).nullable()),
  counts: opt(z.looseObject({ buys: n, sells: n, trades: n, tokensTraded: n, tokensHeldEver: n }).nullable()),
  averages: opt(z.looseObject({ buy: n, sell: n }).nullable()),
  roi: n,
  timing: opt(z.looseObject({ firstTrade: n, lastTrade: n }).nullable()),
  timestamp: epochMs,
});
export type PnlSummaryLive = z.infer<typeof PnlSummaryLiveSchema>;

export const PnlUpdateSchema = z.looseObject({
  type: z.enum(['tradeUpdate', 'balanceUpdate', 'priceUpdate']),
  wallet: optString,
  token: optString,
  timestamp: epochMs,
});
export type PnlUpdate = z.infer<typeof PnlUpdateSchema>;

// ---------- aggregated price ----------

export const AggregatedPriceSchema = z.looseObject({
  token: z.string(),
  timestamp: z.number(),
  price: z.number(),
  pool: optString,
  aggregated: opt(z.looseObject({ median: n, average: n, min: n, max: n, poolCount: n }).nullable()),
  topPools: opt(
    z.array(
      z.looseObject({ poolId: z.string(), price: n, liquidity: n, market: opt(z.string().nullable()) }),
    ),
  ),
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
