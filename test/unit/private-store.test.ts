/**
 * The private store (lib/private-store.ts): the watchlist, recent lookups, the watch state and the
 * settings, in the extension origin's IndexedDB (fake-indexeddb here) instead of storage.local,
 * which content scripts may read and write in Firefox and Chrome before 140.
 */
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type PrivateKey, privateStore, privateStoreDown, resetPrivateStore } from '../../lib/private-store';
import { addRecent, loadRecent } from '../../lib/recent';
import { createWatchlist } from '../../lib/watch/watchlist';

const WALLET = '7JsiQTZz8wJq7bYx3ZfK4Wc9g1mNnVfXUv5pR2sHcTZz';
const OTHER = 'So11111111111111111111111111111111111111112';

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

/** A new worker or page over the same browser profile: the module's connection and state start over. */
async function freshContext() {
  vi.resetModules();
  return (await import('../../lib/private-store')).privateStore;
}

type Area = typeof fakeBrowser.storage.local;

/**
 * A page whose first read of `key` opens the store and is held once it has read `area` (the page is
 * slow to be scheduled): `read` is that first read, and `release` lets the page go on.
 */
async function pageHeldAt(area: Area, key: PrivateKey) {
  const real = area.get.bind(area);
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  let reach = () => {};
  const reached = new Promise<void>((r) => {
    reach = r;
  });
  vi.spyOn(area, 'get').mockImplementationOnce(async (keys) => {
    const snapshot = await real(keys);
    reach();
    await held;
    return snapshot;
  });
  const store = await freshContext();
  const read = store.getItem(key);
  await reached;
  return { store, read, release };
}

function idbDown() {
  return vi.spyOn(globalThis.indexedDB, 'open').mockImplementation(() => {
    throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
  });
}

