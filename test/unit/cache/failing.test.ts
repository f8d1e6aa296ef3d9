/**
 * A stale value the service is failing to refresh says so (CacheResult.failing): the views carry
 * its age only then, never on plain stale-while-revalidate.
 */
import { describe, expect, it } from 'vitest';
import { deferred, settle, setup } from './helpers';

const opts = { ttlMs: 1000, staleMs: 60_000 };

describe('cache: a stale value whose refresh fails', () => {
  it('is plain stale while its refresh runs, failing once it failed, and fresh once one succeeds', async () => {
    const { clock, make } = setup();
    const cache = make();
    let answer: () => Promise<string> = async () => 'v1';
    const fetcher = () => answer();
    const first = await cache.cached('order', 'o', fetcher, opts);
    expect(first.failing).toBeUndefined();

    clock.advance(5000);
    const outage = new Error('500');
    answer = async () => {
      throw outage;
    };
    // The refresh has only just started: nothing known yet, no note.
    const stale = await cache.cached('order', 'o', fetcher, opts);
    expect(stale).toMatchObject({ value: 'v1', stale: true, fetchedAt: first.fetchedAt });
    expect(stale.failing).toBeUndefined();
    await settle();

    // It failed: every read says so (each starts another refresh), with the error.
    for (let i = 0; i < 2; i++) {
      const again = await cache.cached('order', 'o', fetcher, opts);
      expect(again).toMatchObject({ value: 'v1', stale: true, fetchedAt: first.fetchedAt });
      expect(again.failing).toEqual({ error: outage });
      await settle();
    }

    // The service answers again: the refresh stores the new value, and with it the note goes.
    answer = async () => 'v2';
    expect((await cache.cached('order', 'o', fetcher, opts)).failing).toBeDefined(); // (known until then)
    await settle();
    const fresh = await cache.cached('order', 'o', fetcher, opts);
    expect(fresh).toMatchObject({ value: 'v2', stale: false });
    expect(fresh.failing).toBeUndefined();
    clock.advance(5000);
    const staleAgain = await cache.cached('order', 'o', fetcher, opts);
    expect(staleAgain).toMatchObject({ value: 'v2', stale: true });
    expect(staleAgain.failing).toBeUndefined();
    await cache.close();
  });

  it('a refresh that has not answered for longer than slowRefreshMs marks it failing, without an error', async () => {
    const { clock, make } = setup();
    const cache = make({ slowRefreshMs: 10_000 });
    const gate = deferred<string>();
    let n = 0;
    const fetcher = async () => (++n === 1 ? 'v1' : gate.promise);
    await cache.cached('odds', 'e', fetcher, opts);
    clock.advance(2000);
    expect((await cache.cached('odds', 'e', fetcher, opts)).failing).toBeUndefined();
    await settle();
    clock.advance(9000);
    expect((await cache.cached('odds', 'e', fetcher, opts)).failing).toBeUndefined(); // 9 s: still waiting
    clock.advance(1000);
    expect((await cache.cached('odds', 'e', fetcher, opts)).failing).toEqual({});
    gate.resolve('v2');
    await settle();
    const fresh = await cache.cached('odds', 'e', fetcher, opts);
    expect(fresh).toMatchObject({ value: 'v2', stale: false });
    expect(fresh.failing).toBeUndefined();
    expect(n).toBe(2);
    await cache.close();
  });

  it('a write-through (live event) is a newer value: the failure is forgotten', async () => {
    const { clock, make } = setup();
    const cache = make();
    let fail = false;
    const fetcher = async () => {
      if (fail) throw new Error('down');
      return 'v1';
    };
    await cache.cached('order', 'o', fetcher, opts);
    clock.advance(5000);
    fail = true;
    await cache.cached('order', 'o', fetcher, opts);
    await settle();
    expect((await cache.cached('order', 'o', fetcher, opts)).failing).toBeDefined();
    await settle();
    await cache.put('order', 'o', 'live', { fetchedAt: clock.now() - 2000 }); // (stale already)
    const after = await cache.cached('order', 'o', fetcher, opts);
    expect(after).toMatchObject({ value: 'live', stale: true });
    expect(after.failing).toBeUndefined();
    await cache.close();
  });

  it('a fetch its caller abandoned is no news about the service', async () => {
    const { clock, make } = setup();
    const cache = make();
    const controller = new AbortController();
    const started = deferred<void>();
    const left = cache.cached(
      'order',
      'x',
      (signal) => {
        started.resolve();
        return new Promise<string>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      },
      { ...opts, signal: controller.signal },
    );
    await started.promise;
    controller.abort(new Error('gone'));
    await expect(left).rejects.toThrow('gone');
    await settle();
    // (a live event's partial update writes an entry and, unlike a fetch or a put, keeps what is known)
    await cache.update<string>('order', 'x', () => 'live');
    clock.advance(5000);
    const later = await cache.cached('order', 'x', async () => 'x2', opts);
    expect(later).toMatchObject({ value: 'live', stale: true });
    expect(later.failing).toBeUndefined();
    await cache.close();
  });
});

