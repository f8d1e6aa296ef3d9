/** setLimits: the options page's size limit applies to the running cache, not only after a restart. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setup } from './helpers';

afterEach(() => vi.restoreAllMocks());

// Each entry: "x"*90 as JSON = 92, plus the id "r\0kN" = 4 -> 96 bytes.
const VALUE = 'x'.repeat(90);

async function filled(make: ReturnType<typeof setup>['make'], advance: (ms: number) => void, n: number) {
  const cache = make({ evictRatio: 0, memoryEntries: 0 });
  for (let i = 1; i <= n; i++) {
    await cache.put('r', `k${i}`, VALUE);
    advance(10);
  }
  return cache;
}

const present = async (cache: Awaited<ReturnType<typeof filled>>, n: number) => {
  const keys: string[] = [];
  for (let i = 1; i <= n; i++) if (await cache.get('r', `k${i}`)) keys.push(`k${i}`);
  return keys;
};

describe('cache: setLimits', () => {
  it('a lower byte bound evicts least recently used first, down to the bound', async () => {
    const { clock, make, errors } = setup();
    const cache = await filled(make, clock.advance, 6);
    expect(await cache.get('r', 'k1')).toBeDefined(); // k1 is now the most recent
    clock.advance(10);
    expect(cache.stats()).toMatchObject({ entries: 6, bytes: 576, evictions: 0 });
    await cache.setLimits({ maxEntries: 1000, maxBytes: 300 });
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 288, evictions: 3, maxBytes: 300 });
    expect(await present(cache, 6)).toEqual(['k1', 'k5', 'k6']);
    expect(errors).toEqual([]);
  });

  it('a lower entry bound evicts oldest first; later writes keep to it', async () => {
    const { clock, make } = setup();
    const cache = await filled(make, clock.advance, 5);
    await cache.setLimits({ maxEntries: 2, maxBytes: 1_000_000 });
    expect(await present(cache, 5)).toEqual(['k4', 'k5']);
    await cache.put('r', 'k6', VALUE);
    expect(await present(cache, 6)).toEqual(['k5', 'k6']);
    expect(cache.stats()).toMatchObject({ entries: 2, maxEntries: 2 });
  });

  it('runs after the writes queued before it (one serial chain), so none outlives the bound', async () => {
    const { clock, make } = setup();
    const cache = make({ evictRatio: 0, memoryEntries: 0 });
    const writes = [];
    for (let i = 1; i <= 4; i++) {
      writes.push(cache.put('r', `k${i}`, VALUE, { fetchedAt: clock.now() }));
      clock.advance(10);
    }
    const limited = cache.setLimits({ maxEntries: 1000, maxBytes: 200 });
    await Promise.all([...writes, limited]);
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 192 });
  });

  it('a higher bound keeps everything, and a value too big for the old bound now fits', async () => {
    const { clock, make } = setup();
    const cache = await filled(make, clock.advance, 3);
    await cache.setLimits({ maxEntries: 10_000, maxBytes: 10_000_000 });
    expect(await present(cache, 3)).toEqual(['k1', 'k2', 'k3']);
    expect(cache.stats()).toMatchObject({
      entries: 3,
      evictions: 0,
      maxEntries: 10_000,
      maxBytes: 10_000_000,
    });
    const big = 'y'.repeat(2_000_000); // over the helper's 1 MB default
    await cache.put('r', 'big', big);
    expect((await cache.get('r', 'big'))?.value).toBe(big);
  });

  it('refuses bounds that are not positive numbers and keeps the old ones', async () => {
    const { clock, make, errors } = setup();
    const cache = await filled(make, clock.advance, 3);
    await cache.setLimits({ maxEntries: 0, maxBytes: Number.NaN });
    expect(cache.stats()).toMatchObject({ entries: 3, maxEntries: 1000, maxBytes: 1_000_000 });
    expect(errors).toHaveLength(1);
  });
});
