import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  ApiError,
  classifyAccountOwner,
  createApiClient,
  type DcaListParams,
  isPnlQueued,
  paginate,
} from '../../../lib/api';
import { type Sim, startSim } from '../../sim';
import { addr } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());
afterEach(async () => {
  await control('POST', '/__sim/faults', {});
});

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return res.json();
}

async function requestCount(prefix: string): Promise<number> {
  const log = (await control('GET', '/__sim/requests')) as Array<{ path: string }>;
  return log.filter((r) => r.path.startsWith(prefix)).length;
}

/** A client on the simulator; `tamper` rewrites the URL after local checks, to reach the server's own errors. */
function simClient(opts: { key?: string; tamper?: (url: URL) => void; retries?: number } = {}) {
  const sleeps: number[] = [];
  const client: ApiClient = createApiClient({
    dataUrl: sim.dataUrl,
    predictionUrl: sim.predictionUrl,
    rpcUrl: sim.rpcUrl,
    apiKey: opts.key ?? 'demo',
    retry: { retries: opts.retries ?? 2 },
    random: () => 0,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    fetch: (input, init) => {
      const url = new URL(String(input));
      opts.tamper?.(url);
      return fetch(url, init);
    },
  });
  return { client, sleeps };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a failure');
}

describe('client against the simulator', () => {
  it('account: subscription and credits, and a refused key', async () => {
    const { client } = simClient();
    expect((await client.account.subscription()).plan).toBe('premium');
    expect(typeof (await client.account.credits()).credits).toBe('number');
    const bad = simClient({ key: 'wrong-key' }).client;
    const e = await failure(bad.account.credits());
    expect([e.code, e.status]).toEqual(['UNAUTHORIZED', 401]);
    expect(e.message).not.toContain('wrong-key');
  });

  it('dca: programs, wallet, pages, order, token flow, buyers, sellers, users, pair', async () => {
    const { client } = simClient();
    const { wallets, mints, orders } = sim.catalog;
    expect((await client.dca.programs()).programs.map((p) => p.id)).toContain('jupiter');
    const wallet = await client.dca.wallet(wallets[0]!, { status: 'active' });
    expect(wallet.orders.length).toBeGreaterThanOrEqual(3);
    expect(wallet.orders.every((o) => o.owner === wallets[0] && o.status === 'active')).toBe(true);

    const all = await client.dca.walletOrders(wallets[0]!, { limit: 100 });
    const seen: string[] = [];
    for await (const page of paginate((p: DcaListParams) => client.dca.walletOrders(wallets[0]!, p), {
      limit: 1,
      sort: 'recent' as const,
    })) {
      seen.push(...page.orders.map((o) => o.address));
    }
    expect(new Set(seen)).toEqual(new Set(all.orders.map((o) => o.address)));
    expect(seen).toHaveLength(all.orders.length);

    const order = await client.dca.order(orders[0]!);
    expect([order.address, order.status]).toEqual([orders[0], 'active']);
    const flow = await client.dca.tokenFlow(mints[0]!);
    expect(flow.buyers.count).toBeGreaterThan(0);
    expect(flow.sellers.count).toBeGreaterThan(0);
    const buyers = await client.dca.tokenBuyers(mints[0]!, { limit: 1000 });
    expect(buyers.orders.every((o) => o.output.mint === mints[0])).toBe(true);
    const sellers = await client.dca.tokenSellers(mints[0]!);
    expect(sellers.orders.every((o) => o.input.mint === mints[0])).toBe(true);
    expect((await client.dca.tokenUsers(mints[0]!)).users.length).toBeGreaterThan(0);
    const pair = await client.dca.pair(order.input.mint, order.output.mint);
    expect(pair.orders.map((o) => o.address)).toContain(order.address);
  });

  const setParam = (name: string, value: string) => (url: URL) => url.searchParams.set(name, value);
  const replaceSegment = (index: number, value: string) => (url: URL) => {
    const parts = url.pathname.split('/');
    parts[index] = value;
    url.pathname = parts.join('/');
  };

  it.each([
    ['INVALID_WALLET', 400, (c: ApiClient) => c.dca.wallet(addr(1)), replaceSegment(3, 'not-a-wallet')],
    [
      'INVALID_SORT',
      400,
      (c: ApiClient) => c.dca.wallet(sim.catalog.wallets[0]!),
      setParam('sort', 'sideways'),
    ],
    [
      'INVALID_STATUS',
      400,
      (c: ApiClient) => c.dca.wallet(sim.catalog.wallets[0]!),
      setParam('status', 'lost'),
    ],
    ['INVALID_LIMIT', 400, (c: ApiClient) => c.dca.wallet(sim.catalog.wallets[0]!), setParam('limit', '101')],
    [
      'INVALID_PROGRAM',
      400,
      (c: ApiClient) => c.dca.wallet(sim.catalog.wallets[0]!, { program: 'other' }),
      undefined,
    ],
    [
      'PROGRAM_PARAM_CONFLICT',
      400,
      (c: ApiClient) => c.dca.wallet(sim.catalog.wallets[0]!),
      setParam('dex', 'other'),
    ],
    [
      'INVALID_CURSOR',
      400,
      (c: ApiClient) => c.dca.walletOrders(sim.catalog.wallets[0]!, { cursor: addr(4242) }),
      undefined,
    ],
    ['INVALID_ORDER', 400, (c: ApiClient) => c.dca.order(addr(1)), replaceSegment(3, 'xyz')],
    ['INVALID_MINT', 400, (c: ApiClient) => c.dca.tokenBuyers(addr(1)), replaceSegment(3, '0x00')],
    ['NOT_FOUND', 404, (c: ApiClient) => c.dca.order(addr(31337)), undefined],
  ] as const)('dca error %s comes back typed, never retried', async (code, status, call, tamper) => {
    const { client, sleeps } = simClient(tamper ? { tamper } : {});
    const e = await failure(call(client));
    expect([e.code, e.status]).toEqual([code, status]);
    expect(sleeps).toEqual([]);
  });

  it.each([
    [408, 'TIMEOUT'],
    [500, 'SERVER_ERROR'],
    [503, 'SERVICE_BUSY'],
  ] as const)('dca fault %i is retried and surfaces %s', async (status, code) => {
    await control('POST', '/__sim/faults', { status, paths: '/dca' });
    await control('DELETE', '/__sim/requests');
    const { client, sleeps } = simClient({ retries: 2 });
    const e = await failure(client.dca.tokenFlow(sim.catalog.mints[0]!));
    expect([e.code, e.status]).toEqual([code, status]);
    expect(sleeps).toHaveLength(2);
    expect(await requestCount('/dca')).toBe(3);
  });

  it('honours the simulator Retry-After on 429 and reports malformed JSON', async () => {
    await control('POST', '/__sim/faults', { status: 429, retryAfter: 2, paths: '/dca' });
    const { client, sleeps } = simClient({ retries: 1 });
    const e = await failure(client.dca.programs());
    expect([e.code, e.retryAfterMs]).toEqual(['RATE_LIMITED', 2000]);
    expect(sleeps).toEqual([2000]);
    await control('POST', '/__sim/faults', { malformed: true, paths: '/dca' });
    expect((await failure(client.dca.programs())).code).toBe('BAD_RESPONSE');
  });

  it('pnl: summary, queued wallet, wallet views, token views, leaderboard, batches', async () => {
    const { client } = simClient();
    const { wallets, queuedWallets, mints } = sim.catalog;
    const summary = await client.pnl.wallet(wallets[0]!, { pnlMode: 'strict', currency: 'usd' });
    expect(isPnlQueued(summary)).toBe(false);
    expect(isPnlQueued(await client.pnl.wallet(queuedWallets[0]!))).toBe(true);
    const positions = await client.pnl.positions(wallets[0]!);
    if (isPnlQueued(positions)) throw new Error('indexed wallet answered queued');
    for (const view of [
      client.pnl.history(wallets[0]!),
      client.pnl.performance(wallets[0]!),
      client.pnl.highlights(wallets[0]!),
      client.pnl.risk(wallets[0]!),
      client.pnl.chart(wallets[0]!),
    ]) {
      expect(isPnlQueued(await view)).toBe(false);
    }
    expect(positions.positions.length).toBeGreaterThan(0);
    expect(isPnlQueued(await client.pnl.tokenPosition(wallets[0]!, positions.positions[0]!.token))).toBe(
      false,
    );
    expect(Array.isArray((await client.pnl.tokenTraders(mints[0]!)).traders)).toBe(true);
    expect(Array.isArray((await client.pnl.tokenFirstBuyers(mints[0]!)).traders)).toBe(true);
    expect(Array.isArray((await client.pnl.leaderboardTop({ days: 7 })).traders)).toBe(true);

    const unknown = addr(777);
    const batch = await client.pnl.walletsBatch([...wallets.slice(0, 5), wallets[0]!, unknown, 'junk']);
    expect(new Set(batch.wallets.map((w) => w.wallet))).toEqual(new Set(wallets.slice(0, 5)));
    expect(batch.invalid).toContain('junk');
    expect([...batch.notFound, ...batch.truncated]).not.toContain(wallets[0]);
    const pairs = await client.pnl.positionPairsBatch(
      mints.slice(0, 3).map((token) => ({ wallet: wallets[0]!, token })),
    );
    expect(pairs.positions.length + pairs.notFound.length).toBe(3);
    const byWallet = await client.pnl.walletPositionsBatch(wallets[0]!, mints.slice(0, 3));
    expect(byWallet.positions.length + byWallet.notFound.length).toBe(3);
    const byToken = await client.pnl.tokenPositionsBatch(mints[0]!, wallets.slice(0, 3));
    expect(byToken.positions.length + byToken.notFound.length).toBe(3);
  });

  it('prediction: candlesticks and a batch with a missing id', async () => {
    const { client } = simClient();
    const { polymarket, kalshi } = sim.catalog.events;
    const candles = await client.prediction.candlesticks(polymarket[0]!, { interval: '1h', limit: 50 });
    expect(candles.series.length).toBeGreaterThan(0);
    const batch = await client.prediction.eventsBatch([polymarket[0]!, kalshi[0]!, 'no-such-event-slug']);
    expect(batch.notFound).toContain('no-such-event-slug');
    const found = batch.results.filter((r) => r.event);
    expect(found.length).toBe(2);
    for (const r of found)
      for (const m of r.event?.markets ?? [])
        for (const o of m.outcomes ?? []) expect(o.price ?? 0).toBeLessThanOrEqual(1);
  });

  it('rpc: blocks, accounts classified by owner, domains', async () => {
    const { client } = simClient();
    const { slots, wallets, mints, orders, pools } = sim.catalog;
    expect((await client.rpc.getBlock(slots.confirmed[0]!))?.blockhash).toBeTruthy();
    expect(await client.rpc.getBlock(slots.unconfirmed[0]!)).toBeNull();
    const accounts = await client.rpc.getMultipleAccounts([
      wallets[0]!,
      mints[0]!,
      orders[0]!,
      pools[0]!,
      addr(999),
    ]);
    const kinds = accounts.value.map((a) =>
      a ? classifyAccountOwner(a.owner, a.space, { executable: a.executable }) : null,
    );
    expect(kinds).toEqual(['wallet', 'mint', 'order', 'pool', null]);
    await client.rpc.getPrimaryDomain(wallets[0]!);
    const domains = await client.rpc.getMultiplePrimaryDomains(wallets.slice(0, 3));
    expect(Object.keys(domains)).toHaveLength(3);
    await client.rpc.getAllDomains(wallets[0]!);
  });

  it('market data: search, chart, stats, binary pool events', async () => {
    const { client } = simClient();
    const { mints, pools } = sim.catalog;
    expect(Array.isArray((await client.market.search('a', { limit: 5 })).data)).toBe(true);
    expect(Array.isArray((await client.market.chart(mints[0]!)).oclhv)).toBe(true);
    expect(typeof (await client.market.stats(mints[0]!, pools[0]!))).toBe('object');
    const events = await client.market.poolEvents(mints[0]!, pools[0]!);
    expect(events.trades.every((t) => events.wallets.includes(t.wallet))).toBe(true);
  });
});
