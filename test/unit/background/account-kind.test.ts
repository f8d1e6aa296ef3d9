/**
 * Address kinds from getMultipleAccounts, through the real background services against the
 * simulator over HTTP: a Token-2022 token account with extensions (over 165 bytes) is not a mint.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../lib/background/services';
import { clearLog, control, requests, type Sim, simServices, startSim } from './helpers';

let sim: Sim;
let services: Services | undefined;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());
beforeEach(async () => {
  await control(sim, 'POST', '/__sim/faults', {});
  await clearLog(sim);
});
afterEach(async () => {
  await services?.cache.close();
  services?.hub.stop();
  services = undefined;
});

describe('address kinds from getMultipleAccounts', () => {
  it('tells Token-2022 mints from token accounts with extensions by the account-type byte', async () => {
    services = simServices(sim);
    const { token2022, wallets, mints, orders, pools } = sim.catalog;
    const [mint2022] = token2022.mints;
    const [account2022] = token2022.accounts;
    const kinds = await services.data.classify([
      mint2022!,
      account2022!,
      wallets[0]!,
      mints[3]!,
      orders[0]!,
      pools[0]!,
    ]);
    expect(kinds).toEqual({
      [mint2022!]: 'mint',
      [account2022!]: 'unknown',
      [wallets[0]!]: 'wallet',
      [mints[3]!]: 'mint',
      [orders[0]!]: 'order',
      [pools[0]!]: 'pool',
    });
    // Every Token-2022 account of the world, one batch.
    const all = await services.data.classify([...token2022.mints, ...token2022.accounts]);
    for (const m of token2022.mints) expect(all[m], m).toBe('mint');
    for (const a of token2022.accounts) expect(all[a], a).toBe('unknown');
  });

  it('asks for the one byte that matters (a dataSlice), not whole accounts', async () => {
    services = simServices(sim);
    const { token2022, pools } = sim.catalog;
    await services.data.classify([token2022.accounts[0]!, pools[1]!]);
    const calls = (await requests(sim, '/rpc')).filter((r) => r.rpc?.method === 'getMultipleAccounts');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.rpc!.config).toMatchObject({
      encoding: 'base64',
      dataSlice: { offset: 165, length: 1 },
    });
  });

  it('names known programs and mints by its list, without reading their accounts', async () => {
    // The content script reports them as 'unknown' (the list is kept out of page scripts): this
    // answer is what keeps them from being badged as wallets.
    services = simServices(sim);
    const token = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(await services.data.classify([token, usdc])).toEqual({ [token]: 'program', [usdc]: 'mint' });
    expect(await requests(sim, '/rpc')).toEqual([]);
  });

  it('leaves out an address whose account read failed (not "unknown", which the overlay would keep)', async () => {
    services = simServices(sim);
    const [wallet] = sim.catalog.wallets;
    await control(sim, 'POST', '/__sim/faults', { status: 500, paths: '/rpc' });
    expect(await services.data.classify([wallet!])).toEqual({});
    await control(sim, 'POST', '/__sim/faults', {});
    expect(await services.data.classify([wallet!])).toEqual({ [wallet!]: 'wallet' });
  });

  it('keeps the kind: a second ask is served from the cache', async () => {
    services = simServices(sim);
    const [account2022] = sim.catalog.token2022.accounts;
    expect(await services.data.classify([account2022!])).toEqual({ [account2022!]: 'unknown' });
    const before = (await requests(sim, '/rpc')).length;
    expect(await services.data.classify([account2022!])).toEqual({ [account2022!]: 'unknown' });
    expect((await requests(sim, '/rpc')).length).toBe(before);
  });
});
