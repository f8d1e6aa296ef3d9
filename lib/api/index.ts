/**
 * Everything the extension knows about the Solana Tracker services goes through here. No browser or
 * WXT dependency: this runs in the service worker and in Node tests alike.
 */
import { createDcaEndpoints } from './endpoints/dca';
import { createAccountEndpoints, createMarketEndpoints } from './endpoints/market';
import { createPnlEndpoints } from './endpoints/pnl';
import { createPredictionEndpoints } from './endpoints/prediction';
import { createRpcEndpoints } from './endpoints/rpc';
import { createHttpCore } from './http';
import type { ApiClientOptions } from './types';

export function createApiClient(options: ApiClientOptions) {
  const http = createHttpCore(options);
  return {
    dca: createDcaEndpoints(http),
    pnl: createPnlEndpoints(http),
    prediction: createPredictionEndpoints(http),
    rpc: createRpcEndpoints(http),
    market: createMarketEndpoints(http),
    account: createAccountEndpoints(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export type { MergedBatch } from './batch';
export type { DcaListParams, DcaProgramParam, DcaUsersParams } from './endpoints/dca';
export type { ChartParams, SearchParams } from './endpoints/market';
export type {
  PnlChartParams,
  PnlLeaderboardParams,
  PnlListParams,
  PnlModeParams,
  PnlPeriodParams,
  PnlPositionsParams,
  PnlSummaryParams,
} from './endpoints/pnl';
export { isPnlQueued } from './endpoints/pnl';
export type { CandlesParams, EventsBatchResult } from './endpoints/prediction';
export { EVENTS_BATCH_SIZE } from './endpoints/prediction';
export type { AccountsConfig, BlockConfig } from './endpoints/rpc';
export { ApiError, type ApiErrorInit, isApiError } from './errors';
export { readErrorBody } from './http';
export { type AccountFacts, type AccountKind, classifyAccountOwner } from './owners';
export { type PageLike, type PaginateOptions, paginate } from './paginate';
export { type DroppedItem, displayOnly, droppedFrom, listOf, parseBody } from './parse';
export { decodePoolEvents, type PoolEvents, type PoolTrade } from './pool-events';
export { backoffDelay, parseRetryAfter } from './retry';
export * from './schemas/common';
export * from './schemas/dca';
export * from './schemas/market';
export * from './schemas/pnl';
export * from './schemas/prediction';
export * from './schemas/rpc';
export * from './types';
export {
  type CandleInterval,
  type CandleStatus,
  type Currency,
  type DcaSort,
  type DcaStatusFilter,
  DEFAULT_DCA_PROGRAM,
  type Exchange,
  LIMIT_MAX,
} from './validate';
