import { type HttpCore, seg } from '../http';
import { type DroppedItem, droppedFrom } from '../parse';
import { CandlesResponse, EventsBatchResponse, type PredictionEvent } from '../schemas/prediction';
import type { CallOptions } from '../types';
import {
  CANDLE_INTERVALS,
  CANDLE_STATUSES,
  type CandleInterval,
  type CandleStatus,
  checkCursor,
  checkEventId,
  checkLimit,
  checkOneOf,
  checkTimestamp,
  chunk,
  EXCHANGES,
  type Exchange,
  LIMIT_MAX,
  unique,
} from '../validate';

export interface CandlesParams {
  exchange?: Exchange;
  interval?: CandleInterval;
  /** Unix seconds or milliseconds. */
  startTs?: number;
  endTs?: number;
  limit?: number;
  cursor?: string;
  status?: CandleStatus;
}

export interface EventsBatchResult {
  notFound: string[];
  results: Array<{ requestedId: string; event: PredictionEvent | null }>;
  /** Results that did not fit the schema, each with its `requestedId` when readable (`key`); absent: none. */
  dropped?: DroppedItem[];
}

export const EVENTS_BATCH_SIZE = 25;

export function createPredictionEndpoints(http: HttpCore) {
  const exchange = (value: unknown, ep: string) =>
    checkOneOf(value, EXCHANGES, 'INVALID_INPUT', 'exchange', ep);

  return {
    /** One candle series per market of a grouped event (effectively Polymarket only). */
    async candlesticks(eventId: string, params: CandlesParams = {}, call?: CallOptions) {
      const ep = '/v1/events/{event_id}/candlesticks';
      const id = checkEventId(eventId, ep);
      const query = {
        exchange: exchange(params.exchange, ep),
        period_interval: checkOneOf(params.interval, CANDLE_INTERVALS, 'INVALID_INPUT', 'interval', ep),
        start_ts: checkTimestamp(params.startTs, 'startTs', ep),
        end_ts: checkTimestamp(params.endTs, 'endTs', ep),
        limit: checkLimit(params.limit, LIMIT_MAX.candles, ep),
        cursor: checkCursor(params.cursor, ep),
        status: checkOneOf(params.status, CANDLE_STATUSES, 'INVALID_INPUT', 'status', ep),
      };
      const path = `/v1/events/${seg(id)}/candlesticks`;
      return http.json({ service: 'prediction', method: 'GET', path, query }, CandlesResponse, call);
    },

    /** Events by id, ticker or slug, 25 per request; ids not found are listed, never an error. */
    async eventsBatch(ids: readonly string[], params: { exchange?: Exchange } = {}, call?: CallOptions) {
      const ep = '/v1/events/batch';
      const wanted = unique(ids.map((id) => checkEventId(id, ep)));
      const ex = exchange(params.exchange, ep);
      const merged: Required<EventsBatchResult> = { notFound: [], results: [], dropped: [] };
      for (const part of chunk(wanted, EVENTS_BATCH_SIZE)) {
        const query = { ids: part.join(','), exchange: ex };
        const r = await http.json(
          { service: 'prediction', method: 'GET', path: ep, query },
          EventsBatchResponse,
          call,
        );
        merged.notFound.push(...(r.notFound ?? []));
        for (const item of r.results) merged.results.push({ ...item, event: item.event ?? null });
        merged.dropped.push(...droppedFrom(r.results));
      }
      merged.notFound = unique(merged.notFound);
      return merged;
    },
  };
}

export type PredictionEndpoints = ReturnType<typeof createPredictionEndpoints>;
