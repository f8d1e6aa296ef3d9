/**
 * The real background services (client + scheduler + cache + batchers) built against the simulator
 * over real HTTP, with fake-indexeddb for the cache. Request counts come from the simulator's own log.
 */

import { IDBFactory } from 'fake-indexeddb';
import { Order } from '../../../lib/api/schemas/dca';
import { type DomainValue, domainName } from '../../../lib/api/schemas/rpc';
import { createHandlers, type HandlerDeps } from '../../../lib/background/handlers';
import { createRouter, type Handlers, type Sender } from '../../../lib/background/router';
import { createServices, type Services } from '../../../lib/background/services';
import { watchFetchOrders } from '../../../lib/background/start';
import type { TabLive } from '../../../lib/background/tab-live';
import { toOrderView } from '../../../lib/background/views';
import { defaultSettings, type Settings } from '../../../lib/settings';
import { createWatchService, type WatchService, type WatchServiceOptions } from '../../../lib/watch';
import { type Sim, startSim } from '../../sim';
import type { LogEntry } from '../../sim/state';
import { fakeBadge, fakeNotifications, rules } from '../watch/fixtures';

/** One request in the simulator's log. */
export type LoggedRequest = LogEntry;

export async function control(sim: Sim, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

/** The simulator's REST answer with the demo key, to compare views with. */
export async function rest(sim: Sim, path: string): Promise<unknown> {
  const res = await fetch(`${sim.dataUrl}${path}`, { headers: { 'x-api-key': 'demo' } });
  return res.json();
}

/** The simulator's REST answer for one order, parsed as the client parses it. */
export async function restOrder(sim: Sim, address: string): Promise<Order> {
  return Order.parse(await rest(sim, `/dca/order/${address}?program=jupiter`));
}

/** The view of that order: what the data service caches for it. */
export async function restOrderView(sim: Sim, address: string) {
  return toOrderView(await restOrder(sim, address));
}

export async function requests(sim: Sim, prefix = '/'): Promise<LoggedRequest[]> {
  const log = (await control(sim, 'GET', '/__sim/requests')) as LoggedRequest[];
  return log.filter((r) => r.path.startsWith(prefix));
}

/** The first simulator wallet with a .sol name, and that name (read from the RPC as any client would). */
export async function namedWallet(sim: Sim): Promise<[string, string]> {
  for (const wallet of sim.catalog.wallets) {
    const res = await fetch(`${sim.rpcUrl}?api_key=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getPrimaryDomain', params: [wallet] }),
    });
    const name = domainName(((await res.json()) as { result: DomainValue }).result);
    if (name) return [wallet, name];
  }
  throw new Error('the simulator names no wallet');
}

export async function clearLog(sim: Sim): Promise<void> {
  await control(sim, 'DELETE', '/__sim/requests');
}

/** Each simulator as a test starts it: no faults, an empty request log. */
export async function resetSims(...sims: Sim[]): Promise<void> {
  for (const sim of sims) {
    await control(sim, 'POST', '/__sim/faults', {});
    await clearLog(sim);
  }
}

/** Two simulators alike (one seed): the old and the new data hosts of a host switch. */
export function startTwoHosts(): Promise<[Sim, Sim]> {
  return Promise.all([
    startSim({ eventsPerSecond: 0, seed: 42 }),
    startSim({ eventsPerSecond: 0, seed: 42 }),
  ]);
}

export function simSettings(sim: Sim, patch: Partial<Settings> = {}): Settings {
  return {
    ...defaultSettings(),
    hosts: {
      data: sim.dataUrl,
      prediction: sim.predictionUrl,
      rpc: sim.rpcUrl,
      datastream: sim.datastreamUrl,
    },
    ...patch,
  };
}

/** Fresh services on a fresh IndexedDB: what a service worker builds at start. */
export function simServices(
  sim: Sim,
  opts: {
    settings?: Settings;
    apiKey?: string;
    keepDb?: boolean;
    rateLimit?: Parameters<typeof createServices>[0]['rateLimit'];
    WebSocketImpl?: Parameters<typeof createServices>[0]['WebSocketImpl'];
    fetch?: Parameters<typeof createServices>[0]['fetch'];
  } = {},
): Services {
  if (!opts.keepDb) globalThis.indexedDB = new IDBFactory();
  return createServices({
    settings: opts.settings ?? simSettings(sim),
    apiKey: opts.apiKey ?? 'demo',
    ...(opts.rateLimit && { rateLimit: opts.rateLimit }),
    ...(opts.WebSocketImpl && { WebSocketImpl: opts.WebSocketImpl }),
    ...(opts.fetch && { fetch: opts.fetch }),
    onLive: () => {},
    onLiveStatus: () => {},
    onReconnected: () => {},
    isWatched: () => false,
  });
}

/** Stops what `simServices` leaves running (for afterEach): the live hub, the cache's connection. */
export async function closeServices(services: Services | undefined): Promise<void> {
  services?.hub.stop();
  await services?.cache.close();
}

/**
 * The watch service as start.ts builds it over `services` (its catch-up reads their data views),
 * with fake notifications and badge and no timers; `extra` overrides any of it.
 */
export function simWatch(services: Services, extra: Partial<WatchServiceOptions> = {}) {
  const n = fakeNotifications();
  const watch = createWatchService({
    notifications: n.api,
    setBadge: fakeBadge().set,
    getRules: () => rules(),
    iconUrl: 'icon.png',
    fetchOrders: watchFetchOrders(services.data),
    setTimer: () => 0,
    clearTimer: () => {},
    ...extra,
  });
  return { watch, n };
}

export { type Sim, startSim };

/** The real message handlers over `services`; what a test does not give is a stand-in (HandlerDeps). */
export function testHandlers(services: Services, deps: Partial<HandlerDeps> = {}) {
  return createHandlers({
    services,
    watch: {} as WatchService,
    tabLive: {} as TabLive,
    openTab: async () => {},
    lookupUrl: (q) => q,
    openOptions: async () => {},
    onKeyChanged: () => {},
    onSettingsChanged: () => {},
    onConfigChanged: () => {},
    ...deps,
  });
}

/** The extension id the router tests give, and its pages' base URL (a sender from `${BASE}popup.html` is a page). */
export const EXT_ID = 'lens-test-id';
export const BASE = `chrome-extension://${EXT_ID}/`;

/** The router over `handlers`, for an extension of EXT_ID: messages dispatched as the browser would deliver them. */
export function testRouter(handlers: Handlers) {
  return createRouter(handlers, { extensionId: EXT_ID, extensionBaseUrl: BASE });
}

/** A message from one of the extension's own pages (`popup`, `options`, `lookup`). */
export const pageSender = (page: string): Sender => ({ id: EXT_ID, url: `${BASE}${page}.html` });

/** A message from the content script of tab `tabId` showing `url`. */
export const tabSender = (url: string, tabId = 7): Sender => ({
  id: EXT_ID,
  url,
  tab: { id: tabId },
  frameId: 0,
});