describe("cache: a card's stale read waits a moment for its refresh (staleWaitMs)", () => {
  const hover = { ...opts, priority: 'hover' as const };

  it('gets the fresh value when the refresh answers in time', async () => {
    const { clock, make } = setup();
    const cache = make({ staleWaitMs: 1000 });
    let n = 0;
    const fetcher = async () => `v${++n}`;
    await cache.cached('order', 'o', fetcher, hover);
    clock.advance(5000);
    const read = await cache.cached('order', 'o', fetcher, hover);
    expect(read).toMatchObject({ value: 'v2', stale: false, source: 'network' });
    expect(read.failing).toBeUndefined();
    await cache.close();
  });

  it('says at once that the refresh failed, on the first read after the outage began', async () => {
    const { clock, make } = setup();
    const cache = make({ staleWaitMs: 1000 });
    const outage = new Error('500');
    let fail = false;
    const fetcher = async () => {
      if (fail) throw outage;
      return 'v1';
    };
    const first = await cache.cached('order', 'o', fetcher, hover);
    clock.advance(5000);
    fail = true;
    const read = await cache.cached('order', 'o', fetcher, hover);
    expect(read).toMatchObject({ value: 'v1', stale: true, fetchedAt: first.fetchedAt });
    expect(read.failing).toEqual({ error: outage });
    await cache.close();
  });

  it('falls back to the old value, unmarked, when the refresh takes longer; badges never wait', async () => {
    const { clock, make } = setup();
    const cache = make({ staleWaitMs: 30 });
    const gate = deferred<string>();
    let n = 0;
    const fetcher = async () => (++n === 1 ? 'v1' : gate.promise);
    await cache.cached('order', 'o', fetcher, hover);
    clock.advance(5000);
    const t0 = performance.now();
    const read = await cache.cached('order', 'o', fetcher, hover);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(25);
    expect(read).toMatchObject({ value: 'v1', stale: true });
    expect(read.failing).toBeUndefined();
    // A badge's read (visible) does not wait: the same refresh is still running, the old value at once.
    let answered = false;
    const badge = cache.cached('order', 'o', fetcher, opts).then((r) => {
      answered = true;
      return r;
    });
    await settle();
    expect(answered).toBe(true);
    expect(await badge).toMatchObject({ value: 'v1', stale: true });
    gate.resolve('v2');
    await settle();
    expect(n).toBe(2);
    await cache.close();
  });

  it('a caller that leaves while waiting is answered with its reason', async () => {
    const { clock, make } = setup();
    const cache = make({ staleWaitMs: 10_000 });
    const gate = deferred<string>();
    let n = 0;
    const fetcher = async () => (++n === 1 ? 'v1' : gate.promise);
    await cache.cached('order', 'o', fetcher, hover);
    clock.advance(5000);
    const controller = new AbortController();
    const read = cache.cached('order', 'o', fetcher, { ...hover, signal: controller.signal });
    await settle();
    controller.abort(new Error('closed'));
    await expect(read).rejects.toThrow('closed');
    gate.resolve('v2'); // (the refresh itself goes on and is stored)
    await settle();
    expect(await cache.get('order', 'o')).toMatchObject({ value: 'v2' });
    await cache.close();
  });
});
