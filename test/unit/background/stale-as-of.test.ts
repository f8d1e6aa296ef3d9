/**
 * Data kept through an outage says how old it is: the real background services against the
 * simulator over HTTP. A view served past its freshness because the service is failing to refresh
 * it carries `asOf` (when it was fetched); fresh data, and stale data whose refresh has only just
 * started, carry none; once the service answers again the note goes with the old data.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TTL } from '../../../lib/background/data';
import type { Services } from '../../../lib/background/services';
import {
  OddsView,
  OrderView,
  TokenFlowView,
  TokenView,
  WalletBadgeView,
  WalletView,
} from '../../../lib/views';
import { control, rest, type Sim, simServices } from './helpers';
import { simHooks } from './sim-hooks';

let sim: Sim;
let services: Services;
simHooks(
  { eventsPerSecond: 0 },
  (s) => (sim = s),
  () => services,
);
beforeEach(() => {
  // Only the clock, moving with real time (the batchers and the request budget follow it) and
  // jumped ahead to age the cache; HTTP, retries and IndexedDB keep real timers.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
});
afterEach(async () => {
  await control(sim, 'POST', '/__sim/faults', {});
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const fault = (paths: string, extra: Record<string, unknown> = { status: 500 }) =>
  control(sim, 'POST', '/__sim/faults', { ...extra, paths });
const healed = () => control(sim, 'POST', '/__sim/faults', {});
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
/** Asks until `check` passes (the client gives up on a refresh after its retries, a second or two). */
const until = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 100 });
/** When the cache stored what a view was built from. */
const storedAt = async (resource: string, key: string) =>
  (await services.cache.get(resource, key))!.fetchedAt;

