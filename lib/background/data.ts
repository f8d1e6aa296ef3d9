/**
 * The view data the extension shows, built from the API through the cache and the batchers. One
 * function per view; each is what a message handler returns. Network priority follows the caller;
 * each fetcher passes the cache's signal on (to the client, to a batcher), so a more urgent caller
 * joining a fetch (a hover on a wallet whose badge is still queued) raises what that fetch queued.
 */
import type { ApiClient, DcaSort, DcaStatusFilter } from '../api';
import { ApiError, classifyAccountOwner, isPnlQueued } from '../api';
import { ACCOUNT_TYPE_SLICE, accountTypeByte } from '../api/owners';
import { droppedError, droppedFrom } from '../api/parse';
import type { DcaSummary, WalletDcaResponse } from '../api/schemas/dca';
import type { PnlBatchWallet } from '../api/schemas/pnl';
import type { PredictionEvent } from '../api/schemas/prediction';
import { domainName } from '../api/schemas/rpc';
import { type BatcherOptions, createBatcher } from '../batch';
import type { Cache, CacheResult } from '../cache/types';
import { POLYMARKET_ID } from '../detect/lookup';
import { knownKind } from '../detect/programs';
import type { EventRef } from '../messaging';
import type { Priority } from '../sched';
import type { Settings } from '../settings';
import type {
  AddressKind,
  OddsHistoryView,
  OddsView,
  OrderPageView,
  OrderView,
  PnlState,
  TokenFlowView,
  TokenRefView,
  TokenView,
  WalletBadgeView,
  WalletView,
} from '../views';
import {
  toHistoryView,
  toIdentityView,
  toOddsView,
  toOrderPage,
  toOrderView,
  toPnlView,
  toTokenRef,
} from './views';

const SEC = 1000;
const MIN = 60 * SEC;
/** Freshness per resource: live data is short, identities and account kinds long. */
export const TTL = {
  walletDca: { ttlMs: 60 * SEC, staleMs: 30 * MIN },
  pnlBadge: { ttlMs: 5 * MIN, staleMs: 60 * MIN },
  pnlFull: { ttlMs: 2 * MIN, staleMs: 60 * MIN },
  tokenFlow: { ttlMs: 60 * SEC, staleMs: 30 * MIN },
  tokenUsers: { ttlMs: 5 * MIN, staleMs: 60 * MIN },
  order: { ttlMs: 30 * SEC, staleMs: 30 * MIN },
  odds: { ttlMs: 60 * SEC, staleMs: 30 * MIN },
  oddsHistory: { ttlMs: 10 * MIN, staleMs: 60 * MIN },
  kind: { ttlMs: 7 * 24 * 60 * MIN, staleMs: 0 },
  domain: { ttlMs: 24 * 60 * MIN, staleMs: 7 * 24 * 60 * MIN },
} as const;

/**
 * Batch timing: a lone key (one badge on a page) waits 50 ms, so a page's first wave, which the
 * content script often sends in two parts 30 to 50 ms apart (what was visible first, then the
 * rest), goes out as one batch, not a batch of one and then the rest; once two keys are gathered a
 * page's stream is coming, so gaps up to 100 ms (a busy service worker) keep the batch open, for at
 * most 1.5 s; a full batch goes at once. The cap is that long because on a slow machine the worker,
 * busy with the first visit's other answers, passes a page's wallets on a few ms apart: capped at
 * 400 ms, 500 wallets went out as 7 calls of about 60 instead of 5 of 100 (each call counts
 * against the plan). A stream that stops goes out 100 ms after its last key, so only a batch that
 * keeps filling waits longer, and a visible wave is sent ahead of the off-screen ones anyway.
 */
const STREAM_BATCH = { delayMs: 50, streamGapMs: 100, maxWaitMs: 1500 } as const;

/**
 * What is cached under 'walletDca': a wallet card's order summary and first page of orders. Live
 * messages keep the page's orders current (lib/background/live-push.ts).
 */
