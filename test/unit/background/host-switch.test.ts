/**
 * Switching the API hosts (the simulator and the live service, say) empties the cache: nothing the
 * old host answered is served for the new one, not even an answer that was still on its way when
 * the hosts changed. Two simulators stand for the two hosts; each one's log shows who was asked.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../lib/background/services';
import {
  closeServices,
  control,
  requests,
  resetSims,
  type Sim,
  simServices,
  simSettings,
  startTwoHosts,
} from './helpers';

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
});
afterEach(() => closeServices(services));

const flowPath = (mint: string) => `/dca/token/${mint}`;
const pnlBatchPath = '/v2/pnl/wallets/batch';
const switchHosts = () => services.setSettings(simSettings(newHost));

describe('new data hosts', () => {
  it("empty the cache: the next read asks the new host instead of serving the old host's answer", async () => {
    const mint = oldHost.catalog.mints[0]!;
    await services.data.tokenFlow(mint);
    await services.data.tokenFlow(mint); // cached: one request
    expect(await requests(oldHost, flowPath(mint))).toHaveLength(1);
    await switchHosts();
    expect(services.cache.stats().entries).toBe(0);
    await services.data.tokenFlow(mint);
    expect(await requests(newHost, flowPath(mint))).toHaveLength(1);
    expect(await requests(oldHost, flowPath(mint))).toHaveLength(1);
  });

  it('an answer of the old host that arrives after the switch is not cached for the new one', async () => {
    const mint = oldHost.catalog.mints[1]!;
    await control(oldHost, 'POST', '/__sim/faults', { latencyMs: 400, paths: '/dca' });
    const inFlight = services.data.tokenFlow(mint);
    await new Promise((r) => setTimeout(r, 100)); // asked, not answered yet
    await switchHosts();
    // Whoever asked before the switch still gets its answer...
    await expect(inFlight).resolves.toMatchObject({ mint });
    expect(await requests(oldHost, flowPath(mint))).toHaveLength(1);
    await services.cache.flush();
    // ...but it was not stored: the next read asks the new host.
    await services.data.tokenFlow(mint);
    expect(await requests(newHost, flowPath(mint))).toHaveLength(1);
  });

  it('a caller after the switch does not join a fetch still running on the old host', async () => {
    const mint = oldHost.catalog.mints[2]!;
    await control(oldHost, 'POST', '/__sim/faults', { latencyMs: 400, paths: '/dca' });
    const before = services.data.tokenFlow(mint);
    await new Promise((r) => setTimeout(r, 100));
    await switchHosts();
    await services.data.tokenFlow(mint);
    expect(await requests(newHost, flowPath(mint))).toHaveLength(1);
    await before;
  });

  it('a batched lookup after the switch does not join a batch request still running on the old host', async () => {
    const wallet = oldHost.catalog.wallets[0]!;
    await control(oldHost, 'POST', '/__sim/faults', { latencyMs: 600 });
    const before = services.data.walletBadge(wallet);
    // the batch went out (a lone key waits 50 ms) and the old host holds it
    await new Promise((r) => setTimeout(r, 250));
    await switchHosts();
    const after = await services.data.walletBadge(wallet);
    expect(after.pnl.state).toBe('ready');
    const asked = await requests(newHost, pnlBatchPath);
    expect(asked).toMatchObject([{ items: 1 }]);
    // The first caller still gets the old host's answer; it is not stored over the new one.
    expect((await before).pnl.state).toBe('ready');
    await services.cache.flush();
    expect(await services.cache.get('pnlBadge', wallet)).toBeDefined();
    await services.data.walletBadge(wallet);
    expect(await requests(newHost, pnlBatchPath)).toHaveLength(1);
    expect(await requests(oldHost, pnlBatchPath)).toHaveLength(1);
  });

  it('the saved key is checked again, against the new service', async () => {
    expect(await services.checkKey()).toBe('ok');
    expect(services.keyState()).toBe('valid');
    await switchHosts();
    expect(services.keyState()).toBe('unchecked');
    expect(services.plan()).toBeNull();
  });

  it('other settings, and a new datastream host alone, keep the cache', async () => {
    const mint = oldHost.catalog.mints[3]!;
    await services.data.tokenFlow(mint);
    await services.cache.flush();
    const settings = services.settings();
    await services.setSettings({ ...settings, theme: 'dark', currency: 'sol' });
    await services.setSettings({
      ...services.settings(),
      hosts: { ...settings.hosts, datastream: `${newHost.datastreamUrl}` },
    });
    expect(services.cache.stats().entries).toBeGreaterThan(0);
    await services.data.tokenFlow(mint);
    expect(await requests(oldHost, flowPath(mint))).toHaveLength(1);
  });
});
