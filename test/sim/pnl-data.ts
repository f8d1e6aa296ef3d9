import { round } from './http';
import { Rng } from './rng';
import type { SimToken } from './tokens';
import type { World } from './world';

export interface Position {
  token: string;
  flagged: boolean; // strict mode zeroes its realized PnL
  pnl: { realized: number; realizedRaw: number; unrealized: number | null; total: number | null };
  invested: number;
  proceeds: number;
  roi: number | null;
  current: {
    balance: number;
    costBasis: number;
    value: number | null;
    price: number | null;
    avgCost: number;
  };
  volume: { tokensBought: number; tokensSold: number; buyUsd: number; sellUsd: number };
  averages: { buy: number; sell: number | null };
  counts: { buys: number; sells: number; total: number };
  timing: {
    firstBuy: number;
    lastBuy: number;
    firstSell: number | null;
    lastSell: number | null;
    firstTrade: number;
    lastTrade: number;
    holdTimeSecs: number | null;
  };
  meta: Record<string, unknown>;
}

const cache = new WeakMap<World, Map<string, Position[]>>();

function makePosition(rng: Rng, t: SimToken, now: number): Position {
  const p = t.priceUsd;
  const ref = p ?? rng.float(0.001, 5);
  const bought = round(rng.float(10, 100_000) / ref, Math.min(t.decimals, 6));
  const avgBuy = ref * rng.float(0.3, 2);
  const r = rng.next();
  const soldFrac = r < 0.35 ? 1 : r < 0.6 ? 0 : rng.float(0.1, 0.9);
  const sold = soldFrac === 1 ? bought : round(bought * soldFrac, Math.min(t.decimals, 6));
  const avgSell = ref * rng.float(0.2, 3);
  const invested = round(bought * avgBuy);
  const proceeds = round(sold * avgSell);
  const realizedRaw = round(proceeds - sold * avgBuy);
  const balance = round(bought - sold, 6);
  const costBasis = round(balance * avgBuy);
  const value = p === null ? null : round(balance * p);
  const unrealized = value === null ? null : round(value - costBasis);
  const buys = rng.int(1, 20);
  const sells = sold > 0 ? rng.int(1, 20) : 0;
  const firstBuy = now - rng.int(2, 200) * 86_400_000;
  const lastBuy = firstBuy + rng.int(0, 86_400_000 * 2);
  const firstSell = sells ? lastBuy + rng.int(60_000, 86_400_000) : null;
  const lastSell = firstSell === null ? null : firstSell + rng.int(0, 86_400_000);
  const lastTrade = lastSell ?? lastBuy;
  const flagged = rng.chance(0.1);
  return {
    token: t.mint,
    flagged,
    pnl: {
      realized: realizedRaw,
      realizedRaw,
      unrealized,
      total: unrealized === null ? null : round(realizedRaw + unrealized),
    },
    invested,
    proceeds,
    roi: invested > 0 ? round(((realizedRaw + (unrealized ?? 0)) / invested) * 100) : null,
    current: { balance, costBasis, value, price: p, avgCost: round(avgBuy, 8) },
    volume: { tokensBought: bought, tokensSold: sold, buyUsd: invested, sellUsd: proceeds },
    averages: { buy: round(avgBuy, 8), sell: sold > 0 ? round(avgSell, 8) : null },
    counts: { buys, sells, total: buys + sells },
    timing: {
      firstBuy,
      lastBuy,
      firstSell,
      lastSell,
      firstTrade: firstBuy,
      lastTrade,
      holdTimeSecs: balance > 0 ? null : Math.round((lastTrade - firstBuy) / 1000),
    },
    meta: {
      symbol: t.symbol,
      name: t.name,
      image: t.image,
      decimals: t.decimals,
      price: p,
      marketCap: p === null ? null : round(p * 1e9),
      liquidity: p === null ? null : round(p * 1e6),
      primaryMarket: 'raydium',
    },
  };
}

/** Positions of every indexed wallet (wallets[]), generated once per world. */
export function allPositions(w: World): Map<string, Position[]> {
  let m = cache.get(w);
  if (m) return m;
  m = new Map();
  w.wallets.forEach((wallet, i) => {
    const rng = new Rng(w.seed, 1000 + i);
    const n = i < 5 ? rng.int(5, 12) : rng.int(1, 15);
    const used = new Set<number>();
    const list: Position[] = [];
    for (let k = 0; k < n; k++) {
      let ti = i < 5 ? k % 5 : rng.int(0, 59);
      if (i < 5 && k >= 5) ti = 10 + ((i * 7 + k) % 50);
      if (used.has(ti) || (i < 5 && w.tokens[ti]!.hostile)) continue;
      used.add(ti);
      list.push(makePosition(rng, w.tokens[ti]!, w.now));
    }
    m!.set(wallet, list);
  });
  cache.set(w, m);
  return m;
}

