/**
 * Builds every background service once: settings, key, scheduler, API client, cache, data views,
 * live hub, watch service. start.ts wires them to the browser; tests build them with fakes.
 */
import { type ApiClient, createApiClient } from '../api';
import { DEFAULT_DCA_PROGRAM, rooms as roomNames } from '../api/rooms';
import type { LiveMessage } from '../api/schemas/live';
import { createCache } from '../cache';
import { createLiveHub } from '../live';
import type { BackoffStore, LiveStatus, PlanCheck, WebSocketCtor } from '../live/types';
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
  /** Where the live hub keeps its reconnect schedule across worker restarts (start.ts: storage.session). */
  liveBackoff?: BackoffStore;
}

export interface KeyProbe {
  check: PlanCheck;
  plan: string | null;
  credits: number | null;
}

/** The free plan allows about one request a second (live-service.md); other plans' limits are not published. */
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

  /** The cache's bounds from the settings (at start, and whenever the options page changes them). */
  const cacheLimits = (s: Settings) => ({
    maxEntries: s.cache.maxEntries,
    maxBytes: s.cache.maxMB * 1024 * 1024,
  });
  const cache = createCache({ dbName: 'onchain-lens-cache', schemaVersion: 1, ...cacheLimits(settings) });

  const data = createDataService({
    client: () => client,
    cache,
    settings: () => settings,
    isWatched: deps.isWatched,
  });

  /** One /subscription request with `key` (not necessarily the saved one). */
  async function probeKey(key: string): Promise<KeyProbe> {
    const probe = key === apiKey ? client : buildClient(() => key);
    try {
      const sub = await probe.account.subscription({ priority: 'hover' });
      const name = sub.plan ?? null;
      return {
        check: planHasDatastream(name) ? 'ok' : 'needs-plan',
        plan: name,
        credits: sub.credits ?? null,
      };
    } catch (error) {
      const code = (error as { code?: string }).code;
      // /subscription is there to tell any key its plan: refused, even with a 403, the key is.
      const refused = code === 'UNAUTHORIZED' || code === 'FORBIDDEN';
      return { check: refused ? 'bad-key' : 'unknown', plan: null, credits: null };
    }
  }

  /** Records what a probe of the saved key found: plan, credits, and the request rate it allows. */
  function adopt(probe: KeyProbe): void {
    if (probe.check === 'bad-key') keyState = 'invalid';
    if (probe.check !== 'ok' && probe.check !== 'needs-plan') return;
    plan = { name: probe.plan, credits: probe.credits, checkedAt: Date.now() };
    keyState = 'valid';
    scheduler.setRate(planRatePerSec(probe.plan));
  }

  async function checkKey(): Promise<PlanCheck> {
    if (!apiKey) return 'bad-key';
    const probe = await probeKey(apiKey);
    adopt(probe);
    return probe.check;
  }

  const hub = createLiveHub({
    url: () => (apiKey ? `${settings.hosts.datastream}/${encodeURIComponent(apiKey)}` : null),
    WebSocketImpl: deps.WebSocketImpl,
    checkPlan: () => checkKey(),
    onEvent: deps.onLive,
    onStatus: deps.onLiveStatus,
    onReconnected: deps.onReconnected,
    isOnline: deps.isOnline,
    backoffStore: deps.liveBackoff,
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
    probeKey,
    /**
     * Adopts saved settings: new hosts rebuild the client and the live connection, new cache bounds
     * apply to the running cache at once. Resolves when a lower bound's eviction is done.
     */
    setSettings(next: Settings): Promise<void> {
      const hostsChanged = JSON.stringify(next.hosts) !== JSON.stringify(settings.hosts);
      const cacheChanged = JSON.stringify(next.cache) !== JSON.stringify(settings.cache);
      settings = next;
      if (hostsChanged) {
        client = buildClient(() => apiKey ?? undefined);
        hub.restart();
      }
      return cacheChanged ? cache.setLimits(cacheLimits(next)) : Promise.resolve();
    },
    /** Switches to a new key; `probe` is the check already made of it (saves a second request). */
    setApiKey(next: string | null, probe?: KeyProbe) {
      apiKey = next;
      keyState = next ? 'unchecked' : 'missing';
      plan = null;
      client = buildClient(() => apiKey ?? undefined);
      scheduler.setRate(undefined);
      if (next && probe) adopt(probe);
      if (next) hub.restart();
      else hub.stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;

export function planHasDatastream(plan: string | null | undefined): boolean {
  return !!plan && /premium|business|enterprise/i.test(plan);
}

/**
 * The request rate to keep to ahead of any 429: the free plan's (also for a plan the subscription
 * did not name), none for a paid plan, whose limits are not published (a 429 still pauses the queue).
 */
export function planRatePerSec(plan: string | null | undefined): number | undefined {
  return !plan || /free/i.test(plan) ? FREE_RATE_PER_SEC : undefined;
}
