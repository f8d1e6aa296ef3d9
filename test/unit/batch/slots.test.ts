/**
 * A batcher with the scheduler's places (`slots`): a due batch waits for its turn in the request
 * queue and keeps taking keys meanwhile. Real scheduler; the run queues its request as the API
 * client does (under the signal the batcher gives it).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatcher } from '../../../lib/batch';
import { createScheduler, type Priority } from '../../../lib/sched';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A scheduler with one slot, held by the page's other request until `gate` opens. */
function setup(withSlots: boolean, runFails = false) {
  const scheduler = createScheduler({ concurrency: 1 });
  const gate = deferred();
  const other = scheduler.run(() => gate.promise, { priority: 'visible' });
  const calls: { keys: string[]; priority: Priority }[] = [];
  const batcher = createBatcher<string, string>({
    maxSize: 100,
    delayMs: 50,
    streamGapMs: 100,
    maxWaitMs: 1500,
    slots: withSlots ? scheduler : undefined,
    run: async (keys, signal, meta) => {
      if (runFails) throw new Error('no key saved');
      return scheduler.run(
        async () => {
          calls.push({ keys: [...keys], priority: meta.priority });
          return new Map(keys.map((k) => [k, `v:${k}`]));
        },
        { priority: meta.priority, signal },
      );
    },
  });
  return { scheduler, gate, other, calls, batcher };
}

const keys = (from: number, n: number) => Array.from({ length: n }, (_, i) => `w${from + i}`);

describe('batcher with slots', () => {
  it('a due batch waiting behind other requests takes the keys that come meanwhile: 63 + 37 make one call', async () => {
    const { gate, calls, batcher } = setup(true);
    const first = keys(0, 63).map((k) => batcher.load(k));
    await vi.advanceTimersByTimeAsync(200); // the batch is due, and waits for the busy slot
    expect(batcher.pending()).toBe(63);
    await vi.advanceTimersByTimeAsync(430); // the rest of the page's wave, 630 ms after its start
    const rest = keys(63, 37).map((k) => batcher.load(k));
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toEqual([]);
    gate.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.keys.length)).toEqual([100]);
    expect(await Promise.all([...first, ...rest])).toEqual(keys(0, 100).map((k) => `v:${k}`));
  });

  it('without slots the same page costs two calls (what the places save)', async () => {
    const { gate, calls, batcher } = setup(false);
    keys(0, 63).forEach((k) => void batcher.load(k));
    await vi.advanceTimersByTimeAsync(630);
    keys(63, 37).forEach((k) => void batcher.load(k));
    await vi.advanceTimersByTimeAsync(200);
    gate.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.keys.length)).toEqual([63, 37]);
  });

  it('a waiting batch that fills goes at once and keeps its place; later keys start a batch of their own', async () => {
    const { gate, calls, batcher, scheduler } = setup(true);
    keys(0, 60).forEach((k) => void batcher.load(k));
    await vi.advanceTimersByTimeAsync(200);
    const behind = scheduler.run(async () => void calls.push({ keys: ['other'], priority: 'visible' }), {
      priority: 'visible',
    });
    keys(60, 45).forEach((k) => void batcher.load(k));
    expect(batcher.pending()).toBe(5);
    gate.resolve();
    await behind;
    await vi.advanceTimersByTimeAsync(200);
    // The full batch ran in the place reserved before `behind` was queued; the 5 went after.
    expect(calls.map((c) => c.keys.length)).toEqual([100, 1, 5]);
  });

  it('with a free slot the batch goes when due, as without slots', async () => {
    const { gate, calls, batcher } = setup(true);
    gate.resolve();
    await vi.advanceTimersByTimeAsync(0);
    keys(0, 3).forEach((k) => void batcher.load(k));
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.keys.length)).toEqual([3]);
  });

  it('a hovered key joining a waiting batch raises its place ahead of the queued visible requests', async () => {
    const { gate, calls, batcher, scheduler } = setup(true);
    keys(0, 10).forEach((k) => void batcher.load(k, { priority: 'background' }));
    await vi.advanceTimersByTimeAsync(200);
    const visible = scheduler.run(async () => void calls.push({ keys: ['page'], priority: 'visible' }), {
      priority: 'visible',
    });
    void batcher.load('hovered', { priority: 'hover' });
    gate.resolve();
    await visible;
    expect(calls.map((c) => c.keys.length)).toEqual([11, 1]);
    expect(calls[0]?.priority).toBe('hover');
  });

  it('when every caller of a waiting batch leaves, its place is given up and nothing is asked', async () => {
    const { gate, calls, batcher, scheduler } = setup(true);
    const controller = new AbortController();
    const loads = keys(0, 5).map((k) => batcher.load(k, { signal: controller.signal }).catch(() => 'left'));
    await vi.advanceTimersByTimeAsync(200);
    expect(scheduler.stats().queued.visible).toBe(1);
    controller.abort();
    expect(await Promise.all(loads)).toEqual(Array(5).fill('left'));
    expect(scheduler.stats().queued.visible).toBe(0);
    gate.resolve();
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toEqual([]);
  });

  it('a run that fails before queueing its request frees the place it was given', async () => {
    const { gate, batcher, scheduler } = setup(true, true);
    const load = batcher.load('w0').catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(200);
    gate.resolve();
    expect(await load).toBe('no key saved');
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.stats()).toMatchObject({ active: 0, queued: { visible: 0 } });
    let ran = false;
    await scheduler.run(
      async () => {
        ran = true;
      },
      { priority: 'visible' },
    );
    expect(ran).toBe(true);
  });
});
