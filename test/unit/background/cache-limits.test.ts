/**
 * The options page's cache size reaches the running cache: a saved cache.maxMB applies at once
 * through the real settingsSet handler and services (no service worker restart needed).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createServices, type Services } from '../../../lib/background/services';
import { defaultSettings } from '../../../lib/settings';
import { pageSender, testHandlers, testRouter } from './helpers';

const optionsPage = pageSender('options');
const MB = 1024 * 1024;
// ~100 KB each (JSON length of the string plus its quotes and the id)
const BLOB = 'x'.repeat(100_000);

let services: Services;

function setup() {
  globalThis.indexedDB = new IDBFactory();
  services = createServices({
    settings: defaultSettings(), // cache: 5000 entries, 20 MB
    apiKey: null,
    onLive: () => {},
    onLiveStatus: () => {},
    onReconnected: () => {},
    isWatched: () => false,
  });
  const handlers = testHandlers(services);
  const dispatch = testRouter(handlers);
  return {
    set: (patch: Record<string, unknown>) => dispatch('settingsSet', { patch }, optionsPage),
    stats: () => dispatch('cacheStats', {}, optionsPage),
  };
}

/** 30 entries of ~100 KB (about 2.9 MB), written 10 ms apart: k0 the least recently used. */
async function fill() {
  vi.useFakeTimers({ toFake: ['Date'] }); // only the clock: IndexedDB's own timers stay real
  const start = Date.now();
  for (let i = 0; i < 30; i++) {
    vi.setSystemTime(start + i * 10);
    await services.cache.put('r', `k${i}`, BLOB);
  }
  await services.cache.flush();
  vi.useRealTimers();
}

beforeEach(() => fakeBrowser.reset());
afterEach(async () => {
  vi.useRealTimers();
  await services?.cache.close();
  services?.hub.stop();
});

describe('cache size from the options page', () => {
  it('a lower cache.maxMB saved through settingsSet evicts the running cache down to it', async () => {
    const bg = setup();
    await fill();
    const before = services.cache.stats();
    expect(before.entries).toBe(30);
    expect(before.bytes).toBeGreaterThan(2 * MB);

    const r = await bg.set({ cache: { maxEntries: 5000, maxMB: 1 } });
    expect(r).toMatchObject({ ok: true, value: { cache: { maxEntries: 5000, maxMB: 1 } } });
    await services.cache.flush(); // queued after the eviction
    const after = await bg.stats();
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    expect(after.value.bytes).toBeLessThanOrEqual(MB);
    expect(after.value.entries).toBe(10); // 10 x ~100 KB fit in 1 MiB, 11 do not
    expect(services.cache.stats()).toMatchObject({ maxBytes: MB, maxEntries: 5000, evictions: 20 });
    // oldest first: the ten most recent are the ones left
    expect(await services.cache.get('r', 'k19')).toBeUndefined();
    expect(await services.cache.get('r', 'k20')).toBeDefined();
    expect(await services.cache.get('r', 'k29')).toBeDefined();
  });

  it('setSettings resolves once the new bound is in force; raising it keeps everything', async () => {
    setup();
    await fill();
    await services.setSettings({ ...services.settings(), cache: { maxEntries: 100, maxMB: 2 } });
    expect(services.cache.stats()).toMatchObject({ entries: 20, maxBytes: 2 * MB });
    await services.setSettings({ ...services.settings(), cache: { maxEntries: 100, maxMB: 500 } });
    expect(services.cache.stats()).toMatchObject({ entries: 20, evictions: 10, maxBytes: 500 * MB });
    await services.setSettings({ ...services.settings(), cache: { maxEntries: 15, maxMB: 500 } });
    expect(services.cache.stats()).toMatchObject({ entries: 15, maxEntries: 15 });
  });

  it('a settings change that leaves the cache alone does not touch it; a refused size changes nothing', async () => {
    const bg = setup();
    await fill();
    expect(await bg.set({ theme: 'dark' })).toMatchObject({ ok: true });
    const r = await bg.set({ cache: { maxEntries: 5000, maxMB: 0 } });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    if (!r.ok) expect(r.error.message).toMatch(/^cache\.maxMB: /);
    await services.cache.flush();
    expect(services.cache.stats()).toMatchObject({ entries: 30, evictions: 0, maxBytes: 20 * MB });
  });
});
