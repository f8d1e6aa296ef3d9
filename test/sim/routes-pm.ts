import { intParam, ok, pmError, type Reply, type Req, round } from './http';
import { eventJson, type PmEvent, priceAt } from './markets';
import { noise } from './rng';
import type { SimState } from './state';

const PERIODS: Record<string, number> = { '1m': 60, '1h': 3600, '1d': 86400 };
const EXCHANGES: Record<string, 'polymarket' | 'kalshi'> = {
  polymarket: 'polymarket',
  poly: 'polymarket',
  kalshi: 'kalshi',
};
const bad = (msg: string) => pmError(400, 'BAD_REQUEST', msg);

/** Resolves an id: Kalshi ticker (case-insensitive), Polymarket id, `POLY-<id>`, or slug. */
export function findEvent(events: PmEvent[], raw: string, exchange?: string): PmEvent | undefined {
  const id = raw.trim();
  const up = id.toUpperCase();
  const polyId = /^POLY-(\d+)$/i.exec(id)?.[1];
  const ev = events.find((e) =>
    e.exchange === 'kalshi'
      ? e.ticker.toUpperCase() === up
      : e.id === id || e.id === polyId || e.slug === id.toLowerCase(),
  );
  return ev && (!exchange || ev.exchange === exchange) ? ev : undefined;
}

function exchangeParam(q: URLSearchParams): string | undefined | null {
  const x = q.get('exchange');
  if (x === null || x === '') return undefined;
  return EXCHANGES[x.toLowerCase()] ?? null;
}

/** Unix seconds from seconds or milliseconds text; NaN when invalid. */
function ts(raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) return Number.NaN;
  const n = Number(raw);
  return n > 1e12 ? Math.floor(n / 1000) : n;
}

function candles(s: SimState, ev: PmEvent, q: URLSearchParams): Reply {
  const interval = q.get('period_interval') ?? '1h';
  const period = PERIODS[interval];
  if (!period) return bad('period_interval must be one of 1m, 1h, 1d');
  const limit = intParam(q, 'limit', 200, 1, 2000);
  if (limit === null) return bad('limit must be an integer between 1 and 2000');
  const status = q.get('status') ?? 'all';
  if (!['all', 'active', 'closed', 'inactive'].includes(status))
    return bad('status must be one of all, active, closed, inactive');
  const start = ts(q.get('start_ts'));
  const end = ts(q.get('end_ts'));
  const cursor = ts(q.get('cursor'));
  if (Number.isNaN(start) || Number.isNaN(end) || Number.isNaN(cursor))
    return bad('start_ts, end_ts and cursor must be unix timestamps');
  const nowS = Math.floor(Date.now() / 1000);
  const evStart = Math.floor(ev.startMs / 1000);
  const evEnd = ev.closedMs === null ? nowS : Math.floor(ev.closedMs / 1000);
  let hi = Math.min(end ?? nowS, evEnd);
  if (cursor !== undefined) hi = Math.min(hi, cursor - 1);
  const lo = Math.max(start ?? 0, evStart);
  const kHi = Math.floor(hi / period);
  const kLo = Math.ceil(lo / period);
  const kFirst = Math.max(kLo, kHi - limit + 1);
  const markets = ev.markets.filter((m) =>
    status === 'all'
      ? true
      : status === 'active'
        ? m.status === 'active'
        : status === 'closed'
          ? m.status !== 'active'
          : false,
  );
  // The bar of the event's end (now, or when it closed) closes at the market's current price.
  const anchor = Math.floor(evEnd / period) + 1;
  const series = markets.map((m) => {
    const list = [];
    for (let k = kFirst; k <= kHi; k++) {
      const open = priceAt(s.seed, m, period, k, anchor);
      const close = priceAt(s.seed, m, period, k + 1, anchor);
      const j = noise(s.seed, `${m.id}:${period}:j:${k}`);
      list.push({
        open,
        close,
        high: Math.min(1, round(Math.max(open, close) + j * 0.01, 4)),
        low: Math.max(0, round(Math.min(open, close) - (1 - j) * 0.01, 4)),
        volume: round(j * m.volume * (period / 86400) * 0.05),
        tradeCount: Math.floor(j * 50),
        exchange: ev.exchange,
        periodInterval: interval,
        ticker: m.ticker,
        timestamp: new Date(k * period * 1000).toISOString(),
      });
    }
    return {
      marketId: m.id,
      status: m.status,
      title: m.title,
      gammaMarketId: m.id,
      groupItemTitle: m.groupItemTitle,
      candles: list,
    };
  });
  const more = kFirst > kLo && kFirst <= kHi;
  return ok({
    eventId: ev.id,
    exchange: ev.exchange,
    periodInterval: interval,
    series,
    title: ev.title,
    eventSlug: ev.slug,
    nextCursor: more ? String(kFirst * period) : null,
  });
}

/** Routes the prediction API (segments after `/pm`). */
export function pmRoute(s: SimState, r: Req, seg: string[]): Reply | null {
  if (seg[0] !== 'v1' || seg[1] !== 'events') return null;
  const exchange = exchangeParam(r.query);
  if (exchange === null) return bad('exchange must be one of polymarket, poly, kalshi');
  if (seg[2] === 'batch' && seg.length === 3) {
    const ids = (r.query.get('ids') ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (ids.length === 0) return bad('ids is required (comma-separated event ids)');
    if (ids.length > 100) return bad('at most 100 ids per request');
    const results = ids.map((requestedId) => {
      const ev = findEvent(s.world.events, requestedId, exchange);
      return { requestedId, event: ev ? eventJson(ev) : null };
    });
    return ok({ notFound: results.filter((x) => !x.event).map((x) => x.requestedId), results });
  }
  if (seg[2] && seg[3] === 'candlesticks' && seg.length === 4) {
    const ev = findEvent(s.world.events, seg[2], exchange);
    if (!ev) return pmError(404, 'NOT_FOUND', `event not found: ${seg[2]}`);
    if (ev.exchange !== 'polymarket') return bad('candlesticks are only available for polymarket events');
    return candles(s, ev, r.query);
  }
  if (seg[2] && seg.length === 3) {
    const ev = findEvent(s.world.events, seg[2], exchange);
    return ev ? ok(eventJson(ev)) : pmError(404, 'NOT_FOUND', `event not found: ${seg[2]}`);
  }
  return null;
}
