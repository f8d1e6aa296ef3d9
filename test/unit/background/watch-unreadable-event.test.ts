/**
 * A live event of a watched wallet that the hub cannot read (a field the notification needs changed
 * type): it is not delivered, but it is not lost either. The wallet is caught up on through REST at
 * the next alarm tick, and the fill is announced; a snapshot of its order that arrives in between
 * does not take the fill in unannounced. An event with only an optional field changed is notified
 * live as usual. Real background services against the simulator, wired as start.ts wires them.
 */
import { describe, expect, it } from 'vitest';
import { rooms } from '../../../lib/api/rooms';
import { waitFor } from '../live/helpers';
import { clearLog, control, requests, type Sim } from './helpers';
import { simHooks } from './sim-hooks';
import { simWatchWorker } from './watch-worker';

let sim: Sim;
// (each test closes the worker it built)
simHooks(
  { port: 0, seed: 12, eventsPerSecond: 0, pingIntervalMs: 60_000 },
  (s) => {
    sim = s;
  },
  () => undefined,
);

async function worker(wallets: string[], labels: string[]) {
  const clock = { skew: 0 };
  // the production interval between two catch-ups of a wallet (a minute)
  const w = await simWatchWorker(sim, { wallets, labels, watch: { now: () => Date.now() + clock.skew } });
  return { ...w, clock };
}

/** An event applied to the simulator's REST state and not published: what the hub is then handed. */
const unpublished = (body: Record<string, unknown>) =>
  control(sim, 'POST', '/__sim/emit', { ...body, publish: false }) as Promise<Record<string, unknown>>;
const frame = (wallet: string, data: unknown) =>
  JSON.stringify({ type: 'message', room: rooms.dcaWallet('jupiter', wallet), data });

describe('a watched wallet’s live event with a field of a new type', () => {
  it('an optional field (time as ISO text, slot and progress as text): notified live as usual', async () => {
    const W = sim.catalog.wallets[0]!;
    const w = await worker([W], ['Alpha']);
    const ev = await unpublished({ wallet: W, eventName: 'Filled' });
    const order = ev.order as Record<string, unknown>;
    w.services.hub.handleRaw(
      frame(W, {
        ...ev,
        timestamp: new Date(Date.now()).toISOString(),
        slot: String(ev.slot),
        order: { ...order, progressPercent: String(order.progressPercent) },
      }),
    );
    await waitFor(() => w.watch.notifier.pendingCount() === 1, 5_000, 'notified');
    await w.watch.flush();
    expect(w.messages()).toEqual([expect.stringMatching(/^Alpha: Filled: .+% done/)]);
    expect(w.services.hub.stats()).toMatchObject({ invalid: 0, delivered: 1 });
    w.services.hub.stop();
  });

  it('a required amount: dropped live, caught up through REST at the next tick, that wallet alone', async () => {
    const [W, other] = [sim.catalog.wallets[1]!, sim.catalog.wallets[2]!];
    const w = await worker([W, other], ['Beta', 'Gamma']);
    // a catch-up a minute on (as after a reconnect): both stored lists are current, the stream keeps them so
    w.clock.skew += 61_000;
    expect((await w.watch.reconnected()).synced).toHaveLength(2);
    const ev = await unpublished({ wallet: W, eventName: 'Filled' });
    await clearLog(sim);
    w.services.hub.handleRaw(frame(W, { ...ev, inAmount: Number(ev.inAmount) / 1e6 }));
    // the snapshot of its order that comes with the fill states totals that hold it
    const seen = w.services.hub.stats().delivered;
    await control(sim, 'POST', '/__sim/emit', { order: ev.address, eventName: 'Position' });
    await waitFor(() => w.services.hub.stats().delivered > seen, 5_000, 'snapshot');
    await new Promise((r) => setTimeout(r, 50)); // (handed on to the watch service without a promise)
    await w.watch.idle();
    expect(w.services.hub.stats().invalid).toBe(1);
    expect(w.messages()).toEqual([]);

    w.clock.skew += 61_000; // the next alarm tick
    const out = await w.watch.sync();
    await w.watch.flush();
    expect(out.synced.map((s) => [s.wallet, s.changes])).toEqual([
      [W, [{ kind: 'fill', order: ev.address }]],
    ]);
    expect(w.messages()).toEqual([
      expect.stringMatching(/^Beta: While you were away: Filled: \S+ \S+ → \S+ \S+/),
    ]);
    expect(await requests(sim, `/dca/wallet/${other}/`)).toEqual([]);

    // once: the next tick reads only the reconnect's second look at the other wallet (two minutes
    // after it), which finds nothing new; the tick after it has nothing left to catch up on
    w.clock.skew += 61_000;
    expect((await w.watch.sync()).synced.map((s) => [s.wallet, s.changes])).toEqual([[other, []]]);
    w.clock.skew += 61_000;
    expect((await w.watch.sync()).synced).toEqual([]);
    expect(w.messages()).toHaveLength(1);
    w.services.hub.stop();
  });
});
