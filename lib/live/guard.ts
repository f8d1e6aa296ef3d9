/**
 * Hand-written fast path for the DCA items of the live hot path (the benchmark's
 * `live.ratioToParseFloor`): the zod schemas of lib/api/schemas/live.ts cost several times a
 * `JSON.parse` per event. This guard accepts only items that are plainly in the schema's canonical
 * form and then builds exactly what zod would return (nested partial orders and tokens stripped to
 * their known fields, loose objects kept whole). Anything else (a missing or mistyped field, an
 * amount sent as a number, an unknown event name) returns `undefined` and goes to zod, which
 * transforms, accepts or rejects it: the guard never rejects and never accepts what zod refuses
 * (test/unit/live/guard.test.ts checks this against the schemas with fast-check).
 */
import type { ParsedRoom } from '../api/rooms';
import type { LiveMessage } from '../api/schemas/live';

type Obj = Record<string, unknown>;
type Check = (v: unknown) => boolean;

const DIGITS = /^\d+$/;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * An object kept whole must have no own `__proto__` key (JSON.parse makes one from `"__proto__"`):
 * zod copies objects key by key, and assigning that key sets the copy's prototype instead, so its
 * answer differs. Such an item goes to zod.
 */
const keptWhole = (v: unknown): v is Obj => isObj(v) && !Object.hasOwn(v, '__proto__');
const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const bool: Check = (v) => typeof v === 'boolean';
const units: Check = (v) => typeof v === 'string' && DIGITS.test(v);
const numOrStr: Check = (v) => str(v) || num(v);
const maybe =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
const maybeNum = maybe(num);
const maybeStr = maybe(str);

/** `required` fields must be present and pass; `optional` ones pass when present (undefined = absent). */
interface Shape {
  required: Readonly<Record<string, Check>>;
  optional: Readonly<Record<string, Check>>;
}

/** A shape as flat lists (a for-in over the shape on every item was most of the guard's cost). */
interface Compiled {
  keys: string[];
  checks: Check[];
  /** keys[i] is required for i < required */
  required: number;
}

function compile(shape: Shape): Compiled {
  const req = Object.entries(shape.required);
  const opt = Object.entries(shape.optional).filter(([k]) => !(k in shape.required));
  const all = [...req, ...opt];
  return { keys: all.map(([k]) => k), checks: all.map(([, c]) => c), required: req.length };
}

function fieldsPass(o: Obj, c: Compiled): boolean {
  const { keys, checks, required } = c;
  for (let i = 0; i < keys.length; i++) {
    const v = o[keys[i]!];
    if (v === undefined && i >= required) continue;
    if (!checks[i]!(v)) return false;
  }
  return true;
}

/** A loose object: every known field checked, unknown fields kept. */
function loose(shape: Partial<Shape>): Check {
  const c = compile({ required: shape.required ?? {}, optional: shape.optional ?? {} });
  return (v) => keptWhole(v) && fieldsPass(v, c);
}

/** A strip object: known fields checked and copied, unknown fields dropped (zod's `z.object`). */
function strip(optional: Readonly<Record<string, Check>>): (v: unknown) => Obj | undefined {
  const keys = Object.keys(optional);
  const checks = Object.values(optional);
  return (v) => {
    if (!isObj(v)) return undefined;
    const out: Obj = {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const x = v[k];
      if (x === undefined) continue;
      if (!checks[i]!(x)) return undefined;
      out[k] = x;
    }
    return out;
  };
}

// ---------- the partial order of live events (LivePartialOrderSchema) ----------

const stripToken = strip({
  mint: str,
  symbol: maybeStr,
  name: maybeStr,
  decimals: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255,
  image: maybeStr,
  priceUsd: maybeNum,
  uri: maybeStr,
  description: maybeStr,
  twitter: maybeStr,
  website: maybeStr,
  hasFileMetaData: maybe(bool),
});
const stripRaw = strip({
  deposited: units,
  used: units,
  createdAt: maybe(numOrStr),
  nextCycleAt: maybe(numOrStr),
});
const stripOrderScalars = strip({
  program: str,
  programId: str,
  address: str,
  owner: str,
  // any text, as the schema takes it: a status the spec does not list is kept, not refused
  status: str,
  direction: maybeStr,
  pair: maybeStr,
  deposited: num,
  depositedUsd: maybeNum,
  used: num,
  usedUsd: maybeNum,
  remaining: num,
  remainingUsd: maybeNum,
  received: num,
  receivedUsd: maybeNum,
  perCycle: num,
  perCycleUsd: maybeNum,
  frequency: str,
  progressPercent: num,
  volume: maybeNum,
  volumeUsd: maybeNum,
  createdAt: str,
  nextCycleAt: maybeStr,
  openInstruction: maybeStr,
});

