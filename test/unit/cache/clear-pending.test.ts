/**
 * clear() waits its turn behind the writes queued before it (the database wipe runs in the write
 * chain), but from the moment it is called every read is a miss: the entries still in IndexedDB
 * are the old host's. Writes made after the clear are seen at once and survive the wipe.
 */
import { describe, expect, it } from 'vitest';
import { countingFetcher, setup } from './helpers';

const TTL = { ttlMs: 60_000 };

/** A cache holding 'old' for tokenFlow/m1 in IndexedDB, with `queued` writes waiting in the chain. */
async function withQueuedWrites(queued: number, memoryEntries?: number) {
  const { make } = setup();
  const cache = make(memoryEntries === undefined ? {} : { memoryEntries });
  await cache.put('tokenFlow', 'm1', 'old');
  await cache.flush();
  for (let i = 0; i < queued; i++) void cache.put('other', `k${i}`, i);
  return cache;
}

describe('cache: reads while a clear is pending', () => {
  it('a read after clear() is a miss even while the wipe waits behind queued writes', async () => {
    const cache = await withQueuedWrites(300);
    const cleared = cache.clear();
    const { fetcher, calls } = countingFetcher(() => 'new');
    expect(await cache.cached('tokenFlow', 'm1', fetcher, TTL)).toMatchObject({
      value: 'new',
      source: 'network',
    });
    expect(calls).toHaveLength(1);
    await cleared;
    await cache.flush();
    // what was fetched after the clear is stored, and nothing from before it
    expect(await cache.get('tokenFlow', 'm1')).toMatchObject({ value: 'new' });
    expect(await cache.get('other', 'k0')).toBeUndefined();
    expect(cache.stats().entries).toBe(1);
  });

  it('get() after clear() is a miss before the wipe ran', async () => {
    const cache = await withQueuedWrites(300, 0);
    const cleared = cache.clear();
    expect(await cache.get('tokenFlow', 'm1')).toBeUndefined();
    expect(await cache.get('other', 'k1')).toBeUndefined();
    await cleared;
  });

  it('a read already on its way to IndexedDB when clear() is called does not return the old entry', async () => {
    const cache = await withQueuedWrites(0, 0);
    const reading = cache.get('tokenFlow', 'm1');
    const cleared = cache.clear();
    expect(await reading).toBeUndefined();
    await cleared;
    expect(await cache.get('tokenFlow', 'm1')).toBeUndefined();
  });

  it('writes made after the clear are read back before and after the wipe, and stored', async () => {
    const cache = await withQueuedWrites(300, 0);
    const cleared = cache.clear();
    const written = cache.put('tokenFlow', 'm1', 'new');
    expect(await cache.get('tokenFlow', 'm1')).toMatchObject({ value: 'new' });
    await cleared;
    expect(await cache.get('tokenFlow', 'm1')).toMatchObject({ value: 'new' });
    await written;
    await cache.flush();
    expect(await cache.get('tokenFlow', 'm1')).toMatchObject({ value: 'new' });
    expect(cache.stats().entries).toBe(1);
  });

  it('an update queued before the clear writes nothing the clear would not wipe', async () => {
    const cache = await withQueuedWrites(300);
    const updated = cache.update<string>('tokenFlow', 'm1', (old) => (old ? `${old}+live` : undefined));
    const cleared = cache.clear();
    await Promise.all([updated, cleared]);
    await cache.flush();
    expect(await cache.get('tokenFlow', 'm1')).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });
});
