/**
 * The popup's lookup in the background, against the simulator over real HTTP: a pair ("A B") is
 * sorted as the order list shows it, so the list's "Load more" works; a lowercase Kalshi ticker.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lookup } from '../../../lib/background/lookup';
import { rest, type Sim, simServices, startSim } from './helpers';

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
