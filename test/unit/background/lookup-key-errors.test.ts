/**
 * A bare address's lookup first reads its account's kind. When that read fails for the key (none
 * yet, refused, or a plan without access), the lookup fails with the key's own error, worded as
 * everywhere else (the popup adds "Open options"): only a failure of the service or the network
 * says that the kind could not be told.
 */
import { describe, expect, it } from 'vitest';
import { lookup } from '../../../lib/background/lookup';
import { toErrorResult } from '../../../lib/background/router';
import type { Services } from '../../../lib/background/services';
import { kalshiTickerOf } from '../../../lib/detect/lookup';
import { errorMessage } from '../../../lib/errors';
import { caught } from '../api/helpers';
import { control, type Sim, simServices } from './helpers';
import { simHooks } from './sim-hooks';

let sim: Sim;
let services: Services | undefined;
simHooks(
  { eventsPerSecond: 0 },
  (s) => {
    sim = s;
  },
  () => services,
);

const fault = (paths: string, status: number) => control(sim, 'POST', '/__sim/faults', { status, paths });
/** The lookup's failure (an ApiError, else the test fails) as the router answers it. */
async function failedView(input: string, opts: { apiKey?: string } = {}) {
  services = simServices(sim, opts);
  return toErrorResult(await caught(lookup(input, services.data, services.client())));
}

describe('a bare address looked up without a working key', () => {
  it('no key: the key’s own error, not "Could not tell what kind of address this is"', async () => {
    expect(await failedView(sim.catalog.mints[2]!, { apiKey: '' })).toEqual({
      ok: false,
      error: { code: 'NO_KEY', message: errorMessage('NO_KEY') },
    });
  });

  it('a refused key (401)', async () => {
    expect(await failedView(sim.catalog.wallets[1]!, { apiKey: 'not-a-key' })).toEqual({
      ok: false,
      error: { code: 'UNAUTHORIZED', message: errorMessage('UNAUTHORIZED') },
    });
  });

  it('a plan without access (403)', async () => {
    await fault('/rpc', 403);
    expect(await failedView(sim.catalog.mints[3]!)).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: errorMessage('FORBIDDEN') },
    });
  });

  it('a server failure still says the kind could not be told', async () => {
    await fault('/rpc', 500);
    const view = await failedView(sim.catalog.mints[3]!);
    expect(view.ok === false && view.error.message).toMatch(
      /^Could not tell what kind of address this is \(wallet, token, order\): /,
    );
  });
});

describe('a Polymarket slug typed in capitals', () => {
  it('finds the event (sent in lower case)', async () => {
    const slug = sim.catalog.events.polymarket.find((s) => !kalshiTickerOf(s))!;
    services = simServices(sim);
    const result = await lookup(slug.toUpperCase(), services.data, services.client());
    expect(result).toMatchObject({ kind: 'event', event: { found: true } });
  });
});