export interface WalletDcaEntry {
  summary: DcaSummary;
  orders: OrderPageView;
}

/** The wallet endpoint's answer as the card's entry is cached. */
export function toWalletDcaEntry(r: WalletDcaResponse): WalletDcaEntry {
  return { summary: r.summary, orders: toOrderPage(r) };
}

/** The PnL API is still indexing a wallet ("try again shortly"): a notice, never cached. */
class PnlQueued extends Error {}

/** A view's or a part's `asOf` (lib/views.ts), when it has one. */
type Dated = { asOf?: number };

/**
 * `{ asOf }` when a cached value is shown old because the service is failing to refresh it
 * (CacheResult.failing: the last refresh failed, or the one running is slow), else nothing: fresh
 * values, and stale ones whose refresh has only just started, are shown without a note. "Indexing,
 * try again shortly" is the service answering, not failing: the PnL it keeps is not marked.
 */
function dated(result: CacheResult<unknown>): Dated {
  const { failing } = result;
  return failing && !(failing.error instanceof PnlQueued) ? { asOf: result.fetchedAt } : {};
}

/** The oldest of the parts' `asOf`, as the view's. */
function oldest(...parts: Dated[]): Dated {
  const times = parts.flatMap((p) => (p.asOf === undefined ? [] : [p.asOf]));
  return times.length ? { asOf: Math.min(...times) } : {};
}

export interface ListQuery {
  status?: DcaStatusFilter;
  sort?: DcaSort;
  cursor?: string;
  /** Orders per page: 20 (what a list shows at a time) unless given. */
  limit?: number;
}

export interface DataDeps {
  client: () => ApiClient;
  cache: Cache;
  settings: () => Settings;
  isWatched: (wallet: string) => boolean;
  /**
   * The request queue's places (the scheduler): a due batch waits for its turn there and takes the
   * keys that come meanwhile, instead of leaving them for a batch of their own.
   */
  slots?: BatcherOptions<unknown, unknown>['slots'];
  now?: () => number;
}

export type DataService = ReturnType<typeof createDataService>;

/**
 * An event reference as it is cached, batched and sent: one spelling per event, so two references
 * that differ only in case (a slug from a link and one typed, `kxfedrate-25dec` and `KXFEDRATE-25DEC`)
 * are one cache entry, one id in one batch request, and one answer. The API matches ids in any case
 * (as the simulator does), and this is the case it writes them in: Kalshi tickers upper case
 * (`KXFEDDECISION-25DEC`), the `POLY-<id>` prefix upper case, Polymarket slugs lower case.
 */
export function canonicalEvent(ref: EventRef): EventRef {
  const id = ref.id.trim();
  const upper = ref.exchange === 'kalshi' || POLYMARKET_ID.test(id);
  return { exchange: ref.exchange, id: upper ? id.toUpperCase() : id.toLowerCase() };
}

/** The one key of an event, for the odds cache and the event batcher alike. */
export function eventKey(ref: EventRef): string {
  const { exchange, id } = canonicalEvent(ref);
  return `${exchange}:${id}`;
}

function errorView(error: unknown) {
  return ApiError.from(error).toView();
}

/** A batcher's answer for one key: the key's own error (an item that did not fit) is thrown, uncached. */
function orThrow<T>(value: T | ApiError): T {
  if (value instanceof ApiError) throw value;
  return value;
}

