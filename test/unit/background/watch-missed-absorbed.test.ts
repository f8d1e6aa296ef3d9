/**
 * A fill the socket missed during a drop, on an order that gets a live message after the reconnect
 * but before the REST catch-up (a reconnect within a minute of the last read waits for the next
 * alarm tick): the message's order states totals that include the missed fill, and the catch-up must
 * still find it. Real background services (API client, live hub) against the simulator over HTTP
 * and WebSocket, wired as start.ts wires them, with the production catch-up interval; the alarm tick
 * is the watch service's sync with its clock a minute on.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from '../live/helpers';
import { control, type Sim } from './helpers';
import { simHooks } from './sim-hooks';
import { simWatchWorker } from './watch-worker';

let sim: Sim;
// (each test closes the worker it built)
simHooks(
  { port: 0, seed: 11, eventsPerSecond: 0, pingIntervalMs: 60_000 },
  (s) => {
    sim = s;
  },
  () => undefined,
);

async function worker(wallet: string, label: string) {
  const clock = { skew: 0 };
  // the production interval between two catch-ups of a wallet (a minute)
  const w = await simWatchWorker(sim, {
    wallets: [wallet],
    labels: [label],
    watch: { now: () => Date.now() + clock.skew },
  });
  return {
    ...w,
    clock,
    async wifiBack() {
      const before = w.services.hub.stats().reconnects;
      w.wifiOn();
      await waitFor(() => w.services.hub.stats().reconnects > before, 5_000, 'reconnected');
      await w.watch.idle();
    },
  };
}

const emit = (body: Record<string, unknown>) =>
  control(sim, 'POST', '/__sim/emit', body) as Promise<{ address: string }>;

/** Waits for the live message's notification (or its absence of a new one: a snapshot). */
async function delivered(w: Awaited<ReturnType<typeof worker>>, pending: number) {
  await waitFor(() => w.watch.notifier.pendingCount() === pending, 5_000, 'live message');
  await w.watch.flush();
}

describe('a fill missed during a drop, then a live message on its order before the catch-up', () => {
  it('a live fill: both fills notified live, the missed one by the catch-up, once; unread 3', async () => {
    const W = sim.catalog.wallets[0]!;
    const w = await worker(W, 'Alpha');
    const { address: X } = await emit({ wallet: W, eventName: 'Filled' });
    await delivered(w, 1);
    expect(w.n.created).toHaveLength(1);

    await w.dropWifi();
    await emit({ order: X, eventName: 'Filled', publish: false }); // missed
    await w.wifiBack();
    expect(w.n.created).toHaveLength(1); // (the catch-up waits: the last read is seconds old)

    await emit({ order: X, eventName: 'Filled' });
    await delivered(w, 1);
    expect(w.n.created).toHaveLength(2);

    w.clock.skew += 61_000; // the next alarm tick
    const out = await w.watch.sync();
    await w.watch.flush();
    expect(out.synced.map((s) => s.changes)).toEqual([[{ kind: 'fill', order: X }]]);
    expect(w.n.created).toHaveLength(3);
    expect(w.messages()).toContainEqual(
      expect.stringMatching(/^Alpha: While you were away: Filled: \S+ \S+ → \S+ \S+/),
    );
    expect((await w.watch.watchlist.unread()).total).toBe(3);

    // and nothing of it again at the next catch-up
    await w.dropWifi();
    w.clock.skew += 61_000;
    await w.wifiBack();
    await w.watch.flush();
    expect(w.n.created).toHaveLength(3);
    expect((await w.watch.watchlist.unread()).total).toBe(3);
    w.services.hub.stop();
  });

  it('a position snapshot: the catch-up still finds the missed fill', async () => {
    const W = sim.catalog.wallets[1]!;
    const w = await worker(W, 'Beta');
    const { address: X } = await emit({ wallet: W, eventName: 'Filled' });
    await delivered(w, 1);

    await w.dropWifi();
    await emit({ order: X, eventName: 'Filled', publish: false });
    await w.wifiBack();
    const seen = w.services.hub.stats().delivered;
    await emit({ order: X, eventName: 'Position' }); // the account as it is now, missed fill included
    await waitFor(() => w.services.hub.stats().delivered > seen, 5_000, 'snapshot');
    await new Promise((r) => setTimeout(r, 50)); // (handed on to the watch service without a promise)
    await w.watch.idle();

    w.clock.skew += 61_000;
    const out = await w.watch.sync();
    await w.watch.flush();
    expect(out.synced.map((s) => s.changes)).toEqual([[{ kind: 'fill', order: X }]]);
    expect(w.messages()).toContainEqual(
      expect.stringMatching(/^Beta: While you were away: Filled: \S+ \S+ → \S+ \S+/),
    );
    expect((await w.watch.watchlist.unread()).total).toBe(2);
    w.services.hub.stop();
  });
});