/** The order as zod returns it, or undefined when zod must decide. */
function order(v: unknown): Obj | undefined {
  const out = stripOrderScalars(v);
  if (!out) return undefined;
  const o = v as Obj;
  for (const side of ['input', 'output'] as const) {
    const t = o[side];
    if (t === undefined) continue;
    if (t === null) out[side] = null;
    else {
      const token = stripToken(t);
      if (!token) return undefined;
      out[side] = token;
    }
  }
  if (o.raw !== undefined) {
    const raw = stripRaw(o.raw);
    if (!raw) return undefined;
    out.raw = raw;
  }
  return out;
}

// ---------- events and snapshots ----------

const priceMap: Check = (v) => {
  if (!keptWhole(v)) return false;
  for (const k in v) if (!maybeNum(v[k])) return false;
  return true;
};
const usdOf = (...fields: string[]) =>
  loose({ optional: Object.fromEntries(fields.map((f) => [f, maybeNum])) });

const BASE_REQUIRED = { address: str, signature: str };
const BASE_OPTIONAL = {
  program: str,
  programId: str,
  owner: str,
  slot: num,
  timestamp: num,
  eventIndex: num,
  dcaKey: str,
  usd: loose({}),
  prices: priceMap,
};

function event(required: Record<string, Check>, optional: Record<string, Check>): Compiled {
  return compile({
    required: { ...BASE_REQUIRED, ...required },
    optional: { ...BASE_OPTIONAL, ...optional },
  });
}

const EVENTS: Readonly<Record<string, Compiled>> = {
  Opened: event(
    { inputMint: str, outputMint: str, inDeposited: units },
    {
      openInstruction: str,
      userKey: str,
      cycleFrequency: numOrStr,
      inAmountPerCycle: units,
      createdAt: numOrStr,
    },
  ),
  Filled: event(
    { inputMint: str, outputMint: str, inAmount: units, outAmount: units },
    {
      userKey: str,
      feeMint: str,
      fee: units,
      fillInstruction: str,
      usd: usdOf('inAmountUsd', 'outAmountUsd', 'feeUsd'),
    },
  ),
  Closed: event(
    {},
    {
      userKey: str,
      inputMint: str,
      outputMint: str,
      inDeposited: units,
      totalInWithdrawn: units,
      totalOutWithdrawn: units,
      unfilledAmount: units,
      userClosed: bool,
    },
  ),
  Deposit: event({ amount: units }, { usd: usdOf('amountUsd') }),
  Withdraw: event({}, { inAmount: units, outAmount: units, userWithdraw: bool }),
  CollectedFee: event({ mint: str, amount: units }, { userKey: str, usd: usdOf('amountUsd') }),
};

const POSITION = compile({
  required: { address: str, writeVersion: numOrStr },
  optional: { program: str, owner: str, slot: num, timestamp: num },
});

/** A shallow copy with the order replaced by its stripped form (zod returns new objects too). */
function withOrder(data: Obj, required: boolean): Obj | undefined {
  if (data.order === undefined) return required ? undefined : { ...data };
  const o = order(data.order);
  return o && { ...data, order: o };
}

/**
 * The message zod would build for a DCA item on a DCA room, or undefined when the item is not
 * plainly valid (zod then decides). Only DCA rooms: PnL and price items are rare and go to zod.
 */
export function fastDcaMessage(room: string, parsed: ParsedRoom, data: unknown): LiveMessage | undefined {
  if (!('program' in parsed) || !isObj(data)) return undefined;
  const name = data.eventName;
  if (typeof name === 'string' || typeof data.signature === 'string') {
    const shape = typeof name === 'string' && Object.hasOwn(EVENTS, name) ? EVENTS[name] : undefined;
    if (!shape || !fieldsPass(data, shape)) return undefined;
    const ev = withOrder(data, false);
    if (!ev) return undefined;
    const program = (ev.program as string | undefined) ?? parsed.program;
    return { kind: 'dca-event', room, program, event: ev as never };
  }
  if (!fieldsPass(data, POSITION)) return undefined;
  const snapshot = withOrder(data, true);
  if (!snapshot) return undefined;
  const program = (snapshot.program as string | undefined) ?? parsed.program;
  return { kind: 'dca-position', room, program, snapshot: snapshot as never };
}