describe('a view kept through an outage carries when it was fetched', () => {
  it('an order completed on the server while the API answers 500: its age, then the order as it is', async () => {
    services = simServices(sim);
    const address = sim.catalog.orders[0]!;
    const first = await services.data.order(address, 'hover');
    const fetchedAt = await storedAt('order', address);
    expect(first.status).not.toBe('completed');
    expect(first.asOf).toBeUndefined();

    await control(sim, 'POST', '/__sim/status', { order: address, status: 'completed' });
    await fault('/dca');
    later(TTL.order.ttlMs + 1000);
    // (the client's retries of a 500 wait a jittered backoff: its middle, about 1 s in all, so the
    // refresh fails inside the card's wait every run)
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    // The first read after the outage began waits a moment for its refresh, which fails: the old
    // order comes with its age at once, and keeps coming so a minute later.
    const kept = await services.data.order(address, 'hover');
    expect(kept.asOf).toBe(fetchedAt);
    expect(kept.status).toBe(first.status);
    expect(OrderView.parse(kept).asOf).toBe(fetchedAt); // the message's schema keeps it
    later(60_000);
    expect((await services.data.order(address, 'hover')).asOf).toBe(fetchedAt);

    await healed();
    const now = await until(async () => {
      const v = await services.data.order(address, 'hover');
      expect(v.asOf).toBeUndefined();
      return v;
    });
    expect(now.status).toBe('completed');
  });

  it('past its TTL, a card shows the order as it is now at the first read (its refresh answers in time)', async () => {
    services = simServices(sim);
    const address = sim.catalog.orders[1]!; // (the test above completed orders[0] in this simulator)
    expect((await services.data.order(address, 'hover')).status).not.toBe('completed');
    await control(sim, 'POST', '/__sim/status', { order: address, status: 'completed' });
    later(TTL.order.ttlMs + 1000);
    const now = await services.data.order(address, 'hover');
    expect(now.status).toBe('completed');
    expect(now.asOf).toBeUndefined();
  });

  it('a wallet: each half says its own age (DCA down first, then PnL too), both gone once it answers', async () => {
    services = simServices(sim);
    const wallet = sim.catalog.wallets[0]!;
    const first = await services.data.wallet(wallet);
    await services.data.walletBadge(wallet);
    const dcaAt = await storedAt('walletDca', wallet);
    const pnlAt = await storedAt('pnlFull', `${wallet}:strict:usd`);
    expect(first.dcaAsOf).toBeUndefined();
    expect(first.pnl).toMatchObject({ state: 'ready' });
    expect(first.pnl.state === 'ready' && first.pnl.asOf).toBeUndefined();

    // Past the DCA half's TTL, inside the PnL half's; only the DCA API fails.
    await fault('/dca');
    later(TTL.walletDca.ttlMs + 1000);
    await services.data.wallet(wallet); // (starts the refresh that fails)
    const dcaDown = await until(async () => {
      const v = await services.data.wallet(wallet);
      expect(v.dcaAsOf).toBe(dcaAt);
      return v;
    });
    expect(dcaDown.summary).toEqual(first.summary);
    expect(dcaDown.pnl.state === 'ready' && dcaDown.pnl.asOf).toBeUndefined(); // the PnL is fresh
    expect(WalletView.parse(dcaDown).dcaAsOf).toBe(dcaAt);
    // The badge reads the same DCA entry.
    const badge = await services.data.walletBadge(wallet);
    expect(badge.dcaAsOf).toBe(dcaAt);
    expect(WalletBadgeView.parse(badge).dcaAsOf).toBe(dcaAt);

    // Past the PnL half's TTL too, the whole data API failing.
    await fault('/');
    later(TTL.pnlFull.ttlMs);
    await services.data.wallet(wallet);
    const allDown = await until(async () => {
      const v = await services.data.wallet(wallet);
      expect(v.pnl).toMatchObject({ state: 'ready', asOf: pnlAt });
      return v;
    });
    expect(allDown.dcaAsOf).toBe(dcaAt);
    expect(allDown.identity).toEqual(first.identity);
    expect(WalletView.parse(allDown).pnl).toMatchObject({ asOf: pnlAt });

    await healed();
    const back = await until(async () => {
      const v = await services.data.wallet(wallet);
      expect(v.dcaAsOf).toBeUndefined();
      expect(v.pnl.state === 'ready' && v.pnl.asOf).toBeUndefined();
      return v;
    });
    expect(back.pnl.state).toBe('ready');
  });

  it('a token: the card and the flow badge carry the flow’s age', async () => {
    services = simServices(sim);
    const mint = sim.catalog.mints[2]!;
    const first = await services.data.token(mint);
    const fetchedAt = await storedAt('tokenFlow', mint);
    expect(first.asOf).toBeUndefined();
    expect(first.flow.asOf).toBeUndefined();

    await fault('/dca');
    later(TTL.tokenFlow.ttlMs + 1000);
    await services.data.token(mint);
    const kept = await until(async () => {
      const v = await services.data.token(mint);
      expect(v.asOf).toBe(fetchedAt);
      return v;
    });
    expect(kept.flow).toMatchObject({ buyers: first.flow.buyers, sellers: first.flow.sellers });
    expect(kept.topUsers).toEqual(first.topUsers); // still fresh: served, no error
    expect(kept.usersError).toBeNull();
    expect(TokenView.parse(kept).asOf).toBe(fetchedAt);
    const badge = await services.data.tokenFlow(mint);
    expect(TokenFlowView.parse(badge).asOf).toBe(fetchedAt);

    await healed();
    await until(async () => {
      expect((await services.data.token(mint)).asOf).toBeUndefined();
      expect((await services.data.tokenFlow(mint)).asOf).toBeUndefined();
    });
  });

  it('odds: an event kept while the prediction API fails', async () => {
    services = simServices(sim);
    const slug = sim.catalog.events.polymarket[0]!;
    const ref = { exchange: 'polymarket' as const, id: slug };
    const [first] = await services.data.odds([ref]);
    const fetchedAt = await storedAt('odds', `polymarket:${slug.toLowerCase()}`);
    expect(first!.found).toBe(true);
    expect(first!.asOf).toBeUndefined();

    await fault('/pm');
    later(TTL.odds.ttlMs + 1000);
    await services.data.odds([ref]);
    const kept = await until(async () => {
      const [v] = await services.data.odds([ref]);
      expect(v!.asOf).toBe(fetchedAt);
      return v!;
    });
    expect(kept.outcomes).toEqual(first!.outcomes);
    expect(OddsView.parse(kept).asOf).toBe(fetchedAt);

    await healed();
    await until(async () => {
      const [v] = await services.data.odds([ref]);
      expect(v!.asOf).toBeUndefined();
    });
  });

  it('a refresh the service has not answered for 10 s counts as failing; its answer ends it', async () => {
    services = simServices(sim);
    const address = sim.catalog.orders[1]!;
    await services.data.order(address, 'hover');
    const fetchedAt = await storedAt('order', address);
    await fault('/dca', { latencyMs: 3000 }); // slow, not failing (and longer than a card waits)
    later(TTL.order.ttlMs + 1000);
    expect((await services.data.order(address, 'hover')).asOf).toBeUndefined(); // refresh started
    later(10_000); // the refresh still waits for its answer
    expect((await services.data.order(address, 'hover')).asOf).toBe(fetchedAt);
    // The answer comes: stored, fresh, no note (and no second refresh was needed).
    await until(async () => {
      expect((await services.data.order(address, 'hover')).asOf).toBeUndefined();
    });
  });

  it('stale-while-revalidate with a refresh that succeeds: never a note', async () => {
    services = simServices(sim);
    const mint = sim.catalog.mints[3]!;
    await services.data.tokenFlow(mint);
    later(TTL.tokenFlow.ttlMs + 1000);
    const stale = await services.data.tokenFlow(mint);
    expect(stale.asOf).toBeUndefined();
    const path = `/dca/token/${mint}`;
    const served = (await rest(sim, path)) as { buyers: { count: number } };
    await until(async () => {
      const v = await services.data.tokenFlow(mint);
      expect(v.asOf).toBeUndefined();
      expect(v.buyers.count).toBe(served.buyers.count);
    });
  });
});
