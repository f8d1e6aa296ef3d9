/**
 * The hosts change while a wallet is gathered for a PnL batch (a lone key waits 50 ms): the key has
 * not gone to any host yet, so it goes to the new host, once, for the caller from before the switch
 * and the caller after it alike. Real services against two simulators, whose logs show who was asked.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../lib/background/services';
import {
  closeServices,
  requests,
  resetSims,
  type Sim,
  simServices,
  simSettings,
  startTwoHosts,
} from '../background/helpers';

let oldHost: Sim;
let newHost: Sim;
let services: Services;
beforeAll(async () => {
  [oldHost, newHost] = await startTwoHosts();
});
afterAll(async () => {
  await Promise.all([oldHost.close(), newHost.close()]);
});
beforeEach(async () => {
  await resetSims(oldHost, newHost);
  services = simServices(oldHost);
  await services.cache.flush(); // the database is open: a lookup reaches its batcher at once
});
afterEach(() => closeServices(services));

const pnlBatchPath = '/v2/pnl/wallets/batch';

describe('batch: a key gathered when the data hosts change', () => {
  it('is asked of the new host once, for the callers from before and after the switch', async () => {
    const wallet = oldHost.catalog.wallets[0]!;
    const before = services.data.walletBadge(wallet);
    await new Promise((r) => setTimeout(r, 5)); // gathered, not sent
    await services.setSettings(simSettings(newHost));
    const after = services.data.walletBadge(wallet);
    const views = await Promise.all([before, after]);
    expect(views.map((v) => v.pnl.state)).toEqual(['ready', 'ready']);
    expect(await requests(oldHost, pnlBatchPath)).toHaveLength(0);
    expect(await requests(newHost, pnlBatchPath)).toMatchObject([{ items: 1 }]);
    // and the new host's answer is the one stored
    await services.cache.flush();
    await services.data.walletBadge(wallet);
    expect(await requests(newHost, pnlBatchPath)).toHaveLength(1);
  });

  it('a wave gathered before the switch and completed after it goes out as one request', async () => {
    const [w1, w2, w3] = oldHost.catalog.wallets;
    const before = [services.data.walletBadge(w1!), services.data.walletBadge(w2!)];
    await new Promise((r) => setTimeout(r, 5));
    await services.setSettings(simSettings(newHost));
    const after = [services.data.walletBadge(w2!), services.data.walletBadge(w3!)];
    await Promise.all([...before, ...after]);
    expect(await requests(oldHost, pnlBatchPath)).toHaveLength(0);
    expect(await requests(newHost, pnlBatchPath)).toMatchObject([{ items: 3 }]);
  });
});
