/**
 * A cache database of the right version and layout whose records are garbage (a crash mid-write,
 * an older build's bug, a hand-edited profile): the cache keeps working and drops the garbage.
 */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { ACCESS_STORE, entryId, idbVersion, VALUES_STORE } from '../../../lib/cache';
import { setup } from './helpers';

async function plant(records: { values?: unknown[]; access?: unknown[] }): Promise<void> {
  const db = await openDB('lens-cache', idbVersion(1));
  for (const v of records.values ?? []) await db.put(VALUES_STORE, v);
  for (const a of records.access ?? []) await db.put(ACCESS_STORE, a);
  db.close();
}

describe('cache: garbage records', () => {
  it('access records the LRU cannot reach, or with a bad size, are dropped at open instead of holding slots forever', async () => {
    const { make, clock } = setup();
    const first = make({ maxEntries: 10, maxBytes: 10_000 });
    await first.put('r', 'seed', 1);
    await first.close();
    // Not in the lastAccess index (no valid key), with absurd sizes: eviction could never reach them.
    await plant({
      access: [
        { id: 'ghost-1', lastAccess: null, size: 1e12 },
        { id: 'ghost-2', lastAccess: { bad: true }, size: 'huge' },
        { id: 'ghost-3', size: -5 },
        { id: entryId('r', 'nan'), lastAccess: 1, size: Number.NaN },
        { id: entryId('r', 'no-value'), lastAccess: 2, size: 10 },
      ],
    });
    const cache = make({ maxEntries: 10, maxBytes: 10_000 });
    for (const k of ['a', 'b', 'c']) {
      clock.advance(1);
      await cache.put('r', k, k);
    }
    await cache.flush();
    // The real entries survive their own writes; the ghosts are gone from the accounting and the disk.
    for (const k of ['seed', 'a', 'b', 'c'])
      expect((await cache.get('r', k))?.value, k).toBe(k === 'seed' ? 1 : k);
    const stats = cache.stats();
    expect(stats.entries).toBe(4);
    expect(stats.bytes).toBeGreaterThan(0);
    expect(stats.bytes).toBeLessThan(10_000);
    await cache.close();
    const db = await openDB('lens-cache', idbVersion(1));
    expect((await db.getAllKeys(ACCESS_STORE)).sort()).toEqual(
      ['seed', 'a', 'b', 'c'].map((k) => entryId('r', k)).sort(),
    );
    db.close();
  });

  it('the byte bound still holds after a NaN size was planted', async () => {
    const { make, clock } = setup();
    const first = make();
    await first.put('r', 'seed', 1);
    await first.close();
    await plant({ access: [{ id: entryId('r', 'seed'), lastAccess: 1, size: Number.NaN }] });
    const cache = make({ maxBytes: 200, evictRatio: 0 });
    for (let i = 0; i < 10; i++) {
      clock.advance(1);
      await cache.put('r', `k${i}`, 'x'.repeat(40));
    }
    expect(Number.isFinite(cache.stats().bytes)).toBe(true);
    expect(cache.stats().bytes).toBeLessThanOrEqual(200);
    expect(cache.stats().evictions).toBeGreaterThan(0);
  });

  it('values with no access record (never evictable) and malformed values are dropped at open', async () => {
    const { make } = setup();
    const first = make();
    await first.close();
    await plant({
      values: [
        { id: entryId('r', 'lone'), resource: 'r', key: 'lone', value: 'unaccounted', fetchedAt: 1 },
        { id: entryId('r', 'junk'), value: 'no fetchedAt' },
        { id: 'not-even-an-entry-id', fetchedAt: 'yesterday' },
      ],
    });
    const cache = make();
    expect(await cache.get('r', 'lone')).toBeUndefined();
    expect(await cache.get('r', 'junk')).toBeUndefined();
    await cache.put('r', 'lone', 'rewritten');
    expect((await cache.get('r', 'lone'))?.value).toBe('rewritten');
    expect(cache.stats().entries).toBe(1);
    await cache.close();
    const db = await openDB('lens-cache', idbVersion(1));
    expect(await db.getAllKeys(VALUES_STORE)).toEqual([entryId('r', 'lone')]);
    db.close();
  });
});
