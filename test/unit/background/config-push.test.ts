/**
 * `configChanged`: the push that tells every tab the key or the data hosts changed, so badges stuck
 * in NO_KEY / UNAUTHORIZED / FORBIDDEN (or showing another host's data) ask again, or that a setting
 * open pages show changed (they follow it at once). Sent after a key is set or cleared, after a
 * change of the data hosts, and after a change of the sites, theme, currency, PnL mode or badge
 * limit; never for settings no page shows.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConfigPush } from '../../../lib/background/config-push';
import type { Services } from '../../../lib/background/services';
import type { ConfigChange, Pushes } from '../../../lib/messaging';
import {
  closeServices,
  control,
  pageSender,
  type Sim,
  simServices,
  simSettings,
  startSim,
  testHandlers,
  testRouter,
} from './helpers';

const optionsPage = pageSender('options');

describe('createConfigPush', () => {
  it('sends the change to every tab; a tab that fails (no content script) stops none of the others', async () => {
    const sent: Array<[number, ConfigChange]> = [];
    const push = createConfigPush({
      tabIds: async () => [1, 2, 3],
      send: async (tabId, change) => {
        if (tabId === 2) throw new Error('Could not establish connection. Receiving end does not exist.');
        sent.push([tabId, change]);
      },
    });
    await expect(push({ reason: 'key', hasKey: true })).resolves.toBeUndefined();
    expect(sent).toEqual([
      [1, { reason: 'key', hasKey: true }],
      [3, { reason: 'key', hasKey: true }],
    ]);
  });

  it('a failed tab query is ignored too', async () => {
    const push = createConfigPush({
      tabIds: async () => {
        throw new Error('no tabs');
      },
      send: async () => {
        throw new Error('never');
      },
    });
    await expect(push({ reason: 'hosts', hasKey: false })).resolves.toBeUndefined();
  });

  it('sends only what its schema in the protocol map allows', async () => {
    const sent: unknown[] = [];
    const push = createConfigPush({ tabIds: async () => [1], send: async (_id, c) => void sent.push(c) });
    const change: Pushes['configChanged'] = { reason: 'hosts', hasKey: true };
    await push(change);
    expect(sent).toEqual([change]);
    await expect(push({ reason: 'theme', hasKey: true } as unknown as ConfigChange)).rejects.toThrow();
    await expect(push({ reason: 'key' } as unknown as ConfigChange)).rejects.toThrow();
    expect(sent).toHaveLength(1);
  });
});

describe('which changes are pushed', () => {
  let sim: Sim;
  let services: Services;
  let pushes: ConfigChange[];
  let ask: (name: string, data: unknown) => Promise<{ ok: boolean }>;

  beforeAll(async () => {
    sim = await startSim({ eventsPerSecond: 0 });
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    fakeBrowser.reset();
    await control(sim, 'POST', '/__sim/faults', {});
    services = simServices(sim, { apiKey: 'demo' });
    pushes = [];
    const handlers = testHandlers(services, {
      onConfigChanged: (change) => void pushes.push(change),
    });
    const dispatch = testRouter(handlers);
    ask = (name, data) => dispatch(name as never, data, optionsPage);
  });
  afterEach(() => closeServices(services));

  it('a key saved, then cleared: one push each, saying whether a key is there now', async () => {
    expect(await ask('keySet', { key: 'demo-free' })).toMatchObject({ ok: true });
    expect(pushes).toEqual([{ reason: 'key', hasKey: true }]);
    expect(await ask('keyClear', {})).toMatchObject({ ok: true });
    expect(pushes).toEqual([
      { reason: 'key', hasKey: true },
      { reason: 'key', hasKey: false },
    ]);
  });

  it('a key the service refuses is not saved and not pushed', async () => {
    expect(await ask('keySet', { key: 'refused-key' })).toMatchObject({ ok: false });
    expect(pushes).toEqual([]);
  });

  it('a change of the data, prediction or RPC host is pushed once', async () => {
    const hosts = simSettings(sim).hosts;
    for (const host of ['data', 'prediction', 'rpc'] as const) {
      pushes.length = 0;
      const r = await ask('settingsSet', {
        patch: { hosts: { ...hosts, [host]: `https://${host}.example.test` } },
      });
      expect(r, host).toMatchObject({ ok: true });
      expect(pushes, host).toEqual([{ reason: 'hosts', hasKey: true }]);
      await ask('settingsSet', { patch: { hosts } });
    }
  });

  it('settings open pages show (theme, currency, badges, sites) push a settings change; the datastream host nothing', async () => {
    for (const patch of [{ theme: 'dark' }, { currency: 'sol' }, { maxBadges: 50 }, { anySite: true }]) {
      expect(await ask('settingsSet', { patch }), JSON.stringify(patch)).toMatchObject({ ok: true });
      expect(pushes.splice(0), JSON.stringify(patch)).toEqual([{ reason: 'settings', hasKey: true }]);
    }
    for (const patch of [
      { hosts: { ...simSettings(sim).hosts, datastream: 'wss://live.example.test/ws' } },
      { hosts: simSettings(sim).hosts }, // saved again unchanged
      { theme: 'dark' }, // the same value again
    ]) {
      expect(await ask('settingsSet', { patch }), JSON.stringify(patch)).toMatchObject({ ok: true });
    }
    expect(pushes).toEqual([]);
  });
});
