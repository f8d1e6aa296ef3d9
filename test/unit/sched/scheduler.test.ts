import { describe, expect, it } from 'vitest';
import {
  createScheduler,
  effectivePriority,
  type Priority,
  raisePriority,
  schedulerHook,
} from '../../../lib/sched';
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

describe('scheduler: raising a queued task', () => {
  /** One running task holding the only slot, then `n` queued visible tasks that log their names. */
  function busy(n: number) {
    const s = createScheduler({ concurrency: 1 });
    const gate = deferred();
    const order: string[] = [];
    const blocker = s.run(() => gate.promise, { priority: 'visible' });
    const fillers = Array.from({ length: n }, (_, i) =>
      s.run(async () => void order.push(`v${i}`), { priority: 'visible' }),
    );
    const drain = async () => {
      gate.resolve();
      await Promise.all([blocker, ...fillers]);
    };
    return { s, order, drain };
  }

  it('a raise of its signal moves a queued task ahead of the queued visible ones', async () => {
    const { s, order, drain } = busy(200);
    const controller = new AbortController();
    const joined = s.run(async () => order.push('K'), { priority: 'visible', signal: controller.signal });
    expect(s.stats().queued).toEqual({ hover: 0, visible: 201, background: 0 });
    raisePriority(controller.signal, 'hover');
    expect(s.stats().queued).toEqual({ hover: 1, visible: 200, background: 0 });
    await drain();
    await joined;
    expect(order[0]).toBe('K');
    expect(order.slice(1)).toEqual(Array.from({ length: 200 }, (_, i) => `v${i}`));
  });

  it('a raise never lowers, and only moves the tasks of that signal', async () => {
    const { s, order, drain } = busy(3);
    const a = new AbortController();
    const b = new AbortController();
    const ta = s.run(async () => void order.push('a'), { priority: 'hover', signal: a.signal });
    const tb = s.run(async () => void order.push('b'), { priority: 'background', signal: b.signal });
    raisePriority(a.signal, 'background'); // lower than it is: nothing moves
    raisePriority(b.signal, 'visible'); // to the end of the visible queue
    expect(s.stats().queued).toEqual({ hover: 1, visible: 4, background: 0 });
    raisePriority(b.signal, 'background'); // no way back down
    expect(effectivePriority('background', b.signal)).toBe('visible');
    await drain();
    await Promise.all([ta, tb]);
    expect(order).toEqual(['a', 'v0', 'v1', 'v2', 'b']);
  });

  it('a task queued under a raised signal starts at the raised priority (a retry, a second request)', async () => {
    const { s, order, drain } = busy(5);
    const controller = new AbortController();
    raisePriority(controller.signal, 'hover');
    const later = s.run(async () => void order.push('retry'), {
      priority: 'background',
      signal: controller.signal,
    });
    expect(s.stats().queued.hover).toBe(1);
    await drain();
    await later;
    expect(order[0]).toBe('retry');
  });

  it('a task that has started is not requeued by a raise, and an aborted one stays gone', async () => {
    const s = createScheduler({ concurrency: 1 });
    const running = new AbortController();
    const gate = deferred();
    let runs = 0;
    const first = s.run(
      async () => {
        runs += 1;
        await gate.promise;
      },
      { priority: 'visible', signal: running.signal },
    );
    raisePriority(running.signal, 'hover');
    expect(s.stats()).toMatchObject({ active: 1, queued: { hover: 0, visible: 0 } });

    const aborted = new AbortController();
    const gone = s.run(async () => (runs += 100), { priority: 'visible', signal: aborted.signal });
    aborted.abort(new Error('left'));
    await expect(gone).rejects.toThrow('left');
    raisePriority(aborted.signal, 'hover');
    expect(s.stats().queued).toEqual({ hover: 0, visible: 0, background: 0 });
    gate.resolve();
    await first;
    expect(runs).toBe(1);
    expect(s.stats().started).toBe(1);
  });

  it("schedulerHook passes the API client's signal: a raise of it moves the queued attempt up", async () => {
    const { s, order, drain } = busy(50);
    const schedule = schedulerHook(s);
    const controller = new AbortController();
    const attempt = schedule(async () => void order.push('K'), {
      priority: 'visible',
      endpoint: '/dca/wallet/K',
      signal: controller.signal,
    });
    raisePriority(controller.signal, 'hover');
    await drain();
    await attempt;
    expect(order[0]).toBe('K');
  });
});

