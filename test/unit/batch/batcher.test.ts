import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatcher } from '../../../lib/batch';
import type { Priority } from '../../../lib/sched';

type Run = (
  keys: string[],
  signal: AbortSignal,
  meta: { priority: Priority },
) => Promise<Map<string, string>>;

function echoRun(calls: string[][]): Run {
  return async (keys) => {
    calls.push([...keys]);
    return new Map(keys.map((k) => [k, `v:${k}`]));
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('batcher', () => {
  it('splits 250 keys into runs of 100, 100 and 50; full batches go at once', async () => {
    const calls: string[][] = [];
    const b = createBatcher({ maxSize: 100, delayMs: 20, run: echoRun(calls) });
    const keys = Array.from({ length: 250 }, (_, i) => `k${i}`);
    const loads = keys.map((k) => b.load(k));
    await Promise.resolve();
    await Promise.resolve();
    expect(calls.map((c) => c.length)).toEqual([100, 100]);
    expect(b.pending()).toBe(50);
    await vi.advanceTimersByTimeAsync(20);
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(await Promise.all(loads)).toEqual(keys.map((k) => `v:${k}`));
    expect(calls.flat()).toEqual(keys);
  });

  it('a timer that fires late (a stalled worker) gives the batch one more gap: keys queued meanwhile join it', async () => {
    const calls: string[][] = [];
    let stall = 0;
    const options = { maxSize: 100, delayMs: 20, streamGapMs: 100, maxWaitMs: 1500 };
    const b = createBatcher({ ...options, now: () => Date.now() + stall, run: echoRun(calls) });
    for (let i = 0; i < 95; i++) void b.load(`k${i}`);
    stall = 200; // the worker does not run for 200 ms: the batch's timer fires long after it was due
    await vi.advanceTimersByTimeAsync(50);
    expect(calls).toEqual([]); // not cut at 95
    for (let i = 95; i < 100; i++) void b.load(`k${i}`); // the messages that waited in its queue
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.length)).toEqual([100]);

    // Once per batch: a second late timer sends what there is.
    for (let i = 0; i < 10; i++) void b.load(`m${i}`);
    stall = 400;
    await vi.advanceTimersByTimeAsync(50);
    expect(calls.map((c) => c.length)).toEqual([100]);
    stall = 700;
    await vi.advanceTimersByTimeAsync(200);
    expect(calls.map((c) => c.length)).toEqual([100, 10]);
  });

  it('a lone key (a hovered wallet) goes out after delayMs', async () => {
    const calls: string[][] = [];
    const b = createBatcher({ maxSize: 100, delayMs: 20, run: echoRun(calls) });
    const a = b.load('a');
    await vi.advanceTimersByTimeAsync(19);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([['a']]);
    expect(await a).toBe('v:a');
  });

  it('idle window: each new key extends the wait by delayMs, so a trickle makes one batch', async () => {
    const calls: string[][] = [];
    const b = createBatcher({ maxSize: 100, delayMs: 20, maxWaitMs: 1000, run: echoRun(calls) });
    const loads: Promise<string | undefined>[] = [];
    // 30 keys 15 ms apart: slower than a fixed 20 ms window would gather, faster than the idle gap
    for (let i = 0; i < 30; i++) {
      loads.push(b.load(`k${i}`));
      await vi.advanceTimersByTimeAsync(15);
    }
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(5);
    expect(calls.map((c) => c.length)).toEqual([30]);
    expect(await Promise.all(loads)).toEqual(calls[0]!.map((k) => `v:${k}`));
  });

  it('maxWaitMs bounds the wait of the first key however long the trickle lasts', async () => {
    const calls: string[][] = [];
    const b = createBatcher({ maxSize: 100, delayMs: 20, maxWaitMs: 100, run: echoRun(calls) });
    for (let i = 0; i < 25; i++) {
      b.load(`k${i}`);
      await vi.advanceTimersByTimeAsync(10);
    }
    // keys every 10 ms from 0 to 240 ms: batches went at 100 ms (keys 0..9) and 200 ms (10..19)
    expect(calls.map((c) => c.length)).toEqual([10, 10]);
    expect(calls[1]![0]).toBe('k10');
    expect(b.pending()).toBe(5);
    await vi.advanceTimersByTimeAsync(20);
    expect(calls.map((c) => c.length)).toEqual([10, 10, 5]);
  });

  it('streamGapMs: once two keys are gathered, longer gaps keep the batch open; a lone key still waits delayMs', async () => {
    const calls: string[][] = [];
    const b = createBatcher({
      maxSize: 100,
      delayMs: 20,
      streamGapMs: 80,
      maxWaitMs: 1000,
      run: echoRun(calls),
    });
    b.load('a');
    await vi.advanceTimersByTimeAsync(10);
    b.load('b');
    await vi.advanceTimersByTimeAsync(70); // a gap longer than delayMs, shorter than streamGapMs
    b.load('c');
    await vi.advanceTimersByTimeAsync(79);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([['a', 'b', 'c']]);
    b.load('lone');
    await vi.advanceTimersByTimeAsync(20);
    expect(calls).toEqual([['a', 'b', 'c'], ['lone']]);
  });

  it('a repeated key does not extend the window', async () => {
    const calls: string[][] = [];
    const b = createBatcher({ maxSize: 100, delayMs: 20, run: echoRun(calls) });
    b.load('a');
    await vi.advanceTimersByTimeAsync(15);
    b.load('a');
    await vi.advanceTimersByTimeAsync(5);
    expect(calls).toEqual([['a']]);
  });

  it('de-duplicates keys, and joins a key already in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const calls: string[][] = [];
    const b = createBatcher<string, string>({
      maxSize: 100,
      delayMs: 5,
      run: async (keys) => {
        calls.push([...keys]);
        await gate;
        return new Map(keys.map((k) => [k, `v:${k}`]));
      },
    });
    const first = [b.load('a'), b.load('b'), b.load('a'), b.load('a')];
    await vi.advanceTimersByTimeAsync(5);
    const late = b.load('a'); // asked while the run for 'a' is in flight
    await vi.advanceTimersByTimeAsync(5);
    release();
    expect(await Promise.all([...first, late])).toEqual(['v:a', 'v:b', 'v:a', 'v:a', 'v:a']);
    expect(calls).toEqual([['a', 'b']]);
  });

  it('resolves a key missing from the answer with undefined, not an error', async () => {
    const b = createBatcher<string, number>({
      maxSize: 10,
      delayMs: 1,
      run: async () =>
        new Map<string, number | undefined>([
          ['known', 1],
          ['nulled', undefined],
        ]),
    });
    const results = Promise.all([b.load('known'), b.load('nulled'), b.load('missing')]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await results).toEqual([1, undefined, undefined]);
  });

  it('a failing run rejects only the callers of that chunk', async () => {
    const b = createBatcher<string, string>({
      maxSize: 2,
      delayMs: 1,
      run: async (keys) => {
        if (keys.includes('bad')) throw new Error('chunk failed');
        return new Map(keys.map((k) => [k, `v:${k}`]));
      },
    });
    const all = Promise.allSettled(['a', 'b', 'bad', 'c', 'd'].map((k) => b.load(k)));
    await vi.advanceTimersByTimeAsync(1);
    const settled = await all;
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(settled[2]).toMatchObject({ reason: new Error('chunk failed') });
    expect(settled[4]).toMatchObject({ value: 'v:d' });
  });

  it('tells run the most urgent priority among the chunk callers', async () => {
    const calls: { keys: string[]; priority: Priority }[] = [];
    const b = createBatcher<string, string>({
      maxSize: 3,
      delayMs: 1,
      run: async (keys, _signal, meta) => {
        calls.push({ keys: [...keys], priority: meta.priority });
        return new Map();
      },
    });
    void b.load('bg1', { priority: 'background' });
    void b.load('h1', { priority: 'hover' });
    void b.load('bg2', { priority: 'background' }); // full: sent at once
    void b.load('bg6', { priority: 'background' });
    void b.load('bg3', { priority: 'background' });
    void b.load('bg3', { priority: 'visible' }); // a more urgent caller raises the key's priority
    void b.load('bg4', { priority: 'background' }); // full: sent at once
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([
      { keys: ['bg1', 'h1', 'bg2'], priority: 'hover' },
      { keys: ['bg6', 'bg3', 'bg4'], priority: 'visible' },
    ]);
    void b.load('bg5', { priority: 'background' });
    void b.load('v1'); // default priority: visible
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[2]).toEqual({ keys: ['bg5', 'v1'], priority: 'visible' });
  });

  it('matches answers by keyId, so object keys rebuilt by run still resolve', async () => {
    const b = createBatcher<{ mint: string }, number>({
      maxSize: 10,
      delayMs: 1,
      keyId: (k) => k.mint,
      run: async (keys) => new Map(keys.map((k) => [{ mint: k.mint }, k.mint.length])),
    });
    const loads = Promise.all([b.load({ mint: 'abc' }), b.load({ mint: 'abc' }), b.load({ mint: 'zz' })]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await loads).toEqual([3, 3, 2]);
  });

  it('drops a key whose only caller aborted, and aborts a run nobody waits for', async () => {
    const calls: string[][] = [];
    const signals: AbortSignal[] = [];
    const b = createBatcher<string, string>({
      maxSize: 10,
      delayMs: 5,
      run: (keys, signal) => {
        calls.push([...keys]);
        signals.push(signal);
        return new Promise(() => {}); // never answers: only abort ends it
      },
    });
    const gone = new AbortController();
    const dropped = b.load('dropped', { signal: gone.signal });
    gone.abort(new Error('left the page'));
    await expect(dropped).rejects.toThrow('left the page');
    const c1 = new AbortController();
    const c2 = new AbortController();
    const x1 = b.load('x', { signal: c1.signal });
    const x2 = b.load('x', { signal: c2.signal });
    await vi.advanceTimersByTimeAsync(5);
    expect(calls).toEqual([['x']]);
    c1.abort(new Error('one'));
    await expect(x1).rejects.toThrow('one');
    expect(signals[0]?.aborted).toBe(false);
    c2.abort(new Error('two'));
    await expect(x2).rejects.toThrow('two');
    expect(signals[0]?.aborted).toBe(true);
  });

  it('a caller arriving after every caller of a run gave up asks again instead of getting their abort', async () => {
    const calls: string[][] = [];
    const b = createBatcher<string, string>({
      maxSize: 10,
      delayMs: 5,
      run: (keys, signal) => {
        calls.push([...keys]);
        // The first run ends only by its abort, once the event loop gets to it; later runs answer.
        if (calls.length > 1) return Promise.resolve(new Map(keys.map((k) => [k, `v:${k}`])));
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => setTimeout(() => reject(signal.reason), 1)),
        );
      },
    });
    const gone = new AbortController();
    const first = b.load('x', { signal: gone.signal });
    await vi.advanceTimersByTimeAsync(5);
    gone.abort(new Error('left the page'));
    await expect(first).rejects.toThrow('left the page');
    const again = b.load('x');
    await vi.advanceTimersByTimeAsync(10);
    await expect(again).resolves.toBe('v:x');
    expect(calls).toEqual([['x'], ['x']]);
  });

  it('property: any multiset of keys resolves every caller with its own value, runs never exceed maxSize', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 120 }),
        fc.integer({ min: 1, max: 12 }),
        async (keys, maxSize) => {
          const runs: number[][] = [];
          const b = createBatcher<number, string>({
            maxSize,
            delayMs: 3,
            keyId: (k) => String(k),
            run: async (chunk) => {
              runs.push([...chunk]);
              // Multiples of 7 are "not found": left out of the answer.
              return new Map(chunk.filter((k) => k % 7 !== 0).map((k) => [k, `v${k}`]));
            },
          });
          const loads = keys.map((k) => b.load(k));
          await vi.advanceTimersByTimeAsync(3);
          const values = await Promise.all(loads);
          expect(values).toEqual(keys.map((k) => (k % 7 === 0 ? undefined : `v${k}`)));
          for (const run of runs) {
            expect(run.length).toBeLessThanOrEqual(maxSize);
            expect(run.length).toBeGreaterThan(0);
          }
          const sent = runs.flat();
          expect(new Set(sent).size).toBe(sent.length); // each key asked once
          expect(new Set(sent)).toEqual(new Set(keys));
        },
      ),
      { numRuns: 200 },
    );
  });
});
