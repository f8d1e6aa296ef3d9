/**
 * The popup's lookup of what is not a wallet, against the simulator over real HTTP: an address with
 * no account on mainnet says so (and promises no PnL), a token account is not a wallet, and a
 * hyphenated word no exchange has as an event slug is a token search.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lookup } from '../../../lib/background/lookup';
import { toErrorResult } from '../../../lib/background/router';
import { control, namedWallet, resetSims, type Sim, simServices, startSim } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());
beforeEach(() => resetSims(sim));

/** A valid address the simulator has no account at (never funded). */
const NOWHERE = 'Bq1nDrT9yV4fzqYhU3YgBjzXwWkWQdTy3Vx4LrxYjNhk';

it('an address with no account is a wallet result that says so, and does not say PnL is coming', async () => {
  const services = simServices(sim);
  const result = await lookup(NOWHERE, services.data, services.client());
  if (result.kind !== 'wallet') throw new Error(`expected a wallet, got ${result.kind}`);
  expect(result.noAccount).toBe(true);
  expect(result.wallet.address).toBe(NOWHERE);
  expect(result.wallet.pnl.state).not.toBe('queued');
  await services.cache.close();
});

it('a funded wallet is not said to have no account', async () => {
  const services = simServices(sim);
  const result = await lookup(sim.catalog.wallets[0]!, services.data, services.client());
  if (result.kind !== 'wallet') throw new Error(`expected a wallet, got ${result.kind}`);
  expect(result.noAccount).toBeUndefined();
  await services.cache.close();
});

it('a Token-2022 token account is a token account: its mint and its owner, not a wallet', async () => {
  const services = simServices(sim);
  const { accounts, mints } = sim.catalog.token2022;
  for (const [i, address] of accounts.entries()) {
    const result = await lookup(address, services.data, services.client());
    if (result.kind !== 'tokenAccount') throw new Error(`expected a token account, got ${result.kind}`);
    // the simulator's token account i holds mint i for wallet i (of its first two)
    expect(result).toEqual({ kind: 'tokenAccount', address, mint: mints[i], owner: sim.catalog.wallets[i] });
  }
  // what the page's badges ask stays as it was: no kind a badge is for
  expect(await services.data.classify([accounts[0]!])).toEqual({ [accounts[0]!]: 'unknown' });
  await services.cache.close();
});

it.each(['wif-sol', 'sol-usdc', 'dog-wif-hat'])(
  'a hyphenated word (%s) no exchange has as an event is a token search, not "No such event"',
  async (query) => {
    const services = simServices(sim);
    const result = await lookup(query, services.data, services.client());
    expect(result).toMatchObject({ kind: 'search', query });
    await services.cache.close();
  },
);

it('a Polymarket link naming no event still says there is no such event', async () => {
  const services = simServices(sim);
  const error = await lookup('https://polymarket.com/event/wif-sol', services.data, services.client()).then(
    () => null,
    (e: unknown) => e,
  );
  expect(toErrorResult(error)).toEqual({
    ok: false,
    error: { code: 'NOT_FOUND', message: 'No such prediction-market event.' },
  });
  await services.cache.close();
});

describe('a bare word while the prediction API fails', () => {
  it("is the token search when it has hits, not the prediction API's error", async () => {
    const services = simServices(sim);
    await control(sim, 'POST', '/__sim/faults', { errorRate: 1, status: 503, paths: '/pm' });
    const result = await lookup('giga-chad', services.data, services.client());
    if (result.kind !== 'search') throw new Error(`expected a search, got ${result.kind}`);
    expect(result.hits.map((h) => h.symbol)).toContain('GIGACHAD');
    await services.cache.close();
  });

  it("is the prediction API's error when the search has nothing either", async () => {
    const services = simServices(sim);
    await control(sim, 'POST', '/__sim/faults', { errorRate: 1, status: 503, paths: '/pm' });
    const error = await lookup('fed-decision-in-march', services.data, services.client()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toErrorResult(error)).toMatchObject({ ok: false, error: { code: 'SERVICE_BUSY' } });
    await services.cache.close();
  });
});

describe('a .sol name', () => {
  it("is its owner's wallet, as if the address had been pasted", async () => {
    const [wallet, name] = await namedWallet(sim);
    const services = simServices(sim);
    for (const input of [name, name.toUpperCase(), `https://${name}/`]) {
      const result = await lookup(input, services.data, services.client());
      if (result.kind !== 'wallet') throw new Error(`expected a wallet, got ${result.kind}`);
      expect(result.wallet.address).toBe(wallet);
    }
    await services.cache.close();
  });

  it('that no wallet owns says so, by name', async () => {
    const services = simServices(sim);
    const error = await lookup('no-such-name-xyz.sol', services.data, services.client()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(toErrorResult(error)).toEqual({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        message: 'No wallet owns no-such-name-xyz.sol: check the spelling, or paste the wallet address.',
      },
    });
    await services.cache.close();
  });
});
