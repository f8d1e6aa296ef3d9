import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryId, idbVersion, VALUES_STORE } from '../../../lib/cache';
import { setup, spyTransactions } from './helpers';

afterEach(() => vi.restoreAllMocks());

function failPutsOnce(times: number) {
  const proto = globalThis.IDBObjectStore.prototype;
  const original = proto.put;
  let left = times;
  proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (this.name === VALUES_STORE && left > 0) {
      left -= 1;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return original.apply(this, args);
  };
  return () => {
    proto.put = original;
  };
}

/** Runs `fn` while the next `times` puts to the values store fail with a quota error. */
async function whilePutsFail<T>(times: number, fn: () => Promise<T>): Promise<T> {
  const restore = failPutsOnce(times);
  try {
    return await fn();
  } finally {
    restore();
  }
}

/** A cache without a memory front holding a, b, c and d, written in that order a tick apart. */
async function cacheOfFour() {
  const context = setup();
  const cache = context.make({ memoryEntries: 0 });
  for (const k of ['a', 'b', 'c', 'd']) {
    await cache.put('r', k, k);
    context.clock.advance(1);
  }
  return { ...context, cache };
}

describe('cache: schema versions and damaged databases', () => {
  it('a new schemaVersion drops older data; going back rebuilds instead of crashing', async () => {
    const { make } = setup();
    const v1 = make({ schemaVersion: 1 });
    await v1.put('pnl', 'w', { old: true });
    await v1.close();
    const v2 = make({ schemaVersion: 2 });
    expect(await v2.get('pnl', 'w')).toBeUndefined();
    expect(v2.stats()).toMatchObject({ entries: 0, backend: 'idb' });
    await v2.put('pnl', 'w', { fresh: true });
    await v2.close();
    const back = make({ schemaVersion: 1 }); // older code against a newer database
    expect(await back.get('pnl', 'w')).toBeUndefined();
    await back.put('pnl', 'w', 1);
    expect((await back.get('pnl', 'w'))?.value).toBe(1);
    expect(back.stats().backend).toBe('idb');
  });

  it('a database from before this module (foreign stores) is upgraded clean', async () => {
    const { make } = setup();
    const legacy = await openDB('lens-cache', 1, {
      upgrade(db) {
        db.createObjectStore('values').put({ whatever: 1 }, 'k');
        db.createObjectStore('legacy-blobs');
      },
    });
    legacy.close();
    const cache = make();
    expect(cache.stats().backend).toBe('opening');
    await cache.put('r', 'k', 'v');
    expect((await cache.get('r', 'k'))?.value).toBe('v');
    expect(cache.stats()).toMatchObject({ backend: 'idb', entries: 1 });
  });

  it('a store with the right version but a broken layout is deleted and rebuilt', async () => {
    const { make, errors } = setup();
    const broken = await openDB('lens-cache', idbVersion(1), {
      upgrade(db) {
        db.createObjectStore(VALUES_STORE, { keyPath: 'id' }); // no access store, no index
      },
    });
    broken.close();
    const cache = make();
    await cache.put('r', 'k', 'v');
    expect((await cache.get('r', 'k'))?.value).toBe('v');
    expect(cache.stats().backend).toBe('idb');
    expect(errors.some((e) => String(e).includes('unexpected layout'))).toBe(true);
  });

  it('a damaged record reads as a miss and is fetched again', async () => {
    const { make } = setup();
    const cache = make();
    await cache.put('r', 'good', 1);
    await cache.close();
    const db = await openDB('lens-cache', idbVersion(1));
    await db.put(VALUES_STORE, { id: entryId('r', 'bad'), value: 'no fetchedAt' });
    db.close();
    const reopened = make();
    expect(await reopened.get('r', 'bad')).toBeUndefined();
    const result = await reopened.cached('r', 'bad', async () => 'refetched', { ttlMs: 1000 });
    expect(result).toMatchObject({ value: 'refetched', source: 'network' });
    expect((await reopened.get('r', 'good'))?.value).toBe(1);
  });

  it('falls back to memory when IndexedDB cannot open, and still works', async () => {
    const { make, clock } = setup();
    const broken = {
      open: () => {
        throw new Error('IndexedDB disabled');
      },
      deleteDatabase: () => {
        throw new Error('IndexedDB disabled');
      },
    };
    globalThis.indexedDB = broken as unknown as IDBFactory;
    const cache = make({ maxEntries: 2, evictRatio: 0 });
    let calls = 0;
    const fetcher = async () => ++calls;
    expect((await cache.cached('r', 'k', fetcher, { ttlMs: 1000 })).value).toBe(1);
    expect((await cache.cached('r', 'k', fetcher, { ttlMs: 1000 })).source).toBe('cache');
    for (const k of ['a', 'b']) {
      clock.advance(1);
      await cache.put('r', k, k);
    }
    expect(cache.stats()).toMatchObject({ backend: 'memory', entries: 2, evictions: 1 });
    expect(calls).toBe(1);
  });
});

