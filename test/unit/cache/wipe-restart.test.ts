/**
 * A wipe owed by a clear() (a host switch) outlives the worker: MV3 stops the worker at any time,
 * and the next one knows nothing of the last one's memory. The debt is marked durably before
 * clear() resolves (in the database itself, or in storage.local while the database is away), and a
 * worker that finds the mark wipes at open, before its first read; when that wipe fails too, no
 * stored record is read until one succeeds.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countingFetcher, failClears, forceClose, setup, watchOpens } from './helpers';

const TTL = { ttlMs: 60_000 };
/** Where cache/marker.ts keeps the mark for the helpers' database. */
const MARK_KEY = 'cache:lens-cache:wipeOwed';
const outsideMark = async () => (await fakeBrowser.storage.local.get(MARK_KEY))[MARK_KEY];

/** The old host's two entries on disk, no memory front (every read goes to IndexedDB). */
async function oldHostCache() {
  const context = setup();
  const cache = context.make({ memoryEntries: 0 });
  await cache.put('tokenFlow', 'm1', 'old');
  await cache.put('tokenFlow', 'm2', 'old');
  await cache.flush();
  return { ...context, cache };
}

describe('cache: a wipe owed when the worker stops', () => {
  it('a failed wipe, the worker stopped before any write: the next worker wipes at open, before its first read', async () => {
    const { cache, restart } = await oldHostCache();
    const restore = failClears();
    await cache.clear();
    restore();
    const restarted = await restart(cache); // stopped: no write ran the wipe again
    expect(await restarted.get('tokenFlow', 'm1')).toBeUndefined();
    expect(await restarted.get('tokenFlow', 'm2')).toBeUndefined();
    expect(restarted.stats().entries).toBe(0); // wiped, not merely unread
    // the mark went with the records: what this worker writes is kept by the next one
    await restarted.put('tokenFlow', 'm3', 'new');
    const third = await restart(restarted);
    expect(await third.get('tokenFlow', 'm3')).toMatchObject({ value: 'new' });
  });

  it('a clear on the memory stand-in, the worker stopped before the database came back: storage.local carries it', async () => {
    const { make, restart } = setup();
    const watch = watchOpens();
    const cache = make({ memoryEntries: 0 });
    await cache.put('tokenFlow', 'm1', 'old');
    forceClose(watch.connections[0]!);
    watch.refuse = true;
    await cache.put('other', 'k', 1); // the stand-in takes over
    expect(cache.stats().backend).toBe('memory');
    await cache.clear(); // reaches the stand-in only
    expect(await outsideMark()).toBe(true); // said before clear() resolved
    watch.refuse = false;
    const restarted = await restart(cache);
    expect(await restarted.get('tokenFlow', 'm1')).toBeUndefined();
    expect(restarted.stats()).toMatchObject({ backend: 'idb', entries: 0 });
    expect(await outsideMark()).toBeUndefined(); // paid: the next worker does not wipe again
    await restarted.put('tokenFlow', 'm2', 'new');
    await restarted.close();
    expect(await make({ memoryEntries: 0 }).get('tokenFlow', 'm2')).toMatchObject({ value: 'new' });
  });

  it('when the wipe at open fails too, no stored record is read until a write runs it', async () => {
    const { cache, make, errors } = await oldHostCache();
    failClears();
    await cache.clear();
    await cache.close();
    const before = errors.length;
    const restarted = make({ memoryEntries: 0 });
    expect(await restarted.get('tokenFlow', 'm1')).toBeUndefined();
    expect(errors.length - before).toBe(1); // the wipe at open, reported
    const { fetcher, calls } = countingFetcher(() => 'new');
    expect(await restarted.cached('tokenFlow', 'm2', fetcher, TTL)).toMatchObject({
      value: 'new',
      source: 'network',
    });
    expect(calls).toHaveLength(1);
    await restarted.flush(); // its write tried the wipe again (failing): the new answer landed
    expect(await restarted.get('tokenFlow', 'm2')).toMatchObject({ value: 'new' });
    expect(await restarted.get('tokenFlow', 'm1')).toBeUndefined();
    expect(errors.length - before).toBe(1); // the retry's failure is the same streak
  });

  it('once the wipe runs again, the old records are gone for good', async () => {
    const { cache, restart } = await oldHostCache();
    const restore = failClears();
    await cache.clear();
    const restarted = await restart(cache);
    expect(await restarted.get('tokenFlow', 'm1')).toBeUndefined();
    restore();
    await restarted.put('tokenFlow', 'm3', 'new'); // runs the wipe first
    await restarted.flush();
    expect(restarted.stats().entries).toBe(1);
    const third = await restart(restarted);
    expect(await third.get('tokenFlow', 'm1')).toBeUndefined();
    expect(await third.get('tokenFlow', 'm3')).toMatchObject({ value: 'new' });
    expect(third.stats().entries).toBe(1);
  });

  it('a clear that succeeded leaves no mark: the next worker keeps what was written after it', async () => {
    const { cache, make } = await oldHostCache();
    await cache.clear();
    await cache.put('tokenFlow', 'm1', 'new');
    await cache.close();
    expect(await outsideMark()).toBeUndefined(); // the database took the mark: storage.local untouched
    const restarted = make({ memoryEntries: 0 });
    expect(await restarted.get('tokenFlow', 'm1')).toMatchObject({ value: 'new' });
    expect(await restarted.get('tokenFlow', 'm2')).toBeUndefined();
  });
});

describe('cache: a wipe that keeps failing', () => {
  it('is reported once a streak, not at every write that retries it', async () => {
    const { cache, errors } = await oldHostCache();
    const restore = failClears();
    await cache.clear();
    for (let i = 0; i < 5; i++) await cache.put('tokenFlow', `n${i}`, i); // each retries the wipe
    expect(errors).toHaveLength(1);
    restore();
    await cache.put('tokenFlow', 'n5', 5); // the wipe runs
    failClears();
    await cache.clear(); // a new streak
    await cache.put('tokenFlow', 'n6', 6);
    expect(errors).toHaveLength(2);
  });
});
