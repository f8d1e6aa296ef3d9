/**
 * Builds every background service once: settings, key, scheduler, API client, cache, data views,
 * live hub, watch service. start.ts wires them to the browser; tests build them with fakes.
 */
import { type ApiClient, ApiError, createApiClient, type KeyVerdict } from '../api';
import { DEFAULT_DCA_PROGRAM, rooms as roomNames } from '../api/rooms';
import type { LiveMessage } from '../api/schemas/live';
import { createCache } from '../cache';
import type { ErrorView } from '../errors';
import { createLiveHub } from '../live';
import type { BackoffStore, LiveStatus, PlanCheck, WebSocketCtor } from '../live/types';
import type { Topic } from '../messaging';
import { createScheduler, schedulerHook } from '../sched';
import type { Settings } from '../settings';
import type { KeyCheckState } from '../views';
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
  /**
   * A 429's pause across worker restarts (start.ts: storage.session): `until` as an earlier worker
   * left it, `set` on each new pause. Without it a worker stopped during a pause (MV3 stops idle
   * workers after 30 s) is replaced by one that asks again at once.
   */
  rateLimit?: { until: number | null; set(until: number): void };
}

export interface KeyProbe {
  check: PlanCheck;
  plan: string | null;
  credits: number | null;
  /** Why there is no plan (every check but 'ok' and 'needs-plan'): the client's error, its code kept. */
  error?: ApiError;
}

type KeyState = 'missing' | 'unchecked' | 'valid' | 'invalid';

/** The hosts the REST data comes from (the datastream's only carries live updates). */
const DATA_HOSTS = ['data', 'prediction', 'rpc'] as const;

