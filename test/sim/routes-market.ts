import { dataError, intParam, isAddress, ok, type Reply, type Req, round } from './http';
import { hash32, noise, Rng } from './rng';
import type { SimState } from './state';
import type { SimToken } from './tokens';

const CHART_PERIODS: Record<string, number> = {
  '1s': 1,
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '4h': 14400,
  '1d': 86400,
  '1w': 604800,
};
const currencyError: Reply = { status: 400, body: { error: 'Invalid currency. Options: usd, sol, eur' } };

function tokenOf(s: SimState, mint: string): { price: number; t?: SimToken } {
  const t = s.world.tokenByMint.get(mint);
  return { price: t?.priceUsd ?? 0.01 + (hash32(mint) % 1000) / 1000, t };
}

/** The token's walk at absolute bucket boundary k (deterministic), around 1. */
function walk(seed: number, mint: string, period: number, k: number): number {
  const x = k / 24;
  const i = Math.floor(x);
  const f = x - i;
  const a = noise(seed, `${mint}:${period}:${i}`);
  const b = noise(seed, `${mint}:${period}:${i + 1}`);
  const drift = a + (b - a) * f;
  return (0.8 + 0.4 * drift) * (1 + 0.01 * (noise(seed, `${mint}:${period}:k${k}`) - 0.5));
}

/**
 * Token price at absolute bucket boundary k (the close of bar k - 1). `anchor` is the boundary that
 * closes the bar of the sim's "now": there the price is the token's own `base` (its priceUsd) exactly,
 * so a chart ends at the price the token shows; elsewhere the walk scaled to meet it.
 */
function priceAt(
  seed: number,
  mint: string,
  base: number,
  period: number,
  k: number,
  anchor: number,
): number {
  if (k === anchor) return base;
  return (base * walk(seed, mint, period, k)) / walk(seed, mint, period, anchor);
}

function chart(s: SimState, r: Req, mint: string): Reply {
  if (!isAddress(mint)) return { status: 400, body: { error: 'Invalid token address' } };
  const cur = (r.query.get('currency') ?? 'usd').toLowerCase();
  const factor =
    cur === 'usd' ? 1 : cur === 'sol' ? 1 / (s.world.tokens[0]!.priceUsd ?? 150) : cur === 'eur' ? 0.92 : 0;
  if (factor === 0) return currencyError;
  const type = r.query.get('type') ?? '1h';
  const period = CHART_PERIODS[type];
  if (!period)
    return {
      status: 400,
      body: { error: `Invalid type. Options: ${Object.keys(CHART_PERIODS).join(', ')}` },
    };
  const nowS = Math.floor(s.now / 1000);
  const to = Number(r.query.get('time_to') ?? nowS) || nowS;
  const from = Number(r.query.get('time_from') ?? to - period * 200) || to - period * 200;
  const kHi = Math.floor(to / period);
  const kLo = Math.max(Math.ceil(from / period), kHi - 999);
  const { price } = tokenOf(s, mint);
  // the bar of "now" (the default time_to) closes at the token's priceUsd
  const anchor = Math.floor(nowS / period) + 1;
  const oclhv = [];
  for (let k = kLo; k <= kHi; k++) {
    const open = priceAt(s.seed, mint, price, period, k, anchor) * factor;
    const close = priceAt(s.seed, mint, price, period, k + 1, anchor) * factor;
    const j = noise(s.seed, `${mint}:v:${k}`);
    oclhv.push({
      open,
      close,
      low: Math.min(open, close) * (1 - j * 0.01),
      high: Math.max(open, close) * (1 + j * 0.01),
      volume: round(j * 50_000),
      time: k * period,
    });
  }
  return ok({ oclhv });
}

function stats(s: SimState, token: string, pool: string): Reply {
  const rng = new Rng(s.seed, hash32(`${token}:${pool}`));
  const { price } = tokenOf(s, token);
  const out: Record<string, unknown> = {};
  for (const tf of ['1m', '5m', '15m', '30m', '1h', '4h', '24h']) {
    const buys = rng.int(0, 500);
    const sells = rng.int(0, 500);
    const vb = round(rng.float(0, 1e5));
    const vs = round(rng.float(0, 1e5));
    out[tf] = {
      buyers: Math.ceil(buys * 0.7),
      sellers: Math.ceil(sells * 0.7),
      volume: { buys: vb, sells: vs, total: round(vb + vs) },
      transactions: buys + sells,
      buys,
      sells,
      wallets: Math.ceil((buys + sells) * 0.6),
      price,
      priceChangePercentage: round(rng.float(-30, 30)),
    };
  }
  return ok(out);
}

