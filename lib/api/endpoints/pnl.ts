import type { z } from 'zod';
import { isSolanaAddress } from '../../detect/address';
import { chunkedBatch } from '../batch';
import type { HttpCore, HttpRequest, QueryValue } from '../http';
import { seg } from '../http';
import { droppedFrom, parseBody } from '../parse';
import {
  type PairKey,
  PnlChart,
  PnlHighlights,
  PnlHistory,
  PnlPairsBatchResponse,
  PnlPerformance,
  PnlPositionsResponse,
  PnlQueued,
  PnlRisk,
  PnlTokenPosition,
  PnlTokenPositionsBatchResponse,
  PnlTradersResponse,
  PnlWalletPositionsBatchResponse,
  PnlWalletSummary,
  PnlWalletsBatchResponse,
} from '../schemas/pnl';
import type { CallOptions } from '../types';
import {
  CURRENCIES,
  type Currency,
  checkAddress,
  checkCursor,
  checkLimit,
  checkOneOf,
  checkTimestamp,
  checkWord,
  LIMIT_MAX,
  PNL_MODES,
  type PnlMode,
} from '../validate';

/** The lists every batch answer may carry beside its items. */
interface BatchLists {
  notFound?: string[] | null;
  invalid?: string[] | null;
  truncated?: unknown;
}

export interface PnlModeParams {
  pnlMode?: PnlMode;
}
export interface PnlSummaryParams extends PnlModeParams {
  currency?: Currency;
}
export interface PnlListParams extends PnlModeParams {
  limit?: number;
  cursor?: string;
  /** Passed verbatim (the service lists many sort names). */
  sort?: string;
  direction?: 'asc' | 'desc';
}
export interface PnlPositionsParams extends PnlListParams {
  filter?: string;
  period?: string;
}
export interface PnlPeriodParams {
  period?: string;
  currency?: Currency;
  limit?: number;
  days?: number;
}
export interface PnlChartParams {
  timeFrom?: number;
  timeTo?: number;
}
export interface PnlLeaderboardParams extends PnlListParams {
  days?: 1 | 7 | 30 | 90;
}

export function isPnlQueued(value: unknown): value is PnlQueued {
  return typeof value === 'object' && value !== null && (value as { indexed?: unknown }).indexed === false;
}

const BATCH = { wallets: 100, walletTokens: 100, tokenWallets: 200, pairs: 200 } as const;
const pairKey = (p: { wallet?: string; token?: string }) => `${p.wallet ?? ''}:${p.token ?? ''}`;

