import { fail, intParam, isAddress, ok, type Reply, type Req, round } from './http';
import {
  allPositions,
  analysis,
  convert,
  type Position,
  positionJson,
  stats,
  summarize,
  withMode,
} from './pnl-data';
import { pnlBatchRoute } from './routes-pnl-batch';
import { seriesRoute } from './routes-pnl-series';
import type { SimState } from './state';
import type { World } from './world';

const bad = (error: string): Reply => ({ status: 400, body: { error } });

function mode(q: URLSearchParams): string {
  const m = q.get('pnlMode') ?? 'strict';
  if (!['strict', 'adjusted', 'raw'].includes(m))
    fail(bad('Invalid pnlMode. Options: strict, adjusted, raw'));
  return m;
}
function currency(w: World, q: URLSearchParams): { currency: string; factor: number } {
  const c = (q.get('currency') ?? 'usd').toLowerCase();
  if (c === 'usd') return { currency: c, factor: 1 };
  if (c === 'sol') return { currency: c, factor: 1 / (w.tokens[0]!.priceUsd ?? 150) };
  if (c === 'eur') return { currency: c, factor: 0.92 };
  return fail(bad('Invalid currency. Options: usd, sol, eur'));
}
const queued = (): Reply =>
  ok({ indexed: false, queued: true, message: 'Wallet is being indexed. Try again shortly.' });
const updatedAt = (w: World) => new Date(w.now - 60_000).toISOString();
const identity = (w: World, wallet: string) => w.identities.get(wallet) ?? null;
const tags = (w: World, wallet: string) => ({
  isArbitrage: (w.walletIndex.get(wallet) ?? 0) % 23 === 22,
  platforms: identity(w, wallet)?.platforms ?? [],
});

function walletSub(s: SimState, r: Req, wallet: string, sub: string[]): Reply | null {
  const w = s.world;
  const all = allPositions(w).get(wallet);
  if (!all) return queued();
  const m = mode(r.query);
  const ps = all.map((p) => withMode(p, m));
  const head = { wallet, identity: identity(w, wallet) };
  const [a, b] = sub;
  if (a === undefined) {
    const c = currency(w, r.query);
    return ok({
      wallet,
      pnlMode: m,
      ...(c.currency !== 'usd' ? { currency: c.currency } : {}),
      identity: head.identity,
      summary: convert(summarize(ps), c.factor),
      analysis: convert(analysis(ps), c.factor),
      stats: stats(ps),
      tags: tags(w, wallet),
      updatedAt: updatedAt(w),
    });
  }
  if (a === 'positions' && sub.length === 1) {
    const limit = intParam(r.query, 'limit', 50, 1, 100);
    if (limit === null) return bad('Invalid limit');
    const start = Number(r.query.get('cursor') ?? '0') || 0;
    const sorted = [...ps].sort((x, y) => y.timing.lastTrade - x.timing.lastTrade);
    const slice = sorted.slice(start, start + limit);
    const hasMore = start + limit < sorted.length;
    return ok({
      ...head,
      positions: slice.map(positionJson),
      stats: { ...stats(ps), filtered: ps.length },
      pagination: {
        hasMore,
        nextCursor: hasMore ? String(start + limit) : null,
        count: slice.length,
        total: ps.length,
        pnlMode: m,
      },
    });
  }
  if (a === 'tokens' && b && sub.length === 2) {
    if (!isAddress(b)) return bad('Invalid token address');
    const p = ps.find((x) => x.token === b);
    return p
      ? ok({ ...head, pnlMode: m, ...positionJson(p) })
      : { status: 404, body: { error: 'Position not found' } };
  }
  if (a === 'history' || a === 'performance' || a === 'chart') {
    return seriesRoute(w, wallet, a, currency(w, r.query), head, updatedAt(w));
  }
  const j = (p: Position | undefined) => (p ? positionJson(p) : null);
  const by = (f: (p: Position) => number) => [...ps].sort((x, y) => f(y) - f(x));
  const open = ps.filter((p) => p.current.balance > 0);
  const closed = ps.filter((p) => p.current.balance === 0);
  if (a === 'highlights' && sub.length === 1) {
    return ok({
      ...head,
      counts: { positions: ps.length, open: open.length, closed: closed.length },
      highlights: {
        biggestWinner: j(by((p) => p.pnl.total ?? p.pnl.realized)[0]),
        biggestLoser: j(by((p) => -(p.pnl.total ?? p.pnl.realized))[0]),
        biggestBag: j(open.sort((x, y) => (y.current.value ?? 0) - (x.current.value ?? 0))[0]),
        mostProfitableClosed: j(closed.sort((x, y) => y.pnl.realized - x.pnl.realized)[0]),
        fastestFlip: j(closed.sort((x, y) => (x.timing.holdTimeSecs ?? 0) - (y.timing.holdTimeSecs ?? 0))[0]),
        longestHold: j(closed.sort((x, y) => (y.timing.holdTimeSecs ?? 0) - (x.timing.holdTimeSecs ?? 0))[0]),
        mostActive: j(by((p) => p.counts.total)[0]),
      },
      updatedAt: updatedAt(w),
    });
  }
  if (a === 'risk' && sub.length === 1) {
    const sm = summarize(ps);
    const vals = open.map((p) => p.current.value ?? 0).sort((x, y) => y - x);
    const tot = vals.reduce((x, y) => x + y, 0);
    const pct = (n: number) =>
      tot > 0 ? round((vals.slice(0, n).reduce((x, y) => x + y, 0) / tot) * 100) : null;
    const profitable = open
      .filter((p) => (p.pnl.unrealized ?? 0) > 0)
      .reduce((x, p) => x + (p.current.value ?? 0), 0);
    return ok({
      ...head,
      openPositions: {
        count: open.length,
        cost: sm.openPositions.cost,
        value: sm.openPositions.value,
        profitableValue: round(profitable),
        profitableValuePercent: tot > 0 ? round((profitable / tot) * 100) : null,
      },
      concentration: { top1Percent: pct(1), top5Percent: pct(5), score: pct(1) },
      pnlMix: {
        realized: sm.pnl.realized,
        unrealized: sm.pnl.unrealized,
        realizedPercent: null,
        unrealizedPercent: null,
      },
      largestPositions: open
        .sort((x, y) => (y.current.value ?? 0) - (x.current.value ?? 0))
        .slice(0, 5)
        .map(positionJson),
      updatedAt: updatedAt(w),
    });
  }
  return null;
}

