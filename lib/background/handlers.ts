/** Every message's handler: small functions over the services. Input is already validated by the router. */
import { ApiError } from '../api';
import { defaultSleep } from '../api/retry';
import { toHttpUrl } from '../detect/links';
import { BUILD_SIM_URL } from '../env';
import type { ConfigChange, Outputs } from '../messaging';
import { privateStoreDown } from '../private-store';
import { createTurns } from '../sched';
import { keyKeptForSessionOnly, recordHosts, writeApiKey } from '../secrets';
import { applySettingsPatch, type Settings, saveSettings } from '../settings';
import { adapterFor } from '../sites';
import type { WatchService } from '../watch';
import { importedWallets } from '../watch/watchlist';
import { readUnknowns } from './accounts';
import { fetchBlock, lookup, searchTokens } from './lookup';
import type { Handlers } from './router';
import { dataHostsChanged, type KeyProbe, type Services } from './services';
import type { TabLive } from './tab-live';
import { accountReads, assertWatchable, notWalletsOf } from './watchable';

export interface HandlerDeps {
  services: Services;
  watch: WatchService;
  tabLive: TabLive;
  openTab: (url: string) => Promise<void>;
  lookupUrl: (q: string) => string;
  /** The extension's options page, brought to the front (one tab: an open one is focused). */
  openOptions: () => Promise<void>;
  onKeyChanged: () => void;
  onSettingsChanged: () => void;
  /**
   * The key was set or cleared, or the data hosts changed: every tab is told (start.ts pushes
   * `configChanged`), so badges that failed for the old configuration ask again.
   */
  onConfigChanged: (change: ConfigChange) => void;
  /**
   * Whether the browser blocks this extension's notifications (the user turned them off in the
   * browser's or the system's settings): creating one still succeeds, and nothing shows.
   */
  notificationsBlocked?: () => Promise<boolean>;
}

function invalid(message: string): ApiError {
  return new ApiError({ code: 'INVALID_INPUT', status: 0, endpoint: 'settings', message });
}

/** Whether the overlay runs on `host`: the site's switch, else "any site" (local pages in simulator builds). */
function siteEnabled(host: string, settings: ReturnType<Services['settings']>): boolean {
  if (BUILD_SIM_URL && (host === '127.0.0.1' || host === 'localhost')) return true;
  const adapter = adapterFor(`https://${host}/`);
  if (adapter && Object.hasOwn(settings.sites, adapter.id)) return settings.sites[adapter.id] !== false;
  return settings.anySite;
}

