/**
 * The hand-written DCA guard of the live hot path against the zod schemas it stands in for: whatever
 * it accepts, zod accepts with the same result; whatever it does not take, zod decides (so the path
 * the hub uses, guard then zod, answers exactly what zod alone answers, invalid items included).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type ParsedRoom, parseRoom, rooms } from '../../../lib/api/rooms';
import { type LiveParseResult, parseLiveItem } from '../../../lib/api/schemas/live';
import { fastDcaMessage } from '../../../lib/live/guard';
import { addr, filled } from './helpers';

const ROOMS = [
  rooms.dca('jupiter'),
  rooms.dcaType('jupiter', 'filled'),
  rooms.dcaWallet('jupiter', addr()),
  rooms.dcaOrder('jupiter', addr()),
];
const parsedOf = (room: string) => parseRoom(room) as ParsedRoom;

/** The hub's path: the guard, and zod for what the guard leaves. */
function hubPath(room: string, data: unknown): LiveParseResult {
  const fast = fastDcaMessage(room, parsedOf(room), structuredClone(data));
  return fast ? { ok: true, message: fast } : parseLiveItem(room, parsedOf(room), data);
}

// ---------- arbitraries: canonical items, then mutated ones ----------

const text = fc.string({ maxLength: 12 });
const address = fc.constantFrom(addr(), addr(), addr(), 'So11111111111111111111111111111111111111112');
const units = fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String);
const money = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null });
const numOrStr = fc.oneof(fc.integer(), text);

const token = fc.record(
  {
    mint: address,
    symbol: fc.option(text, { nil: null }),
    name: text,
    decimals: fc.integer({ min: 0, max: 18 }),
    priceUsd: money,
    image: fc.option(text, { nil: null }),
    extraTokenField: text,
  },
  { requiredKeys: [] },
);
const order = fc.record(
  {
    program: fc.constant('jupiter'),
    programId: address,
    address,
    owner: address,
    // a status the spec does not list is canonical too: kept as text by zod and by the guard
    status: fc.oneof(fc.constantFrom('active', 'pending', 'paused', 'completed'), text),
    direction: fc.option(text, { nil: null }),
    pair: text,
    input: fc.option(token, { nil: null }),
    output: token,
    deposited: fc.double({ noNaN: true, noDefaultInfinity: true }),
    depositedUsd: money,
    used: fc.integer(),
    usedUsd: money,
    remaining: fc.integer(),
    received: fc.integer(),
    perCycle: fc.integer(),
    frequency: text,
    progressPercent: fc.double({ min: 0, max: 100, noNaN: true }),
    volume: money,
    createdAt: text,
    nextCycleAt: fc.option(text, { nil: null }),
    raw: fc.record(
      {
        deposited: units,
        used: units,
        createdAt: fc.option(numOrStr, { nil: null }),
        nextCycleAt: numOrStr,
        remaining: units,
      },
      { requiredKeys: [] },
    ),
    extraOrderField: fc.dictionary(text, text, { maxKeys: 2 }),
  },
  { requiredKeys: [] },
);
const base = {
  program: fc.constant('jupiter'),
  programId: address,
  address,
  owner: address,
  signature: fc.string({ minLength: 1, maxLength: 88 }),
  slot: fc.integer({ min: 0 }),
  timestamp: fc.integer({ min: 0 }),
  eventIndex: fc.integer({ min: 0, max: 9 }),
  dcaKey: address,
  order,
  prices: fc.dictionary(address, money, { maxKeys: 3 }),
  someNewField: fc.anything({ maxDepth: 1 }),
};
const baseRequired = ['address', 'signature', 'eventName'] as const;
const usd = (...keys: string[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, money])), { requiredKeys: [] });

