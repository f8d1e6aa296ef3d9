import {
  Client,
  DataApiError,
  Datastream,
  type DcaStreamEvent,
  type PnlWalletUpdate,
  PredictionMarketsClient,
} from '@solana-tracker/data-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DcaFilled } from '../../../lib/api/schemas/live';
import type { Sim } from '../../sim/index';
import { client, start } from './helpers';

/** Narrows a PnL v2 answer that may be the "not indexed yet" placeholder to the indexed shape. */
function indexed<T extends object>(r: T): Exclude<T, { queued: true }> {
  if ('queued' in r && r.queued === true) throw new Error('wallet is queued, not indexed');
  return r as Exclude<T, { queued: true }>;
}

// The service's own npm client (0.5.0), pointed at the simulator through its documented options:
// Client({baseUrl}), PredictionMarketsClient({baseUrl}), Datastream({wsUrl}).
let sim: Sim;
beforeAll(async () => {
  sim = await start({ pingIntervalMs: 1000 });
});
afterAll(() => sim.close());

describe('official @solana-tracker/data-api client against the sim', () => {
  it('DCA calls', async () => {
    const st = new Client({ apiKey: 'demo', baseUrl: sim.dataUrl });
    const w = sim.catalog.wallets[0]!;
    expect((await st.getDcaPrograms()).programs[0]!.id).toBe('jupiter');
    const wallet = await st.getDcaWallet(w, { limit: 5, sort: 'created', status: 'active' });
    expect(wallet.wallet).toBe(w);
    expect(wallet.orders.length).toBe(Math.min(5, wallet.summary.active));
    const next = await st.getDcaWalletOrders(w, {
      limit: 5,
      sort: 'created',
      status: 'active',
      cursor: wallet.pagination.nextCursor!,
    });
    expect(next.orders[0]!.address).not.toBe(wallet.orders[0]!.address);
    const order = await st.getDcaOrder(sim.catalog.orders[0]!);
    expect(order.status).toBe('active');
    const flow = await st.getDcaTokenFlow(sim.catalog.mints[2]!);
    const buyers = await st.getDcaTokenBuyers(sim.catalog.mints[2]!, { limit: 1000 });
    expect(flow.buyers.count).toBe(buyers.pagination.total);
    expect((await st.getDcaTokenSellers(sim.catalog.mints[2]!)).orders.length).toBeGreaterThan(0);
    expect((await st.getDcaTokenUsers(sim.catalog.mints[2]!, { limit: 3 })).users.length).toBe(3);
    const pair = await st.getDcaPair(sim.catalog.mints[1]!, sim.catalog.mints[0]!);
    expect(pair.pair).toBe('USDC -> SOL');
    const err = await st.getDcaWallet(w, { sort: 'nonsense' as never }).catch((e) => e);
    expect(err).toBeInstanceOf(DataApiError);
    expect(err.status).toBe(400);
    expect(err.details.error.code).toBe('INVALID_SORT');
  });

  it('PnL v2, credits and binary events', async () => {
    const st = new Client({ apiKey: 'demo', baseUrl: sim.dataUrl });
    const w = sim.catalog.wallets[1]!;
    const ov = indexed(await st.getPnlV2WalletOverview(w, { pnlMode: 'strict' }));
    expect(ov.wallet).toBe(w);
    expect(ov.summary.pnl.total).toBeCloseTo(ov.summary.pnl.realized! + ov.summary.pnl.unrealized!, 1);
    const batch = await st.batchPnlV2WalletSummaries([w, sim.catalog.queuedWallets[0]!]);
    expect(batch.count).toBe(1);
    expect(batch.notFound).toEqual([sim.catalog.queuedWallets[0]]);
    const positions = indexed(await st.getPnlV2WalletPositions(w, { limit: 2 }));
    expect(positions.positions.length).toBe(2);
    const token = positions.positions[0]!.token;
    expect(indexed(await st.getPnlV2WalletTokenPosition(w, token)).token).toBe(token);
    expect((await st.getPnlV2TokenTraders(token)).traders.length).toBeGreaterThan(0);
    expect((await st.getPnlV2TopTraders({ limit: 3 })).traders.length).toBe(3);
    const tp = await st.batchPnlV2WalletTokenPositions(w, [token]);
    expect(tp.positions[0]!.token).toBe(token);
    const queued = await st.getPnlV2WalletOverview(sim.catalog.queuedWallets[0]!);
    expect(queued).toMatchObject({ indexed: false, queued: true });
    expect((await st.getCredits()).credits).toBeGreaterThan(0);
    const events = await st.getPoolEvents(sim.catalog.mints[2]!, sim.catalog.pools[0]!);
    expect(events.length).toBe(40);
    expect(sim.catalog.wallets).toContain(events[0]!.wallet);
    expect(['buy', 'sell']).toContain(events[0]!.type);
  });

  it('prediction-market calls', async () => {
    const pm = new PredictionMarketsClient({ apiKey: 'demo', baseUrl: sim.predictionUrl });
    const slug = sim.catalog.events.polymarket[0]!;
    const b = await pm.getEventsBatch({
      ids: `${slug},kxfedchair-26,nope`,
      exchange: undefined as never,
    });
    expect(b.notFound).toEqual(['nope']);
    expect(b.results[1]!.event!.ticker).toBe('KXFEDCHAIR-26');
    const c = await pm.getEventCandlesticks(slug, { period_interval: '1d', limit: 10 });
    expect(c.series[0]!.candles.length).toBeGreaterThan(0);
    expect(c.eventSlug).toBe(slug);
    const e = await pm.getEventsBatch({ ids: slug, exchange: 'nyse' }).catch((x) => x);
    expect(e).toBeInstanceOf(DataApiError);
    expect(e.status).toBe(400);
    expect(e.details.errorCode).toBe('BAD_REQUEST');
  });

  it('datastream: DCA wallet room and PnL summary room', async () => {
    const ds = new Datastream({ wsUrl: `${sim.datastreamUrl}/demo`, autoReconnect: false });
    try {
      await ds.connect();
      expect(ds.isConnected()).toBe(true);
      const w = sim.catalog.wallets[2]!;
      const got = new Promise<DcaStreamEvent>((resolve) => ds.subscribe.dca.wallet(w).on(resolve));
      const summary = new Promise<PnlWalletUpdate>((resolve) => ds.subscribe.pnl.summary(w).on(resolve));
      // wait for the server's join acknowledgement before emitting (the client ignores `joined` acks)
      // `socket` is private in the client's typings: read it as unknown and check it is the live WebSocket
      const raw: unknown = Reflect.get(ds, 'socket');
      if (!(raw instanceof WebSocket)) throw new Error('Datastream has no open socket');
      await new Promise<void>((resolve) => {
        const seen = new Set<string>();
        raw.addEventListener('message', (e) => {
          const m = JSON.parse(String(e.data));
          if (m.type === 'joined') seen.add(m.room);
          if (seen.has(`dca:jupiter:wallet:${w}`)) resolve();
        });
      });
      const emitted = (
        await client(sim, null).post<DcaFilled>('/__sim/emit', { wallet: w, eventName: 'Filled' })
      ).body;
      const ev = await got;
      if (!('signature' in ev))
        throw new Error(`expected a DCA transaction event, got ${JSON.stringify(ev)}`);
      expect(ev.signature).toBe(emitted.signature);
      expect(ev.owner).toBe(w);
      const s = await summary;
      expect(typeof s.pnl.total).toBe('number');
    } finally {
      ds.disconnect();
    }
  });
});
