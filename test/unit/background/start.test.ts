/**
 * The service worker as the browser starts it (startBackground on the fake browser): a start that
 * failed is tried again by the next message instead of failing every one for the worker's life; a
 * first install opens the options page; `configChanged` goes out to every tab through the messenger.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startBackground } from '../../../lib/background/start';
import { type PrivateKey, privateStore } from '../../../lib/private-store';
import { defaultSettings } from '../../../lib/settings';
import { contentScript, EXT, endFakeWorker, fake, fakeWorker, optionsPage, send } from './worker-env';

const BASE = `chrome-extension://${EXT}/`;
let pushed: Array<{ tabId: number; message: { type: string; data: unknown } }>;

beforeEach(() => {
  fakeWorker();
  pushed = [];
  // What the messenger calls for a push to a tab: tab 2 has no content script (no answer).
  fake.tabs.sendMessage = vi.fn(
    (tabId: number, message: { type: string; data: unknown }, _o: unknown, reply: (r: unknown) => void) => {
      if (tabId === 2) return reply(undefined);
      pushed.push({ tabId, message });
      reply({ res: undefined });
    },
  );
});
afterEach(endFakeWorker);

describe('a failed start (G)', () => {
  it('is built again by the next message, not kept for the life of the worker', async () => {
    // Storage does not answer while the worker starts: the start fails.
    const get = vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValue(new Error('storage down'));
    startBackground();
    const first = await send('overlayConfig', { host: 'solscan.io' }, contentScript);
    expect(first.res).toMatchObject({ ok: false, error: { code: 'START_FAILED' } });
    // Storage is back: the next message gets a real answer.
    get.mockRestore();
    const second = await send('overlayConfig', { host: 'solscan.io' }, contentScript);
    expect(second.err).toBeUndefined();
    expect(second.res).toMatchObject({ ok: true, value: { enabled: true, hasKey: false } });
    // ...and the runtime built then is kept: no third build for the next message.
    const spy = vi.spyOn(fakeBrowser.storage.local, 'get');
    await send('overlayConfig', { host: 'solscan.io' }, contentScript);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('install (H)', () => {
  it('a first install opens the options page, so the key can be pasted', async () => {
    startBackground();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(fake.runtime.openOptionsPage).toHaveBeenCalledTimes(1);
    expect(fake.contextMenus.create).toHaveBeenCalledTimes(2);
  });

  it('an update (or a browser update) does not', async () => {
    startBackground();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'chrome_update' });
    expect(fake.runtime.openOptionsPage).not.toHaveBeenCalled();
    expect(fake.contextMenus.create).toHaveBeenCalledTimes(4);
  });

  it('a browser that cannot open it is no failure', async () => {
    fake.runtime.openOptionsPage = vi.fn(async () => {
      throw new Error('no options page');
    });
    startBackground();
    await expect(fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' })).resolves.toBeDefined();
  });
});

describe('configChanged to every tab (A)', () => {
  const configPushes = () => pushed.filter((p) => p.message.type === 'configChanged');

  it('a cleared key is pushed to every open tab; a tab without the content script is skipped', async () => {
    await fakeBrowser.tabs.create({ url: 'https://solscan.io/' }); // id 1
    await fakeBrowser.tabs.create({ url: 'https://example.com/' }); // id 2: no content script
    startBackground();
    expect(await send('keyClear', {}, optionsPage)).toMatchObject({ res: { ok: true } });
    await vi.waitFor(() => expect(configPushes()).toHaveLength(2));
    expect(configPushes().map((p) => [p.tabId, p.message.data])).toEqual([
      [0, { reason: 'key', hasKey: false }],
      [1, { reason: 'key', hasKey: false }],
    ]);
  });

  it('a new data host is pushed as hosts; a setting open pages show as settings; one they do not, not at all', async () => {
    startBackground();
    const set = async (patch: Record<string, unknown>) =>
      expect(await send('settingsSet', { patch }, optionsPage)).toMatchObject({ res: { ok: true } });
    // Notification rules and cache limits change nothing a page shows: no tab is woken.
    await set({ notifications: { ...defaultSettings().notifications, minUsd: 50 } });
    await set({ cache: { ...defaultSettings().cache, maxMB: 20 } });
    await new Promise((r) => setTimeout(r, 20));
    expect(configPushes()).toEqual([]);
    // What open pages show: each change reaches them (they read overlayConfig again).
    await set({ theme: 'dark' });
    await set({ sites: { ...defaultSettings().sites, solscan: false } });
    await set({ pnlMode: 'raw' });
    await set({ maxBadges: 40 });
    await vi.waitFor(() => expect(configPushes()).toHaveLength(4));
    expect(configPushes().map((p) => p.message.data)).toEqual(
      Array(4).fill({ reason: 'settings', hasKey: false }),
    );
    // The same value saved again is no change.
    await set({ theme: 'dark' });
    const hosts = { ...defaultSettings().hosts, data: 'https://data.example.test' };
    await set({ hosts });
    await vi.waitFor(() => expect(configPushes()).toHaveLength(5));
    expect(configPushes()[4]!.message.data).toEqual({ reason: 'hosts', hasKey: false });
    // ...and what they read then is the new state, the PnL mode included (a change of it re-asks PnL).
    const config = await send('overlayConfig', { host: 'solscan.io' }, contentScript);
    expect(config.res).toEqual({
      ok: true,
      value: { enabled: false, maxBadges: 40, theme: 'dark', currency: 'usd', pnlMode: 'raw', hasKey: false },
    });
  });
});

describe('opening a lookup from the desktop (a menu, a notification)', () => {
  /** The worker's context-menu click listener, as it registered it. */
  const menuClick = () =>
    fake.contextMenus.onClicked.addListener.mock.calls[0]![0] as (info: object) => Promise<void>;
  const lookupOf = (q: string) => `${BASE}lookup.html#q=${encodeURIComponent(q)}`;

  it('opens in the last focused window and brings it forward', async () => {
    fake.windows.getLastFocused = vi.fn(async () => ({ id: 7 }));
    fake.windows.update = vi.fn(async () => ({}));
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    startBackground();
    await menuClick()({ menuItemId: 'lookup-selection', selectionText: ' whale ' });
    await vi.waitFor(() => expect(fake.windows.update).toHaveBeenCalledWith(7, { focused: true }));
    expect(created).toHaveBeenCalledWith({ url: lookupOf('whale'), windowId: 7 });
  });

  it('sends the whole selection: a cut at 300 characters ended inside an address (a shorter valid one)', async () => {
    fake.windows.getLastFocused = vi.fn(async () => ({ id: 7 }));
    fake.windows.update = vi.fn(async () => ({}));
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    startBackground();
    const text = `${'this whale keeps buying, '.repeat(11)}look: 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU`;
    expect(text.length).toBeGreaterThan(300);
    await menuClick()({ menuItemId: 'lookup-selection', selectionText: text });
    await vi.waitFor(() => expect(created).toHaveBeenCalledWith({ url: lookupOf(text), windowId: 7 }));
  });

  it('with no window open (Chrome running in the background), opens a window', async () => {
    fake.windows.getLastFocused = vi.fn(async () => {
      throw new Error('No current window');
    });
    fake.windows.create = vi.fn(async () => ({ id: 9 }));
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    startBackground();
    await menuClick()({ menuItemId: 'lookup-selection', selectionText: 'whale' });
    await vi.waitFor(() =>
      expect(fake.windows.create).toHaveBeenCalledWith({ url: lookupOf('whale'), focused: true }),
    );
    expect(created).not.toHaveBeenCalled();
  });
});

