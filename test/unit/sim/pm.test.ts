import { describe, expect, it } from 'vitest';
import type { PredictionErrorBody } from '../../../lib/api/schemas/common';
import { client, useSim } from './helpers';

/** A prediction event as far as these tests read it (test/sim/markets.ts eventJson, marketJson). */
interface PmEventJson {
  id: string;
  title: string;
  endDate: string;
  status: string;
  marketCount: number;
  /** Binary markets: outcomes are always [Yes, No]. */
  markets: { outcomes: [Outcome, Outcome]; groupItemTitle: string | null }[];
}
interface Outcome {
  label: string;
  price: number;
}

/** One entry of /pm/v1/events/batch `results`: the id asked for and the event it resolved to (null if none). */
interface BatchResult {
  requestedId: string;
  event: PmEventJson | null;
}
interface Batch {
  notFound: string[];
  results: BatchResult[];
}

/** /pm/v1/events/:id/candlesticks (test/sim/routes-pm.ts candles). */
interface Candlesticks {
  periodInterval: string;
  eventSlug: string;
  series: { candles: { open: number; close: number; high: number; low: number; timestamp: string }[] }[];
  nextCursor: string | null;
}

const env = useSim();

/** GET /pm/v1/events/batch; `T` is the answer expected (an error body for bad requests). */
const batch = <T = Batch>(q: string) => env.api.get<T>(`/pm/v1/events/batch?${q}`);