const events = {
  Opened: fc.record(
    {
      ...base,
      eventName: fc.constant('Opened'),
      inputMint: address,
      outputMint: address,
      inDeposited: units,
      cycleFrequency: numOrStr,
      inAmountPerCycle: units,
      createdAt: numOrStr,
    },
    { requiredKeys: [...baseRequired, 'inputMint', 'outputMint', 'inDeposited'] },
  ),
  Filled: fc.record(
    {
      ...base,
      eventName: fc.constant('Filled'),
      inputMint: address,
      outputMint: address,
      inAmount: units,
      outAmount: units,
      fee: units,
      usd: usd('inAmountUsd', 'outAmountUsd', 'feeUsd'),
    },
    { requiredKeys: [...baseRequired, 'inputMint', 'outputMint', 'inAmount', 'outAmount'] },
  ),
  Closed: fc.record(
    {
      ...base,
      eventName: fc.constant('Closed'),
      totalInWithdrawn: units,
      userClosed: fc.boolean(),
      // Canonical keys: an own `__proto__` key (which JSON.parse can make) is left to zod.
      usd: fc.dictionary(
        text.filter((k) => k !== '__proto__'),
        money,
        { maxKeys: 2 },
      ),
    },
    { requiredKeys: [...baseRequired] },
  ),
  Deposit: fc.record(
    { ...base, eventName: fc.constant('Deposit'), amount: units, usd: usd('amountUsd') },
    { requiredKeys: [...baseRequired, 'amount'] },
  ),
  Withdraw: fc.record(
    { ...base, eventName: fc.constant('Withdraw'), inAmount: units, userWithdraw: fc.boolean() },
    { requiredKeys: [...baseRequired] },
  ),
  CollectedFee: fc.record(
    { ...base, eventName: fc.constant('CollectedFee'), mint: address, amount: units, usd: usd('amountUsd') },
    { requiredKeys: [...baseRequired, 'mint', 'amount'] },
  ),
  Position: fc.record(
    {
      program: fc.constant('jupiter'),
      address,
      owner: address,
      slot: fc.integer({ min: 0 }),
      writeVersion: numOrStr,
      order,
    },
    { requiredKeys: ['address', 'writeVersion', 'order'] },
  ),
};
const canonical = fc.oneof(...Object.values(events));

