import { ok, type Reply, round } from './http';
import { convert } from './pnl-data';
import { Rng } from './rng';
import type { World } from './world';

const DAY = 86_400_000;

function daily(w: World, wallet: string, days: number) {
  const rng = new Rng(w.seed, 5000 + (w.walletIndex.get(wallet) ?? 0));
  const today = Math.floor(w.now / DAY) * DAY;
  let cum = 0;
  return Array.from({ length: days }, (_, i) => {
    const t = today - (days - 1 - i) * DAY;
    const realizedPnl = round(rng.float(-500, 700));
    const volume = round(rng.float(0, 20_000));
    const trades = rng.int(0, 30);
    cum += realizedPnl;
    return {
      date: new Date(t).toISOString().slice(0, 10),
      time: t,
      realizedPnl,
      volume,
      trades,
      cum: round(cum),
    };
  });
}

/** `/history`, `/performance` and `/chart` of a wallet: a 30-day deterministic daily series. */
export function seriesRoute(
  w: World,
  wallet: string,
  a: string,
  c: { currency: string; factor: number },
  head: Record<string, unknown>,
  updatedAt: string,
): Reply {
  const days = daily(w, wallet, 30);
  const pos = days.filter((d) => d.realizedPnl > 0).length;
  const best = days.reduce((x, y) => (y.realizedPnl > x.realizedPnl ? y : x));
  const worst = days.reduce((x, y) => (y.realizedPnl < x.realizedPnl ? y : x));
  const totals = {
    realizedPnl: round(days.reduce((x, d) => x + d.realizedPnl, 0)),
    volume: round(days.reduce((x, d) => x + d.volume, 0)),
  };
  const cur = c.currency !== 'usd' ? { currency: c.currency } : {};
  const daysSummary = {
    trading: days.filter((d) => d.trades > 0).length,
    positive: pos,
    negative: days.length - pos,
    breakEven: 0,
  };
  if (a === 'history') {
    return ok(
      convert(
        {
          ...head,
          ...cur,
          days: days.map((d) => ({
            date: d.date,
            cumulative: {
              pnl: { realized: d.cum, unrealized: null, total: d.cum },
              cost: null,
              proceeds: null,
              openPositions: { cost: null, value: null },
              counts: { buys: d.trades, sells: 0, tokensTraded: 1 },
            },
            activity: {
              pnl: { realized: d.realizedPnl },
              counts: { buys: d.trades, sells: 0 },
              volume: { costUsd: d.volume, total: d.volume },
              averages: { buy: null, sell: null, realizedPnl: d.realizedPnl, holdTimeSecs: null },
            },
          })),
          summary: {
            days: daysSummary,
            totals,
            winRate: round((pos / days.length) * 100),
            totalDays: days.length,
            deltas: null,
          },
        },
        c.factor,
      ),
    );
  }
  if (a === 'performance') {
    const day = (d: (typeof days)[number]) => ({
      date: d.date,
      realizedPnl: d.realizedPnl,
      volume: d.volume,
      totalPnl: d.cum,
      trades: d.trades,
    });
    return ok(
      convert(
        {
          ...head,
          ...cur,
          window: 30,
          totals: { ...totals, trades: days.reduce((x, d) => x + d.trades, 0) },
          bestDay: day(best),
          worstDay: day(worst),
          streaks: { positive: 3, negative: 2, currentPositive: 1, currentNegative: 0 },
          drawdown: { amount: Math.abs(worst.realizedPnl), percent: null },
          days: days.map((d) => ({
            date: d.date,
            realizedPnl: d.realizedPnl,
            unrealizedPnl: null,
            totalPnl: d.cum,
            volume: d.volume,
            trades: d.trades,
          })),
          updatedAt: updatedAt,
        },
        c.factor,
      ),
    );
  }
  return ok({
    ...head,
    points: days.map((d) => ({
      date: d.date,
      time: d.time,
      pnl: { realized: d.cum, total: d.cum },
      invested: null,
      proceeds: null,
      activity: {
        realizedPnl: d.realizedPnl,
        buys: d.trades,
        sells: 0,
        volume: d.volume,
        avgHoldTimeSecs: null,
      },
      counts: { buys: d.trades, sells: 0, tokensTraded: 1 },
    })),
    summary: {
      days: daysSummary,
      totals,
      winRate: round((pos / days.length) * 100),
      bestDay: { date: best.date, realizedPnl: best.realizedPnl },
      worstDay: { date: worst.date, realizedPnl: worst.realizedPnl },
      streaks: { positive: 3, negative: 2, currentPositive: 1, currentNegative: 0 },
      drawdown: { amount: Math.abs(worst.realizedPnl), percent: null },
      averages: {
        dailyVolume: round(totals.volume / days.length),
        dailyRealizedPnl: round(totals.realizedPnl / days.length),
        holdTimeSecs: null,
      },
    },
    pagination: { count: days.length, hasMore: false, nextTimeTo: null },
  });
}
