/**
 * Watched wallets get their `.sol` name from the RPC (the real client against the simulator), so
 * notifications can name them; a failed lookup is tried again, a found name is not asked twice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '../../../lib/api';
import { domainName } from '../../../lib/api/schemas/rpc';
import { createDomainResolver } from '../../../lib/watch/domains';
import { createWatchlist } from '../../../lib/watch/watchlist';
import { type Sim, startSim } from '../../sim';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 42, eventsPerSecond: 0 });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => {
  fakeBrowser.reset();
});

function client() {
  return createApiClient({
    dataUrl: sim.dataUrl,
    predictionUrl: sim.predictionUrl,
    rpcUrl: sim.rpcUrl,
    apiKey: 'demo',
  });
}

async function rpcDomain(wallet: string): Promise<string | null> {
  const res = await fetch(`${sim.rpcUrl}?api_key=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getPrimaryDomain', params: [wallet] }),
  });
  const body = (await res.json()) as { result: Parameters<typeof domainName>[0] };
  return domainName(body.result);
}

describe('createDomainResolver', () => {
  it("fills in watched wallets' .sol names from the RPC, one batch call for all of them", async () => {
    const wallets = sim.catalog.wallets.slice(0, 5);
    const expected = await Promise.all(wallets.map(rpcDomain));
    expect(expected.some(Boolean), 'the simulator gives some of these wallets a name').toBe(true);
    const watchlist = createWatchlist();
    for (const w of wallets) await watchlist.add(w, null);
    let calls = 0;
    const api = client();
    const resolve = createDomainResolver({
      lookup: async (ws) => {
        calls++;
        const r = await api.rpc.getMultiplePrimaryDomains(ws);
        return Object.fromEntries(ws.map((w) => [w, domainName(r[w])]));
      },
      setDomains: (names) => watchlist.setDomains(names),
    });
    await resolve(watchlist.snapshot());
    expect(calls).toBe(1);
    expect(watchlist.snapshot().map((e) => e.domain ?? null)).toEqual(expected);
    await resolve(watchlist.snapshot());
    expect(calls, 'no second lookup for wallets already asked').toBe(1);
  });

  it('asks again after a failed lookup', async () => {
    const watchlist = createWatchlist();
    const wallet = sim.catalog.wallets[0]!;
    await watchlist.add(wallet, null);
    let fail = true;
    const resolve = createDomainResolver({
      lookup: async (ws) => {
        if (fail) throw new Error('offline');
        return Object.fromEntries(ws.map((w) => [w, 'named.sol']));
      },
      setDomains: (names) => watchlist.setDomains(names),
    });
    await resolve(watchlist.snapshot());
    expect(watchlist.get(wallet)?.domain ?? null).toBeNull();
    fail = false;
    await resolve(watchlist.snapshot());
    expect(watchlist.get(wallet)?.domain).toBe('named.sol');
  });
});
