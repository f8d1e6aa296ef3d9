/** Settings as the background loads them: older or damaged stored shapes become valid settings. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defaultSettings, LIVE_HOSTS, loadSettings, saveSettings, settingsItem } from '../../../lib/settings';

beforeEach(() => fakeBrowser.reset());

describe('settings migration', () => {
  it('a version-1 value written before later fields existed loads with those fields defaulted', async () => {
    // What an early build stored: no maxBadges, no cache limits, no quiet hours, no anySite.
    await fakeBrowser.storage.local.set({
      settings: {
        hosts: { ...LIVE_HOSTS },
        sites: { solscan: false },
        notifications: {
          enabled: false,
          events: { Opened: true, Filled: false, Closed: true, Deposit: true, Withdraw: true },
          minUsd: 50,
        },
        pnlMode: 'fifo',
        currency: 'sol',
        theme: 'dark',
      },
      settings$: { v: 1 },
    });
    const s = await loadSettings();
    const d = defaultSettings();
    expect(s.sites).toEqual({ ...d.sites, solscan: false }); // kept, and new sites switched on
    expect(s.notifications.enabled).toBe(false);
    expect(s.notifications.minUsd).toBe(50);
    expect(s.notifications.events.Filled).toBe(false);
    expect(s.notifications.quietHours).toEqual(d.notifications.quietHours);
    expect(s.theme).toBe('dark');
    expect(s.maxBadges).toBe(d.maxBadges);
    expect(s.cache).toEqual(d.cache);
    expect(s.anySite).toBe(false);
  });

  it('a value stored before versioning (no meta) is read, and the next save marks it with the current version', async () => {
    await fakeBrowser.storage.local.set({ settings: { theme: 'light', currency: 'usd' } });
    const s = await loadSettings();
    expect(s.theme).toBe('light');
    await saveSettings(s);
    const meta = await settingsItem.getMeta();
    expect(meta).toMatchObject({ v: 1 });
  });

  it('damaged fields fall back one by one: a remote http host, a bad enum, a tiny cache, garbage types', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        hosts: { data: 'http://evil.example', prediction: 'javascript:alert(1)', datastream: 42, rpc: null },
        pnlMode: 'DROP TABLE',
        currency: 'usd',
        theme: ['dark'],
        maxBadges: 1e9,
        cache: { maxEntries: 5, maxMB: -1 },
        sites: 'all',
        unknownField: { nested: true },
      },
    });
    const s = await loadSettings();
    const d = defaultSettings();
    expect(s).toEqual({ ...d });
    expect(Object.hasOwn(s, 'unknownField')).toBe(false);
  });

  it('a stored value of the wrong type altogether gives the defaults', async () => {
    for (const junk of ['string', 42, [1, 2], null]) {
      await fakeBrowser.storage.local.set({ settings: junk });
      expect(await loadSettings()).toEqual(defaultSettings());
    }
  });
});