/** Applies pnlMode to a position (strict zeroes flagged realized PnL, adjusted caps it). */
export function withMode(p: Position, mode: string): Position {
  if (!p.flagged || mode === 'raw') return p;
  const realized = mode === 'strict' ? 0 : round(Math.min(p.pnl.realizedRaw, p.invested * 0.5));
  const total = p.pnl.unrealized === null ? null : round(realized + p.pnl.unrealized);
  return { ...p, pnl: { ...p.pnl, realized, total } };
}

/** Public JSON of a position (internal flag removed). */
export function positionJson(p: Position): Record<string, unknown> {
  const { flagged: _f, ...rest } = p;
  return rest;
}

const sum = (xs: (number | null)[]) => round(xs.reduce<number>((a, x) => a + (x ?? 0), 0));

/** Wallet summary that adds up from its positions. */
export function summarize(ps: Position[]) {
  const realized = sum(ps.map((p) => p.pnl.realized));
  const unrealized = sum(ps.map((p) => p.pnl.unrealized));
  const invested = sum(ps.map((p) => p.invested));
  const proceeds = sum(ps.map((p) => p.proceeds));
  const held = ps.filter((p) => p.current.balance > 0);
  const buys = ps.reduce((a, p) => a + p.counts.buys, 0);
  const sells = ps.reduce((a, p) => a + p.counts.sells, 0);
  const holds = ps.map((p) => p.timing.holdTimeSecs).filter((x): x is number => x !== null);
  return {
    pnl: {
      realized,
      realizedRaw: sum(ps.map((p) => p.pnl.realizedRaw)),
      unrealized,
      total: round(realized + unrealized),
    },
    invested,
    proceeds,
    openPositions: {
      cost: sum(held.map((p) => p.current.costBasis)),
      value: sum(held.map((p) => p.current.value)),
    },
    counts: { buys, sells, trades: buys + sells, tokensTraded: ps.length, tokensHeldEver: ps.length },
    averages: { buy: buys ? round(invested / buys) : null, sell: sells ? round(proceeds / sells) : null },
    roi: invested > 0 ? round(((realized + unrealized) / invested) * 100) : null,
    timing: {
      firstTrade: ps.length ? Math.min(...ps.map((p) => p.timing.firstTrade)) : null,
      lastTrade: ps.length ? Math.max(...ps.map((p) => p.timing.lastTrade)) : null,
      avgHoldTimeSecs: holds.length ? Math.round(holds.reduce((a, b) => a + b, 0) / holds.length) : null,
    },
  };
}

export function stats(ps: Position[]) {
  const total = (p: Position) => p.pnl.total ?? p.pnl.realized;
  return {
    total: ps.length,
    holding: ps.filter((p) => p.current.balance > 0).length,
    sold: ps.filter((p) => p.current.balance === 0).length,
    profitable: ps.filter((p) => total(p) > 0).length,
    losing: ps.filter((p) => total(p) < 0).length,
  };
}

export function analysis(ps: Position[]) {
  const closed = ps.filter((p) => p.current.balance === 0);
  const winning = closed.filter((p) => p.pnl.realized > 0).length;
  const s = summarize(ps);
  const ranges: [string, number, number][] = [
    ['>500%', 500, Infinity],
    ['200-500%', 200, 500],
    ['0-200%', 0, 200],
    ['-50-0%', -50, 0],
    ['<-50%', -Infinity, -50],
  ];
  return {
    winRate: closed.length ? round((winning / closed.length) * 100) : null,
    avgPnlPerAsset: ps.length ? round(s.pnl.total / ps.length) : null,
    avgBuyValue: s.averages.buy,
    tokens: { closed: closed.length, winning, losing: closed.length - winning },
    distribution: ranges.map(([range, lo, hi]) => {
      const count = ps.filter((p) => p.roi !== null && p.roi >= lo && p.roi < hi).length;
      return { range, count, rate: ps.length ? round((count / ps.length) * 100) : 0 };
    }),
  };
}

const MONEY = new Set([
  'realized',
  'realizedRaw',
  'unrealized',
  'total',
  'invested',
  'proceeds',
  'cost',
  'value',
  'buy',
  'sell',
  'avgPnlPerAsset',
  'avgBuyValue',
  'costBasis',
  'price',
  'avgCost',
  'buyUsd',
  'sellUsd',
  'realizedPnl',
  'unrealizedPnl',
  'totalPnl',
  'volume',
  'amount',
  'profitableValue',
]);
const SKIP = new Set([
  'counts',
  'timing',
  'stats',
  'tokens',
  'distribution',
  'meta',
  'pagination',
  'identity',
]);

/** Converts USD money fields to another currency (counts, percentages, timestamps, ROI untouched). */
export function convert<T>(value: T, factor: number): T {
  if (factor === 1) return value;
  const walk = (v: unknown, key: string): unknown => {
    if (SKIP.has(key)) return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, ''));
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    }
    return typeof v === 'number' && MONEY.has(key) ? round(v * factor, 6) : v;
  };
  return walk(value, '') as T;
}
