/**
 * The status answer and the key check, against the simulator: the status does not wait for a slow
 * key check (it answers with what is known, and that a check is running; the polls share one check),
 * a check that failed for a reason of the service says why, and a key refused mid-session keeps no
 * plan or credits of before.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../lib/background/services';
import type { Outputs } from '../../../lib/messaging';
import { StatusView } from '../../../lib/views';
import type { WatchService } from '../../../lib/watch';
import { control, requests, type Sim, simServices, testHandlers } from './helpers';
import { simHooks } from './sim-hooks';

let sim: Sim;
let services: Services;
simHooks(
  { eventsPerSecond: 0 },
  (s) => (sim = s),
  () => services,
);

type Status = Outputs['status'];

const watch = { watchlist: { snapshot: () => [] }, lastError: async () => null } as unknown as WatchService;
/** The status answer, checked against its schema on the way (its new fields are in StatusView). */
const status = (s: Services) =>
  (testHandlers(s, { watch }).status({}, {} as never) as Promise<Status>).then((a) => StatusView.parse(a));

/** Services whose /subscription answers only when `release` is called (a slow service's key check). */
function slowCheckServices() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let probes = 0;
  const s = simServices(sim, {
    fetch: async (input, init) => {
      if (String(input).includes('/subscription')) {
        probes += 1;
        await gate;
      }
      return fetch(input, init);
    },
  });
  return { services: s, release: () => release(), probes: () => probes };
}

describe('the status answer and a key check in flight', () => {
  it('answers with what is known, and that a check runs; the polls share one check', async () => {
    const slow = slowCheckServices();
    services = slow.services;
    const started = Date.now();
    const first = await status(services);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(first).toMatchObject({ key: 'unchecked', plan: null, keyCheck: { checking: true, error: null } });
    const second = await status(services);
    expect(second).toMatchObject({ key: 'unchecked', keyCheck: { checking: true } });
    expect(slow.probes()).toBe(1);
    slow.release();
    await services.checkKey();
    const after = await status(services);
    expect(after).toMatchObject({
      key: 'valid',
      plan: 'premium',
      keyCheck: { checking: false, error: null },
    });
    expect(slow.probes()).toBe(1);
  });

  it('a check that answers at once is still waited for (no "checking" flash at popup open)', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    expect(await status(services)).toMatchObject({ key: 'valid', keyCheck: { checking: false } });
  });
});

describe('a key check that failed for a reason of the service', () => {
  it('is in the status with its code, the key neither valid nor refused; a good check clears it', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    await control(sim, 'POST', '/__sim/faults', { status: 500, paths: '/subscription' });
    await services.checkKey();
    const failed = await status(services);
    expect(failed.key).toBe('unchecked');
    expect(failed.keyCheck?.error?.code).toBe('SERVER_ERROR');
    await control(sim, 'POST', '/__sim/faults', {});
    await services.checkKey();
    expect(await status(services)).toMatchObject({
      key: 'valid',
      keyCheck: { checking: false, error: null },
    });
  }, 30_000);
});

describe('a key refused mid-session', () => {
  it('keeps no plan or credits read before the refusal; an accepted answer has them read again', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    expect(await status(services)).toMatchObject({ key: 'valid', plan: 'premium' });
    expect((await status(services)).credits).not.toBeNull();
    await control(sim, 'POST', '/__sim/faults', { status: 401, paths: '/dca' });
    await services.data.order(sim.catalog.orders[0]!).catch(() => null);
    expect(await status(services)).toMatchObject({ key: 'invalid', plan: null, credits: null });
    await control(sim, 'POST', '/__sim/faults', {});
    await services.data.order(sim.catalog.orders[1]!);
    const before = (await requests(sim, '/subscription')).length;
    expect(await status(services)).toMatchObject({ key: 'valid', plan: 'premium' });
    expect(await requests(sim, '/subscription')).toHaveLength(before + 1);
  });
});

describe('a 429 pausing the queue', () => {
  it('is in the status as the time left to wait', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    await services.checkKey();
    services.scheduler.pause(5_000);
    const s = await status(services);
    expect(s.rateLimitedMs).toBeGreaterThan(4_000);
    expect(s.rateLimitedMs).toBeLessThanOrEqual(5_000);
  });
});
