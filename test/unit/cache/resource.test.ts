import { describe, expect, it } from 'vitest';
import { defineCachedResource } from '../../../lib/cache';
import type { Priority } from '../../../lib/sched';
import { setup } from './helpers';

describe('defineCachedResource', () => {
  it('declares name, lifetimes, key and fetch once; callers just call it', async () => {
    const { clock, make } = setup();
    const cache = make();
    const seen: { wallet: string; priority: Priority }[] = [];
    const walletPnl = defineCachedResource(cache, {
      name: 'pnl-summary',
      ttlMs: 60_000,
      staleMs: 600_000,
      key: ({ wallet }: { wallet: string }) => wallet,
      fetch: async ({ wallet }, _signal, priority) => {
        seen.push({ wallet, priority });
        return { wallet, total: seen.length };
      },
    });
    expect(await walletPnl({ wallet: 'W1' }, { priority: 'hover' })).toMatchObject({
      value: { wallet: 'W1', total: 1 },
      source: 'network',
    });
    expect((await walletPnl({ wallet: 'W1' })).source).toBe('cache');
    await walletPnl({ wallet: 'W2' });
    expect(seen).toEqual([
      { wallet: 'W1', priority: 'hover' },
      { wallet: 'W2', priority: 'visible' },
    ]);
    // The resource name namespaces the cache.
    expect((await cache.get('pnl-summary', 'W1'))?.value).toEqual({ wallet: 'W1', total: 1 });
    clock.advance(61_000);
    expect(await walletPnl({ wallet: 'W1' })).toMatchObject({ stale: true, value: { total: 1 } });
    await walletPnl.put({ wallet: 'W3' }, { wallet: 'W3', total: 99 });
    expect((await walletPnl.get({ wallet: 'W3' }))?.value.total).toBe(99);
    expect(await walletPnl.update({ wallet: 'W3' }, (p) => p && { ...p, total: p.total + 1 })).toMatchObject({
      total: 100,
    });
    await walletPnl.delete({ wallet: 'W3' });
    expect(await walletPnl.get({ wallet: 'W3' })).toBeUndefined();
  });
});
