/**
 * clear() while fetches run (the API hosts changed): those fetches still answer the callers they
 * have, but store nothing, and callers after the clear start their own fetch instead of joining.
 */
import { describe, expect, it } from 'vitest';
import { countingFetcher, deferred, setup } from './helpers';

/** A fetcher held until `gate` resolves, and a promise of the moment it was called (the fetch runs). */
function heldFetcher() {
  const gate = deferred<string>();
  const called = deferred<void>();
  const fetcher = () => {
    called.resolve();
    return gate.promise;
  };
  return { gate, called: called.promise, fetcher };
}

describe('cache: clear with fetches in flight', () => {
  it('a fetch that started before the clear answers its caller but is not stored', async () => {
    const { make } = setup();
    const cache = make();
    const { gate, called, fetcher: held } = heldFetcher();
    const slow = cache.cached('tokenFlow', 'm1', held, { ttlMs: 60_000 });
    await called;
    await cache.clear();
    gate.resolve('old host');
    expect(await slow).toMatchObject({ value: 'old host', source: 'network' });
    await cache.flush();
    expect(cache.stats().entries).toBe(0);
    expect(await cache.get('tokenFlow', 'm1')).toBeUndefined();
    const { fetcher, calls } = countingFetcher(() => 'new host');
    expect(await cache.cached('tokenFlow', 'm1', fetcher, { ttlMs: 60_000 })).toMatchObject({
      value: 'new host',
    });
    expect(calls).toHaveLength(1);
    await cache.flush();
    expect(await cache.get('tokenFlow', 'm1')).toMatchObject({ value: 'new host' });
  });

  it('a caller after the clear does not join the fetch that started before it', async () => {
    const { make } = setup();
    const cache = make();
    const { gate, called, fetcher: held } = heldFetcher();
    const before = cache.cached('tokenFlow', 'm1', held, { ttlMs: 60_000 });
    await called;
    void cache.clear();
    const { fetcher, calls } = countingFetcher(() => 'new host');
    expect(await cache.cached('tokenFlow', 'm1', fetcher, { ttlMs: 60_000 })).toMatchObject({
      value: 'new host',
    });
    expect(calls).toHaveLength(1);
    gate.resolve('old host');
    expect((await before).value).toBe('old host');
    await cache.flush();
    // the old answer, arriving last, did not overwrite the new one
    expect(await cache.get('tokenFlow', 'm1')).toMatchObject({ value: 'new host' });
  });
});
