import { afterEach, describe, expect, it, vi } from 'vitest';
import { setup, spyTransactions } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('cache: LRU bound', () => {
  it('evicts the least recently accessed entry when over maxEntries', async () => {
    const { clock, make } = setup();
    const cache = make({ maxEntries: 3, evictRatio: 0, memoryEntries: 0 });
    for (const k of ['a', 'b', 'c']) {
      await cache.put('r', k, k);
      clock.advance(10);
    }
    expect((await cache.get('r', 'a'))?.value).toBe('a'); // a is now the most recent
    clock.advance(10);
    await cache.put('r', 'd', 'd');
    expect(await cache.get('r', 'b')).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect((await cache.get('r', k))?.value).toBe(k);
    expect(cache.stats()).toMatchObject({ entries: 3, evictions: 1 });
  });

  it('evicts by bytes (JSON length) when over maxBytes', async () => {
    const { clock, make } = setup();
    // Each entry: "x"*90 as JSON = 92, plus the id "r\0kN" = 4 -> 96 bytes.
    const cache = make({ maxBytes: 300, evictRatio: 0, memoryEntries: 0 });
    for (const k of ['k1', 'k2', 'k3']) {
      await cache.put('r', k, 'x'.repeat(90));
      clock.advance(10);
    }
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 288, evictions: 0 });
    await cache.put('r', 'k4', 'x'.repeat(90));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 288, evictions: 1 });
    expect(await cache.get('r', 'k1')).toBeUndefined();
    expect(await cache.get('r', 'k4')).toBeDefined();
  });

  it('evicts in batches: a pass frees evictRatio of the limit, not just one entry', async () => {
    const { clock, make } = setup();
    const cache = make({ maxEntries: 10 }); // default ratio 0.1 -> down to 9
    for (let i = 0; i < 11; i++) {
      await cache.put('r', `k${i}`, i);
      clock.advance(1);
    }
    expect(cache.stats()).toMatchObject({ entries: 9, evictions: 2 });
    expect(await cache.get('r', 'k0')).toBeUndefined();
    expect(await cache.get('r', 'k1')).toBeUndefined();
    expect(await cache.get('r', 'k2')).toBeDefined();
  });

  it('does not store a single value larger than maxBytes, and never throws', async () => {
    const { make } = setup();
    const cache = make({ maxBytes: 50 });
    await cache.put('r', 'big', 'y'.repeat(100));
    expect(await cache.get('r', 'big')).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  it('a hit costs one IndexedDB transaction; last-access writes are batched off the hot path', async () => {
    const { make } = setup();
    const cache = make({ memoryEntries: 0, touchFlushMs: 60_000 });
    await cache.put('r', 'k', { v: 1 });
    await cache.flush();
    const transactions = spyTransactions();
    const fetcher = async () => ({ v: 2 });
    for (let i = 0; i < 5; i++) {
      expect((await cache.cached('r', 'k', fetcher, { ttlMs: 60_000 })).value).toEqual({ v: 1 });
    }
    expect(transactions.mock.calls.length).toBe(5);
    await cache.flush(); // the five touches go out as one write
    expect(transactions.mock.calls.length).toBe(6);
  });

  it('a key never stored is a miss without an IndexedDB read (a live event for an uncached order)', async () => {
    const { make } = setup();
    const first = make({ memoryEntries: 0 });
    await first.put('order', 'cached', { filled: 1 });
    await first.close();
    const cache = make({ memoryEntries: 0, touchFlushMs: 60_000 }); // ids come from the open-time scan
    expect((await cache.get<{ filled: number }>('order', 'cached'))?.value).toEqual({ filled: 1 });
    const transactions = spyTransactions();
    for (let i = 0; i < 5; i++) {
      expect(await cache.update('order', `other${i}`, (old) => old)).toBeUndefined();
      expect(await cache.get('order', `other${i}`)).toBeUndefined();
    }
    expect(transactions.mock.calls.length).toBe(0);
    expect(
      await cache.update<{ filled: number }>('order', 'cached', (o) => o && { filled: o.filled + 1 }),
    ).toEqual({
      filled: 2,
    });
    expect(transactions.mock.calls.length).toBe(2); // the read, then the write
  });

  it('with the memory front map, repeated hits skip IndexedDB entirely', async () => {
    const { make } = setup();
    const cache = make({ memoryEntries: 10, touchFlushMs: 60_000 });
    await cache.put('r', 'k', 1);
    await cache.flush();
    const transactions = spyTransactions();
    for (let i = 0; i < 5; i++) await cache.cached('r', 'k', async () => 2, { ttlMs: 60_000 });
    expect(transactions.mock.calls.length).toBe(0);
    expect(cache.stats().hits).toBe(5);
  });

  it('lazy access flush: a hit still pending in memory protects its entry from the next eviction', async () => {
    const { clock, make } = setup();
    const cache = make({ maxEntries: 3, evictRatio: 0, memoryEntries: 0, touchFlushMs: 60_000 });
    for (const k of ['a', 'b', 'c']) {
      await cache.put('r', k, k);
      clock.advance(10);
    }
    await cache.cached('r', 'a', async () => 'refetched', { ttlMs: 60_000 }); // touch not yet written
    clock.advance(10);
    await cache.put('r', 'd', 'd'); // eviction writes pending touches first, then walks the index
    expect(await cache.get('r', 'b')).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect((await cache.get('r', k))?.value).toBe(k);
  });

  it('lazy access flush: after a timed flush the order in IndexedDB is the access order', async () => {
    const { clock, make } = setup();
    const cache = make({ maxEntries: 4, evictRatio: 0, memoryEntries: 0, touchFlushMs: 5 });
    for (const k of ['a', 'b', 'c', 'd']) {
      await cache.put('r', k, k);
      clock.advance(10);
    }
    for (const k of ['c', 'a']) {
      await cache.get('r', k);
      clock.advance(10);
    }
    await new Promise((r) => setTimeout(r, 30)); // the flush timer fires on its own
    // Two new entries evict the two least recent: b then d (a and c were read after them).
    await cache.put('r', 'e', 'e');
    clock.advance(10);
    await cache.put('r', 'f', 'f');
    expect(await cache.get('r', 'b')).toBeUndefined();
    expect(await cache.get('r', 'd')).toBeUndefined();
    for (const k of ['a', 'c', 'e', 'f']) expect((await cache.get('r', k))?.value).toBe(k);
  });

  it('lazy access flush: pending access times survive a close and reopen', async () => {
    const { clock, make } = setup();
    const first = make({ maxEntries: 3, evictRatio: 0, memoryEntries: 0, touchFlushMs: 60_000 });
    for (const k of ['a', 'b', 'c']) {
      await first.put('r', k, k);
      clock.advance(10);
    }
    await first.get('r', 'a');
    clock.advance(10);
    await first.close(); // writes the pending touch of 'a'
    const second = make({ maxEntries: 3, evictRatio: 0, memoryEntries: 0, touchFlushMs: 60_000 });
    await second.put('r', 'd', 'd');
    expect(await second.get('r', 'b')).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect((await second.get('r', k))?.value).toBe(k);
    expect(second.stats()).toMatchObject({ entries: 3, evictions: 1 });
    await second.close();
  });
});
