/**
 * A record removed from IndexedDB (an LRU eviction, a delete) while a newer write under the same id
 * waits in the write chain: the removal takes the old record only, and the newer value stays
 * readable from memory until its own write lands.
 */
import { describe, expect, it } from 'vitest';
import { setup } from './helpers';

/** a, b, c on disk, written in that order 10 ms apart (a is the least recently used). */
async function cacheOfThree(memoryEntries?: number) {
  const context = setup();
  const cache = context.make({
    maxEntries: 3,
    evictRatio: 0,
    ...(memoryEntries === undefined ? {} : { memoryEntries }),
  });
  for (const k of ['a', 'b', 'c']) {
    await cache.put('r', k, k);
    context.clock.advance(10);
  }
  return { ...context, cache };
}

describe('cache: removals and newer writes not yet persisted', () => {
  it('an eviction of an id whose newer write is queued keeps that write readable', async () => {
    const { cache, restart } = await cacheOfThree(0);
    const evicting = cache.put('r', 'd', 'd'); // its write goes over the bound: a is evicted
    void cache.delete('r', 'unrelated'); // closes d's group, so the next put is written after it
    const newer = cache.put('r', 'a', 'a2');
    await evicting;
    expect((await cache.get('r', 'a'))?.value).toBe('a2');
    await newer;
    expect((await cache.get('r', 'a'))?.value).toBe('a2');
    await cache.flush();
    expect(cache.stats()).toMatchObject({ entries: 3, evictions: 2 }); // a's old record, then b
    const restarted = await restart(cache);
    expect((await restarted.get('r', 'a'))?.value).toBe('a2');
  });

  it('with the memory front on, too', async () => {
    const { cache } = await cacheOfThree();
    const evicting = cache.put('r', 'd', 'd');
    void cache.delete('r', 'unrelated');
    const newer = cache.put('r', 'a', 'a2');
    await evicting;
    expect((await cache.get('r', 'a'))?.value).toBe('a2');
    await newer;
  });

  it('a lower bound (setLimits) evicting an id whose newer write is queued keeps that write', async () => {
    const { cache } = await cacheOfThree(0);
    const lowered = cache.setLimits({ maxEntries: 2, maxBytes: 1_000_000 });
    const newer = cache.put('r', 'a', 'a2');
    await lowered;
    expect((await cache.get('r', 'a'))?.value).toBe('a2');
    await newer;
    await cache.flush();
    expect((await cache.get('r', 'a'))?.value).toBe('a2');
  });

  it('a put right after a delete of the same id is readable while the delete runs', async () => {
    const { cache, restart } = await cacheOfThree(0);
    const deleted = cache.delete('r', 'a');
    const newer = cache.put('r', 'a', 'a2');
    await deleted;
    expect((await cache.get('r', 'a'))?.value).toBe('a2');
    await newer;
    const restarted = await restart(cache);
    expect((await restarted.get('r', 'a'))?.value).toBe('a2');
  });

  // (forget keeps what `unsaved` holds: a put must have left it before the next task evicts)
  it('an entry evicted just after its write landed is not served from memory', async () => {
    const { make } = setup();
    const cache = make();
    const written = cache.put('r', 'x', 'x');
    const lowered = cache.setLimits({ maxEntries: 1, maxBytes: 1 }); // nothing fits: x goes
    await lowered;
    expect(await cache.get('r', 'x')).toBeUndefined();
    await written;
    expect(cache.stats()).toMatchObject({ entries: 0, evictions: 1 });
  });
});
