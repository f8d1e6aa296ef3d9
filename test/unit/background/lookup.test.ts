/**
 * The popup's lookup in the background, against the simulator over real HTTP: a pair ("A B") is
 * sorted as the order list shows it, so the list's "Load more" works; a lowercase Kalshi ticker; a
 * bare number, which may be a Polymarket id as well as a slot.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lookup } from '../../../lib/background/lookup';
import { toErrorResult } from '../../../lib/background/router';
import { POLYMARKET_NUMBER_MAX } from '../../../lib/detect/lookup';
import { shortAddress } from '../../../lib/format';
import { clearLog, control, requests, resetSims, rest, type Sim, simServices, startSim } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());

/** The simulator's pair (input mint, output mint) with the most orders. */
async function busiestPair(): Promise<[string, string, number]> {
  const counts = new Map<string, number>();
  for (const mint of sim.catalog.mints) {
    const r = (await rest(sim, `/dca/token/${mint}/buyers?limit=1000`)) as {
      orders: { input: { mint: string } }[];
    };
    for (const o of r.orders) {
      const key = `${o.input.mint} ${mint}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [key, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const [a, b] = key.split(' ') as [string, string];
  return [a, b, n];
}

it("a pair lookup pages on with the order list's sort (most recent first)", async () => {
  const [a, b, n] = await busiestPair();
  expect(n).toBeGreaterThan(20); // more than one page of 20
  const services = simServices(sim);
  const result = await lookup(`${a} -> ${b}`, services.data, services.client());
  if (result.kind !== 'pair') throw new Error(`expected a pair, got ${result.kind}`);
  expect(result.page.orders).toHaveLength(20);
  expect(result.page.hasMore).toBe(true);
  // What OrderList sends for "Load more": its default sort ('recent'), all statuses, the cursor.
  const more = await services.data.pairPage(a, b, { sort: 'recent', cursor: result.page.nextCursor! });
  const seen = new Set(result.page.orders.map((o) => o.address));
  expect(more.orders.length).toBeGreaterThan(0);
  expect(more.orders.every((o) => !seen.has(o.address))).toBe(true);
});

it('an event link naming no event says so in the popup, not just "Not found."', async () => {
  const services = simServices(sim);
  const error = await lookup(
    'https://polymarket.com/event/this-event-does-not-exist-xyz',
    services.data,
    services.client(),
  ).then(
    () => null,
    (e: unknown) => e,
  );
  expect(toErrorResult(error)).toEqual({
    ok: false,
    error: { code: 'NOT_FOUND', message: 'No such prediction-market event.' },
  });
});

it('a Kalshi ticker written in lowercase, as in Kalshi URLs, finds the Kalshi event', async () => {
  const ticker = sim.catalog.events.kalshi[0]!;
  const services = simServices(sim);
  const result = await lookup(ticker.toLowerCase(), services.data, services.client());
  if (result.kind !== 'event') throw new Error(`expected an event, got ${result.kind}`);
  expect(result.event).toMatchObject({ exchange: 'kalshi', found: true });
  // A Polymarket slug is not taken for a ticker: its second word has no digit.
  const slug = sim.catalog.events.polymarket[0]!;
  const poly = await lookup(slug, services.data, services.client());
  if (poly.kind !== 'event') throw new Error(`expected an event, got ${poly.kind}`);
  expect(poly.event).toMatchObject({ exchange: 'polymarket', found: true });
});

describe('a bare number: a Polymarket id or a slot', () => {
  /** The simulator's numeric id of a Polymarket event, read from the prediction API by its slug. */
  async function polymarketId(): Promise<string> {
    const slug = sim.catalog.events.polymarket[2]!;
    const res = await fetch(`${sim.predictionUrl}/v1/events/batch?ids=${slug}&exchange=polymarket`, {
      headers: { 'x-api-key': 'demo' },
    });
    const body = (await res.json()) as { results: { event: { id: string } }[] };
    return body.results[0]!.event.id;
  }
  // Small for a slot, yet a block (the README's example: the simulator answered it with a negative
  // block height once, which the schema refused).
  const OLD_SLOT = 512_340;
  const pmCalls = async () => (await requests(sim, '/pm')).length;
  const blockCalls = async () =>
    (await requests(sim, '/rpc')).filter((r) => r.rpc?.method === 'getBlock').length;

  beforeEach(() => resetSims(sim));

  it("a Polymarket event's numeric id shows that event, not a block", async () => {
    const id = await polymarketId();
    expect(Number(id)).toBeLessThan(POLYMARKET_NUMBER_MAX);
    const services = simServices(sim);
    const result = await lookup(id, services.data, services.client());
    if (result.kind !== 'event') throw new Error(`expected an event, got ${result.kind}`);
    expect(result.event).toMatchObject({ exchange: 'polymarket', found: true, eventId: id });
    expect(await blockCalls()).toBe(0);
    await services.cache.close();
  });

  it('a small number no Polymarket event has is the block at that slot', async () => {
    const services = simServices(sim);
    const result = await lookup(String(OLD_SLOT), services.data, services.client());
    expect(result).toMatchObject({ kind: 'block', slot: OLD_SLOT, block: { slot: OLD_SLOT } });
    expect(await pmCalls()).toBe(1); // Polymarket was asked first
    await services.cache.close();
  });

  it('"slot N" and a number as large as a recent slot ask for the block only', async () => {
    const services = simServices(sim);
    expect(await lookup(`slot ${OLD_SLOT}`, services.data, services.client())).toMatchObject({
      kind: 'block',
      slot: OLD_SLOT,
      block: { slot: OLD_SLOT },
    });
    const slot = sim.catalog.slots.confirmed[0]!;
    expect(await lookup(String(slot), services.data, services.client())).toMatchObject({
      kind: 'block',
      slot,
      block: { slot },
    });
    expect(await pmCalls()).toBe(0);
    expect(await blockCalls()).toBe(2);
    await services.cache.close();
  });

  it('a failing prediction API does not hide the block', async () => {
    const services = simServices(sim);
    await control(sim, 'POST', '/__sim/faults', { errorRate: 1, status: 400, paths: '/pm' });
    const result = await lookup(String(OLD_SLOT), services.data, services.client());
    expect(result).toMatchObject({ kind: 'block', slot: OLD_SLOT, block: { slot: OLD_SLOT } });
    expect(await pmCalls()).toBeGreaterThan(0);
    await services.cache.close();
  });
});

describe('"order <address>" (what a closed order\'s notification opens)', () => {
  it('shows the order without reading its account, which a closed order no longer has', async () => {
    await clearLog(sim);
    const services = simServices(sim);
    const address = sim.catalog.orders[0]!;
    const result = await lookup(`order ${address}`, services.data, services.client());
    expect(result).toMatchObject({ kind: 'order', order: { address } });
    const accountReads = (await requests(sim, '/rpc')).filter((r) => r.rpc?.method === 'getMultipleAccounts');
    expect(accountReads).toHaveLength(0);
    await services.cache.close();
  });
});

describe('two addresses pasted together', () => {
  beforeEach(() => resetSims(sim));

  it('a wallet and a mint are refused by name, not shown as an empty pair', async () => {
    const services = simServices(sim);
    const wallet = sim.catalog.wallets[0]!;
    const mint = sim.catalog.mints[0]!;
    await clearLog(sim);
    const error = await lookup(`${wallet} ${mint}`, services.data, services.client()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toErrorResult(error)).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: `Two addresses are a DCA pair of two token mints, but ${shortAddress(wallet)} is a wallet: paste one address at a time.`,
      },
    });
    // no pair request was made for it
    expect((await requests(sim, '/dca/pair')).length).toBe(0);
    await services.cache.close();
  });

  it('an order and a never-funded address are each named', async () => {
    const services = simServices(sim);
    const order = sim.catalog.orders[0]!;
    const nowhere = 'Bq1nDrT9yV4fzqYhU3YgBjzXwWkWQdTy3Vx4LrxYjNhk';
    const error = await lookup(`${order} / ${nowhere}`, services.data, services.client()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toErrorResult(error)).toMatchObject({
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringContaining(
          `${shortAddress(order)} is a DCA order and ${shortAddress(nowhere)} is not a token mint`,
        ),
      },
    });
    await services.cache.close();
  });

  it('two mints whose kind cannot be read (RPC down) are still looked up as a pair', async () => {
    const [a, b] = await busiestPair();
    const services = simServices(sim);
    await control(sim, 'POST', '/__sim/faults', { errorRate: 1, status: 503, paths: '/rpc' });
    const result = await lookup(`${a} ${b}`, services.data, services.client());
    expect(result).toMatchObject({ kind: 'pair', inputMint: a, outputMint: b });
    expect(result.kind === 'pair' && result.page.orders.length).toBeGreaterThan(0);
    await services.cache.close();
  });
});
