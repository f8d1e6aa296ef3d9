/**
 * A wallet the PnL API is still indexing ("try again shortly"), against the simulator over HTTP:
 * trying again asks the API again (the notice is not cached like an answer).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
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