describe('the context menu', () => {
  const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
  const menuClick = () =>
    fake.contextMenus.onClicked.addListener.mock.calls[0]![0] as (info: object) => Promise<void>;
  const watched = async () => ((await send('watchList', {}, optionsPage)).res as { value: unknown[] }).value;
  let notes: Array<{ id: string; options: { title: string; message: string } }>;
  beforeEach(() => {
    notes = [];
    fake.notifications.create = vi.fn(async (id: string, options: { title: string; message: string }) => {
      notes.push({ id, options });
      return id;
    });
    fake.windows.getLastFocused = vi.fn(async () => ({ id: 7 }));
    fake.windows.update = vi.fn(async () => ({}));
  });

  it('has two items: look up a selection, and watch a wallet from a selection or a link', async () => {
    startBackground();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(fake.contextMenus.create.mock.calls.map((c: unknown[]) => c[0])).toEqual([
      { id: 'lookup-selection', title: 'Look up in Onchain Lens', contexts: ['selection'] },
      { id: 'watch-wallet', title: 'Watch wallet in Onchain Lens', contexts: ['selection', 'link'] },
    ]);
  });

  it('"Watch wallet" on a selected wallet address adds it to the watchlist and opens its lookup', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    startBackground();
    await menuClick()({ menuItemId: 'watch-wallet', selectionText: ` ${WALLET}\n` });
    expect(await watched()).toEqual([expect.objectContaining({ wallet: WALLET })]);
    expect(created).toHaveBeenCalledWith({
      url: `${BASE}lookup.html#q=${encodeURIComponent(WALLET)}`,
      windowId: 7,
    });
    expect(notes).toEqual([]);
  });

  it.each([
    ['a truncated address', `${WALLET.slice(0, 4)}...${WALLET.slice(-4)}`, /truncated address/],
    ['an address cut short', WALLET.slice(0, 31), /too short/],
    // a mint by its link only (not one known offline, which the watchlist itself would refuse too)
    [
      'a token link',
      'https://solscan.io/token/EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
      /token mint, not a wallet/,
    ],
    ['a known mint', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', /token mint, not a wallet/],
    ['a word', 'bonk', /Select a wallet address/],
  ])(
    '"Watch wallet" on %s says why in a notification and watches nothing',
    async (_what, selectionText, why) => {
      const created = vi.spyOn(fakeBrowser.tabs, 'create');
      startBackground();
      await menuClick()({ menuItemId: 'watch-wallet', selectionText });
      expect(notes).toEqual([
        {
          id: expect.stringMatching(/^menu\|/),
          options: expect.objectContaining({ title: 'Not watched', message: expect.stringMatching(why) }),
        },
      ]);
      expect(await watched()).toEqual([]);
      expect(created).not.toHaveBeenCalled();
    },
  );
});