export function createDataService(deps: DataDeps) {
  const { cache } = deps;
  const now = deps.now ?? Date.now;
  const stream = { ...STREAM_BATCH, slots: deps.slots };

  /**
   * A wallet's summary, or the error of its own item when the service sent one that does not fit
   * (the batch's other wallets keep theirs). When an item was dropped whose wallet could not be
   * read, every wallet the answer is otherwise silent about gets that error: it may be theirs.
   */
  const pnlBatcher = createBatcher<string, PnlBatchWallet | ApiError>({
    ...stream,
    maxSize: 100,
    run: async (wallets, signal, meta) => {
      const answer = await deps.client().pnl.walletsBatch(wallets, { signal, priority: meta.priority });
      const ep = '/v2/pnl/wallets/batch';
      const out = new Map<string, PnlBatchWallet | ApiError>(answer.wallets.map((w) => [w.wallet, w]));
      for (const d of answer.dropped)
        if (d.key !== null && !out.has(d.key)) out.set(d.key, droppedError(ep, 'wallets', d));
      const unkeyed = answer.dropped.find((d) => d.key === null);
      if (unkeyed) {
        const said = new Set([...answer.notFound, ...answer.invalid, ...answer.truncated]);
        for (const w of wallets)
          if (!out.has(w) && !said.has(w)) out.set(w, droppedError(ep, 'wallets', unkeyed));
      }
      return out;
    },
  });

  /**
   * Owner, size and the Token-2022 account-type byte of up to 100 accounts a call. Only that byte of
   * the data is asked for (a dataSlice), not whole accounts: `space` still gives the full length.
   */
  type AccountEntry = {
    owner: string;
    space: number | null;
    executable: boolean;
    accountType?: number;
  } | null;
  // An account the answer had in a shape that does not fit: its own error, the others' kinds kept.
  const accountBatcher = createBatcher<string, AccountEntry | ApiError>({
    ...stream,
    maxSize: 100,
    run: async (addresses, signal, meta) => {
      const answer = await deps.client().rpc.getMultipleAccounts(
        addresses,
        { dataSlice: ACCOUNT_TYPE_SLICE }, // base64, the client's default encoding
        { signal, priority: meta.priority },
      );
      return new Map(
        addresses.map((a, i): [string, AccountEntry | ApiError] => {
          const failed = answer.failed[a];
          if (failed) return [a, failed];
          const info = answer.value[i];
          if (!info) return [a, null];
          const space = typeof info.space === 'number' ? info.space : null;
          const accountType = accountTypeByte(info.data, space);
          return [
            a,
            {
              owner: info.owner,
              space,
              executable: !!info.executable,
              ...(accountType === undefined ? {} : { accountType }),
            },
          ];
        }),
      );
    },
  });

  const domainBatcher = createBatcher<string, string | null>({
    ...stream,
    maxSize: 100,
    run: async (wallets, signal, meta) => {
      const names = await deps
        .client()
        .rpc.getMultiplePrimaryDomains(wallets, { signal, priority: meta.priority });
      return new Map(wallets.map((w) => [w, domainName(names[w])]));
    },
  });

  /** An event, null when not found, or the error of its own result when that did not fit. */
  const eventBatcher = createBatcher<EventRef, PredictionEvent | null | ApiError>({
    ...stream,
    maxSize: 25,
    keyId: eventKey,
    // Callers load canonical refs (see odds), so the ids sent are canonical and each appears once.
    run: async (refs, signal, meta) => {
      const out = new Map<EventRef, PredictionEvent | null | ApiError>();
      for (const exchange of ['polymarket', 'kalshi'] as const) {
        const mine = refs.filter((r) => r.exchange === exchange);
        if (mine.length === 0) continue;
        const answer = await deps.client().prediction.eventsBatch(
          mine.map((r) => r.id),
          { exchange },
          { signal, priority: meta.priority },
        );
        const byKey = new Map<string, PredictionEvent | null | ApiError>(
          answer.results.map((r) => [eventKey({ exchange, id: r.requestedId }), r.event ?? null]),
        );
        const dropped = answer.dropped ?? [];
        for (const d of dropped) {
          const key = d.key === null ? null : eventKey({ exchange, id: d.key });
          if (key !== null && !byKey.has(key)) byKey.set(key, droppedError('/v1/events/batch', 'results', d));
        }
        const unkeyed = dropped.find((d) => d.key === null);
        for (const r of mine) {
          const got = byKey.get(eventKey(r));
          // Not answered while a result without a readable id was dropped: it may have been this one.
          const missing =
            unkeyed && !answer.notFound.some((id) => eventKey({ exchange, id }) === eventKey(r));
          out.set(
            r,
            got !== undefined ? got : missing ? droppedError('/v1/events/batch', 'results', unkeyed) : null,
          );
        }
      }
      return out;
    },
  });

  const batchers = [pnlBatcher, accountBatcher, domainBatcher, eventBatcher];

  /**
   * No later lookup joins a batch request sent so far: for new data hosts, whose answers those are
   * not (services.ts clears the cache at the same time). Their callers still get their answers,
   * which the cleared cache does not store. Keys still gathered go to the new hosts when due (each
   * run reads `deps.client()` as it starts), so later lookups join them.
   */
  function detachAll(): void {
    for (const batcher of batchers) batcher.detachAll();
  }

  /**
   * The badge's PnL: the batch endpoint's figure, which takes no mode or currency (the API's default,
   * strict in USD). A trader who chose another shows none on the badge: the popover (in the chosen
   * mode) would contradict it on the same screen.
   */
  async function pnlBadge(address: string, priority: Priority): Promise<PnlState> {
    const { pnlMode, currency } = deps.settings();
    if (pnlMode !== 'strict' || currency !== 'usd') return { state: 'none' };
    try {
      const result = await cache.cached(
        'pnlBadge',
        address,
        async (signal, p) => orThrow(await pnlBatcher.load(address, { priority: p, signal })) ?? null,
        { ...TTL.pnlBadge, priority },
      );
      const entry = result.value;
      if (!entry) return { state: 'none' };
      return {
        state: 'ready',
        pnl: toPnlView(entry.summary, { currency: 'usd', mode: 'strict', updatedAt: entry.updatedAt }),
        ...dated(result),
      };
    } catch (error) {
      return { state: 'error', error: errorView(error) };
    }
  }

  async function walletDca(address: string, priority: Priority): Promise<WalletDcaEntry & Dated> {
    const result = await cache.cached<WalletDcaEntry>(
      'walletDca',
      address,
      async (signal, p) => {
        const r = await deps
          .client()
          .dca.wallet(address, { limit: 10, sort: 'recent' }, { signal, priority: p });
        return toWalletDcaEntry(r);
      },
      { ...TTL.walletDca, priority },
    );
    return { ...result.value, ...dated(result) };
  }

  /** The DCA half's `dcaAsOf`, when it answered with one. */
  function dcaAsOf(dca: PromiseSettledResult<Dated>): { dcaAsOf?: number } {
    return dca.status === 'fulfilled' && dca.value.asOf !== undefined ? { dcaAsOf: dca.value.asOf } : {};
  }

  /**
   * A wallet's primary `.sol` name, null when it has none: cached a day (and a week stale), the "no
   * name" answer too, so a worker that restarts does not ask again for the same wallets; wallets
   * asked together go out in one RPC call.
   */
  async function domain(wallet: string, priority: Priority = 'background'): Promise<string | null> {
    const result = await cache.cached(
      'domain',
      wallet,
      async (signal, p) => (await domainBatcher.load(wallet, { priority: p, signal })) ?? null,
      { ...TTL.domain, priority },
    );
    return result.value;
  }

  async function walletBadge(address: string, priority: Priority = 'visible'): Promise<WalletBadgeView> {
    const [dca, pnl] = await Promise.allSettled([walletDca(address, priority), pnlBadge(address, priority)]);
    return {
      address,
      activeOrders: dca.status === 'fulfilled' ? dca.value.summary.active : null,
      totalOrders: dca.status === 'fulfilled' ? dca.value.summary.total : null,
      pnl: pnl.status === 'fulfilled' ? pnl.value : { state: 'error', error: errorView(pnl.reason) },
      dcaError: dca.status === 'rejected' ? errorView(dca.reason) : null,
      ...dcaAsOf(dca),
    };
  }

  async function pnlFull(
    address: string,
    priority: Priority,
  ): Promise<{ pnl: PnlState; identity: WalletView['identity'] }> {
    const { pnlMode, currency } = deps.settings();
    const key = `${address}:${pnlMode}:${currency}`;
    try {
      const result = await cache.cached(
        'pnlFull',
        key,
        async (signal, p) => {
          const answer = await deps
            .client()
            .pnl.wallet(address, { pnlMode, currency }, { signal, priority: p });
          // "Indexing, try again shortly" is not an answer to keep: thrown, it is never stored, so
          // trying again asks the API again, and a refresh in the stale window keeps the good value.
          if (isPnlQueued(answer)) throw new PnlQueued(answer.message ?? undefined);
          return answer;
        },
        { ...TTL.pnlFull, priority },
      );
      const r = result.value;
      return {
        pnl: {
          state: 'ready',
          pnl: toPnlView(r.summary, {
            currency: r.currency ?? currency,
            mode: r.pnlMode ?? pnlMode,
            winRate: r.analysis?.winRate ?? null,
            updatedAt: r.updatedAt,
          }),
          ...dated(result),
        },
        identity: toIdentityView(r.identity),
      };
    } catch (error) {
      if (error instanceof PnlQueued) {
        const message = error.message || 'Indexing this wallet, try again shortly.';
        return { pnl: { state: 'queued', message }, identity: null };
      }
      return { pnl: { state: 'error', error: errorView(error) }, identity: null };
    }
  }

  async function wallet(
    address: string,
    params: ListQuery = {},
    priority: Priority = 'hover',
  ): Promise<WalletView> {
    const firstPage = !params.status && !params.sort && !params.cursor;
    const [dca, pnl] = await Promise.allSettled([
      firstPage
        ? walletDca(address, priority)
        : walletOrdersPage(address, params, priority).then(
            (orders): Dated & { summary: null; orders: OrderPageView } => ({ summary: null, orders }),
          ),
      pnlFull(address, priority),
    ]);
    return {
      address,
      identity: pnl.status === 'fulfilled' ? pnl.value.identity : null,
      pnl: pnl.status === 'fulfilled' ? pnl.value.pnl : { state: 'error', error: errorView(pnl.reason) },
      summary: dca.status === 'fulfilled' ? dca.value.summary : null,
      orders: dca.status === 'fulfilled' ? dca.value.orders : null,
      dcaError: dca.status === 'rejected' ? errorView(dca.reason) : null,
      ...dcaAsOf(dca),
      watched: deps.isWatched(address),
    };
  }

  async function walletOrdersPage(
    address: string,
    params: ListQuery,
    priority: Priority = 'hover',
  ): Promise<OrderPageView> {
    return toOrderPage(await deps.client().dca.walletOrders(address, { limit: 20, ...params }, { priority }));
  }

  async function tokenOrdersPage(
    mint: string,
    side: 'buyers' | 'sellers',
    params: ListQuery,
  ): Promise<OrderPageView> {
    const api = deps.client().dca;
    const call = side === 'buyers' ? api.tokenBuyers : api.tokenSellers;
    return toOrderPage(await call(mint, { ...params, limit: 20 }, { priority: 'hover' }));
  }

  async function pairPage(inputMint: string, outputMint: string, params: ListQuery): Promise<OrderPageView> {
    const api = deps.client().dca;
    return toOrderPage(
      await api.pair(inputMint, outputMint, { ...params, limit: 20 }, { priority: 'hover' }),
    );
  }

  /** The badge's data: one flow request. Token metadata is fetched only when a card needs it. */
  async function tokenFlow(mint: string, priority: Priority = 'visible'): Promise<TokenFlowView> {
    const result = await cache.cached<TokenFlowView>(
      'tokenFlow',
      mint,
      async (signal, p) => {
        const flow = await deps.client().dca.tokenFlow(mint, {}, { signal, priority: p });
        return {
          mint,
          token: null,
          buyers: { count: flow.buyers.count, volumeUsd: flow.buyers.volumeUsd ?? null },
          sellers: { count: flow.sellers.count, volumeUsd: flow.sellers.volumeUsd ?? null },
        };
      },
      { ...TTL.tokenFlow, priority },
    );
    return { ...result.value, ...dated(result) };
  }

  /** The flow answer has no token metadata; one buyer order (if any) names the token. */
  async function tokenMeta(
    mint: string,
    priority: Priority,
  ): Promise<{ value: TokenRefView | null } & Dated> {
    const result = await cache.cached(
      'tokenMeta',
      mint,
      async (signal, p) => {
        const buyers = await deps.client().dca.tokenBuyers(mint, { limit: 1 }, { signal, priority: p });
        const first = buyers.orders[0];
        // The one buyer order did not fit: its error, not a token without a name.
        const dropped = droppedFrom(buyers.orders)[0];
        if (!first && dropped) throw droppedError('/dca/token/{mint}/buyers', 'orders', dropped);
        return first ? toTokenRef(first.output) : null;
      },
      { ...TTL.tokenUsers, priority },
    );
    return { value: result.value, ...dated(result) };
  }

  async function topUsers(
    mint: string,
    priority: Priority,
  ): Promise<{ value: TokenView['topUsers'] } & Dated> {
    const result = await cache.cached(
      'tokenUsers',
      mint,
      (signal, p) => deps.client().dca.tokenUsers(mint, { limit: 5 }, { signal, priority: p }),
      { ...TTL.tokenUsers, priority },
    );
    const value = result.value.users
      .slice(0, 5)
      .map((u) => ({ wallet: u.wallet, orderCount: u.orderCount, volumeUsd: u.volumeUsd ?? null }));
    return { value, ...dated(result) };
  }

  /**
   * The flow is the card: its failure fails the view. The name and the top users are parts of it: a
   * failed part is carried as its error (the card says so), never as "no users" or a token with no
   * name, which would be claims about the token. The card's `asOf` is its oldest part's.
   */
  async function token(mint: string, priority: Priority = 'hover'): Promise<TokenView> {
    const part = <T>(p: Promise<{ value: T } & Dated>) =>
      p.then(
        (got): { value: T | null; error: null } & Dated => ({ ...got, error: null }),
        (error: unknown): { value: null; error: ReturnType<typeof errorView> } & Dated => ({
          value: null,
          error: errorView(error),
        }),
      );
    const [flow, meta, users] = await Promise.all([
      tokenFlow(mint, priority),
      part(tokenMeta(mint, priority)),
      part(topUsers(mint, priority)),
    ]);
    return {
      flow: { ...flow, token: meta.value },
      topUsers: users.value,
      usersError: users.error,
      metaError: meta.error,
      priceUsd: meta.value?.priceUsd ?? null,
      ...oldest(flow, meta, users),
    };
  }

  async function order(address: string, priority: Priority = 'visible'): Promise<OrderView> {
    const result = await cache.cached(
      'order',
      address,
      async (signal, p) => toOrderView(await deps.client().dca.order(address, {}, { signal, priority: p })),
      { ...TTL.order, priority },
    );
    return { ...result.value, ...dated(result) };
  }

  /**
   * The events' odds. An event whose result did not fit (SCHEMA_MISMATCH) fails alone: it is left
   * out of the answer (the overlay shows an error for a link with no view) and the others are
   * answered. Any other failure, or every event failing, fails the whole answer as before.
   */
  async function odds(events: EventRef[], priority: Priority = 'visible'): Promise<OddsView[]> {
    const settled = await Promise.allSettled(
      events.map(async (asked) => {
        const ref = canonicalEvent(asked);
        const result = await cache.cached(
          'odds',
          eventKey(ref),
          async (signal, p) =>
            toOddsView(
              ref.exchange,
              ref.id,
              orThrow(await eventBatcher.load(ref, { priority: p, signal })) ?? null,
            ),
          { ...TTL.odds, priority },
        );
        // The view is shared by every spelling of the event; each caller gets it under the id it
        // asked for (the overlay matches answers to its links by `requestedId`).
        const view = { ...result.value, ...dated(result) };
        return view.requestedId === asked.id ? view : { ...view, requestedId: asked.id };
      }),
    );
    const views = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const errors = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    // Anything else (network, rate limit...) fails the answer as before: the overlay retries those.
    const other = errors.find((e) => !(e instanceof ApiError && e.code === 'SCHEMA_MISMATCH'));
    if (other !== undefined || views.length === 0) {
      if (errors.length > 0) throw other ?? errors[0];
    }
    return views;
  }

  async function oddsHistory(
    ref: EventRef,
    interval: '1m' | '1h' | '1d' = '1h',
    days = 7,
  ): Promise<OddsHistoryView> {
    if (ref.exchange !== 'polymarket') return { series: [] }; // candlesticks are Polymarket-only
    const end = Math.floor(now() / 1000);
    const span = interval === '1m' ? 6 * 3600 : interval === '1h' ? days * 86400 : 90 * 86400;
    return (
      await cache.cached(
        'oddsHistory',
        `${ref.id}:${interval}`,
        async (signal, p) =>
          toHistoryView(
            await deps
              .client()
              .prediction.candlesticks(
                ref.id,
                { exchange: 'polymarket', interval, startTs: end - span, endTs: end, limit: 500 },
                { signal, priority: p },
              ),
          ),
        { ...TTL.oddsHistory, priority: 'hover' },
      )
    ).value;
  }

  /**
   * One address's kind, by the list of known programs and mints, else by its account (owner, size,
   * type byte). Throws when the account could not be read: 'unknown' would be a guess.
   */
  async function kindOf(address: string, priority: Priority = 'visible'): Promise<AddressKind> {
    const known = knownKind(address);
    if (known) return known;
    // 'kind2': kinds cached as 'kind' before the account-type byte was read called every
    // Token-2022 token account with extensions a mint, for 7 days; they are not read again.
    const result = await cache.cached(
      'kind2',
      address,
      async (signal, p) => {
        const info = orThrow(await accountBatcher.load(address, { priority: p, signal }));
        if (!info) return 'unknown' as AddressKind;
        const kind = classifyAccountOwner(info.owner, info.space, {
          executable: info.executable,
          accountType: info.accountType,
        });
        // A token account stays 'unknown' here, as it was: the page gives it no badge and the cache
        // keeps its kinds; the popup's lookup reads the account itself (its mint and owner).
        return (kind === 'tokenAccount' ? 'unknown' : kind) as AddressKind;
      },
      { ...TTL.kind, priority },
    );
    return result.value;
  }

  async function classify(
    addresses: string[],
    priority: Priority = 'visible',
  ): Promise<Record<string, AddressKind>> {
    const out: Record<string, AddressKind> = {};
    await Promise.all(
      addresses.map(async (address) => {
        try {
          out[address] = await kindOf(address, priority);
        } catch {
          // Left out of the answer (not 'unknown', which the overlay keeps for the tab's life): the
          // address is asked about again when a page shows it again.
        }
      }),
    );
    return out;
  }

  return {
    walletBadge,
    domain,
    wallet,
    walletOrdersPage,
    tokenOrdersPage,
    pairPage,
    tokenFlow,
    token,
    order,
    odds,
    oddsHistory,
    kindOf,
    classify,
    detachAll,
  };
}
