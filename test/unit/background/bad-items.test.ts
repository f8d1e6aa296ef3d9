/**
 * One item of a list that does not fit its schema costs only itself: the real background services
 * against the simulator over real HTTP, with one item of an answer changed on its way in (the
 * service changing a shape). Each test fails on a client that parses lists whole.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../lib/background/services';
import { clearLog, closeServices, rest, type Sim, simServices, startSim } from './helpers';

let sim: Sim;
let services: Services | undefined;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());
beforeEach(() => clearLog(sim));
afterEach(async () => {
  await closeServices(services);
  services = undefined;
});

type Json = Record<string, unknown>;

/**
 * A fetch that passes everything through, except answers to requests `match` picks, which `edit`
 * changes first; `on.active = false` lets them through unchanged again (the service is fixed).
 */
function tampering(match: (url: string, body: string) => boolean, edit: (body: Json) => void) {
  const on = { active: true, hits: 0 };
  const fetchFn: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (!on.active || !match(String(input), typeof init?.body === 'string' ? init.body : '')) return res;
    on.hits++;
    const body = (await res.json()) as Json;
    edit(body);
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  };
  return { fetchFn, on };
}

describe('PnL badges: one wallet of a batch', () => {
  it('an identity of another shape (tags as objects) costs nothing: all six badges have their PnL', async () => {
    const wallets = sim.catalog.wallets.slice(0, 6);
    const { fetchFn, on } = tampering(
      (url) => url.includes('/v2/pnl/wallets/batch'),
      (body) => {
        const w0 = (body.wallets as Json[]).find((w) => w.wallet === wallets[0]);
        if (w0) w0.identity = { name: 'x', tags: [{ id: 'kol', label: 'KOL' }], avatar: 7 };
      },
    );
    services = simServices(sim, { fetch: fetchFn });
    const views = await Promise.all(wallets.map((w) => services!.data.walletBadge(w)));
    expect(on.hits).toBe(1);
    expect(views.map((v) => v.pnl.state)).toEqual(Array(6).fill('ready'));
  });

  it('a summary that does not fit fails its own badge (SCHEMA_MISMATCH), the others keep theirs', async () => {
    const wallets = sim.catalog.wallets.slice(0, 6);
    const { fetchFn, on } = tampering(
      (url) => url.includes('/v2/pnl/wallets/batch'),
      (body) => {
        const items = body.wallets as Json[];
        const w1 = items.find((w) => w.wallet === wallets[1]) as { summary: { pnl: Json } };
        w1.summary.pnl.total = '12,345.67';
        // an item whose wallet cannot be read: the wallets the answer is silent about get the error
        const w2 = items.find((w) => w.wallet === wallets[2])!;
        w2.wallet = 42;
      },
    );
    services = simServices(sim, { fetch: fetchFn });
    const views = await Promise.all(wallets.map((w) => services!.data.walletBadge(w)));
    expect(on.hits).toBe(1);
    expect(views.map((v) => v.pnl.state)).toEqual(['ready', 'error', 'error', 'ready', 'ready', 'ready']);
    const bad = views[1]!.pnl;
    expect(bad.state === 'error' && bad.error).toMatchObject({ code: 'SCHEMA_MISMATCH' });
    expect(views[2]!.pnl).toMatchObject({ state: 'error', error: { code: 'SCHEMA_MISMATCH' } });
    // the error is not kept: once the service sends the shape again, the badge has its PnL
    on.active = false;
    const again = await services.data.walletBadge(wallets[1]!);
    expect(again.pnl.state).toBe('ready');
  });
});

