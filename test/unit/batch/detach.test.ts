/**
 * detachAll (the API hosts changed): the requests sent so far answer the callers they have, but a
 * later load of the same key asks again instead of joining them. Keys gathered and not sent have
 * gone to no host yet: they stay gathered, and go out when due to the host `run` reaches then.
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

  it('keys still gathered stay gathered: sent once, when due, to the host of that time, and joined', async () => {
    const { b, state, runs } = hostBatcher();
    const before = b.load('a');
    await vi.advanceTimersByTimeAsync(5); // gathered, not sent
    state.host = 'new';
    b.detachAll();
    expect(b.pending()).toBe(1);
    const after = b.load('a');
    const other = b.load('b');
    expect(b.pending()).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(0); // not sent early, on its own
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toMatchObject([{ host: 'new', keys: ['a', 'b'] }]);
    runs[0]!.release();
    expect(await Promise.all([before, after, other])).toEqual(['new:a', 'new:a', 'new:b']);
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
