/**
 * The router in front of the real handlers and services: who may send what, and what bad input
 * gets back. Nothing refused may reach the network (checked in the simulator's request log).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Sender } from '../../../lib/background/router';
import type { Services } from '../../../lib/background/services';
import { createTabLive } from '../../../lib/background/tab-live';
import { INPUTS, isViewMessage, type MessageName } from '../../../lib/messaging';
import { readApiKey } from '../../../lib/secrets';
import { createWatchService } from '../../../lib/watch';
import {
  BASE,
  clearLog,
  closeServices,
  pageSender,
  requests,
  type Sim,
  simServices,
  startSim,
  tabSender,
  testHandlers,
  testRouter,
} from './helpers';

const page = pageSender('popup');
const contentScript = tabSender('https://solscan.io/account/x');
const otherExtension: Sender = { id: 'someone-else', url: 'chrome-extension://someone-else/page.html' };

let sim: Sim;
let services: Services;
let dispatch: ReturnType<typeof testRouter>;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());
beforeEach(async () => {
  fakeBrowser.reset();
  await clearLog(sim);
  services = simServices(sim);
  const watch = createWatchService({
    notifications: { create: async (id) => id, clear: async () => true },
    setBadge: async () => {},
    getRules: () => services.settings().notifications,
    iconUrl: 'icon/128.png',
  });
  await watch.start();
  const handlers = testHandlers(services, {
    watch,
    tabLive: createTabLive(services.hub),
    lookupUrl: (q) => `${BASE}lookup.html#q=${q}`,
  });
  dispatch = testRouter(handlers);
});
afterEach(() => closeServices(services));

const PRIVILEGED: Array<[MessageName, unknown]> = [
  ['keySet', { key: 'stolen' }],
  ['keyCheck', { key: 'demo' }],
  ['keyClear', {}],
  ['settingsSet', { patch: { hosts: { data: 'https://evil.example' } } }],
  ['settingsGet', {}],
  ['status', {}],
  ['watchAdd', { wallet: 'So11111111111111111111111111111111111111112' }],
  ['watchImport', { json: '[]' }],
  ['watchRename', { wallet: 'So11111111111111111111111111111111111111112', label: 'x' }],
  ['cacheClear', {}],
  ['lookup', { input: 'anything' }],
];

describe('router: senders', () => {
  it('every page-only message from a content script is refused with FORBIDDEN_SENDER and does nothing', async () => {
    const keyBefore = await readApiKey();
    for (const [name, data] of PRIVILEGED) {
      const r = await dispatch(name, data, contentScript);
      expect(r, name).toEqual({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER', message: expect.any(String) },
      });
    }
    expect(await readApiKey()).toBe(keyBefore);
    expect(services.settings().hosts.data).toBe(sim.dataUrl);
    expect(await requests(sim)).toEqual([]);
    // Every page-only name in the protocol map is refused (none forgotten above); view messages
    // are allowed to this sender, so an empty input fails on its schema instead, or is answered
    // where the schema takes none (openOptions: it opens the extension's own options page).
    for (const name of Object.keys(INPUTS) as MessageName[]) {
      const r = await dispatch(name, {}, contentScript);
      if (!isViewMessage(name))
        expect(r, name).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
      else if (INPUTS[name].safeParse({}).success)
        expect(r, name).toEqual({ ok: true, value: { opened: true } });
      else expect(r, name).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    expect(await requests(sim)).toEqual([]);
  });

  it('a content script URL dressed up with the extension origin in its path is still not a page', async () => {
    const r = await dispatch(
      'keySet',
      { key: 'x' },
      { ...contentScript, url: `https://evil.example/${BASE}` },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });

  it('another extension is refused for every message, view messages included', async () => {
    for (const name of ['walletBadge', 'settingsGet', 'keySet'] as const) {
      const r = await dispatch(name, { address: sim.catalog.wallets[0], key: 'x' }, otherExtension);
      expect(r, name).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
    expect(await requests(sim)).toEqual([]);
  });

  it('the same privileged messages from an extension page work', async () => {
    const r = await dispatch('settingsGet', {}, page);
    expect(r.ok).toBe(true);
    const add = await dispatch('watchAdd', { wallet: sim.catalog.wallets[0] }, page);
    expect(add.ok && add.value.map((e) => e.wallet)).toEqual([sim.catalog.wallets[0]]);
  });
});

describe('router: payloads', () => {
  const bad: Array<[MessageName, unknown]> = [
    ['walletBadge', { address: 'not-an-address' }],
    ['walletBadge', { address: `${'1'.repeat(44)}<script>` }],
    ['walletBadge', null],
    ['walletBadge', 'string'],
    ['classify', { addresses: [] }],
    [
      'classify',
      { addresses: Array.from({ length: 201 }, () => 'So11111111111111111111111111111111111111112') },
    ],
    ['wallet', { address: 'So11111111111111111111111111111111111111112', cursor: 'https://evil.example/x' }],
    ['wallet', { address: 'So11111111111111111111111111111111111111112', sort: 'DROP TABLE' }],
    ['odds', { events: [{ exchange: 'evil', id: 'x' }] }],
    ['oddsHistory', { exchange: 'polymarket', id: 'x'.repeat(201) }],
    ['liveSubscribe', { topic: { kind: 'room', address: 'dca:jupiter' } }],
    ['overlayConfig', { host: 'h'.repeat(300) }],
  ];

  it('bad payloads from a content script get typed INVALID_INPUT errors and send no request', async () => {
    for (const [name, data] of bad) {
      const r = await dispatch(name, data, contentScript);
      expect(r, `${name} ${JSON.stringify(data)?.slice(0, 60)}`).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: expect.any(String) },
      });
    }
    const unknown = await dispatch('fetchUrl' as MessageName, { url: 'https://evil.example' }, contentScript);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const proto = await dispatch('__proto__' as MessageName, {}, page);
    expect(proto).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await requests(sim)).toEqual([]);
  });

  it('a valid view message from a content script reaches the simulator and answers', async () => {
    const wallet = sim.catalog.wallets[0]!;
    const r = await dispatch('walletBadge', { address: wallet }, contentScript);
    expect(r.ok).toBe(true);
    expect((await requests(sim)).length).toBeGreaterThan(0);
  });

  it("answers a content script's overlayConfig for the page it runs in, not the host it names", async () => {
    const before = services.settings();
    expect(
      await dispatch('settingsSet', { patch: { sites: { ...before.sites, birdeye: false } } }, page),
    ).toMatchObject({
      ok: true,
    });
    const onBirdeye: Sender = { ...contentScript, url: 'https://birdeye.so/token/x' };
    const claimed = await dispatch('overlayConfig', { host: 'solscan.io' }, onBirdeye);
    expect(claimed).toMatchObject({ ok: true, value: { enabled: false } });
    const onSolscan = await dispatch('overlayConfig', { host: 'birdeye.so' }, contentScript);
    expect(onSolscan).toMatchObject({ ok: true, value: { enabled: true } });
  });

  it('a settings patch that fails validation is a typed error, and the settings stay', async () => {
    const before = services.settings();
    const r = await dispatch(
      'settingsSet',
      { patch: { hosts: { ...before.hosts, data: 'http://evil.example' } } },
      page,
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(services.settings()).toEqual(before);
  });
});
