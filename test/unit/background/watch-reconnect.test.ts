/**
 * The datastream replays nothing after a reconnect (live-service.md): what happened to watched
 * wallets while the socket was down must come from REST. Real background services (API client,
 * scheduler, live hub) against the simulator over HTTP and WebSocket, wired to the watch service
 * with the hooks start.ts uses. The "Wi-Fi" is the hub's isOnline plus a socket closed under it;
 * events during the gap are applied to the simulator's REST state and never published.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { WatchServiceOptions } from '../../../lib/watch';
import { waitFor } from '../live/helpers';
import { clearLog, control, requests, rest, type Sim } from './helpers';
import { simHooks } from './sim-hooks';
import { simWatchWorker } from './watch-worker';

let sim: Sim;
// (each test closes the worker it built)
simHooks(
  { port: 0, seed: 5, eventsPerSecond: 0, pingIntervalMs: 60_000 },
  (s) => {
    sim = s;
  },
  () => undefined,
);

/** What one service worker builds: services + watch service, wired as start.ts wires them. */
async function worker(
  opts: { wallets?: string[]; labels?: string[]; watch?: Partial<WatchServiceOptions> } = {},
) {
  // every reconnect of the test fetches again (production waits a minute between two of a wallet)
  const w = await simWatchWorker(sim, { ...opts, watch: { resyncAfterMs: 0, ...opts.watch } });
  return {
    ...w,
    /** The Wi-Fi is back: the browser's online event, the hub re-joins, the catch-up runs. */
    async wifiBack() {
      // This reconnect's catch-up, not an earlier one's: the count moves once every room is joined
      // again, after the state says live (a second gap's wait on "> 0" returned before its catch-up
      // began, and found no orders read).
      const before = w.services.hub.stats().reconnects;
      w.wifiOn();
      await waitFor(() => w.services.hub.status().state === 'live', 5_000, 'live again');
      await waitFor(() => w.services.hub.stats().reconnects > before, 5_000, 'reconnected');
      await w.watch.idle();
      await w.watch.flush();
    },
    flush: () => w.watch.flush(),
    stop() {
      w.services.hub.stop();
    },
  };
}

/** An event the datastream never delivers: applied to the REST state only (a client that missed it). */
const missed = (body: Record<string, unknown>) =>
  control(sim, 'POST', '/__sim/emit', { ...body, publish: false }) as Promise<{ address: string }>;

const ordersFetched = async (wallet: string) =>
  (await requests(sim, `/dca/wallet/${wallet}/orders`)).filter((r) => r.status === 200).length;

/** Pages of 100 (the size the worker asks for) that one full read of a wallet's orders takes. */
async function pagesOf(wallet: string): Promise<number> {
  const page = (await rest(sim, `/dca/wallet/${wallet}/orders?limit=100`)) as {
    pagination: { total: number };
  };
  return Math.min(5, Math.max(1, Math.ceil(page.pagination.total / 100)));
}

describe('after the socket was down, the watched wallets are reconciled through REST', () => {
  it('fills and new orders of every watched wallet during a two-minute gap are announced, once', async () => {
    const [W1, W2] = [sim.catalog.wallets[0]!, sim.catalog.wallets[1]!];
    const w = await worker({ wallets: [W1, W2], labels: ['Whale', 'Shark'] });
    expect(w.messages()).toEqual([]);

    await w.dropWifi();
    await missed({ wallet: W1, eventName: 'Filled' });
    await missed({ wallet: W2, eventName: 'Filled' });
    await missed({ wallet: W2, eventName: 'Opened' });
    const pages = [await pagesOf(W1), await pagesOf(W2)];
    await clearLog(sim);
    await w.wifiBack();

    expect(w.messages().sort()).toEqual([
      // what happened, with amounts, as the live wording would say it
      expect.stringMatching(
        /^Shark: While you were away: 1 fill: \S+ \S+ → \S+ \S+ \(\$\S+\), \d+% done; 1 new order \(\$\S+\)$/,
      ),
      expect.stringMatching(/^Whale: While you were away: Filled: \S+ \S+ → \S+ \S+ \(\$\S+\), \d+% done$/),
    ]);
    // every wallet was read once (all of its pages), through the one rate-limited queue
    expect([await ordersFetched(W1), await ordersFetched(W2)]).toEqual(pages);
    expect((await w.watch.watchlist.unread()).total).toBe(3);

    // Live again: a fill delivered over the socket is notified once, by the live path...
    await control(sim, 'POST', '/__sim/emit', { wallet: W1, eventName: 'Filled' });
    await waitFor(() => w.watch.notifier.pendingCount() === 1, 5_000, 'live fill');
    await w.flush();
    expect(w.n.created).toHaveLength(3);
    expect(w.messages()).toContainEqual(expect.stringMatching(/^Whale: Filled: /));
    // ...and the next reconnect's catch-up does not announce it (or the gap's changes) again.
    const shown = [...w.n.created];
    await w.dropWifi();
    await clearLog(sim);
    await w.wifiBack();
    expect(await ordersFetched(W1)).toBe(pages[0]); // really compared again
    expect(w.n.created).toEqual(shown);
    expect((await w.watch.watchlist.unread()).total).toBe(4);
    w.stop();
  });
});

