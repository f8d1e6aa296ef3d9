/**
 * detachAll (the API hosts changed): the requests sent and the keys gathered so far answer the
 * callers they have, but a later load of the same key asks again instead of joining them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatcher } from '../../../lib/batch';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A batcher whose runs answer `<host>:<key>`, `host` being read when the run starts, held until released. */
function hostBatcher() {
  const state = { host: 'old' };
  const runs: { host: string; keys: string[]; signal: AbortSignal; release: () => void }[] = [];
  const b = createBatcher<string, string>({
    maxSize: 100,
    delayMs: 10,
    run: async (keys, signal) => {
      const host = state.host;
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      runs.push({ host, keys: [...keys], signal, release });
      await gate;
      return new Map(keys.map((k) => [k, `${host}:${k}`]));
    },
  });
  return { b, state, runs };
}

describe('batcher: detachAll', () => {
  it('a load after it does not join a request in flight; the earlier callers get its answer', async () => {
    const { b, state, runs } = hostBatcher();
    const before = [b.load('a'), b.load('b')];
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toMatchObject([{ host: 'old', keys: ['a', 'b'] }]);
    state.host = 'new';
    b.detachAll();
    const after = b.load('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({ host: 'new', keys: ['a'] });
    for (const run of runs) run.release();
    expect(await after).toBe('new:a');
    expect(await Promise.all(before)).toEqual(['old:a', 'old:b']);
    // the detached run, settling last, did not take the new one's place
    const again = b.load('a');
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toHaveLength(3);
    runs[2]!.release();
    expect(await again).toBe('new:a');
  });

  it('keys still gathered are sent at once for their callers and are not joined either', async () => {
    const { b, runs } = hostBatcher();
    const before = b.load('a');
    await vi.advanceTimersByTimeAsync(5); // gathered, not sent
    expect(runs).toHaveLength(0);
    b.detachAll();
    expect(b.pending()).toBe(0);
    const after = b.load('a');
    expect(b.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(runs.map((r) => r.keys)).toEqual([['a'], ['a']]);
    for (const run of runs) run.release();
    expect(await before).toBe('old:a');
    expect(await after).toBe('old:a');
  });

  it('a detached request is still aborted once all its callers leave', async () => {
    const { b, runs } = hostBatcher();
    const controller = new AbortController();
    const before = b.load('a', { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(10);
    b.detachAll();
    const after = b.load('a');
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('gone'));
    await expect(before).rejects.toThrow('gone');
    expect(runs[0]!.signal.aborted).toBe(true);
    expect(runs[1]!.signal.aborted).toBe(false);
    runs[1]!.release();
    expect(await after).toBe('old:a');
  });
});
