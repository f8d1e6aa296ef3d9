/**
 * clear() on a host switch must never let the old host's entries be read again, even when the
 * IndexedDB wipe itself fails, or runs on the memory stand-in while the database is away: what the
 * wipe left behind is unreadable at once, and is removed by the next write that reaches the disk,
 * so a restarted worker does not read it either.
 */
import { describe, expect, it } from 'vitest';
import { REOPEN_DELAY_MS } from '../../../lib/cache/store';
import { countingFetcher, failClears, forceClose, setup, watchOpens } from './helpers';

const TTL = { ttlMs: 60_000 };

/** The old host's two entries on disk. */
async function oldHostCache(memoryEntries?: number) {
  const context = setup();
  const cache = context.make(memoryEntries === undefined ? {} : { memoryEntries });
  await cache.put('tokenFlow', 'm1', 'old');
  await cache.put('tokenFlow', 'm2', 'old');
  await cache.flush();
  return { ...context, cache };
}

describe('cache: a wipe that fails', () => {
  it('leaves the old entries unreadable: get() misses and cached() fetches anew', async () => {
    const { cache, errors } = await oldHostCache(0);
    const restore = failClears();
    await cache.clear();
    restore();
    expect(errors).toHaveLength(1); // reported, not thrown
    expect(await cache.get('tokenFlow', 'm1')).toBeUndefined();
    const { fetcher, calls } = countingFetcher(() => 'new');
    expect(await cache.cached('tokenFlow', 'm2', fetcher, TTL)).toMatchObject({
      value: 'new',
      source: 'network',
    });
    expect(calls).toHaveLength(1);
    await cache.flush();
    expect(await cache.get('tokenFlow', 'm2')).toMatchObject({ value: 'new' }); // read from disk
    expect(await cache.get('tokenFlow', 'm1')).toBeUndefined();
  });

  it('with the memory front on, too', async () => {
    const { cache } = await oldHostCache();
    failClears();
    await cache.clear();
    expect(await cache.get('tokenFlow', 'm1')).toBeUndefined();
    expect(await cache.get('tokenFlow', 'm2')).toBeUndefined();
  });

  it('an update after it does not build on the old entry', async () => {
    const { cache } = await oldHostCache(0);
    failClears();
    await cache.clear();
    expect(await cache.update<string>('tokenFlow', 'm1', (prev) => `${prev ?? 'none'}+live`)).toBe(
      'none+live',
    );
  });

  it('the next write removes what it left, so a restarted worker does not read it either', async () => {
    const { cache, restart } = await oldHostCache(0);
    const restore = failClears();
    await cache.clear();
    expect(cache.stats().entries).toBe(2); // still on disk, and counted against the bounds
    restore();
    await cache.put('tokenFlow', 'm3', 'new');
    await cache.flush();
    expect(cache.stats().entries).toBe(1);
    const restarted = await restart(cache);
    expect(await restarted.get('tokenFlow', 'm1')).toBeUndefined();
    expect(await restarted.get('tokenFlow', 'm2')).toBeUndefined();
    expect(await restarted.get('tokenFlow', 'm3')).toMatchObject({ value: 'new' });
  });

  it('failing again at the next write, it is tried at each write until it runs', async () => {
    const { cache, restart } = await oldHostCache(0);
    const restore = failClears();
    await cache.clear();
    await cache.put('tokenFlow', 'm1', 'new'); // the retry fails too; the write lands
    expect(await cache.get('tokenFlow', 'm1')).toMatchObject({ value: 'new' }); // its stamp is current
    expect(await cache.get('tokenFlow', 'm2')).toBeUndefined();
    restore();
    await cache.put('tokenFlow', 'm3', 'new'); // the wipe runs first (m1 goes with it: a miss, no more)
    await cache.flush();
    expect(cache.stats().entries).toBe(1);
    const restarted = await restart(cache);
    expect(await restarted.get('tokenFlow', 'm1')).toBeUndefined();
    expect(await restarted.get('tokenFlow', 'm2')).toBeUndefined();
    expect(await restarted.get('tokenFlow', 'm3')).toMatchObject({ value: 'new' });
  });
});

describe('cache: a wipe made while the database was away (the memory stand-in served)', () => {
  it("does not bring the database's old entries back when it reopens, nor after a restart", async () => {
    const { make, clock, restart } = setup();
    const watch = watchOpens();
    const cache = make({ memoryEntries: 0 });
    await cache.put('tokenFlow', 'm1', 'old');
    await cache.put('tokenFlow', 'm2', 'old');
    forceClose(watch.connections[0]!);
    watch.refuse = true;
    await cache.put('other', 'k', 1);
    expect(cache.stats().backend).toBe('memory');
    await cache.clear(); // reaches the stand-in only
    watch.refuse = false;
    clock.advance(REOPEN_DELAY_MS);
    expect(await cache.get('tokenFlow', 'm1')).toBeUndefined(); // this read reopens the database
    expect(cache.stats().backend).toBe('idb');
    expect(await cache.get('tokenFlow', 'm2')).toBeUndefined();
    await cache.put('tokenFlow', 'm3', 'new');
    const restarted = await restart(cache);
    expect(await restarted.get('tokenFlow', 'm1')).toBeUndefined();
    expect(await restarted.get('tokenFlow', 'm3')).toMatchObject({ value: 'new' });
  });
});
