/**
 * The options page's writes through the real router and handlers: settings saves (a host typo gets
 * its field message; saves sent together all land) and the watchlist import's answer.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Services } from '../../../lib/background/services';
import { defaultSettings, LIVE_HOSTS, loadSettings, type Settings } from '../../../lib/settings';
import type { WatchService } from '../../../lib/watch';
import { createWatchlist } from '../../../lib/watch/watchlist';
import { addr, SOL, USDC } from '../watch/fixtures';
import { pageSender, testHandlers, testRouter } from './helpers';

const optionsPage = pageSender('options');

function setup() {
  let settings: Settings = defaultSettings();
  let changes = 0;
  const services = {
    settings: () => settings,
    setSettings: (s: Settings) => {
      settings = s;
    },
    apiKey: () => null, // (open tabs are told of a display change, with whether a key is saved)
    data: { classify: async () => ({}) }, // (an import reads its addresses' kinds: none read here)
  } as unknown as Services;
  const watchlist = createWatchlist();
  const watch = {
    importJson: (json: string, notWallets?: ReadonlySet<string>) => watchlist.importJson(json, notWallets),
    isWatched: (wallet: string) => watchlist.has(wallet),
  } as unknown as WatchService;
  const handlers = testHandlers(services, {
    watch,
    onSettingsChanged: () => {
      changes++;
    },
  });
  const dispatch = testRouter(handlers);
  return {
    settings: () => settings,
    changes: () => changes,
    watchlist,
    set: (patch: Record<string, unknown>) => dispatch('settingsSet', { patch }, optionsPage),
    importJson: (json: string) => dispatch('watchImport', { json }, optionsPage),
  };
}

beforeEach(() => fakeBrowser.reset());

describe('settingsSet', () => {
  it('a host typed without https:// is refused with the field message, not "Something went wrong"', async () => {
    const bg = setup();
    const r = await bg.set({ hosts: { ...LIVE_HOSTS, data: 'data.solanatracker.io' } });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'hosts.data: must be an https:// URL (http:// only for localhost)',
      },
    });
    expect(bg.settings().hosts).toEqual(defaultSettings().hosts);
  });

  it('two saves sent together both land, in memory and in storage', async () => {
    const bg = setup();
    const [a, b] = await Promise.all([bg.set({ theme: 'dark' }), bg.set({ currency: 'sol' })]);
    expect(a).toMatchObject({ ok: true, value: { theme: 'dark', currency: 'usd' } });
    expect(b).toMatchObject({ ok: true, value: { theme: 'dark', currency: 'sol' } });
    expect([bg.settings().theme, bg.settings().currency]).toEqual(['dark', 'sol']);
    const stored = await loadSettings();
    expect([stored.theme, stored.currency]).toEqual(['dark', 'sol']);
    expect(bg.changes()).toBe(2);
  });

  it('a refused save in between does not block or undo the ones around it', async () => {
    const bg = setup();
    const results = await Promise.all([
      bg.set({ theme: 'light' }),
      bg.set({ maxBadges: 1 }),
      bg.set({ pnlMode: 'raw' }),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(bg.settings()).toMatchObject({ theme: 'light', pnlMode: 'raw', maxBadges: 300 });
  });
});

describe('watchImport', () => {
  it('answers why items were skipped, not only how many', async () => {
    const bg = setup();
    await bg.watchlist.add(addr(1));
    const r = await bg.importJson(JSON.stringify([addr(1), addr(2), 'nope', SOL, USDC]));
    expect(r).toMatchObject({
      ok: true,
      value: { added: 1, skipped: 4, reasons: { invalid: 1, duplicate: 1, full: 0, notWallet: 2 } },
    });
  });
});