describe('sim prediction API (/pm)', () => {
  it('has ~20 polymarket and ~10 kalshi events', () => {
    expect(env.sim.catalog.events.polymarket.length).toBe(20);
    expect(env.sim.catalog.events.kalshi.length).toBe(10);
    expect(env.sim.catalog.events.kalshi).toContain('KXFEDCHAIR-26');
  });

  it('batch resolves slug, numeric id, POLY-<id> and case-insensitive Kalshi tickers', async () => {
    const slug = env.sim.catalog.events.polymarket[0]!;
    const first = await batch(`ids=${slug}`);
    const id = first.body.results[0]!.event!.id;
    const r = await batch(`ids=${slug},${id},POLY-${id},kxfedchair-26,missing-thing`);
    expect(r.status).toBe(200);
    expect(r.body.notFound).toEqual(['missing-thing']);
    expect(r.body.results.map((x: BatchResult) => x.requestedId)).toEqual([
      slug,
      id,
      `POLY-${id}`,
      'kxfedchair-26',
      'missing-thing',
    ]);
    expect(r.body.results.slice(0, 3).every((x: BatchResult) => x.event!.id === id)).toBe(true);
    expect(r.body.results[3]!.event).toMatchObject({ exchange: 'kalshi', ticker: 'KXFEDCHAIR-26' });
    expect(r.body.results[4]!.event).toBeNull();
  });

  it('batch exchange filter (polymarket | poly | kalshi) and errors', async () => {
    const ids = `${env.sim.catalog.events.polymarket[1]},KXFEDCHAIR-26`;
    const k = await batch(`ids=${ids}&exchange=kalshi`);
    expect(k.body.notFound).toEqual([env.sim.catalog.events.polymarket[1]]);
    for (const ex of ['polymarket', 'poly']) {
      const p = await batch(`ids=${ids}&exchange=${ex}`);
      expect(p.body.notFound).toEqual(['KXFEDCHAIR-26']);
    }
    const bad = await batch(`ids=${ids}&exchange=betfair`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 400, error: expect.any(String), errorCode: 'BAD_REQUEST' });
    const none = await batch<PredictionErrorBody>('');
    expect(none.body.errorCode).toBe('BAD_REQUEST');
    const unauth = await client(env.sim, 'wrong').get(`/pm/v1/events/batch?ids=${ids}`);
    expect(unauth.status).toBe(401);
    expect(unauth.body).toEqual({ code: 401, error: expect.any(String), errorCode: 'UNAUTHORIZED' });
  });

  it('markets carry binary outcomes with prices in 0..1 summing to ~1, and some events are closed/resolved', async () => {
    const ids = [...env.sim.catalog.events.polymarket, ...env.sim.catalog.events.kalshi].join(',');
    const r = await batch(`ids=${ids}`);
    expect(r.body.notFound).toEqual([]);
    const statuses = new Set<string>();
    for (const { event } of r.body.results) {
      if (!event) throw new Error('every listed id resolves to an event');
      expect(event.marketCount).toBe(event.markets.length);
      statuses.add(event.status);
      for (const m of event.markets) {
        const [yes, no] = m.outcomes;
        expect(yes.label).toBe('Yes');
        expect(yes.price).toBeGreaterThanOrEqual(0);
        expect(yes.price).toBeLessThanOrEqual(1);
        expect(yes.price + no.price).toBeCloseTo(1, 2);
      }
    }
    expect([...statuses].sort()).toEqual(['active', 'closed', 'resolved']);
  });

  it('outcomes have real names; open events whose title names a day end on it', async () => {
    const ids = [...env.sim.catalog.events.polymarket, ...env.sim.catalog.events.kalshi].join(',');
    const events = (await batch(`ids=${ids}`)).body.results.map((x) => x.event!);
    const names = events.flatMap((e) => e.markets.map((m) => m.groupItemTitle ?? ''));
    expect(names.filter((n) => /^(Film|Option|Outcome) [A-Z]$/.test(n))).toEqual([]);
    const ends = (re: RegExp) => events.filter((e) => e.status === 'active' && re.test(e.title));
    const march = ends(/^Fed decision in March/);
    const dec31 = ends(/Dec 31/);
    expect(march.length).toBeGreaterThan(0);
    expect(dec31.length).toBeGreaterThan(0);
    for (const e of march) expect(new Date(e.endDate).getUTCMonth(), e.title).toBe(2);
    for (const e of dec31) expect(e.endDate.slice(5, 10), e.title).toBe('12-31');
    // ahead of the sim's "now" (helpers.ts start: epochMs 2026-01-15), within the year to come
    const epoch = Date.UTC(2026, 0, 15);
    for (const e of [...march, ...dec31]) {
      expect(Date.parse(e.endDate) - epoch, e.title).toBeGreaterThan(0);
      expect(Date.parse(e.endDate) - epoch, e.title).toBeLessThan(2 * 366 * 86_400_000);
    }
  });

  it('candlesticks: default 200, max 2000, continuous walk in 0..1, cursor pages older bars', async () => {
    const slug = env.sim.catalog.events.polymarket[0]!;
    const end = Math.floor(Date.now() / 1000);
    const r = await env.api.get<Candlesticks>(`/pm/v1/events/${slug}/candlesticks?end_ts=${end}`);
    expect(r.status).toBe(200);
    expect(r.body.periodInterval).toBe('1h');
    expect(r.body.eventSlug).toBe(slug);
    expect(r.body.series.length).toBeGreaterThan(0);
    for (const s of r.body.series) {
      expect(s.candles.length).toBe(200);
      for (let i = 0; i < s.candles.length; i++) {
        const c = s.candles[i]!;
        for (const v of [c.open, c.close, c.high, c.low]) expect(v >= 0 && v <= 1).toBe(true);
        expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
        expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
        if (i > 0) {
          expect(c.open).toBe(s.candles[i - 1]!.close);
          expect(Date.parse(c.timestamp) - Date.parse(s.candles[i - 1]!.timestamp)).toBe(3_600_000);
        }
      }
    }
    expect(r.body.nextCursor).not.toBeNull();
    // the last bar closes at the market's current price: the chart ends where the event's odds are
    // (closed and resolved events too: their last bar is the one they closed in)
    const all = (await batch(`ids=${env.sim.catalog.events.polymarket.join(',')}`)).body.results;
    for (const { requestedId, event } of all) {
      const bars = await env.api.get<Candlesticks>(`/pm/v1/events/${requestedId}/candlesticks?limit=3`);
      expect(
        bars.body.series.map((s) => s.candles.at(-1)!.close),
        requestedId,
      ).toEqual(event!.markets.map((m) => m.outcomes[0].price));
    }
    const older = await env.api.get<Candlesticks>(
      `/pm/v1/events/${slug}/candlesticks?end_ts=${end}&cursor=${r.body.nextCursor}&limit=5`,
    );
    const lastOld = older.body.series[0]!.candles.at(-1)!;
    expect(Date.parse(lastOld.timestamp)).toBe(
      Date.parse(r.body.series[0]!.candles[0]!.timestamp) - 3_600_000,
    );
    expect(lastOld.close).toBe(r.body.series[0]!.candles[0]!.open);
    const ms = await env.api.get<Candlesticks>(
      `/pm/v1/events/${slug}/candlesticks?end_ts=${end * 1000}&limit=3&period_interval=1d`,
    );
    expect(ms.body.series[0]!.candles.length).toBe(3);
    expect(
      (await env.api.get(`/pm/v1/events/${slug}/candlesticks?limit=2000&period_interval=1m`)).status,
    ).toBe(200);
    for (const q of ['limit=2001', 'limit=0', 'period_interval=5m', 'status=open', 'start_ts=abc']) {
      const bad = await env.api.get<PredictionErrorBody>(`/pm/v1/events/${slug}/candlesticks?${q}`);
      expect(bad.status, q).toBe(400);
      expect(bad.body.errorCode).toBe('BAD_REQUEST');
    }
    const nf = await env.api.get('/pm/v1/events/999999999/candlesticks');
    expect(nf.status).toBe(404);
    expect(nf.body).toEqual({ code: 404, error: expect.any(String), errorCode: 'NOT_FOUND' });
  });
});
