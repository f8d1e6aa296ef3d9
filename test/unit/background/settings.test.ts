/** Settings as the background loads them: older or damaged stored shapes become valid settings. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  applySettingsPatch,
  defaultSettings,
  HostsSchema,
  LIVE_HOSTS,
  loadSettings,
  normalizeSettings,
  saveSettings,
  settingsItem,
} from '../../../lib/settings';

beforeEach(() => fakeBrowser.reset());

describe('settings migration', () => {
  it('a version-1 value an early build left in storage.local loads with later fields defaulted, and leaves storage.local', async () => {
    // What an early build stored (in storage.local, a wxt item of version 1): no maxBadges, no cache
    // limits, no quiet hours, no anySite.
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
    // adopted by the private store, and out of content scripts' reach (Firefox lets them read and
    // write storage.local)
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect((await settingsItem.getValue()).theme).toBe('dark');
  });

  it('a save goes to the private store: settings a content script writes into storage.local afterwards are not read', async () => {
    const s = { ...defaultSettings(), theme: 'light' as const, sites: { solscan: true, x: false } };
    await saveSettings(s);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    await fakeBrowser.storage.local.set({
      settings: { sites: { solscan: false }, notifications: { enabled: false } },
    });
    const loaded = await loadSettings();
    expect(loaded.theme).toBe('light');
    expect(loaded.sites.solscan).toBe(true);
    expect(loaded.sites.x).toBe(false);
    expect(loaded.notifications.enabled).toBe(true);
  });

  it('damaged fields fall back one by one: a remote http host, a bad enum, a tiny cache, garbage types', async () => {
    await settingsItem.setValue({
      hosts: { data: 'http://evil.example', prediction: 'javascript:alert(1)', datastream: 42, rpc: null },
      pnlMode: 'DROP TABLE',
      currency: 'usd',
      theme: ['dark'],
      maxBadges: 1e9,
      cache: { maxEntries: 5, maxMB: -1 },
      sites: 'all',
      unknownField: { nested: true },
    });
    const s = await loadSettings();
    const d = defaultSettings();
    expect(s).toEqual({ ...d });
    expect(Object.hasOwn(s, 'unknownField')).toBe(false);
  });

  it('a stored value of the wrong type altogether gives the defaults', async () => {
    for (const junk of ['string', 42, [1, 2], null]) {
      await settingsItem.setValue(junk as unknown as Record<string, unknown>);
      expect(await loadSettings()).toEqual(defaultSettings());
    }
  });

  it('a stored host that is not a URL at all (no scheme) falls back to the default hosts; the rest loads', async () => {
    await settingsItem.setValue({
      hosts: { ...LIVE_HOSTS, rpc: 'rpc-mainnet.solanatracker.io' },
      theme: 'dark',
      currency: 'sol',
    });
    const s = await loadSettings();
    expect(s.hosts).toEqual(defaultSettings().hosts);
    expect(s.theme).toBe('dark');
    expect(s.currency).toBe('sol');
    expect(normalizeSettings({ hosts: { datastream: 'datastream' } }).hosts).toEqual(defaultSettings().hosts);
  });
});

describe('host validation', () => {
  it('a host typed without its scheme gets the field message, not an exception', () => {
    const typo = (patch: Record<string, string>) =>
      applySettingsPatch(defaultSettings(), { hosts: { ...LIVE_HOSTS, ...patch } });
    expect(typo({ data: 'data.solanatracker.io' })).toEqual({
      ok: false,
      message: 'hosts.data: must be an https:// URL (http:// only for localhost)',
    });
    expect(typo({ datastream: 'datastream.solanatracker.io' })).toEqual({
      ok: false,
      message: 'hosts.datastream: must be a wss:// URL (ws:// only for localhost)',
    });
    expect(typo({ rpc: '' })).toEqual({
      ok: false,
      message: 'hosts.rpc: must be an https:// URL (http:// only for localhost)',
    });
    const r = HostsSchema.safeParse({ ...LIVE_HOSTS, prediction: 'not a url' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['prediction', 'must be an https:// URL (http:// only for localhost)'],
    ]);
  });

  it('keeps the other host rules: scheme, loopback-only http, trailing slashes', () => {
    const set = (patch: Record<string, string>) =>
      applySettingsPatch(defaultSettings(), { hosts: { ...LIVE_HOSTS, ...patch } });
    expect(set({ data: 'javascript:alert(1)' })).toEqual({
      ok: false,
      message: 'hosts.data: must use https: or http:',
    });
    expect(set({ datastream: 'https://x.example' })).toEqual({
      ok: false,
      message: 'hosts.datastream: must use wss: or ws:',
    });
    expect(set({ rpc: 'http://rpc.example' })).toEqual({
      ok: false,
      message: 'hosts.rpc: http is only allowed for localhost',
    });
    const ok = set({ data: '  http://127.0.0.1:8787//  ', datastream: 'ws://localhost:8787/ws' });
    expect(ok.ok && ok.value.hosts).toMatchObject({
      data: 'http://127.0.0.1:8787',
      datastream: 'ws://localhost:8787/ws',
    });
  });
});

describe('number fields refused in plain words', () => {
  const refused = (patch: Record<string, unknown>) => {
    const r = applySettingsPatch(defaultSettings(), patch);
    return r.ok ? null : r.message;
  };
  it('says what to enter, not the validator\'s "expected int, received number"', () => {
    for (const maxBadges of [null, 10.5, 5, 5000])
      expect(refused({ maxBadges })).toBe('maxBadges: enter a whole number from 10 to 2000');
    const rules = defaultSettings().notifications;
    expect(refused({ notifications: { ...rules, minUsd: -1 } })).toBe(
      'notifications.minUsd: enter an amount in USD, 0 or more',
    );
    expect(refused({ notifications: { ...rules, minUsd: 1e13 } })).toBe(
      'notifications.minUsd: enter at most 1,000,000,000,000',
    );
    expect(refused({ cache: { maxEntries: 5000, maxMB: 0 } })).toBe(
      'cache.maxMB: enter a size from 1 to 500 (MB)',
    );
    expect(refused({ cache: { maxEntries: 50.5, maxMB: 20 } })).toBe(
      'cache.maxEntries: enter a whole number from 100 to 100000',
    );
    expect(refused({ maxBadges: 300 })).toBeNull();
  });
});
