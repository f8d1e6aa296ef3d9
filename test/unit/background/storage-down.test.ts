/**
 * IndexedDB that cannot open at all (Chrome's "Internal error opening backing store", Firefox with it
 * disabled): the background starts anyway (the cache in memory, no saved key readable), every message
 * gets a real answer, and a key saved then works for this browser session while the save says why it
 * was not kept (STORAGE_UNAVAILABLE). A start that fails all the same is a typed answer, never a
 * throw the pages would report as a network failure.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createRouter, type Sender } from '../../../lib/background/router';
import type { Services } from '../../../lib/background/services';
import { startBackground } from '../../../lib/background/start';
import { errorMessage } from '../../../lib/errors';
import { readApiKey, writeApiKey } from '../../../lib/secrets';
import { settingsItem } from '../../../lib/settings';
import type { WatchService } from '../../../lib/watch';
import { type Sim, simServices, testHandlers } from './helpers';
import { simHooks } from './sim-hooks';
import { contentScript, EXT, endFakeWorker, fakeWorker, optionsPage, send } from './worker-env';

const WALLET = 'So11111111111111111111111111111111111111112';

beforeEach(fakeWorker);
afterEach(endFakeWorker);

function idbDown() {
  return vi.spyOn(globalThis.indexedDB, 'open').mockImplementation(() => {
    throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
  });
}

describe('the service worker with IndexedDB down', () => {
  it('starts, and answers every message: the page settings, a badge, the status', async () => {
    idbDown();
    startBackground();
    const config = await send('overlayConfig', { host: 'solscan.io' }, contentScript);
    expect(config).toEqual({ res: expect.objectContaining({ ok: true }) });
    expect(config.res).toMatchObject({ value: { enabled: true, hasKey: false } });
    // no key readable: the badge says so (a key to add), not a network failure to retry
    const badge = await send('walletBadge', { address: WALLET }, contentScript);
    expect(badge.err).toBeUndefined();
    expect(JSON.stringify(badge.res)).not.toContain('NETWORK');
    const status = await send('status', {}, optionsPage);
    expect(status.res).toMatchObject({
      ok: true,
      value: { key: 'missing', live: 'idle', liveInvalid: 0, storageSessionOnly: true },
    });
  });

  it('a settings save is kept for this session and the status says so, until the database opens again', async () => {
    const down = idbDown();
    startBackground();
    expect((await send('settingsSet', { patch: { theme: 'dark' } }, optionsPage)).res).toMatchObject({
      ok: true,
    });
    const status = async () =>
      ((await send('status', {}, optionsPage)).res as { value: { storageSessionOnly?: boolean } }).value
        .storageSessionOnly;
    expect(await status()).toBe(true);
    down.mockRestore();
    // the next save reaches the database, and takes the session's copy in with it
    expect((await send('settingsSet', { patch: { currency: 'sol' } }, optionsPage)).res).toMatchObject({
      ok: true,
    });
    expect(await status()).toBe(false);
    expect(await settingsItem.getValue()).toMatchObject({ theme: 'dark', currency: 'sol' });
    expect(await fakeBrowser.storage.session.get(null)).not.toHaveProperty('private:settings');
  });

  it('a key kept for this session by an earlier worker is used', async () => {
    idbDown();
    await fakeBrowser.storage.session.set({ 'secrets:apiKey': 'session-key' });
    startBackground();
    const config = await send('overlayConfig', { host: 'solscan.io' }, contentScript);
    expect(config.res).toMatchObject({ ok: true, value: { hasKey: true } });
  });

  it('a start that fails all the same is a typed answer (START_FAILED), not a thrown one', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValue(new Error('storage down'));
    startBackground();
    for (const [type, data, sender] of [
      ['overlayConfig', { host: 'solscan.io' }, contentScript],
      ['status', {}, optionsPage],
    ] as const) {
      const r = await send(type, data, sender);
      expect(r.err).toBeUndefined();
      expect(r.res).toEqual({
        ok: false,
        error: { code: 'START_FAILED', message: errorMessage('START_FAILED') },
      });
    }
  });
});

describe('the key store (lib/secrets) with IndexedDB down', () => {
  it('reads no key instead of throwing; a save keeps it for the session and says so; a removal succeeds', async () => {
    idbDown();
    expect(await readApiKey()).toBeNull();
    await expect(writeApiKey('k1')).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    // the next worker of this browser session still has it; never in storage.local
    expect(await readApiKey()).toBe('k1');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    await writeApiKey(null);
    expect(await readApiKey()).toBeNull();
  });

  it('once IndexedDB works again, a save goes there and the session copy goes away', async () => {
    const down = idbDown();
    await writeApiKey('k1').catch(() => {});
    down.mockRestore();
    await writeApiKey('k2');
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect(await readApiKey()).toBe('k2');
  });
});

describe('removing the key with IndexedDB down', () => {
  it('the key IndexedDB still holds does not come back once it opens again (the next browser start)', async () => {
    await writeApiKey('k1');
    const down = idbDown();
    await writeApiKey(null);
    expect(await readApiKey()).toBeNull();
    // the browser restarts: its session storage is gone, IndexedDB opens again
    down.mockRestore();
    await fakeBrowser.storage.session.clear();
    expect(await readApiKey()).toBeNull();
    // the removal is stored in IndexedDB now, and the flag that carried it is gone
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await readApiKey()).toBeNull();
    // a key saved afterwards is the key
    await writeApiKey('k2');
    expect(await readApiKey()).toBe('k2');
  });

  it('a removal flag written by someone else (a content script may write storage.local in Firefox) removes no key, and is dropped', async () => {
    await writeApiKey('k1');
    for (const forged of [true, 'x'.repeat(64), '']) {
      await fakeBrowser.storage.local.set({ 'secrets:keyRemoved': forged });
      expect(await readApiKey()).toBe('k1');
      expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    }
  });

  it('a key saved for the session after the removal is used until the browser closes, then none', async () => {
    await writeApiKey('k1');
    const down = idbDown();
    await writeApiKey(null);
    await expect(writeApiKey('k3')).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    expect(await readApiKey()).toBe('k3');
    down.mockRestore();
    await fakeBrowser.storage.session.clear();
    expect(await readApiKey()).toBeNull();
  });
});

describe('saving a key with IndexedDB down (options page)', () => {
  let sim: Sim;
  let services: Services | undefined;
  simHooks(
    { eventsPerSecond: 0 },
    (s) => (sim = s),
    () => services,
  );

  it('the key is checked and used for this session; the answer is STORAGE_UNAVAILABLE, with its text', async () => {
    services = simServices(sim);
    const changed: string[] = [];
    const watch = {
      watchlist: { snapshot: () => [] },
      lastError: async () => null,
    } as unknown as WatchService;
    const handlers = testHandlers(services, {
      watch,
      onConfigChanged: (c) => void changed.push(c.reason),
    });
    const sender: Sender = optionsPage;
    const dispatch = createRouter(handlers, {
      extensionId: EXT,
      extensionBaseUrl: `chrome-extension://${EXT}/`,
    });
    idbDown();
    const r = await dispatch('keySet', { key: 'demo-free' }, sender);
    expect(r).toEqual({
      ok: false,
      error: { code: 'STORAGE_UNAVAILABLE', message: errorMessage('STORAGE_UNAVAILABLE') },
    });
    expect(errorMessage('STORAGE_UNAVAILABLE')).toMatch(/storage for extensions is not available/);
    expect(services.apiKey()).toBe('demo-free');
    expect(changed).toEqual(['key']); // the tabs' badges ask again, with the key
    expect(await readApiKey()).toBe('demo-free');
    // the status says the key is kept for this session only (the options page does not call it saved)
    const status = await dispatch('status', {}, sender);
    expect(status).toMatchObject({ ok: true, value: { keySessionOnly: true } });
  });
});
