import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dedupKey, SeenSet } from '../../../lib/live/dedup';

describe('dedupKey', () => {
  test('transaction events: signature + eventIndex, whatever the room', () => {
    const ev = { signature: 'S1', eventIndex: 2, eventName: 'Filled', address: 'A', writeVersion: 9 };
    expect(dedupKey('dca:jupiter', ev)).toBe('t:S1:2');
    expect(dedupKey('dca:jupiter:wallet:W', ev)).toBe('t:S1:2');
    expect(dedupKey('dca:jupiter', { ...ev, eventIndex: 3 })).not.toBe('t:S1:2');
  });

  test('snapshots: address + writeVersion', () => {
    expect(dedupKey('dca:jupiter:position', { address: 'A', writeVersion: 7, order: {} })).toBe('p:A:7');
    expect(dedupKey('dca:jupiter:A', { address: 'A', writeVersion: 7 })).toBe('p:A:7');
  });

  test('PnL and price: room + type + token + timestamp; nothing stable means no key', () => {
    expect(dedupKey('price:aggregated:T', { token: 'T', timestamp: 5 })).toBe('r:price:aggregated:T::T:5');
    expect(dedupKey('pnl:W', { type: 'priceUpdate', timestamp: 5 })).toBe('r:pnl:W:priceUpdate::5');
    expect(dedupKey('pnl:W', { type: 'tradeUpdate', timestamp: 5 })).not.toBe(
      dedupKey('pnl:W', { type: 'priceUpdate', timestamp: 5 }),
    );
    expect(dedupKey('pnl:W:summary', { pnl: {} })).toBeNull();
    expect(dedupKey('dca:jupiter', { address: 'A' })).toBeNull();
    expect(dedupKey('dca:jupiter', null)).toBeNull();
    expect(dedupKey('dca:jupiter', 'text')).toBeNull();
  });

  test('PnL updates of two tokens at the same timestamp on one wallet room are both kept', () => {
    const a = { type: 'tradeUpdate', token: 'TokA', timestamp: 5 };
    const b = { type: 'tradeUpdate', token: 'TokB', timestamp: 5 };
    expect(dedupKey('pnl:W', a)).not.toBe(dedupKey('pnl:W', b));
    // the same update again (another copy) still has the same key
    expect(dedupKey('pnl:W', { ...a })).toBe(dedupKey('pnl:W', a));
    const seen = new SeenSet(10);
    const kept = [a, b, { ...a }].filter((m) => {
      const k = dedupKey('pnl:W', m)!;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    expect(kept).toEqual([a, b]);
  });
});

describe('SeenSet (two generations)', () => {
  test('never holds more than its capacity and always remembers the last capacity/2 keys', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 200 }),
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 2_000 }),
        (cap, keys) => {
          const s = new SeenSet(cap);
          for (const k of keys) s.add(String(k));
          expect(s.size).toBeLessThanOrEqual(cap);
          const recent = [...new Set(keys.slice().reverse())].slice(0, Math.floor(cap / 2));
          for (const k of recent) expect(s.has(String(k))).toBe(true);
        },
      ),
    );
  });

  test('stays bounded under 100,000 distinct keys', () => {
    const s = new SeenSet(5_000);
    for (let i = 0; i < 100_000; i++) s.add(`k${i}`);
    expect(s.size).toBeLessThanOrEqual(5_000);
    expect(s.has('k99999')).toBe(true);
    expect(s.has('k0')).toBe(false);
  });

  test('export/import round-trips the keys in recency order (persisted across worker restarts)', () => {
    const a = new SeenSet(10);
    for (let i = 0; i < 8; i++) a.add(`k${i}`);
    const b = new SeenSet(10);
    b.import(a.export());
    for (let i = 0; i < 8; i++) expect(b.has(`k${i}`)).toBe(b.export().includes(`k${i}`));
    expect(b.has('k7')).toBe(true);
    expect(b.export().slice(-1)).toEqual(['k7']);
    b.import([1 as unknown as string, 'x']);
    expect(b.has('x')).toBe(true);
  });
});
