/**
 * Priority inversion in batches: a hover for a key whose batch request was sent at 'visible' and is
 * still queued in the request scheduler behind a page's other batches raises that request; a key
 * still being gathered makes its batch go at the hover's priority.
 */
import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../../lib/batch';
import { createScheduler, type Priority, raisePriority, type Scheduler } from '../../../lib/sched';
import { blocked, settle, setup } from '../cache/helpers';

/**
 * A batcher whose runs go through the scheduler as the data service's do (the run's priority and
 * signal to the client, and so to the scheduler): each logs its first key and priority when it
 * starts, and answers a turn of the event loop later.
 */
function scheduledBatcher(s: Scheduler, log: string[], maxSize: number) {
  return createBatcher<string, string>({
    maxSize,
    delayMs: 60_000, // sent when full or flushed, never by the timer here
    run: (keys, signal, meta) =>
      s.run(
        async () => {
          log.push(`run ${keys[0]} ${meta.priority}`);
          await new Promise<void>((r) => setImmediate(r));
          return new Map(keys.map((k) => [k, `v:${k}`]));
        },
        { priority: meta.priority, signal },
      ),
  });
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

describe('batcher + scheduler: a more urgent caller raises the batch it joins', () => {
  it('a hover load of a key whose batch is queued moves that batch ahead of the others', async () => {
    const s = createScheduler({ concurrency: 1 });
    const log: string[] = [];
    const b = scheduledBatcher(s, log, 10);
    const release = blocked(s);
    const loads = keys(50).map((k) => b.load(k)); // five full batches, sent at once
    await settle();
    expect(s.stats().queued).toEqual({ hover: 0, visible: 5, background: 0 });

    const hover = b.load('k35', { priority: 'hover' }).then((v) => {
      log.push('hover answered');
      return v;
    });
    expect(s.stats().queued).toEqual({ hover: 1, visible: 4, background: 0 });
    await release();
    expect(await hover).toBe('v:k35');
    await Promise.all(loads);
    expect(log).toEqual([
      'run k30 visible', // sent at 'visible', raised while queued
      'run k0 visible',
      'hover answered',
      'run k10 visible',
      'run k20 visible',
      'run k40 visible',
    ]);
  });

  it('through the cache: a hover joining a flight whose key waits in a queued batch raises the batch', async () => {
    const { make } = setup();
    const cache = make();
    await cache.flush();
    const s = createScheduler({ concurrency: 1 });
    const log: string[] = [];
    const b = scheduledBatcher(s, log, 100);
    // As the data service's batched fetchers: the flight's signal goes to the batcher.
    const kind = (key: string, priority: Priority) =>
      cache.cached('kind', key, (signal, p) => b.load(key, { priority: p, signal }), {
        ttlMs: 60_000,
        priority,
      });
    const release = blocked(s);
    const badges = keys(300).map((k) => kind(k, 'visible'));
    await settle();
    expect(s.stats().queued).toEqual({ hover: 0, visible: 3, background: 0 });

    const hover = kind('k250', 'hover').then((r) => {
      log.push('hover answered');
      return r;
    });
    await settle();
    expect(s.stats().queued).toEqual({ hover: 1, visible: 2, background: 0 });
    await release();
    await expect(hover).resolves.toMatchObject({ value: 'v:k250', source: 'network' });
    await Promise.all(badges);
    expect(log).toEqual(['run k200 visible', 'run k0 visible', 'hover answered', 'run k100 visible']);
  });

  it('a key still gathered when a hover joins its flight makes its batch go at hover priority', async () => {
    const { make } = setup();
    const cache = make();
    await cache.flush();
    const s = createScheduler({ concurrency: 1 });
    const log: string[] = [];
    const b = scheduledBatcher(s, log, 100);
    const kind = (key: string, priority: Priority) =>
      cache.cached('kind', key, (signal, p) => b.load(key, { priority: p, signal }), {
        ttlMs: 60_000,
        priority,
      });
    const release = blocked(s);
    const fillers = keys(20).map((k) =>
      s.run(async () => void log.push(`filler ${k}`), { priority: 'visible' }),
    );
    const badges = ['a', 'b', 'c'].map((k) => kind(k, 'background'));
    await settle();
    expect(b.pending()).toBe(3);
    const hover = kind('b', 'hover');
    await settle();
    b.flush();
    await settle();
    expect(s.stats().queued).toEqual({ hover: 1, visible: 20, background: 0 });
    await release();
    await Promise.all([hover, ...badges, ...fillers]);
    expect(log[0]).toBe('run a hover');
    expect(log.slice(1)).toEqual(keys(20).map((k) => `filler ${k}`));
  });

  it('a load under a signal raised before it came is gathered at the raised priority', async () => {
    const metas: Priority[] = [];
    const b = createBatcher<string, string>({
      maxSize: 10,
      delayMs: 60_000,
      run: async (ks, _signal, meta) => {
        metas.push(meta.priority);
        return new Map(ks.map((k) => [k, k]));
      },
    });
    const controller = new AbortController();
    raisePriority(controller.signal, 'hover');
    const loaded = b.load('x', { priority: 'background', signal: controller.signal });
    b.flush();
    expect(await loaded).toBe('x');
    expect(metas).toEqual(['hover']);
  });

  it('a load that left hears no more raises', async () => {
    const s = createScheduler({ concurrency: 1 });
    const log: string[] = [];
    const b = scheduledBatcher(s, log, 10);
    const release = blocked(s);
    const controller = new AbortController();
    const other = b.load('other');
    const left = b.load('gone', { signal: controller.signal });
    b.flush();
    controller.abort(new Error('left'));
    await expect(left).rejects.toThrow('left');
    raisePriority(controller.signal, 'hover');
    expect(s.stats().queued).toEqual({ hover: 0, visible: 1, background: 0 });
    await release();
    expect(await other).toBe('v:other');
  });
});
