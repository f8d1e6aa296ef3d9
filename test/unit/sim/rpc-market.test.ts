import { describe, expect, it } from 'vitest';
import type { ChartResponse, SearchResponse, SubscriptionResponse } from '../../../lib/api/schemas/market';
import type { AccountInfo } from '../../../lib/api/schemas/rpc';
import { encodeBase58 } from '../../../lib/detect/base58';
import type { Identity } from '../../sim/world';
import { client, rpcCall, useSim } from './helpers';

/** A confirmed block as the sim builds it (test/sim/rpc.ts block), as far as these tests read it. */
interface SimBlock {
  blockTime: number;
  blockhash: string;
  parentSlot: number;
  previousBlockhash: string;
  /** With transactionDetails 'full' (the default). */
  transactions?: { meta: { fee: number }; transaction: { signatures: string[] } }[];
  /** Unless rewards: false. */
  rewards?: unknown[];
}
/** getMultipleAccounts: one entry per key, null for an unknown account. */
interface Accounts {
  context: { slot: number };
  value: (AccountInfo | null)[];
}
/** /stats/:token/:pool (test/sim/routes-market.ts stats), per timeframe. */
type Stats = Record<
  '1m' | '5m' | '15m' | '30m' | '1h' | '4h' | '24h',
  { volume: { buys: number; sells: number; total: number } }
>;

const env = useSim();

