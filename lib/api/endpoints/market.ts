import type { HttpCore } from '../http';
import { seg } from '../http';
import { decodePoolEvents } from '../pool-events';
import {
  ChartResponse,
  CreditsResponse,
  SearchResponse,
  StatsResponse,
  SubscriptionResponse,
} from '../schemas/market';
import type { CallOptions } from '../types';
import {
  CURRENCIES,
  type Currency,
  checkAddress,
  checkLimit,
  checkNonEmptyText,
  checkOneOf,
  checkTimestamp,
  checkWord,
  LIMIT_MAX,
} from '../validate';

export interface SearchParams {
  limit?: number;
  /** Extra filters the service accepts (market, launchpad, sortBy, ...), passed verbatim. */
  filters?: Record<string, string | number | boolean>;
}

export interface ChartParams {
  pool?: string;
  currency?: Currency;
  /** Bar size, e.g. `1m`, `15m`, `1h`, `1d` (passed as `type`). */
  type?: string;
  timeFrom?: number;
  timeTo?: number;
}

const FILTER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export function createMarketEndpoints(http: HttpCore) {
  const mint = (t: string, ep: string) => seg(checkAddress(t, 'INVALID_MINT', 'token', ep));
  const pool = (p: string, ep: string) => seg(checkAddress(p, 'INVALID_INPUT', 'pool', ep));

  return {
    async search(query: string, params: SearchParams = {}, call?: CallOptions) {
      const ep = '/search';
      const q: Record<string, string | number | boolean | undefined> = {};
      for (const [name, value] of Object.entries(params.filters ?? {})) {
        if (FILTER_NAME.test(name)) q[name] = value;
      }
      q.query = checkNonEmptyText(query, 'query', 200, ep);
      q.limit = checkLimit(params.limit, LIMIT_MAX.search, ep);
      return http.json({ service: 'data', method: 'GET', path: ep, query: q }, SearchResponse, call);
    },

    /** OHLCV bars (`oclhv`); with `pool` the chart of that pool. */
    async chart(token: string, params: ChartParams = {}, call?: CallOptions) {
      const ep = '/chart/{token}';
      const base = `/chart/${mint(token, ep)}`;
      const path = params.pool === undefined ? base : `${base}/${pool(params.pool, ep)}`;
      const query = {
        currency: checkOneOf(params.currency, CURRENCIES, 'INVALID_INPUT', 'currency', ep),
        type: checkWord(params.type, 'type', ep),
        time_from: checkTimestamp(params.timeFrom, 'timeFrom', ep),
        time_to: checkTimestamp(params.timeTo, 'timeTo', ep),
      };
      return http.json({ service: 'data', method: 'GET', path, query }, ChartResponse, call);
    },

    async stats(token: string, poolAddress: string, call?: CallOptions) {
      const ep = '/stats/{token}/{pool}';
      const path = `/stats/${mint(token, ep)}/${pool(poolAddress, ep)}`;
      return http.json({ service: 'data', method: 'GET', path }, StatsResponse, call);
    },

    /** Deprecated binary trades of a pool; prefer `stats`. */
    async poolEvents(token: string, poolAddress: string, call?: CallOptions) {
      const ep = '/events/{token}/{pool}';
      const path = `/events/${mint(token, ep)}/${pool(poolAddress, ep)}`;
      return decodePoolEvents(await http.binary({ service: 'data', method: 'GET', path }, call));
    },
  };
}

export function createAccountEndpoints(http: HttpCore) {
  return {
    async credits(call?: CallOptions) {
      return http.json({ service: 'data', method: 'GET', path: '/credits' }, CreditsResponse, call);
    },
    /** `{credits, plan, next_billing_date, status}`: also the cheap way to check a key. */
    async subscription(call?: CallOptions) {
      return http.json({ service: 'data', method: 'GET', path: '/subscription' }, SubscriptionResponse, call);
    },
  };
}

export type MarketEndpoints = ReturnType<typeof createMarketEndpoints>;
export type AccountEndpoints = ReturnType<typeof createAccountEndpoints>;
