/**
 * The real background services (client + scheduler + cache + batchers) built against the simulator
 * over real HTTP, with fake-indexeddb for the cache. Request counts come from the simulator's own log.
 */
import { IDBFactory } from 'fake-indexeddb';
import { createHandlers, type HandlerDeps } from '../../../lib/background/handlers';
import { createServices, type Services } from '../../../lib/background/services';
import type { TabLive } from '../../../lib/background/tab-live';
import { defaultSettings, type Settings } from '../../../lib/settings';
import type { WatchService } from '../../../lib/watch';
import { type Sim, startSim } from '../../sim';
import type { LogEntry } from '../../sim/state';

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

export async function requests(sim: Sim, prefix = '/'): Promise<LoggedRequest[]> {
  const log = (await control(sim, 'GET', '/__sim/requests')) as LoggedRequest[];
  return log.filter((r) => r.path.startsWith(prefix));
}

export async function clearLog(sim: Sim): Promise<void> {
  await control(sim, 'DELETE', '/__sim/requests');
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
  } = {},
): Services {
  if (!opts.keepDb) globalThis.indexedDB = new IDBFactory();
  return createServices({
    settings: opts.settings ?? simSettings(sim),
    apiKey: opts.apiKey ?? 'demo',
    ...(opts.rateLimit && { rateLimit: opts.rateLimit }),
    ...(opts.WebSocketImpl && { WebSocketImpl: opts.WebSocketImpl }),
    onLive: () => {},
    onLiveStatus: () => {},
    onReconnected: () => {},
    isWatched: () => false,
  });
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
    onKeyChanged: () => {},
    onSettingsChanged: () => {},
    onConfigChanged: () => {},
    ...deps,
  });
}
