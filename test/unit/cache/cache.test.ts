import { describe, expect, it, vi } from 'vitest';
import { countingFetcher, deferred, setup } from './helpers';

describe('cache: get-or-fetch', () => {
  it('serves within the TTL without fetching, and fetches again after it', async () => {
    const { clock, make } = setup();
    const cache = make();
    const { fetcher, calls } = countingFetcher((n) => ({ n }));
    const first = await cache.cached('pnl', 'w1', fetcher, { ttlMs: 1000 });
    expect(first).toMatchObject({ value: { n: 1 }, stale: false, source: 'network', fetchedAt: clock.now() });
    clock.advance(999);
    expect(await cache.cached('pnl', 'w1', fetcher, { ttlMs: 1000 })).toMatchObject({
      value: { n: 1 },
      stale: false,
      source: 'cache',
    });
    clock.advance(1);
    expect(await cache.cached('pnl', 'w1', fetcher, { ttlMs: 1000 })).toMatchObject({
      value: { n: 2 },
      source: 'network',
    });
    expect(calls).toHaveLength(2);
    await cache.flush(); // entries are counted once written
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, staleHits: 0, entries: 1 });
  });

  it('stale-while-revalidate: serves stale at once, refreshes once in the background', async () => {
    const { clock, make } = setup();
    const cache = make({ memoryEntries: 0 }); // every read goes to IndexedDB
    const gate = deferred<string>();
    const { fetcher, calls } = countingFetcher((n) => (n === 1 ? 'old' : gate.promise));
    const opts = { ttlMs: 1000, staleMs: 5000, priority: 'hover' as const };
    await cache.cached('dca', 'mint', fetcher, opts);
    await cache.flush();
    clock.advance(2000);
    const a = await cache.cached('dca', 'mint', fetcher, opts);
    const b = await cache.cached('dca', 'mint', fetcher, opts);
    // Both answered while the refresh is still held at the gate.
    expect(a).toMatchObject({ value: 'old', stale: true, source: 'cache' });
    expect(b).toMatchObject({ value: 'old', stale: true });
    expect(calls.map((c) => c.priority)).toEqual(['hover', 'background']);
    gate.resolve('new');
    await new Promise((r) => setTimeout(r, 0));
    await cache.flush();
    expect(await cache.cached('dca', 'mint', fetcher, opts)).toMatchObject({ value: 'new', stale: false });
    expect(calls).toHaveLength(2);
    expect(cache.stats()).toMatchObject({ staleHits: 2, hits: 1, misses: 1 });
  });

  it('ten concurrent callers for one key make one fetch', async () => {
    const { make } = setup();
    const cache = make();
    const gate = deferred<number>();
    const { fetcher, calls } = countingFetcher(() => gate.promise);
    const callers = Array.from({ length: 10 }, () => cache.cached('acct', 'k', fetcher, { ttlMs: 1000 }));
    await new Promise((r) => setTimeout(r, 0));
    gate.resolve(7);
    const results = await Promise.all(callers);
    expect(calls).toHaveLength(1);
    expect(results.every((r) => r.value === 7)).toBe(true);
    // Other keys are not coalesced with it.
    await cache.cached('acct', 'other', fetcher, { ttlMs: 1000 });
    expect(calls).toHaveLength(2);
  });

  it('does not cache errors, and serves no value past its stale window when the refresh fails', async () => {
    const { clock, make } = setup();
    const cache = make();
    let fail = true;
    const { fetcher, calls } = countingFetcher((n) => {
      if (fail) throw new Error(`down ${n}`);
      return 'ok';
    });
    await expect(cache.cached('pm', 'event', fetcher, { ttlMs: 1000 })).rejects.toThrow('down 1');
    await expect(cache.cached('pm', 'event', fetcher, { ttlMs: 1000 })).rejects.toThrow('down 2');
    fail = false;
    expect((await cache.cached('pm', 'event', fetcher, { ttlMs: 1000 })).value).toBe('ok');
    clock.advance(1500); // within the stale window: the old value, while a refresh runs
    fail = true;
    const stale = await cache.cached('pm', 'event', fetcher, { ttlMs: 1000, staleMs: 1000 });
    expect(stale).toMatchObject({ value: 'ok', stale: true, source: 'cache' });
    await new Promise((r) => setTimeout(r, 0)); // that refresh fails (down 4) and is forgotten
    clock.advance(60_000); // past TTL and the stale window: the failed refresh's error, not the old value
    await expect(cache.cached('pm', 'event', fetcher, { ttlMs: 1000, staleMs: 1000 })).rejects.toThrow(
      'down 5',
    );
    expect(calls).toHaveLength(5);
  });

  it('an aborting caller leaves; the fetch is aborted only when no caller is left', async () => {
    const { clock, make } = setup();
    const cache = make();
    await cache.put('r', 'k', 'expired');
    clock.advance(100); // both callers read the expired value from memory, then join one fetch
    const { fetcher, calls } = countingFetcher(
      () => new Promise<string>(() => {}), // answers only by abort
    );
    const c1 = new AbortController();
    const c2 = new AbortController();
    const p1 = cache.cached('r', 'k', fetcher, { ttlMs: 10, signal: c1.signal });
    const p2 = cache.cached('r', 'k', fetcher, { ttlMs: 10, signal: c2.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    c1.abort(new Error('closed popover'));
    await expect(p1).rejects.toThrow('closed popover');
    expect(calls[0]?.signal.aborted).toBe(false);
    c2.abort(new Error('tab gone'));
    await expect(p2).rejects.toThrow('tab gone');
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls).toHaveLength(1);
    // A caller after the teardown gets a fetch of its own.
    const { fetcher: next } = countingFetcher(() => 'fresh');
    expect((await cache.cached('r', 'k', next, { ttlMs: 10 })).value).toBe('fresh');
  });
});

