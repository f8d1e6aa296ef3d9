import { describe, expect, test } from 'vitest';
import { rooms } from '../../../lib/api/rooms';
import { parseLiveMessage, ServerFrameSchema } from '../../../lib/api/schemas/live';
import { addr, filled } from './helpers';

const W = addr();
const M1 = addr();
const M2 = addr();
const O = addr();
const base = {
  program: 'jupiter',
  address: O,
  owner: W,
  signature: 'sig1',
  slot: 1,
  timestamp: 1_700_000_000_000,
  eventIndex: 0,
  dcaKey: O,
};

describe('parseLiveMessage: DCA', () => {
  test('Filled keeps unknown fields and base-unit strings', () => {
    const r = parseLiveMessage(
      rooms.dca(),
      filled({ signature: 's', owner: W, address: O, inputMint: M1, outputMint: M2 }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok || r.message.kind !== 'dca-event') throw new Error('kind');
    const ev = r.message.event;
    expect(ev.eventName).toBe('Filled');
    if (ev.eventName !== 'Filled') throw new Error('narrow');
    expect(ev.inAmount).toBe('50000000');
    expect((ev as Record<string, unknown>).someNewField).toEqual({ nested: true });
    expect(r.message.program).toBe('jupiter');
  });

  test.each([
    [
      'Opened',
      {
        inputMint: M1,
        outputMint: M2,
        inDeposited: '1000',
        cycleFrequency: '3600',
        inAmountPerCycle: '100',
        openInstruction: 'openDcaV2',
      },
    ],
    [
      'Closed',
      {
        inDeposited: '1000',
        totalInWithdrawn: '0',
        totalOutWithdrawn: '5',
        unfilledAmount: '0',
        userClosed: true,
      },
    ],
    ['Deposit', { amount: '500', usd: { amountUsd: null } }],
    ['Withdraw', { inAmount: '1', outAmount: '2', userWithdraw: false }],
    ['CollectedFee', { mint: M2, amount: '3', usd: { amountUsd: 0.01 } }],
  ])('%s parses', (eventName, extra) => {
    const r = parseLiveMessage(rooms.dcaWallet('jupiter', W), { ...base, eventName, ...extra });
    expect(r.ok && r.message.kind === 'dca-event' && r.message.event.eventName).toBe(eventName);
  });

  test('an integer amount sent as a number becomes its string; a decimal is rejected', () => {
    const ok = parseLiveMessage(rooms.dca(), { ...base, eventName: 'Deposit', amount: 500 });
    expect(
      ok.ok &&
        ok.message.kind === 'dca-event' &&
        ok.message.event.eventName === 'Deposit' &&
        ok.message.event.amount,
    ).toBe('500');
    const bad = parseLiveMessage(rooms.dca(), { ...base, eventName: 'Deposit', amount: '5.5' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH', path: 'amount' } });
  });

  test('a missing required field is a typed error naming the path, never a value', () => {
    const r = parseLiveMessage(rooms.dca(), {
      ...base,
      eventName: 'Filled',
      inputMint: M1,
      outputMint: M2,
      inAmount: '1',
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH', path: 'outAmount' } });
  });

  test('an unknown eventName is kept apart as dca-other-event', () => {
    const r = parseLiveMessage(rooms.dca(), { ...base, eventName: 'Paused' });
    expect(r.ok && r.message.kind).toBe('dca-other-event');
  });

  test('position snapshot: no signature, numeric raw timestamps, partial order of the REST shape', () => {
    const snap = {
      address: O,
      owner: W,
      slot: 2,
      timestamp: 1,
      writeVersion: 123,
      order: {
        address: O,
        owner: W,
        status: 'active',
        input: { mint: M1 },
        raw: { deposited: '10', used: '1', createdAt: 1_700_000_000, nextCycleAt: 1_700_003_600 },
      },
    };
    const r = parseLiveMessage(rooms.dcaType('jupiter', 'position'), snap);
    expect(r.ok && r.message.kind).toBe('dca-position');
    const pos = rooms.dcaType('jupiter', 'position');
    // a number sent as text is read as the number; other text in a numeric field is dropped
    const text = parseLiveMessage(pos, { ...snap, order: { ...snap.order, deposited: '12' } });
    expect(text).toMatchObject({ ok: true, message: { snapshot: { order: { deposited: 12 } } } });
    const junk = parseLiveMessage(pos, { ...snap, order: { ...snap.order, deposited: 'lots' } });
    expect(junk).toMatchObject({ ok: true, message: { snapshot: { order: { deposited: undefined } } } });
    // Same rule as the REST Order: a status the spec does not list is kept as sent (the snapshot
    // is not dropped); a status that is not text is dropped, and the snapshot kept.
    const odd = parseLiveMessage(pos, { ...snap, order: { ...snap.order, status: 'frozen' } });
    expect(odd.ok && odd.message.kind === 'dca-position' && odd.message.snapshot.order.status).toBe('frozen');
    const broken = parseLiveMessage(pos, { ...snap, order: { ...snap.order, status: 3 } });
    expect(
      broken.ok && broken.message.kind === 'dca-position' && broken.message.snapshot.order,
    ).toMatchObject({
      address: O,
      status: undefined,
    });
    // what the cache and the de-dup cannot do without is still required
    const { writeVersion: _, ...noVersion } = snap;
    expect(parseLiveMessage(pos, noVersion)).toMatchObject({ ok: false, error: { path: 'writeVersion' } });
  });
});

describe('parseLiveMessage: PnL and price', () => {
  test('summary room', () => {
    const r = parseLiveMessage(rooms.pnlSummary(W), {
      pnl: { realized: 1, unrealized: null, total: 1 },
      invested: 10,
      proceeds: 11,
      openPositions: { cost: 0, value: 0 },
      counts: { buys: 1, sells: 1, trades: 2, tokensTraded: 1, tokensHeldEver: 1 },
      averages: { buy: 10, sell: 11 },
      roi: 0.1,
      timing: { firstTrade: 1, lastTrade: 2 },
    });
    expect(r.ok && r.message.kind === 'pnl-summary' && r.message.wallet).toBe(W);
  });

  test('wallet and wallet-token rooms need a known data.type', () => {
    const r = parseLiveMessage(rooms.pnlWalletToken(W, M1), {
      type: 'tradeUpdate',
      timestamp: 1,
      side: 'buy',
    });
    expect(r.ok && r.message.kind === 'pnl-update' && r.message.token).toBe(M1);
    const w = parseLiveMessage(rooms.pnlWallet(W), { type: 'priceUpdate', token: M2, timestamp: 1 });
    expect(w.ok && w.message.kind === 'pnl-update' && w.message.token).toBe(M2);
    expect(parseLiveMessage(rooms.pnlWallet(W), { type: 'mystery' }).ok).toBe(false);
  });

  test('aggregated price', () => {
    const r = parseLiveMessage(rooms.priceAggregated(M1), {
      token: M1,
      timestamp: 5,
      price: 1.5,
      pool: 'P',
      aggregated: { median: 1.5, average: 1.5, min: 1, max: 2, poolCount: 3 },
      topPools: [{ poolId: 'P', price: 1.5, liquidity: 100, market: 'raydium' }],
    });
    expect(r.ok && r.message.kind === 'price' && r.message.price.price).toBe(1.5);
    expect(parseLiveMessage(rooms.priceAggregated(M1), { token: M1, price: '1.5', timestamp: 5 }).ok).toBe(
      false,
    );
  });

  test('unknown rooms and non-objects are typed errors', () => {
    expect(parseLiveMessage('stats:token:x:total', {})).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_ROOM' },
    });
    expect(parseLiveMessage(rooms.dca(), [1])).toMatchObject({
      ok: false,
      error: { code: 'SCHEMA_MISMATCH' },
    });
    expect(parseLiveMessage(rooms.dca(), null).ok).toBe(false);
  });
});

describe('ServerFrameSchema', () => {
  test('known frames and unknown types are accepted; data may be an array', () => {
    for (const f of [
      { type: 'joined', room: 'dca:jupiter' },
      { type: 'ping' },
      { type: 'message', room: 'r', data: { a: 1 } },
      { type: 'message', room: 'r', data: [{ a: 1 }] },
      { type: 'hello', whatever: 1 },
    ]) {
      expect(ServerFrameSchema.safeParse(f).success).toBe(true);
    }
    expect(ServerFrameSchema.safeParse({ room: 'x' }).success).toBe(false);
  });
});
