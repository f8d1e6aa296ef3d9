/**
 * Lists are parsed item by item (lib/api/parse.ts `listOf`): an item that does not fit is left out
 * and reported (its index, its key when readable, where and why), the rest of the answer kept. Over
 * real HTTP against a scripted server, as the client runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { addr, json, order, pagination, SOL, startServer, type TestServer, testClient } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const summary = { pnl: { realized: 1, unrealized: 2, total: 3 }, invested: 1, proceeds: 1, roi: null };
const rpc = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });
const account = (owner: string) => ({
  owner,
  lamports: 1,
  executable: false,
  data: ['', 'base64'],
  space: 0,
});

describe('PnL wallets batch', () => {
  it('drops the one wallet whose summary does not fit, with its wallet and path; odd identities are null', async () => {
    server.handle((hit, res) => {
      const { wallets } = JSON.parse(hit.body) as { wallets: string[] };
      json(res, 200, {
        wallets: wallets.map((wallet, i) => ({
          wallet,
          summary: i === 3 ? { ...summary, pnl: { ...summary.pnl, total: '3.00' } } : summary,
          // display-only parts of another shape: null (or the strings kept), never the wallet lost
          identity:
            i === 0 ? { name: 'x', tags: [{ id: 'kol' }, 'whale'], avatar: 7 } : i === 1 ? 'kol' : null,
          tags: i === 2 ? { isArbitrage: 'no', platforms: 'pump' } : null,
          updatedAt: i === 4 ? { at: 1 } : 1_700_000_000,
        })),
        notFound: [],
      });
    });
    const { client } = testClient(server.url);
    const keys = Array.from({ length: 6 }, (_, i) => addr(i));
    const r = await client.pnl.walletsBatch(keys);
    expect(r.wallets.map((w) => w.wallet)).toEqual(keys.filter((_k, i) => i !== 3));
    expect(r.dropped).toEqual([
      { index: 3, key: keys[3], reason: expect.stringMatching(/^summary\.pnl\.total: /) },
    ]);
    expect(r.wallets[0]!.identity).toMatchObject({ name: 'x', tags: ['whale'], avatar: null });
    expect(r.wallets[1]!.identity).toBeNull();
    expect(r.wallets[2]!.tags).toEqual({ isArbitrage: null, platforms: null });
    expect(r.wallets[3]!.updatedAt).toBeNull();
    expect(r.truncated).toEqual([]);
  });

  it('a truncated answer does not call the dropped wallet truncated: it was answered', async () => {
    server.handle((hit, res) => {
      const { wallets } = JSON.parse(hit.body) as { wallets: string[] };
      json(res, 200, {
        wallets: wallets.slice(0, 3).map((wallet, i) => ({ wallet, summary: i === 1 ? {} : summary })),
        truncated: { requested: 5, limit: 3 },
      });
    });
    const { client } = testClient(server.url);
    const keys = Array.from({ length: 5 }, (_, i) => addr(i));
    const r = await client.pnl.walletsBatch(keys);
    expect(r.dropped.map((d) => d.key)).toEqual([keys[1]]);
    expect(r.truncated).toEqual(keys.slice(3));
  });

  it('the pairs batch names a dropped position by its wallet:token', async () => {
    server.handle((hit, res) => {
      const { pairs } = JSON.parse(hit.body) as { pairs: { wallet: string; token: string }[] };
      json(res, 200, {
        positions: pairs.map((p, i) => ({
          ...p,
          pnl: i ? summary.pnl : 'n/a',
          invested: 1,
          proceeds: 0,
          roi: 0,
        })),
      });
    });
    const { client } = testClient(server.url);
    const r = await client.pnl.positionPairsBatch([
      { wallet: addr(1), token: SOL },
      { wallet: addr(2), token: SOL },
    ]);
    expect(r.positions.map((p) => p.wallet)).toEqual([addr(2)]);
    expect(r.dropped).toMatchObject([{ index: 0, key: `${addr(1)}:${SOL}` }]);
  });
});

describe('DCA order lists', () => {
  it('the wallet answer keeps its summary, the other orders and the cursor', async () => {
    const counts = { total: 4, active: 3, paused: 0, completed: 1, pending: 0 };
    server.handle((_h, res) =>
      json(res, 200, {
        wallet: addr(1),
        summary: counts,
        orders: [order(1), order(2, { deposited: 'lots' }), order(3, { volume: '12.5', pair: 7 }), order(4)],
        pagination: pagination({ nextCursor: 'next', hasMore: true, total: 4 }),
      }),
    );
    const { client } = testClient(server.url);
    const r = await client.dca.wallet(addr(1));
    expect(r.summary).toEqual(counts);
    expect(r.orders.map((o) => o.address)).toEqual([addr(1001), addr(1003), addr(1004)]);
    expect(r.orders[1]).toMatchObject({ volume: null, pair: null });
    expect(r.pagination).toMatchObject({ nextCursor: 'next', hasMore: true, total: 4 });
    const walletOrders = await client.dca.walletOrders(addr(1));
    expect(walletOrders.orders).toHaveLength(3);
  });
});

describe('prediction events batch', () => {
  it('drops the one result whose event does not fit, with its requested id', async () => {
    server.handle((hit, res) => {
      const ids = hit.url.searchParams.get('ids')!.split(',');
      json(res, 200, {
        notFound: [],
        results: ids.map((id) => ({
          requestedId: id,
          event:
            id === 'b'
              ? { id, markets: [{ id: 'm', outcomes: [{ label: 'Yes', price: 'high' }] }] }
              : { id, title: 'T', slug: 7, tags: 'x', comboGroups: 'y', volume24h: '1' },
        })),
      });
    });
    const { client } = testClient(server.url);
    const r = await client.prediction.eventsBatch(['a', 'b', 'c']);
    expect(r.results.map((x) => x.requestedId)).toEqual(['a', 'c']);
    expect(r.results[0]!.event).toMatchObject({ id: 'a', title: 'T', slug: null, comboGroups: null });
    expect(r.dropped).toEqual([
      { index: 1, key: 'b', reason: expect.stringContaining('event.markets.0.outcomes.0.price') },
    ]);
  });
});

describe('RPC getMultipleAccounts', () => {
  it('an account that does not fit is an error for its address alone; the others keep their places', async () => {
    server.handle((hit, res) => {
      const [keys] = JSON.parse(hit.body).params as [string[]];
      json(
        res,
        200,
        rpc({
          value: keys.map((k, i) => (i === 1 ? { ...account(k), owner: 42 } : i === 2 ? null : account(k))),
        }),
      );
    });
    const { client } = testClient(server.url);
    const keys = [addr(1), addr(2), addr(3), addr(4)];
    const r = await client.rpc.getMultipleAccounts(keys);
    expect(r.value.map((a) => a?.owner ?? null)).toEqual([addr(1), null, null, addr(4)]);
    expect(Object.keys(r.failed)).toEqual([addr(2)]);
    expect(r.failed[addr(2)]).toBeInstanceOf(ApiError);
    expect(r.failed[addr(2)]).toMatchObject({ code: 'SCHEMA_MISMATCH', endpoint: 'rpc:getMultipleAccounts' });
    expect(r.failed[addr(2)]!.message).toContain('value.1.owner');
  });

  it('an answer with the wrong number of accounts still fails whole', async () => {
    server.handle((_h, res) => json(res, 200, rpc({ value: [account(addr(1))] })));
    const { client } = testClient(server.url);
    const e = await client.rpc.getMultipleAccounts([addr(1), addr(2)]).catch((x) => x);
    expect(e).toMatchObject({ code: 'SCHEMA_MISMATCH', message: 'Account count differs.' });
  });
});
