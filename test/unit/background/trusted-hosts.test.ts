/**
 * Where the API key goes is the background's to say. Firefox lets content scripts read and write
 * storage.local (as does Chrome before 140), so the hosts there could be rewritten behind the
 * background's back; the ones it uses are those it recorded beside the key (lib/secrets.ts). Two
 * simulators stand for the service and a host the key must never reach; each one's log shows who
 * was asked. The worker runs as the browser starts it (startBackground in the fake browser), and a
 * restart is a new start over the same storage.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startBackground } from '../../../lib/background/start';
import { messenger } from '../../../lib/messenger';
import { readApiKey } from '../../../lib/secrets';
import { defaultHosts } from '../../../lib/settings';
import { requests, resetSims, type Sim, simSettings, startTwoHosts } from './helpers';
import { contentScript, endFakeWorker, fakeWorker, optionsPage, send } from './worker-env';

let service: Sim;
let other: Sim;
beforeAll(async () => {
  [service, other] = await startTwoHosts();
});
afterAll(async () => {
  await Promise.all([service.close(), other.close()]);
});
beforeEach(async () => {
  fakeWorker();
  await resetSims(service, other);
  // (IndexedDB outlives fakeBrowser.reset: each test starts with nothing recorded, no key, no cache)
  globalThis.indexedDB = new IDBFactory();
});
afterEach(endFakeWorker);

/** The worker stopped and started again: its memory gone, its storage (both kinds) kept. */
function restart(): void {
  messenger.removeAllListeners();
  startBackground();
}

/**
 * What a content script can do in Firefox: write settings with hosts of its own into storage.local,
 * where earlier versions kept the settings (now in the private store; storage.local's copy is read
 * only at an update's first start, or while IndexedDB cannot open).
 */
async function writeHostsBehindTheBackground(to: Sim): Promise<void> {
  const { settings } = await fakeBrowser.storage.local.get('settings');
  await fakeBrowser.storage.local.set({
    settings: { ...(settings as object), hosts: simSettings(to).hosts },
  });
}

const badge = (sim: Sim, i: number) =>
  send('walletBadge', { address: sim.catalog.wallets[i] }, contentScript);
const shownHosts = async () =>
  ((await send('settingsGet', {}, optionsPage)).res as { value: { hosts: unknown } }).value.hosts;

describe('the API hosts the key goes to', () => {
  it('hosts rewritten in storage.local behind the background are not used after a restart: the saved ones are', async () => {
    startBackground();
    expect(
      (await send('settingsSet', { patch: { hosts: simSettings(service).hosts } }, optionsPage)).res,
    ).toMatchObject({
      ok: true,
    });
    expect((await send('keySet', { key: 'demo' }, optionsPage)).res).toMatchObject({ ok: true });

    await writeHostsBehindTheBackground(other);
    restart();
    expect((await badge(service, 0)).res).toMatchObject({ ok: true });
    expect(await requests(other)).toEqual([]);
    expect((await requests(service, '/v2/pnl')).length).toBeGreaterThan(0);
    // the options page shows the hosts in use, not the rewritten ones
    expect(await shownHosts()).toEqual(simSettings(service).hosts);
    expect(await readApiKey()).toBe('demo');
  });

  it('a first start takes the stored hosts (nothing recorded yet: an earlier version), and a save moves them for good', async () => {
    // settings an earlier version left, which recorded no hosts beside the key
    await fakeBrowser.storage.local.set({ settings: { hosts: simSettings(service).hosts } });
    startBackground();
    expect((await send('keySet', { key: 'demo' }, optionsPage)).res).toMatchObject({ ok: true });
    expect((await badge(service, 0)).res).toMatchObject({ ok: true });
    expect((await requests(service, '/v2/pnl')).length).toBeGreaterThan(0);

    // the options page moves them (to the other simulator, here a host the user chose)
    expect(
      (await send('settingsSet', { patch: { hosts: simSettings(other).hosts } }, optionsPage)).res,
    ).toMatchObject({
      ok: true,
    });
    restart();
    expect((await badge(other, 1)).res).toMatchObject({ ok: true });
    expect((await requests(other, '/v2/pnl')).length).toBeGreaterThan(0);
    expect(await shownHosts()).toEqual(simSettings(other).hosts);

    // and storage.local rewritten back is not followed either
    await resetSims(service, other);
    await writeHostsBehindTheBackground(service);
    restart();
    expect((await badge(other, 2)).res).toMatchObject({ ok: true });
    expect(await requests(service)).toEqual([]);
  });

  it("with IndexedDB down, the build's own hosts are used, and a change of hosts is refused with why", async () => {
    await fakeBrowser.storage.local.set({ settings: { hosts: simSettings(other).hosts } });
    vi.spyOn(globalThis.indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
    });
    startBackground();
    expect(await shownHosts()).toEqual(defaultHosts());
    const saved = await send('settingsSet', { patch: { hosts: simSettings(service).hosts } }, optionsPage);
    expect(saved.res).toEqual({
      ok: false,
      error: {
        code: 'STORAGE_UNAVAILABLE',
        message: "The browser's storage for extensions is not available, so the API hosts cannot be changed.",
      },
    });
    expect(await shownHosts()).toEqual(defaultHosts());
    expect(await requests(other)).toEqual([]);
  });
});
