/**
 * Priority inversion: a hovered popover joining a fetch that a badge started at 'visible' priority,
 * still queued in the request scheduler behind the page's other badges, must not wait behind them.
 * The join raises the flight's signal, and the scheduler moves what was queued under it.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api';
import { createScheduler, type Priority, schedulerHook } from '../../../lib/sched';
import { blocked, settle, setup } from './helpers';

describe('cache + scheduler: a more urgent caller raises the fetch it joins', () => {
  it("a hover joining a badge's queued fetch is answered before the page's other queued badges", async () => {
    const { make } = setup();
    const cache = make();
    await cache.flush(); // opened: a miss is known without an IndexedDB read
    const s = createScheduler({ concurrency: 1 });
    const log: string[] = [];
    // The real API client through the real hook: each RPC request logs its slot, and answers a
    // turn of the event loop later (so the next request starts only after that).
    const client = createApiClient({
      apiKey: 'test-key-1',
      rpcUrl: 'http://rpc.test/',
      schedule: schedulerHook(s),
      fetch: async (_url, init) => {
        const slot = JSON.parse(String(init?.body)).params[0] as number;
        log.push(`fetch ${slot}`);
        await new Promise<void>((r) => setImmediate(r));
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const block = (slot: number, priority: Priority) =>
      cache.cached(
        'block',
        String(slot),
        (signal, p) => client.rpc.getBlock(slot, {}, { signal, priority: p }),
        { ttlMs: 60_000, priority },
      );

    const release = blocked(s);
    const badges = Array.from({ length: 300 }, (_, slot) => block(slot, 'visible'));
    await settle();
    expect(s.stats().queued).toEqual({ hover: 0, visible: 300, background: 0 });

    const hover = block(250, 'hover').then((r) => {
      log.push('hover answered');
      return r;
    });
    await settle();
    // Joined, not fetched twice: the same queued request, moved up.
    expect(s.stats().queued).toEqual({ hover: 1, visible: 299, background: 0 });

    await release();
    await expect(hover).resolves.toMatchObject({ value: null, source: 'network' });
    await Promise.all(badges);
    expect(log[0]).toBe('fetch 250');
    // Answered while the first of the other badges' requests was at most under way.
    expect(log.indexOf('hover answered')).toBeLessThan(log.indexOf('fetch 1'));
    const others = log.filter((l) => l.startsWith('fetch ')).slice(1);
    expect(others).toEqual(
      Array.from({ length: 300 }, (_, i) => i)
        .filter((i) => i !== 250)
        .map((i) => `fetch ${i}`),
    );
  });

  it('a caller past the stale window raises the background refresh it joins', async () => {
    const { clock, make } = setup();
    const cache = make();
    const s = createScheduler({ concurrency: 1 });
    const order: string[] = [];
    const fetcher = (name: string) => (signal: AbortSignal, priority: Priority) =>
      s.run(
        async () => {
          order.push(name);
          return name;
        },
        { priority, signal },
      );
    const opts = { ttlMs: 1000, staleMs: 1000 };
    await cache.cached('pnl', 'w', fetcher('first'), { ...opts, priority: 'hover' });
    await cache.flush();

    const release = blocked(s);
    clock.advance(1500); // stale: served at once, one refresh queued at 'background'
    expect(
      await cache.cached('pnl', 'w', fetcher('refresh'), { ...opts, priority: 'visible' }),
    ).toMatchObject({
      value: 'first',
      stale: true,
    });
    const others = Array.from({ length: 20 }, (_, i) =>
      s.run(async () => void order.push(`v${i}`), { priority: 'visible' }),
    );
    await settle();
    expect(s.stats().queued).toEqual({ hover: 0, visible: 20, background: 1 });

    clock.advance(1000); // past the stale window: a caller waits for the refresh
    const waiting = cache.cached('pnl', 'w', fetcher('second fetch'), { ...opts, priority: 'hover' });
    await settle();
    expect(s.stats().queued).toEqual({ hover: 1, visible: 20, background: 0 });
    await release();
    await expect(waiting).resolves.toMatchObject({ value: 'refresh', source: 'network' });
    await Promise.all(others);
    expect(order).toEqual(['first', 'refresh', ...Array.from({ length: 20 }, (_, i) => `v${i}`)]);
  });

  it('a less urgent joiner lowers nothing', async () => {
    const { make } = setup();
    const cache = make();
    await cache.flush();
    const s = createScheduler({ concurrency: 1 });
    const order: string[] = [];
    const fetcher = (signal: AbortSignal, priority: Priority) =>
      s.run(async () => void order.push('K'), { priority, signal });
    const release = blocked(s);
    const fillers = Array.from({ length: 5 }, (_, i) =>
      s.run(async () => void order.push(`v${i}`), { priority: 'visible' }),
    );
    const first = cache.cached('pnl', 'K', fetcher, { ttlMs: 1000, priority: 'hover' });
    await settle();
    const second = cache.cached('pnl', 'K', fetcher, { ttlMs: 1000, priority: 'background' });
    await settle();
    expect(s.stats().queued).toEqual({ hover: 1, visible: 5, background: 0 });
    await release();
    await Promise.all([first, second, ...fillers]);
    expect(order[0]).toBe('K');
  });
});
