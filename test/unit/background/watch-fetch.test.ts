/**
 * The watch service's REST catch-up reads a watched wallet's orders through the real background
 * services, against the simulator over HTTP.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../lib/background/services';
import { watchFetchOrders } from '../../../lib/background/start';
import { clearLog, closeServices, requests, type Sim, simServices, startSim } from './helpers';

let sim: Sim;
let services: Services | undefined;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());
afterEach(async () => {
  await closeServices(services);
  services = undefined;
});

describe('watch catch-up fetch', () => {
  it("asks for 100 orders a page (the API's most), not a list's 20, with every status, most recent first", async () => {
    services = simServices(sim);
    await clearLog(sim);
    const wallet = sim.catalog.wallets[0]!;
    const orders = await watchFetchOrders(services.data)(wallet);
    expect(orders.length).toBeGreaterThan(0);
    const asked = await requests(sim, '/dca/wallet');
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) expect(r.query).toMatchObject({ limit: '100', status: 'all', sort: 'recent' });
  });
});
