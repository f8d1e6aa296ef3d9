import { describe, expect, it } from 'vitest';
import { createScheduler, type Priority, schedulerHook } from '../../../lib/sched';
import { createFakeClock } from './fake-clock';

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('scheduler', () => {
  it('runs hover before visible before background, FIFO within a priority', async () => {
    const clock = createFakeClock();
    const s = createScheduler({ concurrency: 1, now: clock.now, sleep: clock.sleep });
    const gate = deferred();
    const order: string[] = [];
    const blocker = s.run(() => gate.promise, { priority: 'background' });
    const queued: [string, Priority][] = [
      ['b1', 'background'],
      ['v1', 'visible'],
      ['h1', 'hover'],
      ['b2', 'background'],
      ['h2', 'hover'],
      ['v2', 'visible'],
    ];
    const runs = queued.map(([name, priority]) => s.run(async () => void order.push(name), { priority }));
    expect(s.stats().queued).toEqual({ hover: 2, visible: 2, background: 2 });
    gate.resolve();
    await Promise.all([blocker, ...runs]);
    expect(order).toEqual(['h1', 'h2', 'v1', 'v2', 'b1', 'b2']);
  });

  it('never runs more than `concurrency` tasks at once', async () => {
    const s = createScheduler({ concurrency: 2 });
    const gates = Array.from({ length: 5 }, () => deferred());
    let running = 0;
    let peak = 0;
    const runs = gates.map((g) =>
      s.run(
        async () => {
          running += 1;
          peak = Math.max(peak, running);
          await g.promise;
          running -= 1;
        },
        { priority: 'visible' },
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(s.stats()).toMatchObject({ active: 2, queued: { visible: 3 } });
    for (const g of gates) {
      g.resolve();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(runs);
    expect(peak).toBe(2);
    expect(s.stats()).toMatchObject({ active: 0, started: 5 });
  });

  it('a failing or throwing task rejects its caller and frees its slot', async () => {
    const s = createScheduler({ concurrency: 1 });
    await expect(s.run(() => Promise.reject(new Error('boom')), { priority: 'hover' })).rejects.toThrow(
      'boom',
    );
    await expect(
      s.run(
        () => {
          throw new Error('sync');
        },
        { priority: 'hover' },
      ),
    ).rejects.toThrow('sync');
    await expect(s.run(async () => 42, { priority: 'hover' })).resolves.toBe(42);
  });

  it('starts at most ratePerSec tasks per second on a fake clock', async () => {
    const clock = createFakeClock();
    const s = createScheduler({ concurrency: 10, ratePerSec: 1, now: clock.now, sleep: clock.sleep });
    const startedAt: number[] = [];
    const runs = [1, 2, 3].map(() =>
      s.run(async () => void startedAt.push(clock.now()), { priority: 'visible' }),
    );
    await clock.settle();
    expect(startedAt).toHaveLength(1);
    await clock.advance(999);
    expect(startedAt).toHaveLength(1);
    await clock.advance(1);
    expect(startedAt).toHaveLength(2);
    await clock.advance(1000);
    await Promise.all(runs);
    const t0 = startedAt[0]!;
    expect(startedAt.map((t) => t - t0)).toEqual([0, 1000, 2000]);
  });

  it('setRate speeds up or lifts the limit', async () => {
    const clock = createFakeClock();
    const s = createScheduler({ concurrency: 10, ratePerSec: 1, now: clock.now, sleep: clock.sleep });
    let done = 0;
    const task = async () => {
      done += 1;
    };
    const runs = Array.from({ length: 4 }, () => s.run(task, { priority: 'background' }));
    await clock.settle();
    expect(done).toBe(1);
    s.setRate(10);
    await clock.advance(100);
    expect(done).toBe(2);
    s.setRate(undefined);
    await clock.settle();
    await Promise.all(runs);
    expect(done).toBe(4);
    expect(s.stats().ratePerSec).toBeUndefined();
  });

  it('pause holds the whole queue until it ends; later pauses extend but never shorten it', async () => {
    const clock = createFakeClock();
    const s = createScheduler({ concurrency: 4, now: clock.now, sleep: clock.sleep });
    let done = 0;
    s.pause(5000);
    const runs = [1, 2, 3].map(() =>
      s.run(
        async () => {
          done += 1;
        },
        { priority: 'hover' },
      ),
    );
    await clock.settle();
    expect(done).toBe(0);
    expect(s.stats().pausedForMs).toBe(5000);
    s.pause(1000); // shorter: ignored
    await clock.advance(4999);
    expect(done).toBe(0);
    s.pause(2000); // now ends at 6999 from the start: extends
    await clock.advance(1);
    expect(done).toBe(0);
    await clock.advance(1999);
    await Promise.all(runs);
    expect(done).toBe(3);
    expect(s.stats().pausedForMs).toBe(0);
  });

  it('a pause does not cancel tasks already running', async () => {
    const clock = createFakeClock();
    const s = createScheduler({ concurrency: 2, now: clock.now, sleep: clock.sleep });
    const gate = deferred<string>();
    const running = s.run(() => gate.promise, { priority: 'visible' });
    await clock.settle();
    s.pause(10_000);
    let laterRan = false;
    const later = s.run(
      async () => {
        laterRan = true;
      },
      { priority: 'hover' },
    );
    gate.resolve('ok');
    await expect(running).resolves.toBe('ok');
    await clock.settle();
    expect(laterRan).toBe(false);
    await clock.advance(10_000);
    await later;
    expect(laterRan).toBe(true);
  });

  it('an aborted task leaves the queue, rejects with the reason and never runs', async () => {
    const s = createScheduler({ concurrency: 1 });
    const gate = deferred();
    const blocker = s.run(() => gate.promise, { priority: 'hover' });
    const controller = new AbortController();
    let ran = false;
    const aborted = s.run(
      async () => {
        ran = true;
      },
      { priority: 'hover', signal: controller.signal },
    );
    const other = s.run(async () => 'other', { priority: 'background' });
    expect(s.stats().queued.hover).toBe(1);
    controller.abort(new Error('gone'));
    await expect(aborted).rejects.toThrow('gone');
    expect(s.stats().queued.hover).toBe(0);
    gate.resolve();
    await blocker;
    await expect(other).resolves.toBe('other');
    expect(ran).toBe(false);
    const already = AbortSignal.abort(new Error('before'));
    await expect(s.run(async () => 1, { priority: 'hover', signal: already })).rejects.toThrow('before');
  });

  it('schedulerHook queues by the priority the API client passes', async () => {
    const s = createScheduler({ concurrency: 1 });
    const schedule = schedulerHook(s);
    const gate = deferred();
    const order: string[] = [];
    const blocker = schedule(() => gate.promise, { priority: 'visible', endpoint: 'first' });
    const bg = schedule(async () => void order.push('bg'), { priority: 'background', endpoint: 'pnl' });
    const hover = schedule(async () => order.push('hover'), { priority: 'hover', endpoint: 'dca' });
    gate.resolve();
    await Promise.all([blocker, bg]);
    await expect(hover).resolves.toBe(1);
    expect(order).toEqual(['hover', 'bg']);
  });
});
