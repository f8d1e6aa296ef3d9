import bs58 from 'bs58';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, isPnlQueued } from '../../../lib/api';
import { fetchBlock } from '../../../lib/background/lookup';
import { isSolanaAddress } from '../../../lib/detect/address';
import {
  addr,
  type Hit,
  json,
  order,
  pagination,
  SOL,
  startServer,
  type TestServer,
  testClient,
  USDC,
} from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const summary = { pnl: { realized: 1, unrealized: 2, total: 3 }, invested: 1, proceeds: 1, roi: null };
const pos = (wallet: string, token: string) => ({
  wallet,
  token,
  pnl: { realized: 1, unrealized: null, total: 1 },
  invested: 1,
  proceeds: 0,
  roi: 0,
});

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    const { code: c, status } = e as ApiError;
    if (String(c).startsWith('INVALID')) expect(status).toBe(0);
    return String(c);
  }
  return 'OK';
}

describe('input validation happens before any request', () => {
  it('accepts an address iff it is base58 of 32 bytes', async () => {
    server.handle((_h, res) => json(res, 200, { mint: SOL, buyers: { count: 0 }, sellers: { count: 0 } }));
    const { client } = testClient(server.url);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.uint8Array({ minLength: 0, maxLength: 40 }).map((b) => bs58.encode(b)),
        ),
        async (text) => {
          server.hits.length = 0;
          const c = await code(client.dca.order(text));
          if (isSolanaAddress(text)) expect(server.hits.length).toBe(1);
          else {
            expect(c).toBe('INVALID_ORDER');
            expect(server.hits).toHaveLength(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('checks limits per endpoint', async () => {
    server.handle((_h, res) => json(res, 500, {}));
    const { client } = testClient(server.url, { retry: { retries: 0 } });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer({ min: -5, max: 2100 }), fc.double()), async (limit) => {
        const wallet = await code(client.dca.wallet(addr(1), { limit }));
        const tokenEp = await code(client.dca.tokenBuyers(SOL, { limit }));
        const candles = await code(client.prediction.candlesticks('slug', { limit }));
        const ok = (max: number) => Number.isInteger(limit) && limit >= 1 && limit <= max;
        expect(wallet).toBe(ok(100) ? 'SERVER_ERROR' : 'INVALID_LIMIT');
        expect(tokenEp).toBe(ok(1000) ? 'SERVER_ERROR' : 'INVALID_LIMIT');
        expect(candles).toBe(ok(2000) ? 'SERVER_ERROR' : 'INVALID_LIMIT');
      }),
      { numRuns: 40 },
    );
  });

  it('checks enumerations with the spec codes', async () => {
    server.handle((_h, res) => json(res, 200, {}));
    const { client } = testClient(server.url);
    const bad = 'upside-down' as never;
    expect(await code(client.dca.wallet(addr(1), { sort: bad }))).toBe('INVALID_SORT');
    expect(await code(client.dca.wallet(addr(1), { status: bad }))).toBe('INVALID_STATUS');
    expect(await code(client.dca.wallet(addr(1), { program: 'Jupiter DCA!' }))).toBe('INVALID_PROGRAM');
    expect(await code(client.dca.wallet(addr(1), { cursor: 'has space' }))).toBe('INVALID_CURSOR');
    expect(await code(client.dca.wallet('nope'))).toBe('INVALID_WALLET');
    expect(await code(client.dca.tokenFlow('0x12'))).toBe('INVALID_MINT');
    expect(await code(client.dca.pair(USDC, 'x'))).toBe('INVALID_MINT');
    expect(await code(client.pnl.wallet(addr(1), { currency: 'gbp' as never }))).toBe('INVALID_INPUT');
    expect(await code(client.pnl.wallet(addr(1), { pnlMode: 'loose' as never }))).toBe('INVALID_INPUT');
    expect(await code(client.prediction.eventsBatch(['a'], { exchange: 'betfair' as never }))).toBe(
      'INVALID_INPUT',
    );
    expect(await code(client.prediction.candlesticks('../../etc'))).toBe('INVALID_INPUT');
    expect(await code(client.rpc.getMultipleAccounts(['bad']))).toBe('INVALID_INPUT');
    expect(await code(client.rpc.getBlock(-1))).toBe('INVALID_INPUT');
    expect(await code(client.market.search('   '))).toBe('INVALID_INPUT');
    expect(server.hits).toHaveLength(0);
  });
});

describe('DCA', () => {
  it('sends program and list params on every list endpoint', async () => {
    server.handle((hit, res) => {
      const p = hit.url.pathname;
      if (p.endsWith('/users')) return json(res, 200, { mint: SOL, users: [] });
      if (p.startsWith('/dca/pair'))
        return json(res, 200, {
          inputMint: USDC,
          outputMint: SOL,
          pair: 'x',
          orders: [order(1)],
          pagination: pagination(),
        });
      if (p.startsWith('/dca/token/') && p.split('/').length === 4)
        return json(res, 200, { mint: SOL, buyers: { count: 0 }, sellers: { count: 0 } });
      if (p.startsWith('/dca/token'))
        return json(res, 200, { mint: SOL, orders: [], pagination: pagination() });
      if (p.startsWith('/dca/order')) return json(res, 200, order(1));
      if (p === '/dca/programs') return json(res, 200, { programs: [] });
      return json(res, 200, { orders: [], pagination: pagination() });
    });
    const { client } = testClient(server.url);
    const params = { sort: 'progress', status: 'paused', limit: 5, cursor: addr(9) } as const;
    await client.dca.walletOrders(addr(1), params);
    await client.dca.tokenBuyers(SOL, params);
    await client.dca.tokenSellers(SOL, { ...params, program: 'other' });
    await client.dca.tokenFlow(SOL);
    await client.dca.tokenUsers(SOL, { limit: 1000 });
    await client.dca.pair(USDC, SOL, params);
    await client.dca.order(addr(1000));
    await client.dca.programs();
    const q = (h: Hit) => `${h.url.pathname}?${h.url.searchParams}`;
    expect(server.hits.map(q)).toEqual([
      `/dca/wallet/${addr(1)}/orders?program=jupiter&limit=5&cursor=${addr(9)}&sort=progress&status=paused`,
      `/dca/token/${SOL}/buyers?program=jupiter&limit=5&cursor=${addr(9)}&sort=progress&status=paused`,
      `/dca/token/${SOL}/sellers?program=other&limit=5&cursor=${addr(9)}&sort=progress&status=paused`,
      `/dca/token/${SOL}?program=jupiter`,
      `/dca/token/${SOL}/users?program=jupiter&limit=1000`,
      `/dca/pair/${USDC}/${SOL}?program=jupiter&limit=5&cursor=${addr(9)}&sort=progress&status=paused`,
      `/dca/order/${addr(1000)}?program=jupiter`,
      '/dca/programs?',
    ]);
  });
});

describe('PnL', () => {
  it('returns the queued notice as a value, not an error', async () => {
    server.handle((_h, res) => json(res, 200, { indexed: false, queued: true, message: 'Wallet queued' }));
    const { client } = testClient(server.url);
    const r = await client.pnl.wallet(addr(1), { pnlMode: 'adjusted', currency: 'eur' });
    expect(isPnlQueued(r)).toBe(true);
    expect(Object.fromEntries(server.hits[0]!.url.searchParams)).toEqual({
      pnlMode: 'adjusted',
      currency: 'eur',
    });
    expect(isPnlQueued(await client.pnl.positions(addr(1)))).toBe(true);
  });

  it('chunks wallet summaries by 100, de-duplicates, keeps invalid keys local and merges lists', async () => {
    server.handle((hit, res) => {
      const wallets: string[] = JSON.parse(hit.body).wallets;
      json(res, 200, {
        count: wallets.length - 1,
        wallets: wallets.slice(1).map((wallet) => ({ wallet, summary })),
        notFound: [wallets[0]],
      });
    });
    const { client } = testClient(server.url);
    const keys = Array.from({ length: 250 }, (_, i) => addr(i));
    const r = await client.pnl.walletsBatch([...keys, ...keys.slice(0, 10), 'not-a-wallet']);
    expect(server.hits.map((h) => JSON.parse(h.body).wallets.length)).toEqual([100, 100, 50]);
    expect(r.notFound).toEqual([addr(0), addr(100), addr(200)]);
    expect(r.invalid).toEqual(['not-a-wallet']);
    expect(r.wallets).toHaveLength(247);
    expect(r.count).toBe(247);
    expect(r.truncated).toEqual([]);
  });

  it('reports the keys a truncating chunk left out', async () => {
    server.handle((hit, res) => {
      const wallets: string[] = JSON.parse(hit.body).wallets;
      json(res, 200, {
        wallets: wallets.slice(0, 60).map((wallet) => ({ wallet, summary })),
        truncated: { requested: 100, limit: 60 },
      });
    });
    const { client } = testClient(server.url);
    const keys = Array.from({ length: 100 }, (_, i) => addr(i));
    const r = await client.pnl.walletsBatch(keys);
    expect(r.truncated).toEqual(keys.slice(60));
  });

  it('chunks the other three batch endpoints at 100, 200 and 200', async () => {
    server.handle((hit, res) => {
      const body = JSON.parse(hit.body);
      if (body.tokens)
        return json(res, 200, { positions: body.tokens.map((t: string) => pos(addr(1), t)), notFound: [] });
      if (body.wallets)
        return json(res, 200, { positions: body.wallets.map((w: string) => pos(w, SOL)), invalid: ['x'] });
      return json(res, 200, { positions: [], notFound: body.pairs.slice(0, 1) });
    });
    const { client } = testClient(server.url);
    const many = Array.from({ length: 450 }, (_, i) => addr(i + 1));
    const a = await client.pnl.walletPositionsBatch(addr(1), many.slice(0, 150), { pnlMode: 'raw' });
    const b = await client.pnl.tokenPositionsBatch(SOL, many);
    const c = await client.pnl.positionPairsBatch(many.map((w) => ({ wallet: w, token: SOL })));
    const sizes = server.hits.map((h) => {
      const body = JSON.parse(h.body);
      return `${h.url.pathname.replace(/[1-9A-HJ-NP-Za-km-z]{32,44}/g, ':k')} ${(body.tokens ?? body.wallets ?? body.pairs).length}`;
    });
    expect(sizes).toEqual([
      '/v2/pnl/wallets/:k/positions/batch 100',
      '/v2/pnl/wallets/:k/positions/batch 50',
      '/v2/pnl/tokens/:k/positions/batch 200',
      '/v2/pnl/tokens/:k/positions/batch 200',
      '/v2/pnl/tokens/:k/positions/batch 50',
      '/v2/pnl/positions/batch 200',
      '/v2/pnl/positions/batch 200',
      '/v2/pnl/positions/batch 50',
    ]);
    expect(server.hits[0]!.url.searchParams.get('pnlMode')).toBe('raw');
    expect(a.positions).toHaveLength(150);
    expect(b.positions).toHaveLength(450);
    expect(b.invalid).toEqual(['x']);
    expect(c.notFound).toHaveLength(3);
  });

  it('makes no request for an empty batch', async () => {
    const { client } = testClient(server.url);
    server.handle((_h, res) => json(res, 500, {}));
    expect(await client.pnl.walletsBatch([])).toEqual({
      count: 0,
      wallets: [],
      notFound: [],
      invalid: [],
      truncated: [],
      dropped: [],
    });
    expect(server.hits).toHaveLength(0);
  });
});

describe('prediction', () => {
  it('sends snake_case candle params', async () => {
    server.handle((_h, res) => json(res, 200, { series: [] }));
    const { client } = testClient(server.url);
    await client.prediction.candlesticks('POLY-123', {
      exchange: 'poly',
      interval: '1d',
      startTs: 1,
      endTs: 2,
      limit: 2000,
      cursor: 'abc',
      status: 'closed',
    });
    const hit = server.hits[0]!;
    expect(hit.url.pathname).toBe('/pm/v1/events/POLY-123/candlesticks');
    expect(Object.fromEntries(hit.url.searchParams)).toEqual({
      exchange: 'poly',
      period_interval: '1d',
      start_ts: '1',
      end_ts: '2',
      limit: '2000',
      cursor: 'abc',
      status: 'closed',
    });
  });

  it('chunks event ids by 25 and merges notFound', async () => {
    server.handle((hit, res) => {
      const ids = hit.url.searchParams.get('ids')!.split(',');
      json(res, 200, {
        notFound: [ids[0]],
        results: ids.map((id, i) => ({ requestedId: id, event: i === 0 ? null : { id } })),
      });
    });
    const { client } = testClient(server.url);
    const ids = Array.from({ length: 60 }, (_, i) => `ev-${i}`);
    const r = await client.prediction.eventsBatch([...ids, 'ev-1'], { exchange: 'kalshi' });
    expect(server.hits.map((h) => h.url.searchParams.get('ids')!.split(',').length)).toEqual([25, 25, 10]);
    expect(server.hits[0]!.url.searchParams.get('exchange')).toBe('kalshi');
    expect(r.notFound).toEqual(['ev-0', 'ev-25', 'ev-50']);
    expect(r.results).toHaveLength(60);
  });
});

describe('RPC', () => {
  const rpc = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });

  it("the block lookup reads each transaction's fee, error and first signature, parsed, without rewards", async () => {
    const tx = (sig: unknown, fee: number, err: unknown = null) => ({
      meta: { fee, err },
      transaction: { signatures: [sig] },
    });
    const block = (txs: unknown[]) =>
      rpc({ blockhash: 'h', parentSlot: 9, previousBlockhash: 'p', blockTime: 7, transactions: txs });
    server.handle((_h, res) =>
      json(
        res,
        200,
        block([
          tx('s1', 5000),
          tx('s2', 7000, { InstructionError: [0, 'x'] }),
          { meta: { fee: 0, err: null }, transaction: ['AAAA', 'base64'] },
        ]),
      ),
    );
    const { client } = testClient(server.url);
    expect(await fetchBlock(client, 10)).toEqual({
      slot: 10,
      blockTime: 7,
      blockhash: 'h',
      parentSlot: 9,
      transactionCount: 3,
      totalFeesLamports: 12_000,
      failedCount: 1,
      signatures: ['s1', 's2'],
    });
    expect(JSON.parse(server.hits[0]!.body).params[1]).toMatchObject({ rewards: false });
    // A signature that is not text is a schema change, not something to show.
    server.handle((_h, res) => json(res, 200, block([tx({ not: 'text' }, 5000)])));
    expect(await code(fetchBlock(client, 11))).toBe('SCHEMA_MISMATCH');
  });

  it('falls back to getConfirmedBlock only on -32601', async () => {
    server.handle((hit, res) => {
      const { method } = JSON.parse(hit.body);
      if (method === 'getBlock')
        return json(res, 200, {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32601, message: 'Method not found' },
        });
      json(
        res,
        200,
        rpc({ blockhash: 'h', parentSlot: 1, previousBlockhash: 'p', blockTime: null, transactions: [] }),
      );
    });
    const { client } = testClient(server.url);
    const block = await client.rpc.getBlock(2, { transactionDetails: 'none' });
    expect(block?.blockhash).toBe('h');
    expect(server.hits.map((h) => JSON.parse(h.body).method)).toEqual(['getBlock', 'getConfirmedBlock']);

    server.handle((_h, res) =>
      json(res, 200, { jsonrpc: '2.0', id: 1, error: { code: -32009, message: 'Slot skipped' } }),
    );
    const e = (await client.rpc.getBlock(3).catch((x: unknown) => x)) as ApiError;
    expect([e.code, e.endpoint, e.message]).toEqual(['RPC_-32009', 'rpc:getBlock', 'Slot skipped']);
    expect(server.hits).toHaveLength(1);
  });

  it('chunks getMultipleAccounts by 100 and keeps the input order', async () => {
    server.handle((hit, res) => {
      const [keys] = JSON.parse(hit.body).params as [string[]];
      json(
        res,
        200,
        rpc({
          context: { slot: 100 + keys.length },
          value: keys.map((k, i) =>
            i % 2 ? null : { owner: k, lamports: 1, executable: false, data: ['', 'base64'], space: 0 },
          ),
        }),
      );
    });
    const { client } = testClient(server.url);
    const keys = Array.from({ length: 230 }, (_, i) => addr(i));
    const r = await client.rpc.getMultipleAccounts(keys);
    expect(server.hits.map((h) => JSON.parse(h.body).params[0].length)).toEqual([100, 100, 30]);
    expect(JSON.parse(server.hits[0]!.body).params[1]).toEqual({ encoding: 'base64' });
    expect(r.value).toHaveLength(230);
    expect(r.value[2]?.owner).toBe(addr(2));
    expect(r.value[3]).toBeNull();
    expect(r.context?.slot).toBe(130);
  });

  it('merges primary domains from list or map answers', async () => {
    let asMap = false;
    server.handle((hit, res) => {
      const [keys] = JSON.parse(hit.body).params as [string[]];
      asMap = !asMap;
      json(
        res,
        200,
        rpc(asMap ? Object.fromEntries(keys.map((k) => [k, `${k.slice(0, 4)}.sol`])) : keys.map(() => null)),
      );
    });
    const { client } = testClient(server.url);
    const keys = Array.from({ length: 150 }, (_, i) => addr(i));
    const r = await client.rpc.getMultiplePrimaryDomains(keys);
    expect(Object.keys(r)).toHaveLength(150);
    expect(r[addr(0)]).toBe(`${addr(0).slice(0, 4)}.sol`);
    expect(r[addr(120)]).toBeNull();
    server.handle((_h, res) => json(res, 200, rpc(['a.sol', { domain: 'b.sol' }])));
    expect(await client.rpc.getAllDomains(addr(1))).toEqual(['a.sol', { domain: 'b.sol' }]);
    server.handle((_h, res) => json(res, 200, rpc(addr(5))));
    expect(await client.rpc.resolveSolDomain('Bonfida.sol')).toBe(addr(5));
    expect(JSON.parse(server.hits[0]!.body).params).toEqual(['bonfida.sol']);
  });
});

