/** Every message's handler: small functions over the services. Input is already validated by the router. */
import { ApiError } from '../api';
import { BUILD_SIM_URL } from '../env';
import type { Outputs } from '../messaging';
import { writeApiKey } from '../secrets';
import { applySettingsPatch, saveSettings } from '../settings';
import { SUPPORTED_SITES } from '../sites/hosts';
import type { WatchService } from '../watch';
import { lookup } from './lookup';
import type { Handlers } from './router';
import type { Services } from './services';
import { planHasDatastream } from './services';
import type { TabLive } from './tab-live';

export interface HandlerDeps {
  services: Services;
  watch: WatchService;
  tabLive: TabLive;
  openTab: (url: string) => Promise<void>;
  lookupUrl: (q: string) => string;
  onKeyChanged: () => void;
  onSettingsChanged: () => void;
}

function invalid(message: string): ApiError {
  return new ApiError({ code: 'INVALID_INPUT', status: 0, endpoint: 'settings', message });
}

function siteEnabled(host: string, settings: ReturnType<Services['settings']>): boolean {
  const site = SUPPORTED_SITES.find((s) =>
    s.matches.some((m) => {
      const h = new URL(m.replace('*', 'x')).hostname;
      return host === h || host.endsWith(`.${h}`);
    }),
  );
  if (site) return settings.sites[site.id] !== false;
  if (BUILD_SIM_URL && (host === '127.0.0.1' || host === 'localhost')) return true;
  return settings.anySite;
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { services, watch, tabLive } = deps;
  const data = services.data;
  const keyAnswer = async (key: string): Promise<Outputs['keyCheck']> => {
    const client = services.client();
    void client;
    const check = await services.checkKey(key);
    if (check === 'bad-key') {
      throw new ApiError({
        code: 'UNAUTHORIZED',
        status: 401,
        endpoint: '/subscription',
        message: 'The API key was refused.',
      });
    }
    if (check === 'unknown') {
      throw new ApiError({
        code: 'NETWORK',
        status: 0,
        endpoint: '/subscription',
        message: 'Could not check the key.',
      });
    }
    const plan = services.plan();
    return { plan: plan?.name ?? null, credits: plan?.credits ?? null, live: check === 'ok' };
  };

  return {
    classify: ({ addresses }) => data.classify(addresses),
    walletBadge: ({ address }) => data.walletBadge(address),
    wallet: ({ address, ...params }) => data.wallet(address, params),
    tokenFlow: ({ mint }) => data.tokenFlow(mint),
    token: ({ mint }) => data.token(mint),
    order: ({ address }) => data.order(address, 'hover'),
    odds: ({ events }) => data.odds(events),
    oddsHistory: (ref) => data.oddsHistory(ref),
    liveSubscribe: async ({ topic }, ctx) => ({ live: tabLive.subscribe(ctx.tabId, topic) }),
    liveUnsubscribe: async ({ topic }, ctx) => ({ live: tabLive.unsubscribe(ctx.tabId, topic) }),
    openLookup: async ({ input }) => {
      await deps.openTab(deps.lookupUrl(input));
      return { opened: true };
    },
    overlayConfig: async ({ host }) => {
      const settings = services.settings();
      return {
        enabled: siteEnabled(host, settings),
        maxBadges: settings.maxBadges,
        theme: settings.theme,
        currency: settings.currency,
        hasKey: !!services.apiKey(),
      };
    },

    status: async () => {
      const live = services.hub.status();
      if (services.apiKey() && services.keyState() === 'unchecked') await services.checkKey();
      return {
        key: services.keyState(),
        plan: services.plan()?.name ?? null,
        credits: services.plan()?.credits ?? null,
        live: live.state,
        liveRetryAt: live.nextRetryAt ?? null,
        watched: (await watch.list()).length,
        unread: (await watch.unread()).total,
      };
    },
    keyCheck: ({ key }) => keyAnswer(key),
    keySet: async ({ key }) => {
      const answer = await keyAnswer(key);
      await writeApiKey(key);
      services.setApiKey(key);
      await services.checkKey();
      deps.onKeyChanged();
      return answer;
    },
    keyClear: async () => {
      await writeApiKey(null);
      services.setApiKey(null);
      deps.onKeyChanged();
      return { cleared: true };
    },
    settingsGet: async () => services.settings(),
    settingsSet: async ({ patch }) => {
      const result = applySettingsPatch(services.settings(), patch);
      if (!result.ok) throw invalid(result.message);
      await saveSettings(result.value);
      services.setSettings(result.value);
      deps.onSettingsChanged();
      return result.value;
    },
    watchList: () => watch.list(),
    watchAdd: ({ wallet, label }) => watch.add(wallet, label ?? null),
    watchRemove: ({ wallet }) => watch.remove(wallet),
    watchImport: async ({ json }) => {
      const r = await watch.importJson(json);
      return { added: r.added, skipped: r.skipped, entries: r.entries };
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
    block: async ({ slot }) => {
      const r = await lookup(String(slot), data, services.client());
      return r.kind === 'block' ? r.block : null;
    },
    search: async ({ query }) => {
      const r = await lookup(query, data, services.client());
      return r.kind === 'search' ? r.hits : [];
    },
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

export { planHasDatastream };