export function createPnlEndpoints(http: HttpCore) {
  const modeQuery = (p: PnlModeParams, ep: string) => ({
    pnlMode: checkOneOf(p.pnlMode, PNL_MODES, 'INVALID_INPUT', 'pnlMode', ep),
  });
  const listQuery = (p: PnlListParams, ep: string) => ({
    ...modeQuery(p, ep),
    limit: checkLimit(p.limit, LIMIT_MAX.pnl, ep),
    cursor: checkCursor(p.cursor, ep),
    sort: checkWord(p.sort, 'sort', ep),
    direction: checkOneOf(p.direction, ['asc', 'desc'] as const, 'INVALID_INPUT', 'direction', ep),
  });
  const currency = (c: unknown, ep: string) => checkOneOf(c, CURRENCIES, 'INVALID_INPUT', 'currency', ep);
  const wallet = (w: string, ep: string) => seg(checkAddress(w, 'INVALID_WALLET', 'wallet', ep));
  const token = (t: string, ep: string) => seg(checkAddress(t, 'INVALID_MINT', 'token', ep));

  /** Wallet-scoped answers may be the "not indexed yet" notice instead of data. */
  async function walletGet<S extends z.ZodType>(
    path: string,
    query: Record<string, QueryValue>,
    schema: S,
    call?: CallOptions,
  ): Promise<z.output<S> | PnlQueued> {
    const raw = await http.raw({ service: 'data', method: 'GET', path, query }, call);
    return isPnlQueued(raw) ? parseBody(PnlQueued, raw, path) : parseBody(schema, raw, path);
  }
  const get = <S extends z.ZodType>(
    path: string,
    query: Record<string, QueryValue>,
    schema: S,
    call?: CallOptions,
  ) => http.json({ service: 'data', method: 'GET', path, query }, schema, call);
  const post = <S extends z.ZodType>(
    path: string,
    query: HttpRequest['query'],
    body: unknown,
    schema: S,
    call?: CallOptions,
  ) => http.json({ service: 'data', method: 'POST', path, query, body }, schema, call);

  /**
   * The three batch endpoints keyed by address: unique valid addresses in chunks of `size`, posted as
   * `{ [bodyKey]: chunk }`, answers merged with their notFound / invalid / truncated lists.
   */
  function addressBatch<T, R extends BatchLists>(spec: {
    path: string;
    query?: HttpRequest['query'];
    bodyKey: 'wallets' | 'tokens';
    keys: readonly string[];
    size: number;
    schema: z.ZodType<R>;
    items: (answer: R) => T[];
    itemKey: (item: T) => string;
    call?: CallOptions;
  }) {
    return chunkedBatch<string, T>({
      keys: spec.keys,
      size: spec.size,
      keyOf: String,
      isValid: isSolanaAddress,
      itemKey: spec.itemKey,
      fetchChunk: async (part) => {
        const r = await post(spec.path, spec.query, { [spec.bodyKey]: part }, spec.schema, spec.call);
        const items = spec.items(r);
        return {
          items,
          notFound: r.notFound ?? [],
          invalid: r.invalid ?? [],
          truncated: r.truncated,
          dropped: droppedFrom(items),
        };
      },
    });
  }

  return {
    async wallet(w: string, params: PnlSummaryParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/wallets/{wallet}';
      const q = { ...modeQuery(params, ep), currency: currency(params.currency, ep) };
      return walletGet(`/v2/pnl/wallets/${wallet(w, ep)}`, q, PnlWalletSummary, call);
    },
    async positions(w: string, params: PnlPositionsParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/wallets/{wallet}/positions';
      const q = {
        ...listQuery(params, ep),
        filter: checkWord(params.filter, 'filter', ep),
        period: checkWord(params.period, 'period', ep),
      };
      return walletGet(`/v2/pnl/wallets/${wallet(w, ep)}/positions`, q, PnlPositionsResponse, call);
    },
    async tokenPosition(w: string, t: string, params: PnlModeParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/wallets/{wallet}/tokens/{token}';
      const path = `/v2/pnl/wallets/${wallet(w, ep)}/tokens/${token(t, ep)}`;
      return walletGet(path, modeQuery(params, ep), PnlTokenPosition, call);
    },
    async history(w: string, params: PnlPeriodParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/wallets/{wallet}/history';
      const q = {
        period: checkWord(params.period, 'period', ep),
        currency: currency(params.currency, ep),
        limit: checkLimit(params.limit, 1000, ep),
      };
      return walletGet(`/v2/pnl/wallets/${wallet(w, ep)}/history`, q, PnlHistory, call);
    },
    async performance(w: string, params: PnlPeriodParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/wallets/{wallet}/performance';
      const q = {
        period: checkWord(params.period, 'period', ep),
        currency: currency(params.currency, ep),
        days: checkLimit(params.days, 3650, ep),
      };
      return walletGet(`/v2/pnl/wallets/${wallet(w, ep)}/performance`, q, PnlPerformance, call);
    },
    async highlights(w: string, call?: CallOptions) {
      const ep = '/v2/pnl/wallets/{wallet}/highlights';
      return walletGet(`/v2/pnl/wallets/${wallet(w, ep)}/highlights`, {}, PnlHighlights, call);
    },
    async risk(w: string, call?: CallOptions) {
      const ep = '/v2/pnl/wallets/{wallet}/risk';
      return walletGet(`/v2/pnl/wallets/${wallet(w, ep)}/risk`, {}, PnlRisk, call);
    },
    async chart(w: string, params: PnlChartParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/wallets/{wallet}/chart';
      const q = {
        time_from: checkTimestamp(params.timeFrom, 'timeFrom', ep),
        time_to: checkTimestamp(params.timeTo, 'timeTo', ep),
      };
      return walletGet(`/v2/pnl/wallets/${wallet(w, ep)}/chart`, q, PnlChart, call);
    },
    async tokenTraders(t: string, params: PnlListParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/tokens/{token}/traders';
      return get(`/v2/pnl/tokens/${token(t, ep)}/traders`, listQuery(params, ep), PnlTradersResponse, call);
    },
    async tokenFirstBuyers(t: string, params: PnlListParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/tokens/{token}/first-buyers';
      const path = `/v2/pnl/tokens/${token(t, ep)}/first-buyers`;
      return get(path, listQuery(params, ep), PnlTradersResponse, call);
    },
    async leaderboardTop(params: PnlLeaderboardParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/leaderboard/top';
      const days = params.days === undefined ? undefined : String(params.days);
      const q = {
        ...listQuery(params, ep),
        days: checkOneOf(days, ['1', '7', '30', '90'], 'INVALID_INPUT', 'days', ep),
      };
      return get(ep, q, PnlTradersResponse, call);
    },

    /** Lifetime summaries; chunks of 100, duplicates sent once, locally invalid wallets never sent. */
    async walletsBatch(wallets: readonly string[], call?: CallOptions) {
      const { items, ...lists } = await addressBatch({
        path: '/v2/pnl/wallets/batch',
        bodyKey: 'wallets',
        keys: wallets,
        size: BATCH.wallets,
        schema: PnlWalletsBatchResponse,
        items: (r) => r.wallets,
        itemKey: (item) => item.wallet,
        call,
      });
      return { count: items.length, wallets: items, ...lists };
    },

    /** One wallet's positions in many tokens (chunks of 100). */
    async walletPositionsBatch(
      w: string,
      tokens: readonly string[],
      params: PnlModeParams = {},
      call?: CallOptions,
    ) {
      const ep = '/v2/pnl/wallets/{wallet}/positions/batch';
      const { items, ...lists } = await addressBatch({
        path: `/v2/pnl/wallets/${wallet(w, ep)}/positions/batch`,
        query: modeQuery(params, ep),
        bodyKey: 'tokens',
        keys: tokens,
        size: BATCH.walletTokens,
        schema: PnlWalletPositionsBatchResponse,
        items: (r) => r.positions,
        itemKey: (item) => item.token,
        call,
      });
      return { wallet: w, count: items.length, positions: items, ...lists };
    },

    /** Many wallets' positions in one token (chunks of 200). */
    async tokenPositionsBatch(
      t: string,
      wallets: readonly string[],
      params: PnlModeParams = {},
      call?: CallOptions,
    ) {
      const ep = '/v2/pnl/tokens/{token}/positions/batch';
      const { items, ...lists } = await addressBatch({
        path: `/v2/pnl/tokens/${token(t, ep)}/positions/batch`,
        query: modeQuery(params, ep),
        bodyKey: 'wallets',
        keys: wallets,
        size: BATCH.tokenWallets,
        schema: PnlTokenPositionsBatchResponse,
        items: (r) => r.positions,
        itemKey: (item) => item.wallet ?? '',
        call,
      });
      return { token: t, count: items.length, positions: items, ...lists };
    },

    /** Wallet-token pairs (chunks of 200). */
    async positionPairsBatch(pairs: readonly PairKey[], params: PnlModeParams = {}, call?: CallOptions) {
      const ep = '/v2/pnl/positions/batch';
      const query = modeQuery(params, ep);
      const merged = await chunkedBatch<PairKey, z.output<typeof PnlPairsBatchResponse>['positions'][number]>(
        {
          keys: pairs.map((p) => ({ wallet: p.wallet, token: p.token })),
          size: BATCH.pairs,
          keyOf: pairKey,
          isValid: (p) => isSolanaAddress(p.wallet) && isSolanaAddress(p.token),
          itemKey: (item) => pairKey({ wallet: item.wallet, token: item.token }),
          fetchChunk: async (part) => {
            const r = await post(ep, query, { pairs: part }, PnlPairsBatchResponse, call);
            const invalid = (r.invalid ?? []).map((p) => ({ wallet: p.wallet ?? '', token: p.token ?? '' }));
            return {
              items: r.positions,
              notFound: r.notFound ?? [],
              invalid,
              truncated: r.truncated,
              dropped: droppedFrom(r.positions),
            };
          },
        },
      );
      const { items, ...lists } = merged;
      return { count: items.length, positions: items, ...lists };
    },
  };
}

export type PnlEndpoints = ReturnType<typeof createPnlEndpoints>;