describe('market data and account', () => {
  it('asks for binary pool events with Accept: application/octet-stream and decodes them', async () => {
    const bytes = new Uint8Array([1, 0, 0, 0, 1, 65, 1, 0, 0, 0, ...new Uint8Array(21)]);
    server.handle((_h, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from(bytes));
    });
    const { client } = testClient(server.url);
    const r = await client.market.poolEvents(SOL, addr(7));
    expect(r.wallets).toEqual(['A']);
    expect(r.trades[0]?.type).toBe('buy');
    expect(server.hits[0]!.headers.accept).toBe('application/octet-stream');
    expect(server.hits[0]!.url.pathname).toBe(`/events/${SOL}/${addr(7)}`);
  });

  it('calls search, chart, stats, credits and subscription', async () => {
    server.handle((hit, res) => {
      const p = hit.url.pathname;
      if (p === '/search') return json(res, 200, { status: 'success', data: [] });
      if (p.startsWith('/chart')) return json(res, 200, { oclhv: [] });
      if (p.startsWith('/stats')) return json(res, 200, { '24h': {} });
      if (p === '/credits') return json(res, 200, { credits: 5 });
      return json(res, 200, { credits: 5, plan: 'free', next_billing_date: null, status: 'active' });
    });
    const { client } = testClient(server.url);
    await client.market.search(' bonk ', { limit: 10, filters: { market: 'raydium', 'bad name': 1 } });
    await client.market.chart(SOL, { pool: addr(7), currency: 'sol', type: '1m', timeFrom: 10 });
    await client.market.stats(SOL, addr(7));
    expect((await client.account.credits()).credits).toBe(5);
    expect((await client.account.subscription()).plan).toBe('free');
    expect(server.hits.map((h) => `${h.url.pathname}?${h.url.searchParams}`)).toEqual([
      '/search?market=raydium&query=bonk&limit=10',
      `/chart/${SOL}/${addr(7)}?currency=sol&type=1m&time_from=10`,
      `/stats/${SOL}/${addr(7)}?`,
      '/credits?',
      '/subscription?',
    ]);
  });
});
