/**
 * Builds every background service once: settings, key, scheduler, API client, cache, data views,
 * live hub, watch service. start.ts wires them to the browser; tests build them with fakes.
 */
import { type ApiClient, createApiClient } from '../api';
import { DEFAULT_DCA_PROGRAM, rooms as roomNames } from '../api/rooms';
import type { LiveMessage } from '../api/schemas/live';
import { createCache } from '../cache';
import { createLiveHub } from '../live';
import type { LiveStatus, PlanCheck, WebSocketCtor } from '../live/types';
import type { Topic } from '../messaging';
import { createScheduler, schedulerHook } from '../sched';
import type { Settings } from '../settings';
import { createDataService } from './data';

export interface ServiceDeps {
  settings: Settings;
  apiKey: string | null;
  fetch?: typeof fetch;
  WebSocketImpl?: WebSocketCtor;
  onLive: (message: LiveMessage, rooms: string[]) => void;
  onLiveStatus: (status: LiveStatus) => void;
  onReconnected: (rooms: string[]) => void;
  isWatched: (wallet: string) => boolean;
  isOnline?: () => boolean;
}

/** Plans without the datastream are rate limited to about one request a second. */
const FREE_RATE_PER_SEC = 1;

export function topicRooms(topic: Topic): string[] {
  if (topic.kind === 'wallet') return [roomNames.dcaWallet(DEFAULT_DCA_PROGRAM, topic.address)];
  if (topic.kind === 'order') return [roomNames.dcaOrder(DEFAULT_DCA_PROGRAM, topic.address)];
  return [
    roomNames.dcaTokenBuyers(DEFAULT_DCA_PROGRAM, topic.address),
    roomNames.dcaTokenSellers(DEFAULT_DCA_PROGRAM, topic.address),
  ];
}

export function createServices(deps: ServiceDeps) {
  let settings = deps.settings;
  let apiKey = deps.apiKey;
  let plan: { name: string | null; credits: number | null; checkedAt: number } | null = null;
  let keyState: 'missing' | 'unchecked' | 'valid' | 'invalid' = apiKey ? 'unchecked' : 'missing';

  const scheduler = createScheduler({ concurrency: 4 });
  const buildClient = (key: () => string | undefined) =>
    createApiClient({
      dataUrl: settings.hosts.data,
      predictionUrl: settings.hosts.prediction,
      rpcUrl: settings.hosts.rpc,
      apiKey: key,
      fetch: deps.fetch,
      schedule: schedulerHook(scheduler),
      onRateLimited: (ms) => scheduler.pause(ms),
    });
  let client: ApiClient = buildClient(() => apiKey ?? undefined);

  const cache = createCache({
    dbName: 'onchain-lens-cache',
    schemaVersion: 1,
    maxEntries: settings.cache.maxEntries,
    maxBytes: settings.cache.maxMB * 1024 * 1024,
  });

  const data = createDataService({
    client: () => client,
    cache,
    settings: () => settings,
    isWatched: deps.isWatched,
  });

  async function checkKey(key: string | null = apiKey): Promise<PlanCheck> {
    if (!key) return 'bad-key';
    const probe = key === apiKey ? client : buildClient(() => key);
    try {
      const sub = await probe.account.subscription({ priority: 'hover' });
      const name = sub.plan ?? null;
      if (key === apiKey) {
        plan = { name, credits: sub.credits ?? null, checkedAt: Date.now() };
        keyState = 'valid';
        scheduler.setRate(planHasDatastream(name) ? undefined : FREE_RATE_PER_SEC);
      }
      return planHasDatastream(name) ? 'ok' : 'needs-plan';
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'UNAUTHORIZED') {
        if (key === apiKey) keyState = 'invalid';
        return 'bad-key';
      }
      return 'unknown';
    }
  }

  const hub = createLiveHub({
    url: () => (apiKey ? `${settings.hosts.datastream}/${encodeURIComponent(apiKey)}` : null),
    WebSocketImpl: deps.WebSocketImpl,
    checkPlan: () => checkKey(),
    onEvent: deps.onLive,
    onStatus: deps.onLiveStatus,
    onReconnected: deps.onReconnected,
    isOnline: deps.isOnline,
  });

  return {
    scheduler,
    cache,
    data,
    hub,
    client: () => client,
    settings: () => settings,
    apiKey: () => apiKey,
    keyState: () => keyState,
    plan: () => plan,
    checkKey,
    setSettings(next: Settings) {
      const hostsChanged = JSON.stringify(next.hosts) !== JSON.stringify(settings.hosts);
      settings = next;
      if (hostsChanged) {
        client = buildClient(() => apiKey ?? undefined);
        hub.restart();
      }
    },
    setApiKey(next: string | null) {
      apiKey = next;
      keyState = next ? 'unchecked' : 'missing';
      plan = null;
      client = buildClient(() => apiKey ?? undefined);
      scheduler.setRate(undefined);
      if (next) hub.restart();
      else hub.stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;

export function planHasDatastream(plan: string | null | undefined): boolean {
  return !!plan && /premium|business|enterprise/i.test(plan);
}
