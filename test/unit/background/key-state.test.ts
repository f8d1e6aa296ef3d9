/**
 * The key's state and the key check against the simulator: a key refused mid-session (a 401 on any
 * data request) shows as invalid in the status until an answer accepts it again, and a key check
 * that fails says why (rate limit, busy service, plan or credits) instead of "bad key" or "network".
 */
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type Services, topicRooms } from '../../../lib/background/services';
import { errorMessage } from '../../../lib/errors';
import type { WebSocketCtor } from '../../../lib/live/types';
import type { ConfigChange } from '../../../lib/messaging';
import type { WatchService } from '../../../lib/watch';
import {
  clearLog,
  control,
  pageSender,
  requests,
  type Sim,
  simServices,
  tabSender,
  testHandlers,
  testRouter,
} from './helpers';
import { simHooks } from './sim-hooks';

const optionsPage = pageSender('options');

let sim: Sim;
let services: Services;
simHooks(
  { eventsPerSecond: 0 },
  (s) => (sim = s),
  () => services,
);

/** The real handlers and router over `services`; the watch service is a stand-in (empty watchlist). */
function background(s: Services) {
  const pushes: ConfigChange[] = [];
  const watch = {
    watchlist: { snapshot: () => [] },
    lastError: async () => null,
  } as unknown as WatchService;
  const handlers = testHandlers(s, {
    watch,
    onConfigChanged: (c) => void pushes.push(c),
  });
  const dispatch = testRouter(handlers);
  return {
    pushes,
    handlers,
    ask: <T = unknown>(name: string, data: unknown) =>
      dispatch(name as never, data, optionsPage) as Promise<
        { ok: true; value: T } | { ok: false; error: { code: string; message: string } }
      >,
  };
}

const statusKey = async (bg: ReturnType<typeof background>) => {
  const r = await bg.ask<{ key: string }>('status', {});
  if (!r.ok) throw new Error(r.error.code);
  return r.value.key;
};

describe('a key refused mid-session (B)', () => {
  it('a 401 on a data request makes the key invalid; an accepted answer later makes it valid again', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    const bg = background(services);
    expect(await statusKey(bg)).toBe('valid'); // the status probed it
    // The key expires: the service answers every data request with 401 from now on.
    await control(sim, 'POST', '/__sim/faults', { status: 401, paths: '/dca' });
    const order = await services.data.order(sim.catalog.orders[0]!).catch((e: { code: string }) => e);
    expect(order).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(services.keyState()).toBe('invalid');
    expect(await statusKey(bg)).toBe('invalid');
    // The key works again (renewed on the service's side): the next answer says so.
    await control(sim, 'POST', '/__sim/faults', {});
    await services.data.order(sim.catalog.orders[1]!);
    expect(await statusKey(bg)).toBe('valid');
  });

  it('a 401 from the prediction API or the RPC counts as much as one from the data API', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    await services.checkKey();
    await control(sim, 'POST', '/__sim/faults', { status: 401, paths: '/rpc' });
    await services.data.domain(sim.catalog.wallets[0]!).catch(() => null);
    expect(services.keyState()).toBe('invalid');
  });

  it('a key refused from the start is invalid after its first data request, before any probe', async () => {
    services = simServices(sim, { apiKey: 'expired-key' });
    expect(services.keyState()).toBe('unchecked');
    const badge = await services.data.walletBadge(sim.catalog.wallets[0]!);
    expect(badge.dcaError?.code).toBe('UNAUTHORIZED');
    expect(services.keyState()).toBe('invalid');
  });

  it('an accepted answer after a refusal, with no plan read yet, leaves the key for the status to check', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    await control(sim, 'POST', '/__sim/faults', { status: 401, paths: '/dca' });
    await services.data.order(sim.catalog.orders[0]!).catch(() => null);
    expect(services.keyState()).toBe('invalid');
    await control(sim, 'POST', '/__sim/faults', {});
    await services.data.order(sim.catalog.orders[1]!);
    expect(services.keyState()).toBe('unchecked');
    await clearLog(sim);
    expect(await statusKey(background(services))).toBe('valid');
    expect(await requests(sim, '/subscription')).toHaveLength(1);
  });

  it("checking another key (the options page's Check) does not touch the saved key's state", async () => {
    services = simServices(sim, { apiKey: 'demo' });
    await services.checkKey();
    const bg = background(services);
    const r = await bg.ask('keyCheck', { key: 'someone-elses-bad-key' });
    expect(r).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(services.keyState()).toBe('valid');
  });
});

