import { describe, expect, it } from 'vitest';
import type { analysis, Position, stats, summarize } from '../../sim/pnl-data';
import type { holder } from '../../sim/routes-pnl';
import type { Identity } from '../../sim/world';
import { useSim } from './helpers';

/** A /v2/pnl position row: the sim's Position without its internal `flagged` mark (see positionJson). */
type PositionRow = Omit<Position, 'flagged'>;
/** A position row of a batch answer, which also names its wallet. */
type WalletPositionRow = PositionRow & { wallet: string };
/** A row of /v2/pnl/tokens/:token/traders and /first-buyers. */
type TraderRow = ReturnType<typeof holder>;
/** A wallet's PnL summary (test/sim/pnl-data.ts summarize). */
type Summary = ReturnType<typeof summarize>;

/** /v2/pnl/wallets/:wallet (test/sim/routes-pnl.ts walletSub). */
interface WalletPnl {
  wallet: string;
  pnlMode: string;
  currency?: string;
  identity: Identity | null;
  summary: Summary;
  analysis: ReturnType<typeof analysis>;
  stats: ReturnType<typeof stats>;
  tags: { isArbitrage: boolean; platforms: string[] };
  updatedAt: string;
}
/** /v2/pnl/wallets/:wallet/positions. */
interface PositionsPage {
  positions: PositionRow[];
}
/** /v2/pnl/wallets/:wallet/tokens/:token: one position with its wallet. */
type TokenPosition = WalletPositionRow & { pnlMode: string };
/** /v2/pnl/tokens/:token/traders and /first-buyers, and /v2/pnl/leaderboard/top (rows not read). */
interface TradersPage<Row> {
  traders: Row[];
  pagination: { hasMore: boolean };
}
/** POST /v2/pnl/wallets/batch (test/sim/routes-pnl-batch.ts): each left-out list only when not empty. */
interface WalletsBatch {
  count: number;
  wallets: {
    wallet: string;
    identity: Identity | null;
    summary: Summary;
    tags: { isArbitrage: boolean; platforms: string[] };
    updatedAt: string;
  }[];
  notFound?: string[];
  invalid?: string[];
  truncated?: string[];
}
/** The POST position batches; `K` is how a left-out item is named (a token, a wallet, or a pair). */
interface PositionsBatch<Row, K> {
  count: number;
  positions: Row[];
  notFound?: K[];
  truncated?: K[];
}

const env = useSim();