describe('cache: get, put, update, delete, clear', () => {
  it('put writes through, update reads-modifies-writes and keeps fetchedAt, delete and clear remove', async () => {
    const { clock, make } = setup();
    const cache = make({ memoryEntries: 0 });
    await cache.put('orders', 'w', { fills: 1 });
    const putAt = clock.now();
    clock.advance(500);
    expect(await cache.update<{ fills: number }>('orders', 'w', (p) => p && { fills: p.fills + 1 })).toEqual({
      fills: 2,
    });
    expect(await cache.get('orders', 'w')).toEqual({ value: { fills: 2 }, fetchedAt: putAt });
    expect(await cache.update('orders', 'none', () => undefined)).toBeUndefined();
    expect(await cache.get('orders', 'none')).toBeUndefined();
    // A put counts as fresh data for cached().
    const { fetcher, calls } = countingFetcher(() => 'fetched');
    expect((await cache.cached('orders', 'w', fetcher, { ttlMs: 1000 })).value).toEqual({ fills: 2 });
    expect(calls).toHaveLength(0);
    await cache.put('orders', 'x', 1);
    await cache.delete('orders', 'w');
    expect(await cache.get('orders', 'w')).toBeUndefined();
    expect(cache.stats().entries).toBe(1);
    await cache.clear();
    expect(await cache.get('orders', 'x')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('concurrent updates are serialised: none is lost', async () => {
    const { make } = setup();
    const cache = make({ memoryEntries: 0 });
    await cache.put('count', 'k', 0);
    await Promise.all(
      Array.from({ length: 20 }, () => cache.update<number>('count', 'k', (n) => (n ?? 0) + 1)),
    );
    expect((await cache.get('count', 'k'))?.value).toBe(20);
  });

  it('survives a service worker restart: data and size accounting come back from IndexedDB', async () => {
    const { make } = setup();
    const first = make();
    await first.put('pnl', 'w1', { total: 12.5 });
    await first.put('pnl', 'w2', { total: -3 });
    const before = first.stats();
    await first.close();
    const second = make();
    expect(await second.get('pnl', 'w1')).toMatchObject({ value: { total: 12.5 } });
    expect(second.stats()).toMatchObject({ entries: 2, bytes: before.bytes, backend: 'idb' });
  });

  it('stats counts approximate bytes as JSON length plus the key', async () => {
    const { make } = setup();
    const cache = make();
    await cache.put('r', 'k', { a: 'xyz' }); // {"a":"xyz"} = 11, id "r\0k" = 3
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 14, backend: 'idb' });
  });
});