describe('DCA orders: one order of a wallet', () => {
  const wallet = () => sim.catalog.wallets[0]!;
  const isWalletList = (url: string) => url.includes('/dca/wallet/');
  const breakSecond = (body: Json) => {
    const orders = body.orders as Json[];
    if (orders[1]) orders[1].deposited = 'lots';
  };

  it('keeps the summary and the other orders, and counts the one left out', async () => {
    const answer = (await rest(sim, `/dca/wallet/${wallet()}?limit=10&sort=recent`)) as {
      summary: { active: number; total: number };
      orders: { address: string }[];
    };
    const { fetchFn } = tampering(isWalletList, breakSecond);
    services = simServices(sim, { fetch: fetchFn });
    const badge = await services.data.walletBadge(wallet());
    // the service's own counts, not the orders that were read
    expect(badge).toMatchObject({
      activeOrders: answer.summary.active,
      totalOrders: answer.summary.total,
      dcaError: null,
    });
    const view = await services.data.wallet(wallet());
    expect(view.summary).toMatchObject(answer.summary);
    expect(view.orders?.orders.map((o) => o.address)).toEqual(
      answer.orders.filter((_o, i) => i !== 1).map((o) => o.address),
    );
    expect(view.orders?.dropped).toBe(1);
  });

  it('a page of orders (the watch catch-up and poller) keeps the others and its cursor', async () => {
    const params = { status: 'all', sort: 'recent', limit: 5 } as const;
    services = simServices(sim);
    const first = await services.data.walletOrdersPage(wallet(), params, 'background');
    const second = await services.data.walletOrdersPage(
      wallet(),
      { ...params, cursor: first.nextCursor! },
      'background',
    );
    await closeServices(services);
    expect(first.hasMore).toBe(true);

    const { fetchFn } = tampering(isWalletList, breakSecond);
    services = simServices(sim, { fetch: fetchFn });
    const a = await services.data.walletOrdersPage(wallet(), params, 'background');
    expect(a.orders.map((o) => o.address)).toEqual(
      first.orders.filter((_o, i) => i !== 1).map((o) => o.address),
    );
    expect(a).toMatchObject({ dropped: 1, nextCursor: first.nextCursor, hasMore: true, total: first.total });
    const b = await services.data.walletOrdersPage(
      wallet(),
      { ...params, cursor: a.nextCursor! },
      'background',
    );
    expect(b.orders.map((o) => o.address)).toEqual(
      second.orders.filter((_o, i) => i !== 1).map((o) => o.address),
    );
    expect(b.dropped).toBe(1);
  });

  it('a field no view reads (volume as text) costs nothing', async () => {
    const { fetchFn } = tampering(isWalletList, (body) => {
      for (const o of body.orders as Json[]) o.volume = '1234.5';
    });
    services = simServices(sim, { fetch: fetchFn });
    const page = await services.data.walletOrdersPage(wallet(), { status: 'all', limit: 5 }, 'background');
    expect(page.orders).toHaveLength(5);
    expect(page.dropped).toBeUndefined();
  });
});

describe('odds: one event of a batch', () => {
  it('fails alone: the others are answered, and it alone fails with SCHEMA_MISMATCH', async () => {
    const [bad, good] = sim.catalog.events.polymarket;
    const { fetchFn, on } = tampering(
      (url) => url.includes('/v1/events/batch'),
      (body) => {
        for (const r of body.results as { requestedId: string; event: Json | null }[]) {
          if (r.requestedId.toLowerCase() === bad!.toLowerCase() && r.event) r.event.markets = 'gone';
        }
      },
    );
    services = simServices(sim, { fetch: fetchFn });
    const views = await services.data.odds([
      { exchange: 'polymarket', id: bad! },
      { exchange: 'polymarket', id: good! },
    ]);
    expect(on.hits).toBe(1);
    expect(views.map((v) => [v.requestedId, v.found])).toEqual([[good, true]]);
    const alone = await services.data.odds([{ exchange: 'polymarket', id: bad! }]).catch((e) => e);
    expect(alone).toMatchObject({ code: 'SCHEMA_MISMATCH' });
    expect(String(alone.message)).toMatch(/results\.\d+\.event\.markets/);
    on.active = false;
    expect(await services.data.odds([{ exchange: 'polymarket', id: bad! }])).toMatchObject([{ found: true }]);
  });
});

describe('address kinds: one account of getMultipleAccounts', () => {
  it('fails alone: the other addresses get their kinds', async () => {
    const addresses = [
      sim.catalog.token2022.mints[0]!,
      sim.catalog.wallets[0]!,
      sim.catalog.token2022.accounts[0]!,
      sim.catalog.orders[0]!,
    ];
    services = simServices(sim);
    const expected = await services.data.classify(addresses);
    await closeServices(services);
    expect(Object.keys(expected)).toHaveLength(4);

    const { fetchFn, on } = tampering(
      (_url, body) => body.includes('"getMultipleAccounts"'),
      (body) => {
        const value = (body.result as { value: (Json | null)[] }).value;
        value[1] = { ...value[1], owner: 42 };
      },
    );
    services = simServices(sim, { fetch: fetchFn });
    const kinds = await services.data.classify(addresses);
    expect(on.hits).toBe(1);
    const { [addresses[1]!]: _left, ...others } = expected;
    expect(kinds).toEqual(others);
    await expect(services.data.kindOf(addresses[1]!)).rejects.toMatchObject({ code: 'SCHEMA_MISMATCH' });
  });
});