describe('watching a wallet watched already', () => {
  it('keeps its label when no new one is given (the context menu, the popup)', async () => {
    const wallet = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
    startBackground();
    await send('watchAdd', { wallet, label: 'Whale' }, optionsPage);
    const again = await send('watchAdd', { wallet }, optionsPage);
    expect(again.res).toMatchObject({ ok: true, value: [{ wallet, label: 'Whale' }] });
  });
});

describe('a start that fails after the services were built', () => {
  it('closes what it opened (the cache database) before the next message builds again', async () => {
    const closed: string[] = [];
    const close = IDBDatabase.prototype.close;
    vi.spyOn(IDBDatabase.prototype, 'close').mockImplementation(function (this: IDBDatabase) {
      closed.push(this.name);
      close.call(this);
    });
    const get = privateStore.getItem.bind(privateStore);
    // The watchlist does not load (its store failing): settings and the key do.
    vi.spyOn(privateStore, 'getItem').mockImplementation((async (key: PrivateKey) => {
      if (key === 'local:watchlist') throw new Error('storage down');
      return get(key);
    }) as never);
    startBackground();
    const first = await send('overlayConfig', { host: 'solscan.io' }, contentScript);
    expect(first.res).toMatchObject({ ok: false, error: { code: 'START_FAILED' } });
    await vi.waitFor(() => expect(closed).toContain('onchain-lens-cache'));
  });
});