/** A JSON-ish value of any type, including the shapes a wrong field could take. */
const junk = fc.oneof(
  fc.anything({ maxDepth: 1 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom('', '12a', '-1', '1.5', 'Filled', 'Bogus', 'constructor', '__proto__'),
);
const FIELDS = [
  'eventName',
  'signature',
  'address',
  'inAmount',
  'amount',
  'mint',
  'order',
  'usd',
  'prices',
  'slot',
  'writeVersion',
  'inputMint',
  'userClosed',
];
const ORDER_FIELDS = ['status', 'input', 'output', 'raw', 'deposited', 'createdAt', 'address'];

/** One change: a field set to junk, a field removed, or a nested order field broken. */
const mutated = fc
  .tuple(canonical, fc.constantFrom(...FIELDS), fc.constantFrom(...ORDER_FIELDS), junk, fc.nat(3))
  .map(([item, field, orderField, value, how]) => {
    const o = structuredClone(item) as Record<string, unknown>;
    if (how === 0) o[field] = value;
    else if (how === 1) delete o[field];
    else if (how === 2 && typeof o.order === 'object' && o.order) {
      (o.order as Record<string, unknown>)[orderField] = value;
    } else if (how === 3 && typeof o.order === 'object' && o.order) {
      const raw = (o.order as { raw?: Record<string, unknown> }).raw;
      if (raw) raw.deposited = value;
      else o.order = value;
    }
    return o;
  });

describe('live DCA guard', () => {
  test('canonical items of every kind take the fast path and equal what zod returns', () => {
    fc.assert(
      fc.property(canonical, fc.constantFrom(...ROOMS), (item, room) => {
        const fast = fastDcaMessage(room, parsedOf(room), structuredClone(item));
        const zod = parseLiveItem(room, parsedOf(room), item);
        expect(zod.ok).toBe(true);
        expect(fast).toBeDefined();
        expect(fast).toEqual(zod.ok && zod.message);
      }),
      { numRuns: 600 },
    );
  });

  test('an object with an own __proto__ key goes to zod, which the hub then answers exactly', () => {
    // fast-check's counterexample: the guard kept `usd` whole, zod's copy dropped the key.
    const item = JSON.parse(
      '{"address":"2M59vuWqXRBQrvPAX3XMiCrpQw7coWKUMPPQ8P7ghfhh","signature":" ","eventName":"Closed","usd":{"__proto__":null},"writeVersion":[]}',
    );
    const room = rooms.dca('jupiter');
    expect(fastDcaMessage(room, parsedOf(room), structuredClone(item))).toBeUndefined();
    expect(hubPath(room, item)).toEqual(parseLiveItem(room, parsedOf(room), item));
  });

  test('on broken items the hub path answers exactly what zod answers (rejections included)', () => {
    let rejected = 0;
    fc.assert(
      fc.property(mutated, fc.constantFrom(...ROOMS), (item, room) => {
        const zod = parseLiveItem(room, parsedOf(room), item);
        const hub = hubPath(room, item);
        if (!zod.ok) rejected++;
        expect(hub.ok).toBe(zod.ok);
        expect(hub).toEqual(zod);
      }),
      { numRuns: 2000 },
    );
    expect(rejected).toBeGreaterThan(100); // the mutations do reach zod's refusals
  });

  test('what the guard accepts, zod accepts with the same message (any data)', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, junk), fc.constantFrom(...ROOMS), (item, room) => {
        const fast = fastDcaMessage(room, parsedOf(room), structuredClone(item));
        if (!fast) return;
        const zod = parseLiveItem(room, parsedOf(room), item);
        expect(zod).toEqual({ ok: true, message: fast });
      }),
      { numRuns: 2000 },
    );
  });

  test('zod output shape: nested order and tokens lose unknown fields, the event keeps them', () => {
    const a = addr();
    const item = {
      ...filled({ signature: 's', owner: a, address: a, inputMint: addr(), outputMint: addr() }),
      order: {
        address: a,
        status: 'active',
        raw: { deposited: '1', used: '0', remaining: '1' },
        output: { mint: a, decimals: 6, junk: 1 },
      },
    };
    const room = ROOMS[0]!;
    const fast = fastDcaMessage(room, parsedOf(room), structuredClone(item));
    expect(fast).toMatchObject({ kind: 'dca-event', program: 'jupiter' });
    const event = (fast as { event: Record<string, unknown> }).event;
    expect(event.someNewField).toEqual({ nested: true });
    expect(event.order).toEqual({
      address: a,
      status: 'active',
      raw: { deposited: '1', used: '0' },
      output: { mint: a, decimals: 6 },
    });
  });

  test('an order status the spec does not list takes the fast path, kept as sent (as zod keeps it)', () => {
    const a = addr();
    const room = ROOMS[0]!;
    for (const status of ['cancelled', 'expired', '<b>closed</b>', '']) {
      const item = {
        ...filled({ signature: `s-${status}`, owner: a, address: a, inputMint: addr(), outputMint: addr() }),
        order: { address: a, status, used: 3 },
      };
      const fast = fastDcaMessage(room, parsedOf(room), structuredClone(item));
      expect(fast).toBeDefined();
      expect((fast as { event: { order: { status: string } } }).event.order.status).toBe(status);
      expect(parseLiveItem(room, parsedOf(room), item)).toEqual({ ok: true, message: fast });
    }
    // not text: the guard leaves it to zod, which drops the status and keeps the event and its order
    const bad = {
      ...filled({ signature: 's-bad', owner: a, address: a, inputMint: addr(), outputMint: addr() }),
      order: { address: a, status: 7 },
    };
    expect(fastDcaMessage(room, parsedOf(room), structuredClone(bad))).toBeUndefined();
    const kept = hubPath(room, bad);
    expect(kept).toMatchObject({ ok: true, message: { event: { order: { address: a } } } });
    expect((kept as { message: { event: { order: { status?: unknown } } } }).message.event.order.status).toBe(
      undefined,
    );
  });

  test('items the guard leaves to zod: amounts as numbers (turned into text), unknown event names', () => {
    const a = addr();
    const room = ROOMS[0]!;
    const base = filled({ signature: 's', owner: a, address: a, inputMint: a, outputMint: a });
    const numeric = { ...base, inAmount: 5 };
    expect(fastDcaMessage(room, parsedOf(room), numeric)).toBeUndefined();
    expect(hubPath(room, numeric)).toMatchObject({ ok: true, message: { event: { inAmount: '5' } } });
    const later = { ...base, eventName: 'Rebalanced' };
    expect(fastDcaMessage(room, parsedOf(room), later)).toBeUndefined();
    expect(hubPath(room, later)).toMatchObject({ ok: true, message: { kind: 'dca-other-event' } });
    const pnlRoom = rooms.pnlSummary(a);
    expect(fastDcaMessage(pnlRoom, parsedOf(pnlRoom), { pnl: {} })).toBeUndefined();
  });
});
