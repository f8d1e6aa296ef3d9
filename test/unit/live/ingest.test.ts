import { describe, expect, test } from 'vitest';
import { parseRoom, rooms } from '../../../lib/api/rooms';
import type { LiveMessage } from '../../../lib/api/schemas/live';
import { SeenSet } from '../../../lib/live/dedup';
import { createIngest, dcaCopyText, emptyStats, fingerprint } from '../../../lib/live/ingest';
import { addr, filled } from './helpers';

const GLOBAL = rooms.dca('jupiter');
const FILLED = rooms.dcaType('jupiter', 'filled');

function ingestWith(wanted: string[], capacity = 5_000) {
  const stats = emptyStats();
  const delivered: string[][] = [];
  const messages: LiveMessage[] = [];
  const parsed = new Map(wanted.map((r) => [r, parseRoom(r)!]));
  const ingest = createIngest({
    stats,
    seen: new SeenSet(capacity),
    wanted: (room) => parsed.get(room),
    kinds: new Set([...parsed.values()].map((p) => p.kind)),
    onPing: () => {},
    onRoomAlive: () => {},
    deliver: (m, r) => {
      messages.push(m);
      delivered.push(r);
    },
  });
  return { ingest, stats, delivered, messages };
}

const frame = (room: string, data: unknown) => JSON.stringify({ type: 'message', room, data });
const event = (signature: string) =>
  filled({ signature, owner: addr(), address: addr(), inputMint: addr(), outputMint: addr() });

describe('copies recognised from their text', () => {
  test('dcaCopyText reads only the service layout of DCA frames', () => {
    const data = event('sig1');
    expect(dcaCopyText(frame(GLOBAL, data))).toEqual({ room: GLOBAL, payload: JSON.stringify(data) });
    expect(dcaCopyText(JSON.stringify({ room: GLOBAL, type: 'message', data }))).toBeNull();
    expect(dcaCopyText(frame('pnl:x:summary', { a: 1 }))).toBeNull();
    expect(dcaCopyText(frame(GLOBAL, [data]))).toBeNull();
  });

  test('a copy on a second room is a duplicate, a new event is delivered, counts match the slow path', () => {
    const { ingest, stats, delivered } = ingestWith([GLOBAL, FILLED]);
    const a = event('sigA');
    const b = event('sigB');
    for (const data of [a, b]) {
      ingest(frame(GLOBAL, data), 1);
      ingest(frame(FILLED, data), 2);
    }
    // the same event again, serialised differently (key order): found by its key after JSON.parse
    ingest(JSON.stringify({ room: FILLED, type: 'message', data: a }), 3);
    expect(delivered).toHaveLength(2);
    expect(stats).toMatchObject({ frames: 5, received: 5, delivered: 2, duplicates: 3, invalid: 0 });
  });

  test('a key dropped from the bounded seen set is delivered again, as without the text shortcut', () => {
    const { ingest, stats } = ingestWith([GLOBAL], 2);
    const first = event('first');
    ingest(frame(GLOBAL, first), 1);
    for (const s of ['x1', 'x2', 'x3', 'x4']) ingest(frame(GLOBAL, event(s)), 1);
    ingest(frame(GLOBAL, first), 2);
    expect(stats.delivered).toBe(6);
    expect(stats.duplicates).toBe(0);
  });

  test('an invalid item is never remembered: its copies stay invalid', () => {
    const { ingest, stats } = ingestWith([GLOBAL, FILLED]);
    const bad = { ...event('bad'), eventName: 'Filled', outAmount: 4.5 };
    ingest(frame(GLOBAL, bad), 1);
    ingest(frame(FILLED, bad), 1);
    expect(stats).toMatchObject({ delivered: 0, duplicates: 0 });
    expect(stats.invalid).toBe(2);
  });

  test('payloads sharing a fingerprint are told apart by their full text', () => {
    const { ingest, stats, delivered } = ingestWith([GLOBAL, FILLED]);
    // one transaction, two events: same signature and length, the event index last in the payload
    const { eventIndex: _, ...rest } = event('sameSig');
    const a = { ...rest, eventIndex: 1 };
    const b = { ...rest, eventIndex: 2 };
    expect(fingerprint(JSON.stringify(a))).toBe(fingerprint(JSON.stringify(b)));
    ingest(frame(GLOBAL, a), 1);
    ingest(frame(GLOBAL, b), 1);
    ingest(frame(FILLED, b), 1);
    ingest(frame(FILLED, a), 1);
    expect(delivered).toHaveLength(2);
    expect(stats).toMatchObject({ frames: 4, delivered: 2, duplicates: 2, invalid: 0 });
  });

  test('every first copy is validated: a bad amount is rejected; a broken optional field is dropped, not the event', () => {
    const { ingest, stats, messages } = ingestWith([GLOBAL, FILLED]);
    const badAmount = { ...event('badAmount'), inAmount: '12abc' };
    const badOrder = { ...event('badOrder'), order: { status: ['exploded'], used: 3 } };
    const badToken = { ...event('badToken'), order: { output: { mint: 'm', decimals: 300 } } };
    for (const bad of [badAmount, badOrder, badToken]) {
      ingest(frame(GLOBAL, bad), 1);
      ingest(frame(FILLED, bad), 1);
    }
    expect(stats).toMatchObject({ invalid: 2, delivered: 2, duplicates: 2 });
    const orders = messages.map((m) => m.kind === 'dca-event' && m.event.order);
    expect(orders).toEqual([{ status: undefined, used: 3 }, { output: { mint: 'm', decimals: undefined } }]);
  });
});
