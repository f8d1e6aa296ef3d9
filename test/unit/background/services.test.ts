/**
 * Issue 5's proof: the real background services (API client + scheduler + IndexedDB cache + batchers)
 * against the simulator over real HTTP. Every count is read from the simulator's request log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TTL } from '../../../lib/background/data';
import { planRatePerSec, type Services } from '../../../lib/background/services';
import { VIEW_INPUTS } from '../../../lib/messaging';
import { createRequestQueue } from '../../../lib/overlay/queue';
import { realTimers, type ViewAsk } from '../../../lib/overlay/types';
import { addr } from '../api/helpers';
import { clearLog, control, requests, rest, type Sim, simServices, simSettings } from './helpers';
import { simHooks } from './sim-hooks';

let sim: Sim;
let services: Services;
simHooks(
  { eventsPerSecond: 0 },
  (s) => (sim = s),
  () => services,
);
afterEach(() => {
  vi.useRealTimers();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const walletPath = (w: string) => `/dca/wallet/${w}`;
const pnlPath = (w: string) => `/v2/pnl/wallets/${w}`;

describe('background services on the simulator', () => {
  it("keeps to the free plan's request rate only on the free plan (a checked key sets it)", async () => {
    services = simServices(sim, { apiKey: 'demo-free' });
    expect(await services.checkKey()).toBe('needs-plan');
    expect(services.scheduler.stats().ratePerSec).toBe(1);
    await services.cache.close();
    services = simServices(sim, { apiKey: 'demo' });
    expect(await services.checkKey()).toBe('ok');
    expect(services.scheduler.stats().ratePerSec).toBeUndefined();
    // A paid plan without the datastream is not held to the free plan's rate (its limit is not
    // published; a 429 still pauses the queue); a plan the subscription does not name is.
    expect([
      planRatePerSec('Pro'),
      planRatePerSec('Starter'),
      planRatePerSec('Free'),
      planRatePerSec(null),
    ]).toEqual([undefined, undefined, 1, 1]);
  });

  it('ten concurrent callers for one wallet view make one request per endpoint', async () => {
    services = simServices(sim);
    const wallet = sim.catalog.wallets[0]!;
    const views = await Promise.all(Array.from({ length: 10 }, () => services.data.wallet(wallet)));
    expect(await requests(sim, walletPath(wallet))).toHaveLength(1);
    expect(await requests(sim, pnlPath(wallet))).toHaveLength(1);
    // Every caller got the same real data: the simulator's own answer for the summary.
    const direct = (await rest(sim, `${walletPath(wallet)}?limit=10&sort=recent`)) as {
      summary: { total: number; active: number };
    };
    for (const v of views) {
      expect(v.summary?.total).toBe(direct.summary.total);
      expect(v.summary?.active).toBe(direct.summary.active);
      expect(v.pnl.state).toBe('ready');
    }
  });

  it('a revisit within the TTL makes no request; after a worker restart the IndexedDB copy still serves', async () => {
    services = simServices(sim);
    const wallet = sim.catalog.wallets[1]!;
    const first = await services.data.walletBadge(wallet);
    await services.cache.flush();
    const before = (await requests(sim)).length;
    expect(before).toBe(2); // one DCA wallet request, one PnL batch
    const again = await services.data.walletBadge(wallet);
    expect(again).toEqual(first);
    expect((await requests(sim)).length).toBe(before);
    // The worker stops: new services (empty memory) on the same IndexedDB still answer without a request.
    await services.cache.close();
    services = simServices(sim, { keepDb: true });
    expect(await services.data.walletBadge(wallet)).toEqual(first);
    expect((await requests(sim)).length).toBe(before);
  });

  it(".sol names: one RPC call for many wallets, cached, the 'no name' answer too, across a worker restart", async () => {
    services = simServices(sim);
    const wallets = [...sim.catalog.wallets.slice(0, 5), addr(12000), addr(12001)];
    const names = await Promise.all(wallets.map((w) => services.data.domain(w)));
    expect(names.slice(0, 5).some((n) => n?.endsWith('.sol'))).toBe(true);
    expect(names.slice(5)).toEqual([null, null]); // unknown to the service: no name
    const rpc = await requests(sim, '/rpc');
    expect(rpc).toHaveLength(1);
    // The worker stops; the new one asks for the same wallets (it watches them): no request.
    await services.cache.flush();
    await services.cache.close();
    services = simServices(sim, { keepDb: true });
    expect(await Promise.all(wallets.map((w) => services.data.domain(w)))).toEqual(names);
    expect(await requests(sim, '/rpc')).toHaveLength(1);
  });

  it('stale-while-revalidate: after the TTL the old view comes at once and one refresh runs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    services = simServices(sim);
    const mint = sim.catalog.mints[2]!;
    const flowPath = `/dca/token/${mint}`;
    const flowRequests = async () => (await requests(sim, flowPath)).filter((r) => r.path === flowPath);
    const first = await services.data.tokenFlow(mint);
    expect(await flowRequests()).toHaveLength(1);
    // Change the data on the server, then let the TTL pass (but not the stale window).
    await control(sim, 'POST', '/__sim/emit', { mint, eventName: 'Opened', wallet: sim.catalog.wallets[3] });
    vi.setSystemTime(Date.now() + TTL.tokenFlow.ttlMs + 1000);
    const stale = await Promise.all(Array.from({ length: 5 }, () => services.data.tokenFlow(mint)));
    for (const s of stale) expect(s).toEqual(first);
    await vi.waitFor(async () => expect(await flowRequests()).toHaveLength(2));
    const now = (await rest(sim, flowPath)) as { buyers: { count: number }; sellers: { count: number } };
    expect(now.buyers.count + now.sellers.count).not.toBe(first.buyers.count + first.sellers.count);
    await clearLog(sim);
    const refreshed = await vi.waitFor(async () => {
      const next = await services.data.tokenFlow(mint);
      expect(next.buyers.count).toBe(now.buyers.count);
      return next;
    });
    expect(refreshed.sellers.count).toBe(now.sellers.count);
    // Fresh again: served from the cache, no further request.
    expect(await flowRequests()).toHaveLength(0);
  });

  it("250 wallets' PnL summaries go out as 3 batch calls (by 100)", async () => {
    services = simServices(sim);
    const known = sim.catalog.wallets.slice(0, 150);
    const wallets = [...known, ...Array.from({ length: 250 - known.length }, (_, i) => addr(5000 + i))];
    const badges = await Promise.all(wallets.map((w) => services.data.walletBadge(w)));
    const batches = await requests(sim, '/v2/pnl/wallets/batch');
    expect(batches).toHaveLength(3);
    expect(batches.every((b) => b.method === 'POST' && b.status === 200)).toBe(true);
    expect(await requests(sim, '/v2/pnl/wallets/')).toHaveLength(3); // no single-wallet PnL calls
    // Known wallets have a summary; unknown ones resolve to the typed empty state, not an error.
    expect(badges.slice(0, 150).filter((b) => b.pnl.state === 'ready').length).toBeGreaterThan(0);
    for (const b of badges.slice(150)) expect(b.pnl.state).toBe('none');
  });

  it('badges carry no PnL when the trader chose another PnL mode or currency: the batch has only strict USD', async () => {
    const wallet = sim.catalog.wallets[0]!;
    for (const patch of [{ pnlMode: 'adjusted' as const }, { currency: 'eur' as const }]) {
      services = simServices(sim, { settings: simSettings(sim, patch) });
      await clearLog(sim);
      const badge = await services.data.walletBadge(wallet);
      // The DCA half as always; no PnL figure that the popover (in the chosen mode) would contradict.
      expect(badge.activeOrders).toBeTypeOf('number');
      expect(badge.pnl).toEqual({ state: 'none' });
      expect(await requests(sim, '/v2/pnl/')).toHaveLength(0);
      const view = await services.data.wallet(wallet);
      expect(view.pnl.state === 'ready' && view.pnl.pnl.mode).toBe(patch.pnlMode ?? 'strict');
    }
    // The defaults: the batch's figure, as before.
    services = simServices(sim);
    expect((await services.data.walletBadge(wallet)).pnl.state).toBe('ready');
  });

  it('a 429 with Retry-After pauses the whole queue until it expires, then everything completes', async () => {
    services = simServices(sim);
    await control(sim, 'POST', '/__sim/faults', { status: 429, retryAfter: 1 });
    const mints = sim.catalog.mints.slice(10, 20);
    const pending = Promise.all(mints.map((m) => services.data.tokenFlow(m)));
    // The first wave meets the 429; lift the fault shortly after so only the pause holds requests back.
    await vi.waitFor(async () => expect((await requests(sim)).length).toBeGreaterThan(0));
    await control(sim, 'POST', '/__sim/faults', {});
    const flows = await pending;
    expect(flows.map((f) => f.mint)).toEqual(mints);
    const log = await requests(sim, '/dca/token/');
    const limited = log.filter((r) => r.status === 429);
    const ok = log.filter((r) => r.status === 200);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.length).toBeLessThanOrEqual(4); // only the first wave (concurrency 4) met it
    expect(ok).toHaveLength(mints.length);
    const firstLimited = Math.min(...limited.map((r) => r.time));
    // Nothing was sent while the pause lasted (1 s Retry-After; 50 ms slack for timer granularity).
    const during = log.filter((r) => r.time > firstLimited + 50 && r.time < firstLimited + 950);
    expect(during).toEqual([]);
    expect(Math.min(...ok.map((r) => r.time))).toBeGreaterThanOrEqual(firstLimited + 950);
  });

  it("a worker started during an earlier worker's 429 pause waits for its end too", async () => {
    const kept = {
      until: null as number | null,
      set(until: number) {
        kept.until = until;
      },
    };
    services = simServices(sim, { rateLimit: kept });
    await control(sim, 'POST', '/__sim/faults', { status: 429, retryAfter: 2 });
    const first = services.data.tokenFlow(sim.catalog.mints[21]!).catch(() => null);
    await vi.waitFor(() => expect(kept.until).not.toBeNull());
    await control(sim, 'POST', '/__sim/faults', {});
    // The worker is stopped during its pause; the next one starts at once and reads the pause.
    const pausedUntil = kept.until!;
    expect(pausedUntil).toBeGreaterThan(Date.now() + 1000);
    const next = simServices(sim, { rateLimit: kept, keepDb: true });
    const mint = sim.catalog.mints[22]!;
    const flow = await next.data.tokenFlow(mint);
    expect(flow.mint).toBe(mint);
    const sent = await requests(sim, `/dca/token/${mint}`);
    expect(sent.length).toBeGreaterThan(0);
    expect(Math.min(...sent.map((r) => r.time))).toBeGreaterThanOrEqual(pausedUntil - 50);
    await first;
    await next.cache.close();
  });

  it('LRU: past maxEntries the least recently used entries are evicted and fetched again on return', async () => {
    services = simServices(sim, { settings: simSettings(sim, { cache: { maxEntries: 100, maxMB: 20 } }) });
    const addresses = Array.from({ length: 150 }, (_, i) => addr(7000 + i));
    // Classification is cached per address; 150 addresses go out as 2 getMultipleAccounts calls.
    for (let i = 0; i < addresses.length; i += 50) await services.data.classify(addresses.slice(i, i + 50));
    await services.cache.flush();
    const stats = services.cache.stats();
    expect(stats.entries).toBeLessThanOrEqual(100);
    expect(stats.evictions).toBeGreaterThanOrEqual(50);
    const rpcBefore = (await requests(sim, '/rpc')).length;
    // Batched, not one call per address (how the 25 ms windows fall depends on the machine's load).
    expect(rpcBefore).toBeGreaterThanOrEqual(3);
    expect(rpcBefore).toBeLessThanOrEqual(6);
    await services.data.classify(addresses.slice(140)); // recent: still cached
    expect((await requests(sim, '/rpc')).length).toBe(rpcBefore);
    await services.data.classify(addresses.slice(0, 10)); // oldest: evicted, fetched again
    expect((await requests(sim, '/rpc')).length).toBe(rpcBefore + 1);
  });
});

describe('request economy of a page with 500 wallets (issue 11)', () => {
  it('500 wallets asked as the content script asks them: 5 PnL batch calls, visible ones in the first', async () => {
    services = simServices(sim);
    const known = sim.catalog.wallets.slice(0, 150);
    const wallets = [...known, ...Array.from({ length: 500 - known.length }, (_, i) => addr(7000 + i))];
    const visibleCount = 40; // a 800 px window of the benchmark page's list
    const answered = new Map<string, number>();
    const started = Date.now();
    // The content script's own queue: visible wallets after ~30 ms, off-screen ones after 1.5 s,
    // one walletBadge message each (its input parsed as the router parses it).
    const queue = createRequestQueue({
      timers: realTimers,
      ask: (async (name: string, input: unknown) => {
        expect(name).toBe('walletBadge');
        const { address } = VIEW_INPUTS.walletBadge.parse(input);
        return services.data.walletBadge(address);
      }) as ViewAsk,
      onResult: (item, data) => {
        expect(data.status).toBe('ready');
        answered.set(item.address, Date.now() - started);
      },
      onClassified: () => {},
    });
    const want = (address: string, visible: boolean) =>
      queue.want({ key: `wallet:${address}`, kind: 'wallet', address }, visible);
    // As the scanner reports them: the visible ones at once, the off-screen ones in chunks over the
    // next few hundred ms (so most arrive after the visible wave has gone).
    for (const w of wallets.slice(0, visibleCount)) want(w, true);
    for (let i = visibleCount; i < wallets.length; i += 20) {
      await sleep(10);
      for (const w of wallets.slice(i, i + 20)) want(w, false);
    }
    await vi.waitFor(() => expect(answered.size).toBe(500), { timeout: 30_000, interval: 50 });
    const batches = await requests(sim, '/v2/pnl/wallets/batch');
    expect(batches).toHaveLength(Math.ceil(500 / 100));
    expect(batches.every((b) => b.method === 'POST' && b.status === 200)).toBe(true);
    expect(await requests(sim, '/v2/pnl/wallets/')).toHaveLength(batches.length); // no single-wallet PnL
    // Visible first: every visible wallet is answered (DCA and PnL) before the off-screen wave is
    // even sent at 1.5 s, and its DCA requests are the first ones the simulator saw.
    const lazyMs = 1500;
    for (const w of wallets.slice(0, visibleCount)) expect(answered.get(w)!).toBeLessThan(lazyMs);
    const late = wallets.slice(100).map((w) => answered.get(w)!);
    expect(Math.min(...late)).toBeGreaterThanOrEqual(lazyMs);
    const dca = await requests(sim, '/dca/wallet/');
    expect(dca).toHaveLength(500);
    const firstDca = new Set(dca.slice(0, visibleCount).map((r) => r.path.split('/').pop()));
    expect(firstDca).toEqual(new Set(wallets.slice(0, visibleCount)));
  }, 40_000);

  it('a busy worker: wallets reaching the data service 6 ms apart still go out in whole batches of 100', async () => {
    // On a slow machine the first visit's 500 DCA answers keep the worker busy, and a page's
    // off-screen wallets reach the batcher a few ms apart: with a 400 ms cap on a batch's wait they
    // went out as batches of about 60 (7 calls for the benchmark's 500 wallets, floor 5).
    services = simServices(sim);
    const wallets = Array.from({ length: 400 }, (_, i) => addr(11000 + i));
    const pending: Promise<unknown>[] = [];
    for (const w of wallets) {
      pending.push(services.data.walletBadge(w));
      await sleep(6);
    }
    await Promise.all(pending);
    const batches = await requests(sim, '/v2/pnl/wallets/batch');
    expect(batches.map((b) => b.items)).toEqual([100, 100, 100, 100]);
  }, 20_000);

  it("a PnL batch waiting behind the page's DCA requests takes the wallets found meanwhile: 63 + 37 -> 1 call", async () => {
    // A slow answer (100 ms each, 4 at a time): the 63 wallets' DCA requests keep the queue busy for
    // about 1.6 s, so their PnL batch, due after 100 ms, waits there. The page's other 37 wallets
    // come 630 ms later (a slow machine's scanner): sent on its own, that batch would cost a call.
    await control(sim, 'POST', '/__sim/faults', { latencyMs: 100 });
    services = simServices(sim);
    const wallets = Array.from({ length: 100 }, (_, i) => addr(12000 + i));
    const first = wallets.slice(0, 63).map((w) => services.data.walletBadge(w));
    await sleep(630);
    const rest = wallets.slice(63).map((w) => services.data.walletBadge(w));
    await Promise.all([...first, ...rest]);
    const batches = await requests(sim, '/v2/pnl/wallets/batch');
    expect(batches.map((b) => b.items)).toEqual([100]);
  }, 20_000);

  it('the account batcher benefits too: 100 addresses classified in 5 messages 40 ms apart -> 1 RPC call', async () => {
    services = simServices(sim);
    const addresses = Array.from({ length: 100 }, (_, i) => addr(9000 + i));
    // Scanner passes a little apart (a fixed 25 ms window sent one call per message).
    const pending: Promise<Record<string, string>>[] = [];
    for (let i = 0; i < addresses.length; i += 20) {
      pending.push(services.data.classify(addresses.slice(i, i + 20)));
      await sleep(40);
    }
    const all = Object.assign({}, ...(await Promise.all(pending))) as Record<string, string>;
    expect(Object.keys(all).sort()).toEqual([...addresses].sort());
    const rpc = await requests(sim, '/rpc');
    expect(rpc).toHaveLength(1);
    expect(rpc[0]).toMatchObject({ method: 'POST', status: 200 });
  });
});