describe('sim RPC', () => {
  it('getBlock/getConfirmedBlock: confirmed slot gives a block, unconfirmed null', async () => {
    const slot = env.sim.catalog.slots.confirmed[3]!;
    for (const method of ['getBlock', 'getConfirmedBlock']) {
      const r = await rpcCall<SimBlock>(env.sim, method, [
        slot,
        { transactionDetails: 'full', rewards: false },
      ]);
      expect(r.body.jsonrpc).toBe('2.0');
      expect(r.body.id).toBe(7);
      const b = r.body.result!;
      expect(b.parentSlot).toBe(slot - 1);
      expect(typeof b.blockTime).toBe('number');
      expect(typeof b.blockhash).toBe('string');
      expect(b.transactions![0]!.meta.fee).toBe(5000);
      expect(b.transactions![0]!.transaction.signatures.length).toBe(1);
      expect(b.rewards).toBeUndefined();
      const u = await rpcCall(env.sim, method, [env.sim.catalog.slots.unconfirmed[0]]);
      expect(u.body.result).toBeNull();
    }
    const prev = await rpcCall<SimBlock>(env.sim, 'getBlock', [slot - 1]);
    expect((await rpcCall<SimBlock>(env.sim, 'getBlock', [slot])).body.result!.previousBlockhash).toBe(
      prev.body.result!.blockhash,
    );
  });

  it('getMultipleAccounts uses the contract owners and the standard shape', async () => {
    const c = env.sim.catalog;
    const unknown = encodeBase58(new Uint8Array(32).fill(7));
    const r = await rpcCall<Accounts>(env.sim, 'getMultipleAccounts', [
      [c.wallets[0], c.mints[3], c.orders[0], c.pools[0], unknown],
    ]);
    const v = r.body.result!.value;
    expect(typeof r.body.result!.context.slot).toBe('number');
    expect(v[0]).toMatchObject({
      owner: '11111111111111111111111111111111',
      space: 0,
      data: ['', 'base64'],
      executable: false,
    });
    expect(v[1]).toMatchObject({ owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', space: 82 });
    expect(v[2]!.owner).toBe('DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M');
    expect(v[3]!.owner).toBe('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8');
    expect(v).toHaveLength(5);
    expect(v[4]).toBeNull();
    const bad = await rpcCall(env.sim, 'getMultipleAccounts', [['xyz']]);
    expect(bad.body.error!.code).toBe(-32602);
    expect(typeof v[0]!.lamports).toBe('number');
  });

  it('domains resolve consistently with identities; unknown method -32601; bad key 401', async () => {
    const w = env.sim.catalog.wallets[0]!;
    const pnl = await env.api.get<{ identity: Identity | null }>(`/v2/pnl/wallets/${w}`);
    const domain = pnl.body.identity!.sns!.domain;
    expect((await rpcCall(env.sim, 'getPrimaryDomain', [w])).body.result).toEqual({ wallet: w, domain });
    expect((await rpcCall(env.sim, 'resolveSolDomain', [domain])).body.result).toEqual({ domain, owner: w });
    expect((await rpcCall<string[]>(env.sim, 'getAllDomains', [w])).body.result![0]).toBe(domain);
    const multi = await rpcCall<{ wallet: string; domain: string | null }[]>(
      env.sim,
      'getMultiplePrimaryDomains',
      [[w, env.sim.catalog.wallets[2]]],
    );
    expect(multi.body.result![0]!.domain).toBe(domain);
    const un = await rpcCall(env.sim, 'getEverything', []);
    expect(un.body.error!.code).toBe(-32601);
    const bad = await rpcCall(env.sim, 'getBlock', [1], 'nope');
    expect(bad.status).toBe(401);
  });
});

describe('sim market data', () => {
  it('deprecated /events binary follows the documented layout', async () => {
    const r = await fetch(`${env.sim.url}/events/${env.sim.catalog.mints[2]}/${env.sim.catalog.pools[0]}`, {
      headers: { 'x-api-key': 'demo', accept: 'application/octet-stream' },
    });
    expect(r.headers.get('content-type')).toBe('application/octet-stream');
    const buf = Buffer.from(await r.arrayBuffer());
    let o = 0;
    const walletCount = buf.readUInt32LE(o);
    o += 4;
    const wallets: string[] = [];
    for (let i = 0; i < walletCount; i++) {
      const len = buf.readUInt8(o++);
      wallets.push(buf.subarray(o, o + len).toString('utf8'));
      o += len;
    }
    const trades = buf.readUInt32LE(o);
    o += 4;
    expect(buf.length - o).toBe(trades * 21);
    for (let i = 0; i < trades; i++, o += 21) {
      expect(buf.readUInt32LE(o)).toBeLessThan(walletCount);
      expect(buf.readFloatLE(o + 4)).toBeGreaterThan(0);
    }
    expect(wallets.every((w) => env.sim.catalog.wallets.includes(w))).toBe(true);
  });

  it('stats, chart (currency rule), search, credits, subscription', async () => {
    const [m, p] = [env.sim.catalog.mints[2], env.sim.catalog.pools[0]];
    const st = await env.api.get<Stats>(`/stats/${m}/${p}`);
    expect(st.body['24h'].volume.total).toBeCloseTo(
      st.body['24h'].volume.buys + st.body['24h'].volume.sells,
      1,
    );
    const ch = await env.api.get<ChartResponse>(`/chart/${m}?type=1h`);
    expect(ch.body.oclhv.length).toBeGreaterThan(10);
    // the chart ends at the price the token is served with (its header and its chart agree)
    const token = (await env.api.get<SearchResponse>(`/search?query=${m}`)).body.data[0]!;
    for (const type of ['1m', '1h', '1d']) {
      const bars = (await env.api.get<ChartResponse>(`/chart/${m}?type=${type}`)).body.oclhv;
      expect(bars.at(-1)!.close, type).toBe(token.priceUsd);
      for (let i = 1; i < bars.length; i++) expect(bars[i]!.open).toBe(bars[i - 1]!.close);
    }
    expect((await env.api.get(`/chart/${m}/${p}`)).status).toBe(200);
    const bad = await env.api.get(`/chart/${m}?currency=gbp`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Invalid currency. Options: usd, sol, eur' });
    const s = await env.api.get<SearchResponse>('/search?query=usdc');
    expect(s.body.data.some((t: { mint: string }) => t.mint === env.sim.catalog.mints[1])).toBe(true);
    expect((await env.api.get('/credits')).body).toEqual({ credits: expect.any(Number) });
    expect((await env.api.get('/subscription')).body).toMatchObject({ plan: 'premium', status: 'active' });
    expect((await client(env.sim, 'demo-free').get<SubscriptionResponse>('/subscription')).body.plan).toBe(
      'free',
    );
  });
});
