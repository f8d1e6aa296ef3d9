import { deleteDB, openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_STORE,
  BY_LAST_ACCESS,
  idbVersion,
  REOPEN_DELAY_MS,
  VALUES_STORE,
} from '../../../lib/cache/store';
import { forceClose, setup, watchOpens } from './helpers';

/** A cache without a memory front (every read goes to storage) holding r/a = 1, its database open. */
async function openCache() {
  const context = setup();
  const watch = watchOpens();
  const cache = context.make({ memoryEntries: 0 });
  await cache.put('r', 'a', 1);
  expect(watch.connections).toHaveLength(1);
  return { ...context, watch, cache, first: watch.connections[0]! };
}

describe('cache: the database connection closed under the cache', () => {
  it('a deletion from elsewhere (versionchange) closes it; the next put reopens and reaches the disk', async () => {
    const { cache, make, watch, errors } = await openCache();
    await deleteDB('lens-cache'); // completes only because the cache closed its connection
    expect(errors).toHaveLength(1); // the lost connection is reported once
    await cache.put('r', 'b', 2);
    expect(watch.opens).toBe(2);
    expect(cache.stats()).toMatchObject({ backend: 'idb', entries: 1 }); // the deleted a is not counted
    expect((await cache.get('r', 'b'))?.value).toBe(2);
    expect(await cache.get('r', 'a')).toBeUndefined();
    await cache.close();
    const fresh = make();
    expect((await fresh.get('r', 'b'))?.value).toBe(2);
    expect(await fresh.get('r', 'a')).toBeUndefined();
  });

  it('the browser closing it (a close event): later reads and writes use a new connection', async () => {
    const { cache, make, watch, first } = await openCache();
    forceClose(first);
    expect((await cache.get('r', 'a'))?.value).toBe(1); // the data survived, read on a new connection
    await cache.put('r', 'c', 3);
    expect(watch.opens).toBe(2);
    expect(cache.stats()).toMatchObject({ backend: 'idb', entries: 2 });
    await cache.close();
    const fresh = make();
    expect((await fresh.get('r', 'a'))?.value).toBe(1);
    expect((await fresh.get('r', 'c'))?.value).toBe(3);
  });

  it('closed without an event (InvalidStateError): a read retries once on a new connection', async () => {
    const { cache, watch, first, errors } = await openCache();
    first.close();
    expect((await cache.get('r', 'a'))?.value).toBe(1);
    expect(watch.opens).toBe(2);
    expect(errors.map((e) => (e as DOMException).name)).toEqual(['InvalidStateError']);
    expect((await cache.get('r', 'a'))?.value).toBe(1); // and the new connection stays in use
    expect(watch.opens).toBe(2);
  });

  it('a write in flight when the connection closes is retried, not lost', async () => {
    const { cache, make, first } = await openCache();
    const put = cache.put('r', 'b', 2); // queued: its transaction starts after the close
    const updated = cache.update<number>('r', 'a', (n) => (n ?? 0) + 10);
    first.close();
    await put;
    expect(await updated).toBe(11);
    expect(cache.stats()).toMatchObject({ backend: 'idb', entries: 2 });
    await cache.close();
    const fresh = make();
    expect((await fresh.get('r', 'b'))?.value).toBe(2);
    expect((await fresh.get('r', 'a'))?.value).toBe(11);
  });

  it('many calls after the close share one reopen', async () => {
    const { cache, watch, first } = await openCache();
    forceClose(first);
    const reads = Array.from({ length: 20 }, () => cache.get('r', 'a'));
    const writes = Array.from({ length: 10 }, (_, i) => cache.put('r', `k${i}`, i));
    const values = await Promise.all(reads);
    await Promise.all(writes);
    expect(values.map((v) => v?.value)).toEqual(Array(20).fill(1));
    expect(watch.opens).toBe(2);
    expect(cache.stats()).toMatchObject({ backend: 'idb', entries: 11 });
  });

  it('a reopen that fails serves from memory, tries again only after a delay, then returns to the disk', async () => {
    const { cache, make, watch, first, clock } = await openCache();
    forceClose(first);
    watch.refuse = true;
    await cache.put('r', 'x', 'kept in memory');
    expect(cache.stats().backend).toBe('memory');
    expect((await cache.get('r', 'x'))?.value).toBe('kept in memory');
    expect(await cache.get('r', 'a')).toBeUndefined(); // on disk, out of reach for now
    clock.advance(REOPEN_DELAY_MS - 1);
    await cache.put('r', 'y', 'also in memory');
    expect((await cache.get('r', 'y'))?.value).toBe('also in memory');
    expect(watch.opens).toBe(2); // one failed attempt, not one per call
    watch.refuse = false;
    clock.advance(1);
    expect((await cache.get('r', 'a'))?.value).toBe(1);
    expect(watch.opens).toBe(3);
    expect(cache.stats()).toMatchObject({ backend: 'idb', entries: 1 });
    await cache.put('r', 'z', 26);
    await cache.close();
    const fresh = make();
    expect((await fresh.get('r', 'z'))?.value).toBe(26);
    expect((await fresh.get('r', 'a'))?.value).toBe(1);
  });

  it('a newer version taking the database is left alone: the old cache carries on in memory', async () => {
    const { cache, watch } = await openCache();
    let newerBlocked = 0;
    const newer = await openDB('lens-cache', idbVersion(2), {
      upgrade(db) {
        for (const name of Array.from(db.objectStoreNames)) db.deleteObjectStore(name);
        db.createObjectStore(VALUES_STORE, { keyPath: 'id' }).put({ id: 'newer', value: 1 });
        db.createObjectStore(ACCESS_STORE, { keyPath: 'id' }).createIndex(BY_LAST_ACCESS, 'lastAccess');
      },
      blocking: () => {
        newerBlocked += 1;
      },
    });
    await cache.put('r', 'b', 2);
    expect((await cache.get('r', 'b'))?.value).toBe(2);
    expect(cache.stats().backend).toBe('memory');
    expect(watch.opens).toBe(3); // the newer copy's open, and one failed reopen
    expect(newerBlocked).toBe(0); // never asked to give the database back (no deleting it)
    expect(await newer.get(VALUES_STORE, 'newer')).toMatchObject({ value: 1 });
    newer.close();
  });

  it('after close() the cache does not reopen the database', async () => {
    const { cache, watch, errors } = await openCache();
    await cache.close();
    await cache.put('r', 'b', 2);
    expect(await cache.get('r', 'a')).toBeUndefined();
    expect(watch.opens).toBe(1);
    expect(errors.length).toBeGreaterThan(0); // the use after close is reported, not thrown
  });
});