/** The settings open pages show (overlayConfig's, and the sites that decide `enabled`). */
function overlayKey(s: Settings): string {
  return JSON.stringify([s.sites, s.anySite, s.theme, s.currency, s.pnlMode, s.maxBadges]);
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { services, watch, tabLive } = deps;
  const data = services.data;
  /**
   * Checks a key with one request; a refused or uncheckable key is an error, not an answer: a 401
   * UNAUTHORIZED, a 403 FORBIDDEN (plan or credits, not the key), anything else with its own code
   * (RATE_LIMITED, SERVICE_BUSY, TIMEOUT, SCHEMA_MISMATCH...) so the page says what really happened.
   */
  const probe = async (key: string) => {
    const result = await services.probeKey(key);
    if (result.check === 'bad-key') {
      throw new ApiError({
        code: 'UNAUTHORIZED',
        status: 401,
        endpoint: '/subscription',
        message: 'The API key was refused.',
      });
    }
    if (result.check === 'forbidden') {
      throw new ApiError({ code: 'FORBIDDEN', status: 403, endpoint: '/subscription' });
    }
    if (result.check === 'unknown') {
      throw result.error ?? new ApiError({ code: 'NETWORK', endpoint: '/subscription' });
    }
    return result;
  };
  /** What the tabs are told after a change of the key or of the data hosts. */
  const configChange = (reason: ConfigChange['reason']): ConfigChange => ({
    reason,
    hasKey: !!services.apiKey(),
  });
  /**
   * Settings saves run one after another: each patch applies to the settings the previous save left,
   * so two saves sent together (a theme and a currency) both land instead of the later undoing the first.
   */
  const inTurn = createTurns();
  const saveInTurn = (patch: Record<string, unknown>): Promise<Outputs['settingsSet']> =>
    inTurn(async () => {
      const before = services.settings();
      const result = applySettingsPatch(before, patch);
      if (!result.ok) throw invalid(result.message);
      // (recorded first: settings saved with hosts the record then refused would be undone at the next start)
      if ('hosts' in patch) await recordHosts(result.value.hosts);
      await saveSettings(result.value);
      await services.setSettings(result.value); // a lower cache limit has evicted when the answer comes
      deps.onSettingsChanged();
      // Where the data comes from, else what open pages show: tabs follow either at once.
      if (dataHostsChanged(before, result.value)) deps.onConfigChanged(configChange('hosts'));
      else if (overlayKey(before) !== overlayKey(result.value))
        deps.onConfigChanged(configChange('settings'));
      return result.value;
    });
  const keyAnswer = (r: KeyProbe): Outputs['keyCheck'] => ({
    plan: r.plan,
    credits: r.credits,
    live: r.check === 'ok',
  });

  return {
    classify: ({ addresses }) => data.classify(addresses),
    walletBadge: ({ address }) => data.walletBadge(address),
    wallet: ({ address, ...params }) => data.wallet(address, params),
    tokenFlow: ({ mint }) => data.tokenFlow(mint),
    token: ({ mint }) => data.token(mint),
    order: ({ address }) => data.order(address, 'hover'),
    odds: ({ events }) => data.odds(events),
    oddsHistory: (ref) => data.oddsHistory(ref),
    liveSubscribe: async ({ topic }, ctx) => {
      // A plan without the datastream: the popover says so (NEEDS_PLAN) rather than 'No fills yet.'
      if (services.hub.status().state === 'needs-plan')
        throw new ApiError({ code: 'NEEDS_PLAN', endpoint: 'datastream' });
      // Not live now (connecting, reconnecting, offline): the answer says why, and the tab is pushed
      // its new line when the hub's state changes (tab-live), a plan found to need Premium included.
      const live = tabLive.subscribe(ctx.tabId, topic);
      return { live, note: live ? null : tabLive.line().note };
    },
    liveUnsubscribe: async ({ topic }, ctx) => ({ live: tabLive.unsubscribe(ctx.tabId, topic) }),
    openLookup: async ({ input }) => {
      await deps.openTab(deps.lookupUrl(input));
      return { opened: true };
    },
    openOptions: async () => {
      await deps.openOptions();
      return { opened: true };
    },
    overlayConfig: async ({ host }, ctx) => {
      const settings = services.settings();
      // A content script is answered for the page it runs in (its sender's URL), whatever host it
      // names: a script in one site's frame cannot switch itself on with another site's setting.
      const site = ctx.fromExtensionPage ? host : (toHttpUrl(ctx.sender.url ?? '')?.hostname ?? null);
      return {
        enabled: site !== null && siteEnabled(site, settings),
        maxBadges: settings.maxBadges,
        theme: settings.theme,
        currency: settings.currency,
        pnlMode: settings.pnlMode,
        hasKey: !!services.apiKey(),
      };
    },

    status: async () => {
      const live = services.hub.status();
      if (services.apiKey() && services.keyState() === 'unchecked') {
        // A key not checked yet is checked (one check at a time, shared by the polls), but the answer
        // waits for it a moment only: a slow service's check takes as long as its retries (a minute),
        // and the footer would say "Checking status…" all that time. Later polls read what it found.
        await Promise.race([services.checkKey(), defaultSleep(1000)]);
      }
      // The in-memory list every watchlist write keeps current: the popup polls this, so no storage read.
      const entries = watch.watchlist.snapshot();
      return {
        keyCheck: services.keyCheck(),
        rateLimitedMs: services.scheduler.stats().pausedForMs,
        key: services.keyState(),
        keySessionOnly: !!services.apiKey() && keyKeptForSessionOnly(),
        storageSessionOnly: privateStoreDown(),
        plan: services.plan()?.name ?? null,
        credits: services.plan()?.credits ?? null,
        live: live.state,
        liveRetryAt: live.nextRetryAt ?? null,
        liveInvalid: services.hub.stats().invalid,
        watched: entries.length,
        unread: entries.reduce((sum, e) => sum + e.unread, 0),
        watchError: entries.length ? await watch.lastError() : null,
        notificationsBlocked:
          entries.length > 0 && services.settings().notifications.enabled && deps.notificationsBlocked
            ? await deps.notificationsBlocked().catch(() => false)
            : false,
      };
    },
    keyCheck: async ({ key }) => keyAnswer(await probe(key)),
    keySet: async ({ key }) => {
      const result = await probe(key);
      // Storage for the key not available: it is used anyway, for this browser session (secrets.ts),
      // and the answer is that failure (STORAGE_UNAVAILABLE), so the options page says it was not saved.
      const notSaved = await writeApiKey(key).then(
        () => null,
        (error: unknown) => error,
      );
      services.setApiKey(key, result);
      deps.onKeyChanged();
      deps.onConfigChanged(configChange('key'));
      if (notSaved) throw notSaved;
      return keyAnswer(result);
    },
    keyClear: async () => {
      await writeApiKey(null);
      services.setApiKey(null);
      deps.onKeyChanged();
      deps.onConfigChanged(configChange('key'));
      return { cleared: true };
    },
    settingsGet: async () => services.settings(),
    settingsSet: ({ patch }) => saveInTurn(patch),
    watchList: () => watch.list(),
    watchAdd: async ({ wallet, label }) => {
      await assertWatchable(wallet, accountReads(services)); // (a mint, order, pool or token account)
      return watch.add(wallet, label); // (no label: a watched wallet keeps its own)
    },
    // the list alone: a label changes no room, catch-up or badge, so the watch service is not told
    watchRename: ({ wallet, label }) => watch.watchlist.rename(wallet, label),
    watchRemove: ({ wallet }) => watch.remove(wallet),
    watchImport: async ({ json }) => {
      // batched reads of the new addresses' kinds: mints, orders, pools, token accounts are skipped as not wallets
      const fresh = importedWallets(json).filter((w) => !watch.isWatched(w));
      const notWallets = await notWalletsOf(
        fresh,
        (a) => data.classify(a, 'hover'),
        (a) => readUnknowns(services.client(), a),
      );
      const r = await watch.importJson(json, notWallets);
      return { added: r.added, skipped: r.skipped, entries: r.entries, reasons: r.reasons };
    },
    markRead: async () => {
      await watch.markRead();
      return { unread: 0 };
    },
    lookup: ({ input }) => lookup(input, data, services.client()),
    walletOrders: ({ address, ...params }) => data.walletOrdersPage(address, params),
    tokenOrders: ({ mint, side, ...params }) => data.tokenOrdersPage(mint, side, params),
    pair: ({ inputMint, outputMint, ...params }) => data.pairPage(inputMint, outputMint, params),
    chart: async ({ token, currency }) => {
      const r = await services
        .client()
        .market.chart(token, { currency: currency ?? 'usd' }, { priority: 'hover' });
      return {
        points: r.oclhv.map((b) => ({
          t: b.time,
          o: b.open,
          h: b.high,
          l: b.low,
          c: b.close,
          v: b.volume ?? 0,
        })),
      };
    },
    candles: ({ exchange, id, interval }) => data.oddsHistory({ exchange, id }, interval),
    block: ({ slot }) => fetchBlock(services.client(), slot),
    search: ({ query }) => searchTokens(services.client(), query),
    cacheStats: async () => {
      const s = services.cache.stats();
      return { entries: s.entries, bytes: s.bytes, hits: s.hits, misses: s.misses };
    },
    cacheClear: async () => {
      await services.cache.clear();
      return { cleared: true };
    },
  };
}