describe('a fill REST had not indexed yet when the catch-up read it', () => {
  it('is announced by the second look two minutes later, once; a live fill meanwhile is not announced again', async () => {
    const W = sim.catalog.wallets[1]!;
    const clock = { skew: 0 };
    const w = await worker({
      wallets: [W],
      labels: ['Shark'],
      watch: { now: () => Date.now() + clock.skew },
    });
    const pages = await pagesOf(W);
    await w.dropWifi();
    // a fill just before the stream came back: the indexer behind REST has not got to it
    const { address } = await missed({ wallet: W, eventName: 'Filled', indexed: false });
    await clearLog(sim);
    await w.wifiBack();
    expect(await ordersFetched(W)).toBe(pages); // the catch-up read the wallet...
    expect(w.messages()).toEqual([]); // ...and REST did not show the fill yet

    // live again: a fill of another of its orders comes over the socket and is notified live
    const orders = (await rest(sim, `/dca/wallet/${W}/orders?limit=100&status=active`)) as {
      orders: { address: string }[];
    };
    const other = orders.orders.find((o) => o.address !== address)!.address;
    await control(sim, 'POST', '/__sim/emit', { order: other, eventName: 'Filled' });
    await waitFor(() => w.watch.notifier.pendingCount() === 1, 5_000, 'live fill');
    await w.flush();
    expect(w.messages()).toEqual([expect.stringMatching(/^Shark: Filled: /)]);
    await control(sim, 'POST', '/__sim/index', {}); // REST catches up

    await clearLog(sim);
    clock.skew += 60_000; // an alarm tick a minute on: the second look is not due yet
    expect((await w.watch.sync()).synced).toEqual([]);
    expect(await ordersFetched(W)).toBe(0);
    clock.skew += 61_000; // the tick after it: the second look finds the fill the catch-up could not
    const out = await w.watch.sync();
    await w.flush();
    expect(out.synced.map((s) => [s.wallet, s.changes])).toEqual([[W, [{ kind: 'fill', order: address }]]]);
    expect(w.messages().sort()).toEqual([
      expect.stringMatching(/^Shark: Filled: /),
      expect.stringMatching(/^Shark: While you were away: Filled: \S+ \S+ → \S+ \S+ \(\$\S+\), \d+% done$/),
    ]);
    expect((await w.watch.watchlist.unread()).total).toBe(2);

    // one second look per catch-up
    await clearLog(sim);
    clock.skew += 5 * 60_000;
    expect((await w.watch.sync()).synced).toEqual([]);
    expect(await ordersFetched(W)).toBe(0);
    expect(w.n.created).toHaveLength(2);
    w.stop();
  });
});

describe('a withdrawal the socket missed', () => {
  it('is announced after the reconnect, once, as the live one would be', async () => {
    const W = sim.catalog.wallets[4]!;
    const w = await worker({ wallets: [W], labels: ['Whale'] });
    await w.dropWifi();
    const { address } = await missed({ wallet: W, eventName: 'Withdraw' });
    const after = (await rest(sim, `/dca/order/${address}?program=jupiter`)) as { status: string };
    expect(after.status).not.toMatch(/completed|closed|cancel/i); // still open: a withdrawal, not a close
    await w.wifiBack();
    expect(w.messages()).toEqual([
      expect.stringMatching(/^Whale: While you were away: Withdraw: \S+ \S+ \(\$\S+\)$/),
    ]);
    expect((await w.watch.watchlist.unread()).total).toBe(1);
    // the next gap's catch-up does not find it again
    await w.dropWifi();
    await w.wifiBack();
    expect(w.messages()).toHaveLength(1);
    w.stop();
  });
});

describe('a service worker started again', () => {
  it('in the same browser session: what happened while no worker ran is announced once it is live', async () => {
    const W = sim.catalog.wallets[2]!;
    const first = await worker({ wallets: [W], labels: ['Tuna'] });
    first.stop(); // MV3 stops the worker: its socket goes with it
    const { address } = await missed({ wallet: W, eventName: 'Deposit' });
    await missed({ order: address, eventName: 'Filled' });

    const second = await worker(); // a fresh worker: fresh hub, same storage
    await second.watch.idle();
    await second.flush();
    expect(second.messages()).toEqual([
      expect.stringMatching(
        /^Tuna: While you were away: 1 fill: \S+ \S+ → \S+ \S+ \(\$\S+\), \d+% done; 1 deposit \(\$\S+\)$/,
      ),
    ]);
    // the next worker of the session finds nothing new
    second.stop();
    const third = await worker();
    await third.watch.idle();
    await third.flush();
    expect(third.messages()).toEqual([]);
    third.stop();
  });

  it('after a browser restart: what happened while the browser was closed is announced, and the next gap too', async () => {
    const W = sim.catalog.wallets[3]!;
    const before = await worker({ wallets: [W], labels: ['Carp'] });
    before.stop();
    await missed({ wallet: W, eventName: 'Filled' }); // while the browser was closed
    await fakeBrowser.storage.session.clear(); // the browser session ends; local storage stays

    const after = await worker();
    await after.watch.idle();
    await after.flush();
    expect(after.messages()).toEqual([
      expect.stringMatching(/^Carp: While you were away: Filled: \S+ \S+ → \S+ \S+ /),
    ]);
    const shown = after.n.created.length;

    await after.dropWifi();
    await missed({ wallet: W, eventName: 'Filled' });
    await after.wifiBack();
    expect(after.n.created).toHaveLength(shown + 1);
    // the first is still on screen, unread: the second catch-up adds to it
    expect(after.messages()).toEqual([
      expect.stringMatching(/^Carp: While you were away: 2 fills: \S+ \S+ → \S+ \S+ /),
    ]);
    after.stop();
  });
});
