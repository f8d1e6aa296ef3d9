/**
 * Lookups and token views when part of the service fails (the simulator's faults, over real HTTP):
 * a failure is carried as its error, never turned into a claim ("no users", "a wallet").
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { lookup } from '../../../lib/background/lookup';
import { toErrorResult } from '../../../lib/background/router';
import { errorMessage, isTransientCode } from '../../../lib/errors';
import { clearLog, control, requests, type Sim, simServices, startSim } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());
afterEach(async () => {
  await control(sim, 'POST', '/__sim/faults', {});
});

const fault = (paths: string, status = 503) => control(sim, 'POST', '/__sim/faults', { status, paths });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the lookup to fail');
    },
    (e: unknown) => e as ApiError,
  );

describe('an address whose kind could not be read (RPC outage)', () => {
  it('fails the lookup with the read’s error, retryable, instead of showing a mint as a wallet', async () => {
    const services = simServices(sim);
    const mint = sim.catalog.mints[2]!;
    await clearLog(sim);
    await fault('/rpc');
    const error = await failure(lookup(mint, services.data, services.client()));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('SERVICE_BUSY');
    expect(isTransientCode(error.code)).toBe(true);
    // what the popup shows: the specific text, with the read's reason in the UI's words (not the server's)
    expect(toErrorResult(error)).toEqual({
      ok: false,
      error: {
        code: 'SERVICE_BUSY',
        message:
          'Could not tell what kind of address this is (wallet, token, order): The service is busy; try again shortly.',
      },
    });
    // nothing was asked about it as a wallet
    expect(await requests(sim, '/dca')).toEqual([]);
    expect(await requests(sim, '/v2/pnl')).toEqual([]);

    await control(sim, 'POST', '/__sim/faults', {});
    expect(await lookup(mint, services.data, services.client())).toMatchObject({ kind: 'token', mint });
    await services.cache.close();
  });

  it('keeps a refused key a key problem (not a retry)', async () => {
    const services = simServices(sim);
    await fault('/rpc', 401);
    const error = await failure(lookup(sim.catalog.mints[3]!, services.data, services.client()));
    expect(error.code).toBe('UNAUTHORIZED');
    await services.cache.close();
  });
});

describe('a wallet lookup', () => {
  it('fails when neither half answered (DCA and PnL both 503): one error, not an empty wallet', async () => {
    const services = simServices(sim);
    const wallet = sim.catalog.wallets[1]!;
    // its kind read before the outage, and kept
    expect(await services.data.classify([wallet])).toEqual({ [wallet]: 'wallet' });
    await fault('/'); // the whole data API (the /__sim/ routes are never faulted)
    const error = await failure(lookup(wallet, services.data, services.client()));
    expect(error.code).toBe('SERVICE_BUSY');
    await services.cache.close();
  });

  it('shows the half that answered when only the other failed', async () => {
    const services = simServices(sim);
    const wallet = sim.catalog.wallets[1]!;
    await fault('/v2/pnl');
    const result = await lookup(wallet, services.data, services.client());
    if (result.kind !== 'wallet') throw new Error(`expected a wallet, got ${result.kind}`);
    expect(result.wallet.dcaError).toBeNull();
    expect(result.wallet.summary).not.toBeNull();
    expect(result.wallet.pnl).toEqual({
      state: 'error',
      error: { code: 'SERVICE_BUSY', message: errorMessage('SERVICE_BUSY') },
    });
    await services.cache.close();
  });
});

describe('a token view with a failed part', () => {
  it('top users that failed are null with their error, not an empty list', async () => {
    const services = simServices(sim);
    const mint = sim.catalog.mints[2]!;
    await fault(`/dca/token/${mint}/users`);
    const view = await services.data.token(mint);
    expect(view.topUsers).toBeNull();
    // the error inside the view carries the code's text, as results do (never the server's)
    expect(view.usersError).toEqual({ code: 'SERVICE_BUSY', message: errorMessage('SERVICE_BUSY') });
    expect(view.metaError).toBeNull();
    expect(view.flow.token).not.toBeNull();

    await control(sim, 'POST', '/__sim/faults', {});
    const again = await services.data.token(mint);
    expect(again.usersError).toBeNull();
    expect(again.topUsers!.length).toBeGreaterThan(0);
    await services.cache.close();
  });

  it('a name that failed carries its error; the flow still shows', async () => {
    const services = simServices(sim);
    const mint = sim.catalog.mints[3]!;
    await fault(`/dca/token/${mint}/buyers`);
    const view = await services.data.token(mint);
    expect(view.flow.token).toBeNull();
    expect(view.metaError).toMatchObject({ code: 'SERVICE_BUSY' });
    expect(view.usersError).toBeNull();
    expect(view.flow.buyers.count + view.flow.sellers.count).toBeGreaterThan(0);
    await services.cache.close();
  });
});