describe('the key check says why it failed (D)', () => {
  const cases: Array<{ name: string; fault: Record<string, unknown>; code: string }> = [
    { name: '429', fault: { status: 429, retryAfter: 0 }, code: 'RATE_LIMITED' },
    { name: '503', fault: { status: 503 }, code: 'SERVICE_BUSY' },
    { name: '408', fault: { status: 408 }, code: 'TIMEOUT' },
    { name: 'a cut-off body', fault: { malformed: true }, code: 'BAD_RESPONSE' },
  ];
  for (const { name, fault, code } of cases) {
    it(`${name}: keyCheck and keySet fail with ${code}, the key is neither refused nor saved`, async () => {
      services = simServices(sim, { apiKey: 'demo' });
      const bg = background(services);
      await control(sim, 'POST', '/__sim/faults', { ...fault, paths: '/subscription' });
      const probe = await services.probeKey('demo');
      expect(probe.check).toBe('unknown');
      expect(probe.error?.code).toBe(code);
      const check = await bg.ask('keyCheck', { key: 'demo' });
      expect(check).toMatchObject({ ok: false, error: { code } });
      const set = await bg.ask('keySet', { key: 'demo-free' });
      expect(set).toMatchObject({ ok: false, error: { code } });
      expect(services.apiKey()).toBe('demo');
      expect(bg.pushes).toEqual([]);
      // nothing said of the key: the status does not call it invalid
      expect(services.keyState()).not.toBe('invalid');
    }, 30_000);
  }

  it('a well-formed /subscription answer of another shape is SCHEMA_MISMATCH, not NETWORK', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    // (the simulator's /subscription cannot change shape: a fetch in front of it does)
    const { createServices } = await import('../../../lib/background/services');
    const { simSettings } = await import('./helpers');
    await services.cache.close();
    services = createServices({
      settings: simSettings(sim),
      apiKey: 'demo',
      fetch: async (input, init) =>
        String(input).includes('/subscription')
          ? new Response(JSON.stringify({ plan: { tier: 'premium' }, credits: 'lots' }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : fetch(input, init),
      onLive: () => {},
      onLiveStatus: () => {},
      onReconnected: () => {},
      isWatched: () => false,
    });
    const r = await background(services).ask('keyCheck', { key: 'demo' });
    expect(r).toMatchObject({ ok: false, error: { code: 'SCHEMA_MISMATCH' } });
  });

  it('a 403 is FORBIDDEN (plan or credits), not a bad key, and the status does not call the key invalid', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    const bg = background(services);
    await control(sim, 'POST', '/__sim/faults', { status: 403, paths: '/subscription' });
    const probe = await services.probeKey('demo');
    expect(probe.check).toBe('forbidden');
    expect(probe.error?.code).toBe('FORBIDDEN');
    expect(await bg.ask('keyCheck', { key: 'demo' })).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: errorMessage('FORBIDDEN') },
    });
    expect(await bg.ask('keySet', { key: 'demo-free' })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(services.apiKey()).toBe('demo');
    const status = await bg.ask<{ key: string; plan: string | null }>('status', {});
    expect(status).toMatchObject({ ok: true, value: { key: 'valid', plan: null } });
    // The live hub is told 'forbidden' (it retries on its backoff), not 'bad-key' (it would stop).
    expect(await services.checkKey()).toBe('forbidden');
  });

  it('a 401 is still a refused key', async () => {
    services = simServices(sim, { apiKey: 'demo' });
    const bg = background(services);
    expect(await bg.ask('keyCheck', { key: 'nope-nope' })).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHORIZED' },
    });
    await control(sim, 'POST', '/__sim/faults', { status: 401, paths: '/subscription' });
    expect(await services.checkKey()).toBe('bad-key');
    expect(await statusKey(bg)).toBe('invalid');
  });
});

describe('live updates on a plan without the datastream', () => {
  it("a token popover's subscription is refused with NEEDS_PLAN, which the popover shows", async () => {
    services = simServices(sim, {
      apiKey: 'demo-free',
      WebSocketImpl: WebSocket as unknown as WebSocketCtor,
    });
    const bg = background(services);
    services.hub.acquire('probe', topicRooms({ kind: 'wallet', address: sim.catalog.wallets[0]! }));
    await vi.waitFor(() => expect(services.hub.status().state).toBe('needs-plan'), { timeout: 10_000 });
    const sender = tabSender('https://solscan.io/token/x');
    const topic = { kind: 'token', address: sim.catalog.mints[0] };
    const r = await testRouter(bg.handlers)('liveSubscribe', { topic }, sender);
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'NEEDS_PLAN', message: errorMessage('NEEDS_PLAN') },
    });
  });
});