/** Deprecated binary `/events/{token}/{pool}` (layout in live-service.md). */
export function binaryEvents(s: SimState, token: string, pool: string): Buffer {
  const rng = new Rng(s.seed, hash32(`events:${token}:${pool}`));
  const wallets = Array.from({ length: 8 }, () => rng.pick(s.world.wallets));
  const uniq = [...new Set(wallets)];
  const enc = uniq.map((w) => Buffer.from(w, 'utf8'));
  const trades = 40;
  const size = 4 + enc.reduce((a, b) => a + 1 + b.length, 0) + 4 + trades * 21;
  const buf = Buffer.alloc(size);
  let o = buf.writeUInt32LE(uniq.length, 0);
  for (const e of enc) {
    o = buf.writeUInt8(e.length, o);
    o += e.copy(buf, o);
  }
  o = buf.writeUInt32LE(trades, o);
  const { price } = tokenOf(s, token);
  const base = Math.floor(s.now / 1000) - trades * 30;
  for (let i = 0; i < trades; i++) {
    const amount = rng.float(1, 10_000);
    const p = price * rng.float(0.95, 1.05);
    buf.writeUInt32LE(rng.int(0, uniq.length - 1), o);
    buf.writeFloatLE(amount, o + 4);
    buf.writeFloatLE(p, o + 8);
    buf.writeFloatLE(amount * p, o + 12);
    buf.writeUInt8(rng.chance(0.5) ? 0 : 1, o + 16);
    buf.writeUInt32LE(base + i * 30, o + 17);
    o += 21;
  }
  return buf;
}

function search(s: SimState, r: Req): Reply {
  const q = (r.query.get('query') ?? r.query.get('q') ?? '').toLowerCase();
  const full = r.query.get('format') === 'full';
  const limit = intParam(r.query, 'limit', 100, 1, full ? 100 : 500);
  if (limit === null)
    return { status: 400, body: { error: `limit must be between 1 and ${full ? 100 : 500}` } };
  const page = Math.max(1, Number(r.query.get('page') ?? '1') || 1);
  const hits = s.world.tokens.filter(
    (t) =>
      !q ||
      t.symbol.toLowerCase().includes(q) ||
      t.name.toLowerCase().includes(q) ||
      t.mint.toLowerCase() === q,
  );
  const data = hits.slice((page - 1) * limit, page * limit).map((t, i) => ({
    name: t.name,
    symbol: t.symbol,
    mint: t.mint,
    decimals: t.decimals,
    image: t.image,
    priceUsd: t.priceUsd,
    marketCapUsd: t.priceUsd === null ? null : round(t.priceUsd * 1e9),
    liquidityUsd: t.priceUsd === null ? null : round(t.priceUsd * 1e6),
    holders: 100 + ((hash32(t.mint) >>> 0) % 100_000),
    market: 'raydium',
    poolAddress: s.world.pools[i % s.world.pools.length],
    hasImage: true,
    hasCoinCommunity: i % 3 === 0,
    communityMessages: i % 3 === 0 ? 10 + i : 0,
    ...(t.extra ?? {}),
  }));
  return ok({ status: 'success', data, total: hits.length, pages: Math.ceil(hits.length / limit), page });
}

/** `/search`, `/chart/*`, `/stats/*`, `/events/*`, `/credits`, `/subscription`. */
export function marketRoute(s: SimState, r: Req, seg: string[], plan: string): Reply | null {
  const [a, b, c] = seg;
  if (a === 'credits' && seg.length === 1) return ok({ credits: 250_000 });
  if (a === 'subscription' && seg.length === 1) {
    const next = new Date(s.now + 20 * 86_400_000).toISOString();
    return ok({ credits: 250_000, plan, next_billing_date: next, status: 'active' });
  }
  if (a === 'search' && seg.length === 1) return search(s, r);
  if (a === 'chart' && b && seg.length <= 3) return chart(s, r, b);
  if (a === 'stats' && b && c && seg.length === 3) {
    if (!isAddress(b) || !isAddress(c))
      return dataError(400, 'INVALID_ADDRESS', 'token and pool must be valid addresses');
    return stats(s, b, c);
  }
  if (a === 'events' && b && seg.length <= 3) {
    if (!isAddress(b) || (c !== undefined && !isAddress(c))) {
      return dataError(400, 'INVALID_ADDRESS', 'token and pool must be valid addresses');
    }
    return {
      status: 200,
      binary: binaryEvents(s, b, c ?? s.world.pools[0]!),
      headers: { 'content-type': 'application/octet-stream' },
    };
  }
  return null;
}
