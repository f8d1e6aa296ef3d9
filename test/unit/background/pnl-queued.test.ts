/**
 * A wallet the PnL API is still indexing ("try again shortly"), against the simulator over HTTP:
 * trying again asks the API again (the notice is not cached like an answer).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../../../lib/api';
import { createDataService } from '../../../lib/background/data';
import { createCache } from '../../../lib/cache';
import { defaultSettings } from '../../../lib/settings';
import { clearLog, requests, type Sim, simServices, startSim } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());

it('"indexing, try again shortly": trying again asks again', async () => {
  const services = simServices(sim);
  const wallet = sim.catalog.queuedWallets[0]!;
  await clearLog(sim);
  const first = await services.data.wallet(wallet);
  expect(first.pnl.state).toBe('queued');
  await services.cache.flush();
  const again = await services.data.wallet(wallet); // the popup's "Check PnL again"
  expect(again.pnl.state).toBe('queued');
  expect(await requests(sim, `/v2/pnl/wallets/${wallet}`)).toHaveLength(2);
  await services.cache.close();
});

it('a refresh answered "indexing" in the stale window keeps the PnL the wallet had', async () => {
  // The service still answers within the stale window; one refresh says "try again shortly"
  // (a re-index on its side): the good answer stays shown, not replaced by the notice.
  let t = Date.UTC(2026, 0, 5, 12);
  const cache = createCache({
    dbName: 'pnl-stale-queued',
    schemaVersion: 1,
    maxEntries: 100,
    maxBytes: 1e6,
    now: () => t,
  });
  const good = { summary: { pnl: { realized: 10, unrealized: 2, total: 12 }, invested: 100, proceeds: 0 } };
  let answer: unknown = good;
  const calls = { n: 0 };
  const client = {
    pnl: {
      wallet: async () => {
        calls.n++;
        return answer;
      },
    },
  } as unknown as ApiClient;
  const data = createDataService({
    client: () => client,
    cache,
    settings: defaultSettings,
    isWatched: () => false,
    now: () => t,
  });
  const wallet = sim.catalog.wallets[0]!;
  expect((await data.wallet(wallet)).pnl.state).toBe('ready');
  t += 3 * 60_000; // past the 2-minute TTL, inside the stale window
  answer = { indexed: false, message: 'Indexing, try again shortly.' };
  expect((await data.wallet(wallet)).pnl.state).toBe('ready'); // the stale value; a refresh starts
  await cache.flush();
  const after = await data.wallet(wallet);
  expect(calls.n).toBeGreaterThanOrEqual(2);
  expect(after.pnl).toMatchObject({ state: 'ready', pnl: { total: 12 } });
  await cache.close();
});