describe('cache: quota', () => {
  it('a quota error on put evicts and retries once, never throwing', async () => {
    const { cache, make, errors } = await cacheOfFour();
    await whilePutsFail(1, () => expect(cache.put('r', 'e', 'e')).resolves.toBeUndefined());
    expect(cache.stats()).toMatchObject({ entries: 4, evictions: 1 });
    expect(await cache.get('r', 'a')).toBeUndefined(); // the oldest made room
    await cache.close();
    expect((await make().get('r', 'e'))?.value).toBe('e'); // the retry reached the disk
    expect(errors).toEqual([]);
  });

  it('a quota error that persists after eviction is reported, not thrown', async () => {
    const { make, errors } = setup();
    const cache = make({ memoryEntries: 0 });
    await cache.put('r', 'a', 'a');
    await whilePutsFail(2, async () => {
      await expect(cache.put('r', 'b', 'b')).resolves.toBeUndefined();
      const result = await cache.cached('r', 'c', async () => 'served anyway', { ttlMs: 1000 });
      expect(result.value).toBe('served anyway');
    });
    await cache.flush();
    expect(errors.map((e) => (e as DOMException).name)).toEqual(['QuotaExceededError']);
    expect(await cache.get('r', 'b')).toBeUndefined();
  });
});

describe('cache: writes grouped into transactions', () => {
  it('puts queued while the chain is busy share one transaction, and all reach the disk', async () => {
    const { make } = setup();
    const cache = make({ memoryEntries: 0 });
    await cache.put('r', 'first', 0); // the database is open and its sizes read
    const transactions = spyTransactions();
    await Promise.all(Array.from({ length: 60 }, (_, i) => cache.put('r', `k${i}`, i)));
    const writes = transactions.mock.calls.filter(
      ([names, mode]) => mode === 'readwrite' && [names].flat().includes(VALUES_STORE),
    );
    expect(writes.length).toBe(1);
    expect(cache.stats().entries).toBe(61);
    await cache.close();
    const reopened = make({ memoryEntries: 0 });
    for (const i of [0, 31, 59]) expect((await reopened.get('r', `k${i}`))?.value).toBe(i);
  });

  it('a put after a delete of the same key is not grouped ahead of the delete', async () => {
    const { make } = setup();
    const cache = make({ memoryEntries: 0 });
    await cache.put('r', 'warm', 0);
    void cache.put('r', 'a', 'old');
    void cache.put('r', 'b', 'kept');
    void cache.delete('r', 'a');
    await cache.put('r', 'a', 'new');
    await cache.close();
    const reopened = make({ memoryEntries: 0 });
    expect((await reopened.get('r', 'a'))?.value).toBe('new');
    expect((await reopened.get('r', 'b'))?.value).toBe('kept');
    expect(reopened.stats().entries).toBe(3);
  });

  it('a quota error on a group evicts as many older entries as it holds, never one of the group, and writes it whole', async () => {
    const { cache, make, errors } = await cacheOfFour();
    await whilePutsFail(1, () => Promise.all(['e', 'f', 'g'].map((k) => cache.put('r', k, k))));
    // room for the whole group: as many of the oldest as it holds (more than a quarter here)
    expect(cache.stats()).toMatchObject({ entries: 4, evictions: 3 });
    await cache.close();
    const reopened = make({ memoryEntries: 0 });
    for (const k of ['a', 'b', 'c']) expect(await reopened.get('r', k)).toBeUndefined();
    for (const k of ['d', 'e', 'f', 'g']) expect((await reopened.get('r', k))?.value).toBe(k);
    expect(errors).toEqual([]);
  });
});