export function holder(w: World, wallet: string, p: Position) {
  const sm = summarize(allPositions(w).get(wallet)!);
  return {
    wallet,
    pnl: {
      token: { realized: p.pnl.realized, unrealized: p.pnl.unrealized, total: p.pnl.total },
      wallet: {
        realized: sm.pnl.realized,
        unrealized: sm.pnl.unrealized,
        total: sm.pnl.total,
        invested: sm.invested,
        proceeds: sm.proceeds,
        totalTrades: sm.counts.trades,
        tokensTraded: sm.counts.tokensTraded,
      },
    },
    identity: identity(w, wallet),
    position: {
      balance: p.current.balance,
      costBasis: p.current.costBasis,
      value: p.current.value,
      price: p.current.price,
    },
    buyUsd: p.invested,
    sellUsd: p.proceeds,
    counts: p.counts,
    roi: p.roi,
    invested: p.invested,
    proceeds: p.proceeds,
    volume: p.volume,
    averages: p.averages,
    current: p.current,
    timing: p.timing,
  };
}

function listPage<T>(q: URLSearchParams, items: T[], def: number, max: number, m?: string) {
  const limit = intParam(q, 'limit', def, 1, max);
  if (limit === null) fail(bad('Invalid limit'));
  const start = Number(q.get('cursor') ?? '0') || 0;
  const slice = items.slice(start, start + limit!);
  const hasMore = start + limit! < items.length;
  return {
    slice,
    pagination: {
      hasMore,
      nextCursor: hasMore ? String(start + limit!) : null,
      count: slice.length,
      total: items.length,
      ...(m ? { pnlMode: m } : {}),
    },
  };
}

/** Routes `/v2/pnl/*` (segments after `pnl`). */
export function pnlRoute(s: SimState, r: Req, seg: string[]): Reply | null {
  const w = s.world;
  const [a, b, c] = seg;
  if (r.method === 'POST') return pnlBatchRoute(s, r, seg);
  if (a === 'wallets' && b) {
    if (!isAddress(b)) return bad('Invalid wallet address');
    return walletSub(s, r, b, seg.slice(2));
  }
  if (a === 'tokens' && b && (c === 'traders' || c === 'first-buyers') && seg.length === 3) {
    if (!isAddress(b)) return bad('Invalid token address');
    const t = w.tokenByMint.get(b);
    const rows: ReturnType<typeof holder>[] = [];
    for (const [wallet, ps] of allPositions(w)) {
      const p = ps.find((x) => x.token === b);
      if (p) rows.push(holder(w, wallet, p));
    }
    if (c === 'traders')
      rows.sort(
        (x, y) => (y.pnl.token.total ?? y.pnl.token.realized) - (x.pnl.token.total ?? x.pnl.token.realized),
      );
    else rows.sort((x, y) => x.timing.firstTrade - y.timing.firstTrade);
    const pg = listPage(r.query, rows, 100, 500);
    const meta = t
      ? {
          symbol: t.symbol,
          name: t.name,
          image: t.image,
          decimals: t.decimals,
          price: t.priceUsd,
          marketCap: null,
          liquidity: null,
          primaryMarket: 'raydium',
        }
      : {
          symbol: null,
          name: null,
          decimals: null,
          price: null,
          marketCap: null,
          liquidity: null,
          primaryMarket: null,
        };
    return ok({ meta, traders: pg.slice, pagination: pg.pagination });
  }
  if (a === 'leaderboard' && b === 'top' && seg.length === 2) {
    const m = mode(r.query);
    const rows = [...allPositions(w)].map(([wallet, ps0]) => {
      const ps = ps0.map((p) => withMode(p, m));
      const sm = summarize(ps);
      const an = analysis(ps);
      return {
        wallet,
        period: {
          realized: sm.pnl.realized,
          realizedRaw: sm.pnl.realizedRaw,
          volume: round(sm.invested + sm.proceeds),
          tradingDays: ps.length,
          roi: sm.roi,
        },
        ending: { pnl: { realized: sm.pnl.realized, total: sm.pnl.total } },
        invested: sm.invested,
        proceeds: sm.proceeds,
        counts: {
          buys: sm.counts.buys,
          sells: sm.counts.sells,
          trades: sm.counts.trades,
          tokensTraded: sm.counts.tokensTraded,
        },
        averages: sm.averages,
        tokens: { profitable: an.tokens.winning, losing: an.tokens.losing, closed: an.tokens.closed },
        winRate: an.winRate,
        timing: { firstTrade: sm.timing.firstTrade, lastTrade: sm.timing.lastTrade },
        lastSnapshotDate: new Date(w.now).toISOString().slice(0, 10),
        updatedAt: updatedAt(w),
        identity: identity(w, wallet),
      };
    });
    rows.sort((x, y) => y.period.realized - x.period.realized);
    const pg = listPage(r.query, rows, 50, 100, m);
    return ok({ traders: pg.slice, pagination: pg.pagination });
  }
  return null;
}
