/**
 * An order the service reports with a status the spec does not list (`cancelled`, `expired`...):
 * the simulator sends it (`/__sim/status`), the real client parses it, the real background builds
 * the views, the real watch service polls it. One such order must cost nothing: not the wallet's
 * other orders, not the watch poll, and no notification it does not stand for.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Services } from '../../../lib/background/services';
import { closeServices, control, rest, type Sim, simServices, simWatch, startSim } from './helpers';

let sim: Sim;
let services: Services | undefined;
beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 21, eventsPerSecond: 0 });
});
afterAll(() => sim.close());
beforeEach(async () => {
  fakeBrowser.reset();
  await control(sim, 'POST', '/__sim/reset', {});
});
afterEach(async () => {
  await closeServices(services);
  services = undefined;
});

interface RestOrder {
  address: string;
  status: string;
}

/** Every order of the wallet as REST lists it (one page of 100 is all these wallets have). */
async function ordersOf(wallet: string): Promise<RestOrder[]> {
  const page = (await rest(sim, `/dca/wallet/${wallet}/orders?limit=100`)) as {
    orders: RestOrder[];
    pagination: { hasMore: boolean };
  };
  expect(page.pagination.hasMore).toBe(false);
  return page.orders;
}

const setStatus = (order: string, status: string | null) =>
  control(sim, 'POST', '/__sim/status', { order, status }) as Promise<RestOrder>;

describe('a status the spec does not list, from the simulator to the views', () => {
  it('the wallet keeps every order, the odd one carrying its status as sent; the counts say "other"', async () => {
    const wallet = sim.catalog.wallets[0]!;
    const all = await ordersOf(wallet);
    expect(all.length).toBeGreaterThan(1);
    const odd = all[all.length - 1]!;
    expect((await setStatus(odd.address, 'cancelled')).status).toBe('cancelled');

    services = simServices(sim);
    // the card's first page (cached walletDca: summary and 10 most recent orders)
    const view = await services.data.wallet(wallet);
    expect(view.dcaError).toBeNull();
    const listed = view.orders!.orders;
    expect(listed.find((o) => o.address === odd.address)?.status).toBe('cancelled');
    expect(listed).toHaveLength(Math.min(10, all.length));
    const s = view.summary!;
    expect(s.total).toBe(all.length);
    expect(s.total - s.active - s.paused - s.pending - s.completed).toBe(1);

    // the lookup's full list, and the order's own card
    const page = await services.data.walletOrdersPage(wallet, { limit: 100 });
    expect(page.orders.map((o) => o.address).sort()).toEqual(all.map((o) => o.address).sort());
    expect(page.orders.filter((o) => o.status === 'cancelled').map((o) => o.address)).toEqual([odd.address]);
    expect((await services.data.order(odd.address)).status).toBe('cancelled');
  });
});

describe('the watch poll over orders with a status the spec does not list', () => {
  function watch() {
    services = simServices(sim);
    const { watch: svc, n } = simWatch(services);
    return { svc, n, messages: () => [...n.shown.values()].map((o) => o.message) };
  }

  it('a word that means the order is over notifies it closed, once; any other word notifies nothing', async () => {
    const wallet = sim.catalog.wallets[1]!;
    const running = (await ordersOf(wallet)).filter((o) => o.status === 'active' || o.status === 'paused');
    expect(running.length).toBeGreaterThanOrEqual(2);
    const [gone, odd] = running as [RestOrder, RestOrder];

    const { svc, n, messages } = watch();
    await svc.start();
    await svc.add(wallet, 'Whale');
    expect(await svc.pollTick(true)).toMatchObject({ status: 'polled' }); // the baseline

    // an order the service now calls "cancelled": over, as "completed" would be
    await setStatus(gone.address, 'cancelled');
    expect(await svc.pollTick(true)).toMatchObject({
      status: 'polled',
      changes: [{ kind: 'closed', order: gone.address }],
    });
    await svc.flush();
    expect(messages()).toEqual([expect.stringMatching(/^Cancelled: .* returned, .* received$/)]);

    // a word this version cannot read: not taken for closed (nor for anything else)
    await setStatus(odd.address, 'migrating');
    expect(await svc.pollTick(true)).toMatchObject({ status: 'polled', changes: [] });
    // the cancelled one stays over: no second "closed", and no "opened" either
    expect(await svc.pollTick(true)).toMatchObject({ status: 'polled', changes: [] });
    await setStatus(odd.address, null); // back to its own status: still no news
    expect(await svc.pollTick(true)).toMatchObject({ status: 'polled', changes: [] });
    await svc.flush();
    expect(n.created).toHaveLength(1);
    expect(await svc.lastError()).toBeNull();
  });
});
