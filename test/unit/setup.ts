/**
 * Every unit test file: IndexedDB (fake-indexeddb), and a fresh fake browser that is fresh all
 * through: `fakeBrowser.reset()` empties the extension's private store too (lib/private-store.ts:
 * the watchlist, recent lookups and the watch state, in the extension origin's IndexedDB), as it
 * empties storage.local, where they were kept before.
 */
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetPrivateStore } from '../../lib/private-store';
import { inRecentTurn } from '../../lib/recent';

const reset = fakeBrowser.reset.bind(fakeBrowser);
fakeBrowser.reset = () => {
  reset();
  resetPrivateStore();
};

// A page's lookup that answered as its test ended is still noting it in Recent: done before the next
// test's fresh browser, not into it (2 s at most: a test's fake timers may hold it for good).
const realTimeout = globalThis.setTimeout;
afterEach(() => Promise.race([inRecentTurn(async () => {}), new Promise((r) => realTimeout(r, 2000))]));