describe('the private store', () => {
  it('keeps what it is given out of storage.local', async () => {
    await privateStore.setItem('local:watchlist', [{ wallet: WALLET }]);
    await addRecent('bonk');
    expect(await privateStore.getItem('local:watchlist')).toEqual([{ wallet: WALLET }]);
    expect(await loadRecent()).toEqual(['bonk']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    await privateStore.removeItem('local:watchlist');
    expect(await privateStore.getItem('local:watchlist')).toBeNull();
  });

  it("adopts an earlier version's copies from storage.local once, and takes them out of it; later writes there are nothing to it", async () => {
    // as the version before this one left them (the watchlist a versioned wxt item)
    await fakeBrowser.storage.local.set({
      watchlist: [{ wallet: WALLET, label: 'whale', addedAt: 1, unread: 2 }],
      watchlist$: { v: 1 },
      recentSearches: ['bonk'],
      recentSearchMeta: { bonk: { kind: 'search', label: 'bonk' } },
      [`watch:orders:${WALLET}`]: { at: 1, orders: [] },
      settings: { theme: 'dark' },
      settings$: { v: 1 },
      'cache:onchain-lens-cache:wipeOwed': true,
    });
    const list = createWatchlist();
    expect((await list.list()).map((e) => [e.wallet, e.label, e.unread])).toEqual([[WALLET, 'whale', 2]]);
    expect(await loadRecent()).toEqual(['bonk']);
    expect(await privateStore.getItem(`local:watch:orders:${WALLET}`)).toEqual({ at: 1, orders: [] });
    expect(await privateStore.getItem('local:settings')).toEqual({ theme: 'dark' });
    // only what is not ours to move (the cache's wipe mark) stays in storage.local
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ 'cache:onchain-lens-cache:wipeOwed': true });

    // A content script (Firefox) writes a watchlist and a recent lookup of its own there: the next
    // worker does not take them.
    await fakeBrowser.storage.local.set({
      watchlist: [{ wallet: OTHER, label: 'send here', addedAt: 2, unread: 0 }],
    });
    await fakeBrowser.storage.local.set({
      recentSearches: ['phish'],
      settings: { notifications: { enabled: false } },
    });
    const next = await freshContext();
    expect(await next.getItem('local:watchlist')).toEqual([
      { wallet: WALLET, label: 'whale', addedAt: 1, unread: 2 },
    ]);
    expect(await next.getItem('local:recentSearches')).toEqual(['bonk']);
    expect(await next.getItem('local:settings')).toEqual({ theme: 'dark' });
  });

  it('a profile that moved the watchlist before the settings moved still takes the settings, once', async () => {
    // the version before this one: the watchlist in the database, with the mark of its move only
    // (as that version wrote them), the settings in storage.local
    const db = await openDB('onchain-lens-private', 1, { upgrade: (d) => void d.createObjectStore('kv') });
    await db.put('kv', [{ wallet: WALLET, label: 'whale', addedAt: 1, unread: 0 }], 'watchlist');
    await db.put('kv', 1, '\u0000adopted');
    db.close();
    await fakeBrowser.storage.local.set({
      settings: { theme: 'dark', sites: { solscan: false } },
      settings$: { v: 1 },
    });
    // and what a content script wrote there since the watchlist moved
    await fakeBrowser.storage.local.set({
      watchlist: [{ wallet: OTHER, label: 'send here', addedAt: 2, unread: 0 }],
    });
    const next = await freshContext();
    expect(await next.getItem('local:settings')).toEqual({ theme: 'dark', sites: { solscan: false } });
    expect(await next.getItem('local:watchlist')).toEqual([
      { wallet: WALLET, label: 'whale', addedAt: 1, unread: 0 },
    ]);
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toEqual(['watchlist']);
    // adopted once: settings written there later are nothing to the next context
    await fakeBrowser.storage.local.set({ settings: { sites: { solscan: true } } });
    expect(await (await freshContext()).getItem('local:settings')).toEqual({
      theme: 'dark',
      sites: { solscan: false },
    });
  });

  it('two contexts opening at once after an update: the later adoption does not put the old copies back', async () => {
    await fakeBrowser.storage.local.set({
      watchlist: [{ wallet: WALLET, label: 'old', addedAt: 1, unread: 0 }],
      settings: { theme: 'dark' },
    });
    // The page's open reads storage.local and is held there (slow to be scheduled) ...
    const page = await pageHeldAt(fakeBrowser.storage.local, 'local:watchlist');
    // ... while the background opens, adopts, and writes the list and the settings anew.
    const worker = await freshContext();
    const now = [{ wallet: OTHER, label: 'new', addedAt: 2, unread: 0 }];
    await worker.setItem('local:watchlist', now);
    await worker.setItem('local:settings', { theme: 'light' });
    page.release();
    expect(await page.read).toEqual(now);
    expect(await page.store.getItem('local:settings')).toEqual({ theme: 'light' });
    expect(await (await freshContext()).getItem('local:watchlist')).toEqual(now);
  });

  it('with IndexedDB down, a write is kept for the browser session (not in storage.local) and moved in once it opens', async () => {
    const down = idbDown();
    expect(privateStoreDown()).toBe(false);
    await privateStore.setItem('local:recentSearches', ['while down']);
    expect(privateStoreDown()).toBe(true); // (the status line says so: background/storage-down.test.ts)
    expect(await privateStore.getItem('local:recentSearches')).toEqual(['while down']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await fakeBrowser.storage.session.get(null)).toEqual({
      'private:recentSearches': { v: ['while down'], id: expect.any(String) },
    });
    down.mockRestore();
    expect(await privateStore.getItem('local:recentSearches')).toEqual(['while down']);
    expect(privateStoreDown()).toBe(false);
    const next = await freshContext();
    expect(await next.getItem('local:recentSearches')).toEqual(['while down']);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    // (in the database now: a later context reads it there)
    expect(await (await freshContext()).getItem('local:recentSearches')).toEqual(['while down']);
  });

  it('two contexts opening at once after IndexedDB comes back: the later one does not put a kept copy back over a newer write', async () => {
    const down = idbDown();
    await (await freshContext()).setItem('local:watchlist', [
      { wallet: WALLET, label: 'kept', addedAt: 1, unread: 0 },
    ]);
    down.mockRestore();
    // The page's open reads storage.session's kept copies and is held there ...
    const page = await pageHeldAt(fakeBrowser.storage.session, 'local:watchlist');
    // ... while the background opens, moves the kept copy in, and writes the list anew.
    const worker = await freshContext();
    const now = [{ wallet: OTHER, label: 'new', addedAt: 2, unread: 0 }];
    await worker.setItem('local:watchlist', now);
    page.release();
    expect(await page.read).toEqual(now);
    expect(await (await freshContext()).getItem('local:watchlist')).toEqual(now);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('a copy kept while another context moves the kept copies in is not lost with them', async () => {
    const down = idbDown();
    await (await freshContext()).setItem('local:recentSearches', ['first']);
    down.mockRestore();
    // The page's open reads the kept copy ('first') and is held there ...
    const page = await pageHeldAt(fakeBrowser.storage.session, 'local:recentSearches');
    // ... while another context, whose open fails, keeps a newer copy under the same name.
    const again = idbDown();
    await (await freshContext()).setItem('local:recentSearches', ['second']);
    again.mockRestore();
    page.release();
    expect(await page.read).toEqual(['first']); // (what the page read: the newer copy is not in yet)
    expect(await fakeBrowser.storage.session.get(null)).toEqual({
      'private:recentSearches': { v: ['second'], id: expect.any(String) },
    });
    expect(await (await freshContext()).getItem('local:recentSearches')).toEqual(['second']);
  });

  it('with IndexedDB down, a removal is kept too: what the database holds does not come back', async () => {
    await privateStore.setItem('local:watch:unshown', [{ wallet: WALLET }]);
    const down = idbDown();
    const worker = await freshContext();
    await worker.removeItem('local:watch:unshown');
    expect(await worker.getItem('local:watch:unshown')).toBeNull();
    down.mockRestore();
    expect(await (await freshContext()).getItem('local:watch:unshown')).toBeNull();
  });

  it('tells watchers in this context and in the others (the options page, when the background changes the list)', async () => {
    const here = vi.fn();
    const stop = privateStore.watch('local:watchlist', here);
    const page = await freshContext();
    const there = vi.fn();
    page.watch('local:watchlist', there);
    const other = vi.fn();
    page.watch('local:recentSearches', other);

    await privateStore.setItem('local:watchlist', []);
    expect(here).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(there).toHaveBeenCalledTimes(1));
    stop();
    await page.setItem('local:watchlist', [{ wallet: WALLET }]);
    await vi.waitFor(() => expect(there).toHaveBeenCalledTimes(2));
    // (the page's own change reaches its watcher at once; this context's stopped one hears nothing)
    await new Promise((r) => setTimeout(r, 20));
    expect(here).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('a connection closed under it (another context deleting the database) is opened again', async () => {
    await privateStore.setItem('local:recentSearches', ['a']);
    resetPrivateStore();
    await privateStore.setItem('local:recentSearches', ['b']);
    expect(await privateStore.getItem('local:recentSearches')).toEqual(['b']);
  });
});
