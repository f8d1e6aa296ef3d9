/**
 * A live event whose service changed one field's type. An optional field the extension can do
 * without is dropped, not the event (a fill notification for a watched wallet must not be lost for a
 * slot sent as text); a number sent as text is read as the number. What the notification and the
 * de-dup need stays required, and an item that still fails is reported to whoever watches the hub
 * (the watch service catches that wallet up through REST), never dropped silently.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseRoom, rooms } from '../../../lib/api/rooms';
import { parseLiveItem } from '../../../lib/api/schemas/live';
import { dedupKey } from '../../../lib/live/dedup';
import { makeHub, stopAll } from './harness';
import { addr, filled } from './helpers';

afterEach(stopAll);

const W = addr();
const ROOM = rooms.dcaWallet('jupiter', W);
const fill = () => ({
  ...filled({ signature: 'sig-1', owner: W, address: addr(), inputMint: addr(), outputMint: addr() }),
  usd: { inAmountUsd: 50, outAmountUsd: 50 },
  order: { progressPercent: 40, input: { mint: addr(), decimals: 6 }, output: { mint: addr(), decimals: 9 } },
});
const parse = (data: unknown) => parseLiveItem(ROOM, parseRoom(ROOM)!, data);
const eventOf = (data: unknown) => {
  const r = parse(data);
  if (!r.ok || r.message.kind !== 'dca-event') throw new Error(`not accepted: ${JSON.stringify(r)}`);
  return r.message.event as Record<string, unknown> & { order?: Record<string, unknown> };
};

describe('an optional field of another type costs the field, not the event', () => {
  it('numbers sent as text are read as the numbers; an ISO time as its epoch ms', () => {
    const e = eventOf({
      ...fill(),
      timestamp: '2025-06-15T12:00:00Z',
      slot: '300000000',
      eventIndex: '0',
      usd: { inAmountUsd: '50.00', outAmountUsd: 50 },
      order: { ...fill().order, progressPercent: '40' },
    });
    expect(e.timestamp).toBe(Date.UTC(2025, 5, 15, 12));
    expect(e.slot).toBe(300_000_000);
    expect(e.eventIndex).toBe(0);
    expect(e.usd).toMatchObject({ inAmountUsd: 50, outAmountUsd: 50 });
    expect(e.order?.progressPercent).toBe(40);
    // the de-dup key is the same whichever way the index came
    expect(dedupKey(ROOM, { ...fill(), eventIndex: '0' })).toBe(dedupKey(ROOM, fill()));
  });

  it('text that is no number, an object where a number was, an odd token: dropped, the rest kept', () => {
    const e = eventOf({
      ...fill(),
      timestamp: 'yesterday',
      slot: { n: 1 },
      eventIndex: 'first',
      owner: 42,
      prices: { a: 1, b: 'n/a' },
      usd: { inAmountUsd: 'fifty', outAmountUsd: 50 },
      fee: '1.5',
      order: { ...fill().order, progressPercent: [40], input: { mint: 7, decimals: '6' }, status: 3 },
    });
    expect(e).toMatchObject({
      eventName: 'Filled',
      signature: 'sig-1',
      inAmount: '50000000',
      outAmount: '310000000',
    });
    for (const k of ['timestamp', 'slot', 'eventIndex', 'owner', 'fee']) expect(e[k]).toBeUndefined();
    expect(e.prices).toEqual({ a: 1, b: null });
    expect(e.usd).toMatchObject({ inAmountUsd: undefined, outAmountUsd: 50 });
    expect(e.order).toMatchObject({ progressPercent: undefined, status: undefined, input: { decimals: 6 } });
    expect(e.order?.input).toEqual({ mint: undefined, decimals: 6 });
  });

  it('what the notification and the de-dup need is still required', () => {
    for (const [field, value] of [
      ['signature', 7],
      ['address', null],
      ['inAmount', '50.5'],
      ['outAmount', 1.5],
      ['inputMint', undefined],
    ] as const) {
      const r = parse({ ...fill(), [field]: value });
      expect(r, field).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH', path: field } });
    }
  });
});

describe('an item that still fails its schema', () => {
  const frame = (room: string, data: unknown) => JSON.stringify({ type: 'message', room, data });

  it('is counted and reported with its room and path, on every wanted room it arrives on', () => {
    const rec = makeHub(null);
    const other = rooms.dcaWallet('jupiter', addr());
    rec.hub.acquire('watchlist', [ROOM]);
    const reported: { room: string; path?: string }[] = [];
    const stop = rec.hub.watchInvalid((room, error) => reported.push({ room, path: error.path }));
    const bad = { ...fill(), inAmount: 12.5 };
    rec.hub.handleRaw(frame(ROOM, bad));
    rec.hub.handleRaw(frame(ROOM, bad)); // a copy: still not remembered, still reported
    rec.hub.handleRaw(frame(other, bad)); // a room nobody wants: ignored, not reported
    rec.hub.handleRaw(frame(ROOM, 'text')); // data that is not an object
    expect(reported).toEqual([
      { room: ROOM, path: 'inAmount' },
      { room: ROOM, path: 'inAmount' },
      { room: ROOM, path: undefined },
    ]);
    expect(rec.hub.stats()).toMatchObject({ invalid: 3, delivered: 0, ignored: 1 });
    expect(rec.events).toEqual([]);
    // the log names the field, never a value or the room
    expect(rec.logs.filter((l) => l.includes('schema'))).toEqual([
      'live: dropped an item that failed its schema at inAmount',
      'live: dropped an item that failed its schema at inAmount',
      'live: dropped an item that failed its schema',
    ]);
    stop();
    rec.hub.handleRaw(frame(ROOM, { ...bad, signature: 'sig-2' }));
    expect(reported).toHaveLength(3);
  });

  it('a listener that throws does not stop the others, nor the hub', () => {
    const rec = makeHub(null);
    rec.hub.acquire('watchlist', [ROOM]);
    let called = 0;
    rec.hub.watchInvalid(() => {
      throw new Error('consumer bug');
    });
    rec.hub.watchInvalid(() => called++);
    rec.hub.handleRaw(frame(ROOM, { ...fill(), inAmount: 12.5 }));
    rec.hub.handleRaw(frame(ROOM, fill()));
    expect(called).toBe(1);
    expect(rec.events).toHaveLength(1);
  });
});
