import { describe, expect, it } from 'vitest';
import type { DataErrorBody } from '../../../lib/api/schemas/common';
import type { TokenFlowResponse, TokenUsersResponse } from '../../../lib/api/schemas/dca';
import { isSolanaAddress } from '../../../lib/detect/address';
import { client, type OrderPage, type Res, type SimOrder, useSim } from './helpers';

/** /dca/wallet/:wallet: the wallet's first page of orders and its status counts (test/sim/routes-dca.ts). */
interface WalletPage extends OrderPage {
  wallet: string;
  summary: { total: number; active: number; paused: number; completed: number; pending: number };
}

/** /dca/pair/:input/:output: a page of orders plus the pair it lists. */
interface PairPage extends OrderPage {
  inputMint: string;
  outputMint: string;
  pair: string;
}

const env = useSim();

const w0 = () => env.sim.catalog.wallets[0]!;
const m = (i: number) => env.sim.catalog.mints[i]!;

async function allPages(path: string, params: string): Promise<SimOrder[]> {
  const out: SimOrder[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    // annotated: `cursor` is reassigned from this answer, so TS cannot infer r's type by itself
    const r: Res<OrderPage> = await env.api.get(`${path}?${params}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.status).toBe(200);
    out.push(...r.body.orders);
    cursor = r.body.pagination.nextCursor;
    expect(r.body.pagination.hasMore).toBe(cursor !== null);
    if (!cursor) return out;
  }
  throw new Error('too many pages');
}

describe('sim /dca', () => {
  it('lists the jupiter program', async () => {
    const r = await env.api.get('/dca/programs');
    expect(r.body).toEqual({
      programs: [
        { id: 'jupiter', label: 'Jupiter DCA', programId: 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M' },
      ],
    });
  });

  it('rejects missing and unknown keys with 401 and the data error body', async () => {
    for (const key of [null, 'nope']) {
      const r = await client(env.sim, key).get<DataErrorBody>(`/dca/wallet/${w0()}`);
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('UNAUTHORIZED');
      expect(typeof r.body.error.message).toBe('string');
    }
    expect((await client(env.sim, 'demo-free').get('/dca/programs')).status).toBe(200);
  });

  it('wallet: summary adds up and matches the orders; favourites have >= 3 active orders', async () => {
    for (const w of env.sim.catalog.wallets.slice(0, 5)) {
      const r = await env.api.get<WalletPage>(`/dca/wallet/${w}?limit=100`);
      const s = r.body.summary;
      expect(s.active + s.paused + s.completed + s.pending).toBe(s.total);
      expect(s.active).toBeGreaterThanOrEqual(3);
      expect(r.body.pagination.total).toBe(s.total);
      const all = await allPages(`/dca/wallet/${w}/orders`, 'limit=7');
      expect(all.length).toBe(s.total);
      for (const st of ['active', 'paused', 'completed', 'pending'] as const) {
        expect(all.filter((o) => o.status === st).length).toBe(s[st]);
        const f = await env.api.get<OrderPage>(`/dca/wallet/${w}/orders?status=${st}&limit=100`);
        expect(f.body.pagination.total).toBe(s[st]);
        expect(f.body.orders.every((o) => o.status === st)).toBe(true);
      }
      expect(all.every((o) => o.owner === w)).toBe(true);
    }
    const first = await env.api.get<SimOrder>(`/dca/order/${env.sim.catalog.orders[0]}`);
    expect(first.body.status).toBe('active');
  });

  it('limits: defaults 50/200, maxima 100/1000, out of bounds INVALID_LIMIT', async () => {
    const w = await env.api.get<WalletPage>(`/dca/wallet/${w0()}`);
    expect(w.body.pagination.limit).toBe(50);
    const t = await env.api.get<OrderPage>(`/dca/token/${m(0)}/buyers`);
    expect(t.body.pagination.limit).toBe(200);
    expect((await env.api.get(`/dca/wallet/${w0()}?limit=100`)).status).toBe(200);
    expect((await env.api.get(`/dca/token/${m(0)}/sellers?limit=1000`)).status).toBe(200);
    expect((await env.api.get<OrderPage>(`/dca/pair/${m(1)}/${m(2)}`)).body.pagination.limit).toBe(50);
    for (const bad of [
      `/dca/wallet/${w0()}?limit=101`,
      `/dca/wallet/${w0()}/orders?limit=0`,
      `/dca/wallet/${w0()}?limit=abc`,
      `/dca/token/${m(0)}/buyers?limit=1001`,
      `/dca/token/${m(0)}/users?limit=0`,
      `/dca/pair/${m(1)}/${m(2)}?limit=101`,
    ]) {
      const r = await env.api.get<DataErrorBody>(bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe('INVALID_LIMIT');
    }
  });

  it('every sort key orders descending by its field; sortBy is an alias', async () => {
    const field: Record<string, (o: SimOrder) => number> = {
      volume: (o) => o.volumeUsd ?? -1,
      deposited: (o) => o.depositedUsd ?? -1,
      remaining: (o) => o.remainingUsd ?? -1,
      progress: (o) => o.progressPercent,
      created: (o) => Date.parse(o.createdAt),
      status: (o) => -['active', 'pending', 'paused', 'completed'].indexOf(o.status),
    };
    for (const [sort, f] of Object.entries(field)) {
      const r = await env.api.get<OrderPage>(`/dca/token/${m(1)}/sellers?sort=${sort}&limit=1000`);
      const vals = r.body.orders.map(f);
      expect(vals.length).toBeGreaterThan(5);
      for (let i = 1; i < vals.length; i++) expect(vals[i - 1], sort).toBeGreaterThanOrEqual(vals[i]!);
    }
    const recent = await env.api.get(`/dca/wallet/${w0()}?sort=recent&limit=100`);
    expect(recent.status).toBe(200);
    const a = await env.api.get<WalletPage>(`/dca/wallet/${w0()}?sortBy=created&limit=100`);
    const b = await env.api.get<WalletPage>(`/dca/wallet/${w0()}?sort=created&limit=100`);
    expect(a.body.orders.map((o) => o.address)).toEqual(b.body.orders.map((o) => o.address));
    const v = await env.api.get<WalletPage>(`/dca/wallet/${w0()}?limit=100`);
    expect(b.body.orders.map((o) => o.address)).not.toEqual(v.body.orders.map((o) => o.address));
    const bad = await env.api.get<DataErrorBody>(`/dca/wallet/${w0()}?sort=cheapest`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_SORT');
  });

  it('cursors page through without gaps and must match sort/status/program', async () => {
    const all = await allPages(`/dca/token/${m(0)}/buyers`, 'limit=9&sort=progress');
    const full = await env.api.get<OrderPage>(`/dca/token/${m(0)}/buyers?limit=1000&sort=progress`);
    expect(all.map((o) => o.address)).toEqual(full.body.orders.map((o) => o.address));
    const p1 = await env.api.get<WalletPage>(`/dca/wallet/${w0()}?limit=5&sort=volume`);
    const cur = p1.body.pagination.nextCursor;
    expect(cur).toBe(p1.body.orders[4]!.address);
    const p2 = await env.api.get<WalletPage>(`/dca/wallet/${w0()}?limit=5&sort=volume&cursor=${cur}`);
    expect(p2.status).toBe(200);
    expect(p2.body.orders[0]!.address).not.toBe(cur);
    for (const q of ['sort=created', 'sort=volume&status=completed', 'sort=volume&status=active']) {
      const r = await env.api.get<DataErrorBody>(`/dca/wallet/${w0()}?limit=5&${q}&cursor=${cur}`);
      if (q.endsWith('active') && p1.body.orders[4]!.status === 'active') continue;
      expect(r.status, q).toBe(400);
      expect(r.body.error.code).toBe('INVALID_CURSOR');
    }
    const wrongSort = await env.api.get<DataErrorBody>(
      `/dca/wallet/${w0()}?limit=5&sort=created&cursor=${cur}`,
    );
    expect(wrongSort.body.error.code).toBe('INVALID_CURSOR');
    const garbage = await env.api.get<DataErrorBody>(`/dca/wallet/${w0()}?cursor=notanaddress`);
    expect(garbage.body.error.code).toBe('INVALID_CURSOR');
    const other = await env.api.get<DataErrorBody>(
      `/dca/wallet/${env.sim.catalog.wallets[1]}?limit=5&sort=volume&cursor=${cur}`,
    );
    expect(other.body.error.code).toBe('INVALID_CURSOR');
  });

  it('program aliases, INVALID_PROGRAM and PROGRAM_PARAM_CONFLICT', async () => {
    for (const p of ['program', 'dex', 'platform']) {
      expect((await env.api.get(`/dca/wallet/${w0()}?${p}=jupiter`)).status).toBe(200);
      const bad = await env.api.get<DataErrorBody>(`/dca/wallet/${w0()}?${p}=orca`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('INVALID_PROGRAM');
    }
    expect((await env.api.get(`/dca/wallet/${w0()}?program=jupiter&dex=jupiter`)).status).toBe(200);
    const c = await env.api.get<DataErrorBody>(`/dca/wallet/${w0()}?program=jupiter&platform=orca`);
    expect(c.status).toBe(400);
    expect(c.body.error.code).toBe('PROGRAM_PARAM_CONFLICT');
  });

  it('validation error codes and NOT_FOUND', async () => {
    const cases: [string, number, string][] = [
      ['/dca/wallet/xyz', 400, 'INVALID_WALLET'],
      ['/dca/wallet/0OIl/orders', 400, 'INVALID_WALLET'],
      ['/dca/order/bad!', 400, 'INVALID_ORDER'],
      [`/dca/order/${env.sim.catalog.queuedWallets[0]}`, 404, 'NOT_FOUND'],
      ['/dca/token/nope', 400, 'INVALID_MINT'],
      ['/dca/token/nope/buyers', 400, 'INVALID_MINT'],
      [`/dca/pair/${m(0)}/nope`, 400, 'INVALID_MINT'],
      [`/dca/wallet/${w0()}?status=open`, 400, 'INVALID_STATUS'],
    ];
    for (const [path, status, code] of cases) {
      const r = await env.api.get(path);
      expect(r.status, path).toBe(status);
      expect(r.body).toEqual({ error: { code, message: expect.any(String) } });
    }
  });

  it('token buyers/sellers/flow/users are consistent', async () => {
    for (let i = 0; i < 5; i++) {
      const mint = m(i);
      const buyers = await env.api.get<OrderPage>(`/dca/token/${mint}/buyers?limit=1000`);
      const sellers = await env.api.get<OrderPage>(`/dca/token/${mint}/sellers?limit=1000`);
      expect(buyers.body.orders.length).toBeGreaterThan(0);
      expect(sellers.body.orders.length).toBeGreaterThan(0);
      expect(buyers.body.orders.every((o) => o.output.mint === mint)).toBe(true);
      expect(sellers.body.orders.every((o) => o.input.mint === mint)).toBe(true);
      const flow = await env.api.get<TokenFlowResponse>(`/dca/token/${mint}`);
      expect(flow.body.mint).toBe(mint);
      expect(flow.body.buyers.count).toBe(buyers.body.pagination.total);
      expect(flow.body.sellers.count).toBe(sellers.body.pagination.total);
      const sum = (os: SimOrder[]) => os.reduce((a, o) => a + (o.volumeUsd ?? 0), 0);
      expect(flow.body.buyers.volumeUsd).toBeCloseTo(sum(buyers.body.orders), 0);
      const users = await env.api.get<TokenUsersResponse>(`/dca/token/${mint}/users?limit=1000`);
      const involved = [...buyers.body.orders, ...sellers.body.orders];
      expect(users.body.users.reduce((a, u) => a + u.orderCount, 0)).toBe(involved.length);
      const vols = users.body.users.map((u) => u.volumeUsd ?? -1);
      for (let k = 1; k < vols.length; k++) expect(vols[k - 1]).toBeGreaterThanOrEqual(vols[k]!);
    }
    const active = await env.api.get<TokenFlowResponse>(`/dca/token/${m(2)}?status=active`);
    const ab = await env.api.get<OrderPage>(`/dca/token/${m(2)}/buyers?status=active`);
    expect(active.body.buyers.count).toBe(ab.body.pagination.total);
  });

  it('pair endpoint answers {inputMint, outputMint, pair, orders, pagination}', async () => {
    const r = await env.api.get<PairPage>(`/dca/pair/${m(1)}/${m(0)}?limit=100`);
    expect(Object.keys(r.body).sort()).toEqual(['inputMint', 'orders', 'outputMint', 'pagination', 'pair']);
    expect(r.body.pair).toBe('USDC -> SOL');
    expect(r.body.orders.length).toBeGreaterThan(0);
    expect(r.body.orders.every((o) => o.input.mint === m(1) && o.output.mint === m(0))).toBe(true);
  });

  it('orders cover every status, direction, openDcaV2, frequency forms, with consistent raw amounts', async () => {
    const seen = { status: new Set(), direction: new Set(), v2: 0, freq: new Set<string>() };
    for (const w of env.sim.catalog.wallets.slice(0, 60)) {
      const r = await env.api.get<WalletPage>(`/dca/wallet/${w}?limit=100`);
      for (const o of r.body.orders) {
        seen.status.add(o.status);
        seen.direction.add(o.direction);
        if (o.openInstruction === 'openDcaV2') seen.v2++;
        seen.freq.add(o.frequency);
        expect(isSolanaAddress(o.address) && isSolanaAddress(o.owner)).toBe(true);
        const d = o.input.decimals;
        expect(o.raw.deposited).toMatch(/^\d+$/);
        expect(BigInt(o.raw.used) + BigInt(o.raw.remaining) + BigInt(o.raw.withdrawn)).toBe(
          BigInt(o.raw.deposited),
        );
        expect(Number(o.raw.deposited) / 10 ** d).toBeCloseTo(o.deposited, 6);
        expect(o.used + o.remaining).toBeCloseTo(o.deposited, 6);
        if (o.status === 'completed') expect(o.remaining).toBe(0);
        if (o.status === 'pending') expect(o.used).toBe(0);
        expect(o.pair).toBe(`${o.input.symbol} -> ${o.output.symbol}`);
      }
    }
    expect([...seen.status].sort()).toEqual(['active', 'completed', 'paused', 'pending']);
    expect([...seen.direction].sort()).toEqual(['buying', 'mixed', 'selling']);
    expect(seen.v2).toBeGreaterThan(0);
    expect(seen.freq.has('1h') || seen.freq.has('1d')).toBe(true);
    expect([...seen.freq].some((f) => /^\d+$/.test(f))).toBe(true);
  });
});