describe('scheduler: places reserved for work not yet built (a batch still taking keys)', () => {
  const tick = () => new Promise((r) => setImmediate(r));

  /** A visible task queued now; `ran()` says whether it has run yet. */
  function queueTask(s: ReturnType<typeof createScheduler>) {
    let ran = false;
    const done = s.run(
      async () => {
        ran = true;
      },
      { priority: 'visible' },
    );
    return { done, ran: () => ran };
  }

  /** One slot, taken by a task that runs until `gate` opens. */
  function busy() {
    const s = createScheduler({ concurrency: 1 });
    const gate = deferred();
    const blocker = s.run(() => gate.promise, { priority: 'visible' });
    return { s, gate, blocker };
  }

  it('a place keeps its turn: the run that takes it later starts before tasks queued after the place', async () => {
    const { s, gate } = busy();
    const order: string[] = [];
    const place = new AbortController();
    const reserved = s.reserve({ priority: 'visible', signal: place.signal });
    const later = s.run(async () => void order.push('later'), { priority: 'visible' });
    gate.resolve();
    await reserved;
    await tick();
    // The place came up and holds the slot: the task queued after it waits.
    expect(order).toEqual([]);
    expect(s.stats()).toMatchObject({ active: 1, queued: { visible: 1 } });
    const batch = s.run(async () => void order.push('batch'), { priority: 'visible', signal: place.signal });
    await Promise.all([batch, later]);
    expect(order).toEqual(['batch', 'later']);
    expect(s.stats()).toMatchObject({ active: 0, started: 3 });
  });

  it('a 429 pause that begins after the place came up holds the run that takes it, until the pause ends', async () => {
    const clock = createFakeClock();
    const s = createScheduler({ concurrency: 2, now: clock.now, sleep: clock.sleep });
    const place = new AbortController();
    await s.reserve({ priority: 'visible', signal: place.signal });
    // (another request's 429, while the batch read its cache entries)
    s.pause(2_000);
    let ran = false;
    const batch = s.run(
      async () => {
        ran = true;
      },
      { priority: 'visible', signal: place.signal },
    );
    await clock.advance(1_999);
    expect(ran).toBe(false);
    await clock.advance(1);
    await batch;
    expect(ran).toBe(true);
    expect(s.stats().active).toBe(0);
  });

  it('a run under a place that has not come up yet waits for it instead of queueing at the end', async () => {
    const { s, gate } = busy();
    const order: string[] = [];
    const place = new AbortController();
    void s.reserve({ priority: 'visible', signal: place.signal });
    const later = s.run(async () => void order.push('later'), { priority: 'visible' });
    const batch = s.run(async () => void order.push('batch'), { priority: 'visible', signal: place.signal });
    gate.resolve();
    await Promise.all([batch, later]);
    expect(order).toEqual(['batch', 'later']);
  });

  it('only the first run takes the place: a second one under the same signal (a retry) queues', async () => {
    const s = createScheduler({ concurrency: 1 });
    const place = new AbortController();
    await s.reserve({ priority: 'visible', signal: place.signal });
    const order: string[] = [];
    const first = s.run(async () => void order.push('first'), { priority: 'visible', signal: place.signal });
    const other = s.run(async () => void order.push('other'), { priority: 'visible' });
    const retry = s.run(async () => void order.push('retry'), { priority: 'visible', signal: place.signal });
    await Promise.all([first, other, retry]);
    expect(order).toEqual(['first', 'other', 'retry']);
  });

  it('release frees a place no run took, and the queue goes on', async () => {
    const { s, gate } = busy();
    const place = new AbortController();
    const reserved = s.reserve({ priority: 'visible', signal: place.signal });
    const later = queueTask(s);
    gate.resolve();
    await reserved;
    await tick();
    expect(later.ran()).toBe(false);
    s.release(place.signal);
    await later.done;
    expect(later.ran()).toBe(true);
    await tick();
    expect(s.stats().active).toBe(0);
  });

  it('a place released before it comes up lets its slot go as soon as it does', async () => {
    const { s, gate } = busy();
    const place = new AbortController();
    void s.reserve({ priority: 'visible', signal: place.signal });
    s.release(place.signal);
    const later = queueTask(s);
    gate.resolve();
    await later.done;
    expect(later.ran()).toBe(true);
    await tick();
    expect(s.stats().active).toBe(0);
  });

  it('aborting the signal takes a queued place off the queue (rejecting it and a run waiting on it) and frees a held one', async () => {
    const { s, gate } = busy();
    const queued = new AbortController();
    const reserved = s.reserve({ priority: 'visible', signal: queued.signal });
    const waitingRun = s.run(async () => 'never', { priority: 'visible', signal: queued.signal });
    queued.abort(new Error('all callers left'));
    await expect(reserved).rejects.toThrow('all callers left');
    await expect(waitingRun).rejects.toThrow('all callers left');
    expect(s.stats().queued.visible).toBe(0);

    const held = new AbortController();
    const heldPlace = s.reserve({ priority: 'visible', signal: held.signal });
    gate.resolve();
    await heldPlace;
    const later = queueTask(s);
    await tick();
    expect(later.ran()).toBe(false);
    held.abort();
    await later.done;
    expect(later.ran()).toBe(true);
    await tick();
    expect(s.stats().active).toBe(0);
  });

  it('a raise of its signal moves a queued place up', async () => {
    const { s, gate } = busy();
    const order: string[] = [];
    const place = new AbortController();
    const visible = s.run(async () => void order.push('visible'), { priority: 'visible' });
    const reserved = s
      .reserve({ priority: 'background', signal: place.signal })
      .then(() => order.push('place'));
    raisePriority(place.signal, 'hover');
    gate.resolve();
    await reserved;
    s.release(place.signal);
    await visible;
    expect(order).toEqual(['place', 'visible']);
  });
});