describe('sim /v2/pnl', () => {
  it('wallet summary adds up from its positions', async () => {
    const w = env.sim.catalog.wallets[0]!;
    const r = await env.api.get<WalletPnl>(`/v2/pnl/wallets/${w}?pnlMode=raw`);
    expect(r.status).toBe(200);
    expect(r.body.wallet).toBe(w);
    expect(r.body.pnlMode).toBe('raw');
    expect(r.body.currency).toBeUndefined();
    const s = r.body.summary;
    expect(s.pnl.total).toBeCloseTo(s.pnl.realized + s.pnl.unrealized, 1);
    const p = await env.api.get<PositionsPage>(`/v2/pnl/wallets/${w}/positions?limit=100&pnlMode=raw`);
    const ps: PositionRow[] = p.body.positions;
    expect(ps.length).toBe(s.counts.tokensTraded);
    const sum = (f: (x: PositionRow) => number | null) => ps.reduce((a, x) => a + (f(x) ?? 0), 0);
    expect(s.invested).toBeCloseTo(
      sum((x) => x.invested),
      0,
    );
    expect(s.proceeds).toBeCloseTo(
      sum((x) => x.proceeds),
      0,
    );
    expect(s.pnl.realized).toBeCloseTo(
      sum((x) => x.pnl.realized),
      0,
    );
    expect(s.counts.buys).toBe(sum((x) => x.counts.buys));
    expect(s.counts.trades).toBe(s.counts.buys + s.counts.sells);
    expect(r.body.stats.holding + r.body.stats.sold).toBe(r.body.stats.total);
    expect(r.body.analysis.tokens.winning + r.body.analysis.tokens.losing).toBe(
      r.body.analysis.tokens.closed,
    );
    expect(typeof s.timing.firstTrade).toBe('number');
    expect(s.timing.firstTrade).toBeGreaterThan(1e12);
    expect(r.body.tags).toEqual({ isArbitrage: expect.any(Boolean), platforms: expect.any(Array) });
  });

  it('identities carry .sol domains for some wallets', async () => {
    const r = await env.api.get<WalletPnl>(`/v2/pnl/wallets/${env.sim.catalog.wallets[0]}`);
    expect(r.body.identity!.sns!.domain).toMatch(/\.sol$/);
  });

  it('queued wallets answer {indexed:false, queued:true, message}', async () => {
    const q = env.sim.catalog.queuedWallets[0]!;
    for (const sub of ['', '/positions', '/history']) {
      const r = await env.api.get(`/v2/pnl/wallets/${q}${sub}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ indexed: false, queued: true, message: expect.any(String) });
    }
  });

  it('currency: sol/eur convert money and set currency; invalid is 400 with the spec body', async () => {
    const w = env.sim.catalog.wallets[1]!;
    const usd = await env.api.get<WalletPnl>(`/v2/pnl/wallets/${w}`);
    const eur = await env.api.get<WalletPnl>(`/v2/pnl/wallets/${w}?currency=eur`);
    expect(eur.body.currency).toBe('eur');
    expect(eur.body.summary.invested).toBeCloseTo(usd.body.summary.invested * 0.92, 0);
    expect(eur.body.summary.counts).toEqual(usd.body.summary.counts);
    expect(eur.body.summary.roi).toBe(usd.body.summary.roi);
    const sol = await env.api.get<{ currency?: string }>(`/v2/pnl/wallets/${w}/performance?currency=sol`);
    expect(sol.body.currency).toBe('sol');
    for (const sub of ['', '/history', '/performance']) {
      const bad = await env.api.get(`/v2/pnl/wallets/${w}${sub}?currency=btc`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'Invalid currency. Options: usd, sol, eur' });
    }
  });

  it('strict mode zeroes flagged realized PnL that raw keeps', async () => {
    let differs = 0;
    for (const w of env.sim.catalog.wallets.slice(0, 30)) {
      const s = await env.api.get<WalletPnl>(`/v2/pnl/wallets/${w}`);
      const r = await env.api.get<WalletPnl>(`/v2/pnl/wallets/${w}?pnlMode=raw`);
      if (s.body.summary.pnl.realized !== r.body.summary.pnl.realized) differs++;
      expect(s.body.summary.pnl.realizedRaw).toBe(r.body.summary.pnl.realizedRaw);
    }
    expect(differs).toBeGreaterThan(0);
    expect((await env.api.get(`/v2/pnl/wallets/${env.sim.catalog.wallets[0]}?pnlMode=wild`)).status).toBe(
      400,
    );
  });

  it('every wallet sub-path answers', async () => {
    const w = env.sim.catalog.wallets[0]!;
    const pos = await env.api.get<PositionsPage>(`/v2/pnl/wallets/${w}/positions`);
    const token = pos.body.positions[0]!.token;
    const t = await env.api.get<TokenPosition>(`/v2/pnl/wallets/${w}/tokens/${token}`);
    expect(t.body.token).toBe(token);
    expect(t.body.wallet).toBe(w);
    expect((await env.api.get<{ days: unknown[] }>(`/v2/pnl/wallets/${w}/history`)).body.days.length).toBe(
      30,
    );
    expect((await env.api.get<{ window: number }>(`/v2/pnl/wallets/${w}/performance`)).body.window).toBe(30);
    expect(
      (
        await env.api.get<{ highlights: Record<string, PositionRow | null> }>(
          `/v2/pnl/wallets/${w}/highlights`,
        )
      ).body.highlights,
    ).toHaveProperty('biggestWinner');
    expect(
      (await env.api.get<{ openPositions: { count: number } }>(`/v2/pnl/wallets/${w}/risk`)).body
        .openPositions.count,
    ).toBeGreaterThanOrEqual(0);
    expect((await env.api.get<{ points: unknown[] }>(`/v2/pnl/wallets/${w}/chart`)).body.points.length).toBe(
      30,
    );
    const traders = await env.api.get<TradersPage<TraderRow>>(`/v2/pnl/tokens/${token}/traders`);
    expect(traders.body.traders.some((x: TraderRow) => x.wallet === w)).toBe(true);
    const fb = await env.api.get<TradersPage<TraderRow>>(`/v2/pnl/tokens/${token}/first-buyers`);
    const firsts = fb.body.traders.map((x: TraderRow) => x.timing.firstTrade);
    expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
    const lb = await env.api.get<TradersPage<unknown>>('/v2/pnl/leaderboard/top?limit=10');
    expect(lb.body.traders.length).toBe(10);
    expect(lb.body.pagination.hasMore).toBe(true);
    expect((await env.api.get('/v2/pnl/wallets/bad')).status).toBe(400);
  });

  it('wallet batch: 100 unique max, extra in truncated, invalid and notFound listed', async () => {
    const ws = env.sim.catalog.wallets;
    const list = [...ws.slice(0, 105), ws[0]!, 'not-a-wallet', env.sim.catalog.queuedWallets[0]!];
    const r = await env.api.post<WalletsBatch>('/v2/pnl/wallets/batch', { wallets: list });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(100);
    expect(r.body.wallets.length).toBe(100);
    expect(r.body.truncated).toEqual([...ws.slice(100, 105), env.sim.catalog.queuedWallets[0]]);
    expect(r.body.invalid).toEqual(['not-a-wallet']);
    expect(r.body.wallets[0]).toEqual({
      wallet: ws[0],
      identity: expect.anything(),
      summary: expect.any(Object),
      tags: expect.any(Object),
      updatedAt: expect.any(String),
    });
    const small = await env.api.post<WalletsBatch>('/v2/pnl/wallets/batch', {
      wallets: [ws[2], env.sim.catalog.queuedWallets[1]],
    });
    expect(small.body.notFound).toEqual([env.sim.catalog.queuedWallets[1]]);
    const single = await env.api.get<WalletPnl>(`/v2/pnl/wallets/${ws[2]}`);
    expect(small.body.wallets[0]!.summary).toEqual(single.body.summary);
    expect((await env.api.post('/v2/pnl/wallets/batch', {})).status).toBe(400);
  });

  it('position batches honour their limits', async () => {
    const w = env.sim.catalog.wallets[0]!;
    const mints = env.sim.catalog.mints;
    const tokens = [...mints, ...Array.from({ length: 50 }, (_, i) => env.sim.catalog.wallets[i])];
    const a = await env.api.post<PositionsBatch<PositionRow, string>>(
      `/v2/pnl/wallets/${w}/positions/batch`,
      {
        tokens,
      },
    );
    expect(a.body.truncated!.length).toBe(tokens.length - 100);
    expect(a.body.count).toBe(a.body.positions.length);
    expect(a.body.count + a.body.notFound!.length).toBe(100);
    const tk = a.body.positions[0]!.token;
    const b = await env.api.post<PositionsBatch<WalletPositionRow, string>>(
      `/v2/pnl/tokens/${tk}/positions/batch`,
      {
        wallets: env.sim.catalog.wallets,
      },
    );
    expect(b.body.positions.some((p: WalletPositionRow) => p.wallet === w)).toBe(true);
    expect(b.body.truncated).toBeUndefined();
    const pairs = env.sim.catalog.wallets.map((x) => ({ wallet: x, token: tk }));
    pairs.push(...env.sim.catalog.queuedWallets.map((x) => ({ wallet: x, token: tk })));
    const c = await env.api.post<PositionsBatch<WalletPositionRow, { wallet: string; token: string }>>(
      '/v2/pnl/positions/batch',
      { pairs },
    );
    expect(c.body.truncated!.length).toBe(pairs.length - 200);
    expect(c.body.positions.some((p: WalletPositionRow) => p.wallet === w && p.token === tk)).toBe(true);
  });
});