/** Whether `next` takes data from another service than `prev`: cached answers and key checks no longer hold. */
export function dataHostsChanged(prev: Settings, next: Settings): boolean {
  return DATA_HOSTS.some((h) => prev.hosts[h] !== next.hosts[h]);
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
  let keyState: KeyState = apiKey ? 'unchecked' : 'missing';
  /** Why the last check of the saved key said nothing of it (a 500, a time-out...), until one does. */
  let checkError: ErrorView | null = null;
  /** The check running now, of the key and data hosts of `epoch` (a new key or new data hosts: a new epoch). */
  let checking: { epoch: number; promise: Promise<PlanCheck> } | null = null;
  let epoch = 0;

  const scheduler = createScheduler({ concurrency: 4 });
  const pausedFor = (deps.rateLimit?.until ?? 0) - Date.now();
  if (pausedFor > 0) scheduler.pause(pausedFor);
  const buildClient = (key: () => string | undefined, onKeyVerdict?: (verdict: KeyVerdict) => void) =>
    createApiClient({
      dataUrl: settings.hosts.data,
      predictionUrl: settings.hosts.prediction,
      rpcUrl: settings.hosts.rpc,
      apiKey: key,
      fetch: deps.fetch,
      schedule: schedulerHook(scheduler),
      onRateLimited: (ms) => {
        scheduler.pause(ms);
        // the pause as the scheduler holds it (a shorter 429 never shortens a longer one)
        deps.rateLimit?.set(Date.now() + scheduler.stats().pausedForMs);
      },
      onKeyVerdict,
      isOnline: deps.isOnline,
    });

  /**
   * What any answer to the saved key says of it, between probes: a 401 (a key that expired
   * mid-session) makes it invalid; an answer accepted after that makes it valid again, or unchecked
   * when no probe has read its plan yet (the next status asks).
   */
  function noteVerdict(verdict: KeyVerdict): void {
    if (!apiKey) return;
    if (verdict === 'refused') {
      // The plan and credits read before are not this refused key's to show: dropped, and read
      // again by the check an accepted answer leads to.
      keyState = 'invalid';
      plan = null;
      checkError = null;
    } else if (keyState === 'invalid') keyState = plan ? 'valid' : 'unchecked';
  }

  /** The client of the saved key; only the current one's answers count (not one replaced meanwhile). */
  function savedKeyClient(): ApiClient {
    const own: ApiClient = buildClient(
      () => apiKey ?? undefined,
      (verdict) => {
        if (client === own) noteVerdict(verdict);
      },
    );
    return own;
  }
  let client: ApiClient = savedKeyClient();

  /** The cache's bounds from the settings (at start, and whenever the options page changes them). */
  const cacheLimits = (s: Settings) => ({
    maxEntries: s.cache.maxEntries,
    maxBytes: s.cache.maxMB * 1024 * 1024,
  });
  const cache = createCache({
    dbName: 'onchain-lens-cache',
    schemaVersion: 1,
    // A card's stale read waits this long for its refresh: fresh data, or a note that it failed.
    staleWaitMs: 2000,
    ...cacheLimits(settings),
  });

  const data = createDataService({
    client: () => client,
    cache,
    settings: () => settings,
    isWatched: deps.isWatched,
    slots: scheduler,
  });

  /**
   * One /subscription request with `key` (not necessarily the saved one). A 401 refuses the key; a
   * 403 is the plan or its credits (http.ts), not the key; anything else (429, 503, a time-out, a
   * changed format) says nothing of the key and keeps its own code in `error`.
   */
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
    } catch (thrown) {
      const error = ApiError.from(thrown, '/subscription');
      const check: PlanCheck =
        error.code === 'UNAUTHORIZED' ? 'bad-key' : error.code === 'FORBIDDEN' ? 'forbidden' : 'unknown';
      return { check, plan: null, credits: null, error };
    }
  }

  /** Records what a probe of the saved key found: plan, credits, and the request rate it allows. */
  function adopt(probe: KeyProbe): void {
    // only a check that said nothing of the key (a 500, a time-out...) leaves its reason to show
    checkError = probe.check === 'unknown' ? (probe.error?.toView() ?? null) : null;
    if (probe.check === 'bad-key') {
      keyState = 'invalid';
      plan = null;
    }
    if (probe.check === 'forbidden') {
      // The service knows the key (an unknown one gets a 401): valid, its plan and credits unknown now.
      keyState = 'valid';
      plan = null;
    }
    if (probe.check !== 'ok' && probe.check !== 'needs-plan') return;
    plan = { name: probe.plan, credits: probe.credits, checkedAt: Date.now() };
    keyState = 'valid';
    scheduler.setRate(planRatePerSec(probe.plan));
  }

  /**
   * A new key or new data hosts: what was found of the old ones (verdict, plan, a check's error, the
   * check running) is theirs; the key is to be checked again.
   */
  function forgetKeyFindings(): void {
    epoch += 1;
    keyState = apiKey ? 'unchecked' : 'missing';
    plan = null;
    checkError = null;
  }

  /**
   * Probes the saved key and records what it found. One check at a time: a caller while one runs
   * (the status of each poll, the live hub) shares it. A check of a key or data hosts replaced
   * meanwhile records nothing.
   */
  function checkKey(): Promise<PlanCheck> {
    if (!apiKey) return Promise.resolve('bad-key');
    if (checking?.epoch === epoch) return checking.promise;
    const own = epoch;
    const promise = probeKey(apiKey)
      .then((probe) => {
        if (own === epoch) adopt(probe);
        return probe.check;
      })
      .finally(() => {
        if (checking?.promise === promise) checking = null;
      });
    checking = { epoch: own, promise };
    return promise;
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
    keyCheck: (): KeyCheckState => ({ checking: checking?.epoch === epoch, error: checkError }),
    checkKey,
    probeKey,
    /**
     * Adopts saved settings: new hosts rebuild the client and the live connection, new cache bounds
     * apply to the running cache at once. New data hosts empty the cache (the old service's answers
     * are not the new one's: the simulator's wallets are not mainnet's), and a fetch or batch request
     * still running for the old host stores nothing and is joined by no later lookup (lib/cache's
     * clear, the data service's detachAll); the key is checked again against the new service.
     * Resolves when the clearing and a lower bound's eviction are done.
     */
    async setSettings(next: Settings): Promise<void> {
      const hostsChanged = JSON.stringify(next.hosts) !== JSON.stringify(settings.hosts);
      const dataChanged = dataHostsChanged(settings, next);
      const cacheChanged = JSON.stringify(next.cache) !== JSON.stringify(settings.cache);
      settings = next;
      if (hostsChanged) {
        client = savedKeyClient();
        hub.restart();
      }
      if (dataChanged) {
        forgetKeyFindings();
        // (the batchers too: a lookup after this must not join a batch request of the old host's)
        data.detachAll();
      }
      await Promise.all([
        dataChanged ? cache.clear() : undefined,
        cacheChanged ? cache.setLimits(cacheLimits(next)) : undefined,
      ]);
    },
    /** Switches to a new key; `probe` is the check already made of it (saves a second request). */
    setApiKey(next: string | null, probe?: KeyProbe) {
      apiKey = next;
      forgetKeyFindings();
      client = savedKeyClient();
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
