import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, decodePoolEvents } from '../../../lib/api';

interface Trade {
  walletIndex: number;
  amount: number;
  priceUsd: number;
  volume: number;
  typeCode: number;
  time: number;
}

/** Writes the documented layout; the inverse of the decoder under test. */
function encode(wallets: string[], trades: Trade[]): Uint8Array {
  const enc = new TextEncoder();
  const names = wallets.map((w) => enc.encode(w));
  const size = 4 + names.reduce((n, b) => n + 1 + b.length, 0) + 4 + trades.length * 21;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let o = 0;
  view.setUint32(o, wallets.length, true);
  o += 4;
  for (const b of names) {
    view.setUint8(o++, b.length);
    out.set(b, o);
    o += b.length;
  }
  view.setUint32(o, trades.length, true);
  o += 4;
  for (const t of trades) {
    view.setUint32(o, t.walletIndex, true);
    view.setFloat32(o + 4, t.amount, true);
    view.setFloat32(o + 8, t.priceUsd, true);
    view.setFloat32(o + 12, t.volume, true);
    view.setUint8(o + 16, t.typeCode);
    view.setUint32(o + 17, t.time, true);
    o += 21;
  }
  return out;
}

const f32 = fc.float({ noNaN: true, noDefaultInfinity: true });
const walletName = fc.string({ maxLength: 20 }).filter((s) => new TextEncoder().encode(s).length <= 255);

const records = fc.array(walletName, { minLength: 1, maxLength: 8 }).chain((wallets) =>
  fc.tuple(
    fc.constant(wallets),
    fc.array(
      fc.record({
        walletIndex: fc.integer({ min: 0, max: wallets.length - 1 }),
        amount: f32,
        priceUsd: f32,
        volume: f32,
        typeCode: fc.integer({ min: 0, max: 255 }),
        time: fc.integer({ min: 0, max: 0xffffffff }),
      }),
      { maxLength: 20 },
    ),
  ),
);

function code(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return e.code;
  }
}

describe('decodePoolEvents', () => {
  it('decodes what was encoded', () => {
    fc.assert(
      fc.property(records, ([wallets, trades]) => {
        const decoded = decodePoolEvents(encode(wallets, trades).buffer as ArrayBuffer);
        expect(decoded.wallets).toEqual(wallets);
        expect(decoded.trades).toHaveLength(trades.length);
        decoded.trades.forEach((t, i) => {
          const src = trades[i]!;
          expect(t.wallet).toBe(wallets[src.walletIndex]);
          expect(t.amount).toBe(Math.fround(src.amount));
          expect(t.priceUsd).toBe(Math.fround(src.priceUsd));
          expect(t.volume).toBe(Math.fround(src.volume));
          expect(t.type).toBe(src.typeCode === 0 ? 'buy' : 'sell');
          expect(t.time).toBe(src.time * 1000);
        });
      }),
    );
  });

  it('rejects every truncation of a valid buffer with SCHEMA_MISMATCH', () => {
    fc.assert(
      fc.property(records, fc.nat(), ([wallets, trades], cut) => {
        const full = encode(wallets, trades);
        const at = cut % full.length;
        expect(code(() => decodePoolEvents(full.slice(0, at)))).toBe('SCHEMA_MISMATCH');
      }),
    );
  });

  it('throws nothing but ApiError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const result = code(() => decodePoolEvents(bytes));
        expect([undefined, 'SCHEMA_MISMATCH']).toContain(result);
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects an out-of-range wallet index, trailing bytes, bad UTF-8 and NaN', () => {
    const trade = { walletIndex: 0, amount: 1, priceUsd: 2, volume: 3, typeCode: 0, time: 10 };
    expect(code(() => decodePoolEvents(encode(['a'], [{ ...trade, walletIndex: 1 }])))).toBe(
      'SCHEMA_MISMATCH',
    );
    const extra = new Uint8Array([...encode(['a'], [trade]), 0]);
    expect(code(() => decodePoolEvents(extra))).toBe('SCHEMA_MISMATCH');
    const badUtf8 = encode(['ab'], [trade]);
    badUtf8[5] = 0xff;
    expect(code(() => decodePoolEvents(badUtf8))).toBe('SCHEMA_MISMATCH');
    expect(code(() => decodePoolEvents(encode(['a'], [{ ...trade, amount: Number.NaN }])))).toBe(
      'SCHEMA_MISMATCH',
    );
    const huge = new Uint8Array([0xff, 0xff, 0xff, 0xff]);
    expect(code(() => decodePoolEvents(huge))).toBe('SCHEMA_MISMATCH');
  });

  it('decodes an empty answer and a known example', () => {
    expect(decodePoolEvents(encode([], []))).toEqual({ wallets: [], trades: [] });
    const r = decodePoolEvents(
      encode(
        ['W1'],
        [{ walletIndex: 0, amount: 1.5, priceUsd: 2, volume: 3, typeCode: 1, time: 1_700_000_000 }],
      ),
    );
    expect(r.trades[0]).toEqual({
      wallet: 'W1',
      walletIndex: 0,
      amount: 1.5,
      priceUsd: 2,
      volume: 3,
      type: 'sell',
      time: 1_700_000_000_000,
    });
  });
});
