import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AggregatedPrice,
  DcaDeposit,
  DcaFilled,
  DcaOpened,
  DcaPosition,
  PnlSummaryLive,
} from '../../../lib/api/schemas/live';
import type { PnlWalletSummary } from '../../../lib/api/schemas/pnl';
import type { Sim } from '../../sim/index';
import {
  client,
  type Emitted,
  type MessageFrame,
  type OrderPage,
  type SimOrder,
  start,
  upgradeStatus,
  WsProbe,
} from './helpers';

let sim: Sim;
let api: ReturnType<typeof client>;
const probes: WsProbe[] = [];
const probe = async () => {
  const p = new WsProbe(`${sim.datastreamUrl}/demo`);
  probes.push(p);
  await p.opened;
  return p;
};
beforeAll(async () => {
  sim = await start({ pingIntervalMs: 40, streamIntervalMs: 50 });
  api = client(sim);
});
afterAll(async () => {
  for (const p of probes) p.close();
  await sim.close();
});

describe('sim datastream', () => {
  it('refuses demo-free with 403 and unknown keys with 401', async () => {
    expect(await upgradeStatus(`${sim.datastreamUrl}/demo-free`)).toBe(403);
    expect(await upgradeStatus(`${sim.datastreamUrl}/bogus`)).toBe(401);
    expect(await upgradeStatus(`${sim.datastreamUrl}/demo`)).toBe(101);
  });

  it('emit Filled fans out to every overlapping room and advances REST state', async () => {
    const order = sim.catalog.orders[0]!;
    const before = (await api.get<SimOrder>(`/dca/order/${order}`)).body;
    const p = await probe();
    const rooms = [
      'dca:jupiter',
      'dca:jupiter:filled',
      `dca:jupiter:wallet:${before.owner}`,
      `dca:jupiter:${order}`,
      `dca:jupiter:${before.output.mint}:buyers`,
      `dca:jupiter:${before.input.mint}:sellers`,
    ];
    for (const r of rooms) await p.join(r);
    const from = p.messages.length;
    const emitted = await api.post<Emitted<DcaFilled>>('/__sim/emit', { order, eventName: 'Filled' });
    expect(emitted.status).toBe(200);
    const ev = emitted.body;
    expect(ev).toMatchObject({
      program: 'jupiter',
      programId: 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M',
      address: order,
      owner: before.owner,
      eventName: 'Filled',
      dcaKey: order,
    });
    expect(ev.inAmount).toMatch(/^\d+$/);
    expect(ev.outAmount).toMatch(/^\d+$/);
    expect(typeof ev.signature).toBe('string');
    expect(ev.timestamp).toBeGreaterThan(1e12);
    const got = await Promise.all(
      rooms.map((room) =>
        p.next((m) => m.type === 'message' && m.room === room && m.data.signature === ev.signature, from),
      ),
    );
    expect(got.map((m) => m.room).sort()).toEqual([...rooms].sort());
    const dups = p.messages
      .slice(from)
      .filter((m) => m.type === 'message' && m.data.signature === ev.signature);
    expect(dups.length).toBe(rooms.length);
    const after = (await api.get<SimOrder>(`/dca/order/${order}`)).body;
    expect(BigInt(after.raw.used)).toBe(BigInt(before.raw.used) + BigInt(ev.inAmount));
    expect(BigInt(after.raw.received)).toBeGreaterThan(BigInt(before.raw.received));
    expect(after.remaining).toBeLessThan(before.remaining);
    expect(after.progressPercent).toBeGreaterThan(before.progressPercent);
    expect(ev.order.raw.used).toBe(after.raw.used);
    const wallet = (await api.get<OrderPage>(`/dca/wallet/${before.owner}?limit=100`)).body.orders.find(
      (o) => o.address === order,
    );
    expect(wallet!.raw.used).toBe(after.raw.used);
  });

  it('leave stops delivery for that room only', async () => {
    const p = await probe();
    await p.join('dca:jupiter');
    await p.join('dca:jupiter:deposit');
    p.send({ type: 'leave', room: 'dca:jupiter' });
    await p.join('dca:jupiter:position'); // barrier: the leave was processed before this ack
    const from = p.messages.length;
    const ev = (
      await api.post<DcaDeposit>('/__sim/emit', { wallet: sim.catalog.wallets[1], eventName: 'Deposit' })
    ).body;
    expect(ev.amount).toMatch(/^\d+$/);
    const m = await p.next((x) => x.type === 'message', from);
    expect(m.room).toBe('dca:jupiter:deposit');
    const pos = (
      await api.post<DcaPosition>('/__sim/emit', { order: sim.catalog.orders[1], eventName: 'Position' })
    ).body;
    expect(pos.signature).toBeUndefined();
    expect(pos.eventName).toBeUndefined();
    expect(pos).toMatchObject({ address: sim.catalog.orders[1], writeVersion: expect.any(Number) });
    const next = await p.next((x) => x.type === 'message' && x.room !== 'dca:jupiter:deposit', from);
    expect(next.room).toBe('dca:jupiter:position');
    expect(p.messages.slice(from).some((x) => x.room === 'dca:jupiter')).toBe(false);
  });

  it('emit with publish: false changes REST state but sends nothing; a later Position carries it', async () => {
    const order = sim.catalog.orders[6]!;
    const before = (await api.get<SimOrder>(`/dca/order/${order}`)).body;
    const p = await probe();
    await p.join(`dca:jupiter:${order}`);
    const from = p.messages.length;
    const missed = (
      await api.post<DcaDeposit>('/__sim/emit', { order, eventName: 'Deposit', publish: false })
    ).body;
    const after = (await api.get<SimOrder>(`/dca/order/${order}`)).body;
    expect(BigInt(after.raw.deposited)).toBe(BigInt(before.raw.deposited) + BigInt(missed.amount));
    const pos = (await api.post<DcaPosition>('/__sim/emit', { order, eventName: 'Position' })).body;
    const first = await p.next<MessageFrame<DcaPosition>>((x) => x.type === 'message', from);
    expect(first.data.writeVersion).toBe(pos.writeVersion); // the deposit never came
    expect(first.data.order.raw?.deposited).toBe(after.raw.deposited);
  });

  it('emit with indexed: false is sent live but kept out of REST until /__sim/index (an indexer behind)', async () => {
    const w = sim.catalog.wallets[2]!;
    const listed = async () =>
      (await api.get<OrderPage>(`/dca/wallet/${w}/orders?limit=100`)).body.orders.map((o) => [
        o.address,
        o.raw.used,
      ]);
    const before = await listed();
    const p = await probe();
    await p.join(`dca:jupiter:wallet:${w}`);
    const from = p.messages.length;
    const fill = (
      await api.post<DcaFilled>('/__sim/emit', { wallet: w, eventName: 'Filled', indexed: false })
    ).body;
    const opened = (
      await api.post<DcaOpened>('/__sim/emit', { wallet: w, eventName: 'Opened', indexed: false })
    ).body;
    await p.next(
      (x) => x.type === 'message' && (x.data as { address?: string }).address === opened.address,
      from,
    );
    const order = (await api.get<SimOrder>(`/dca/order/${fill.address}`)).body;
    expect([order.address, order.raw.used]).toEqual(before.find(([a]) => a === fill.address));
    expect((await api.get(`/dca/order/${opened.address}`)).status).toBe(404);
    expect(await listed()).toEqual(before);

    expect((await api.post<{ indexed: number }>('/__sim/index', {})).body).toEqual({ indexed: 2 });
    const now = await listed();
    expect(now.map(([a]) => a)).toContain(opened.address);
    const used = now.find(([a]) => a === fill.address)![1]!;
    expect(BigInt(used)).toBe(BigInt(order.raw.used) + BigInt(fill.inAmount));
  });

  it('Opened creates an order visible over REST', async () => {
    const w = sim.catalog.wallets[3]!;
    const ev = (
      await api.post<DcaOpened>('/__sim/emit', { wallet: w, mint: sim.catalog.mints[2], eventName: 'Opened' })
    ).body;
    expect(ev.cycleFrequency).toMatch(/^\d+$/);
    expect(['openDca', 'openDcaV2']).toContain(ev.openInstruction);
    const o = await api.get<SimOrder>(`/dca/order/${ev.address}`);
    expect(o.body.status).toBe('pending');
    expect(o.body.owner).toBe(w);
  });

  it('pings every interval; a client that answers stays, one that misses 2 pongs is closed', async () => {
    const good = await probe();
    const bad = await probe();
    bad.autoPong = false;
    await good.join('dca:jupiter:closed');
    const closed = await bad.closed;
    expect(closed.code).toBe(4000);
    expect(bad.messages.filter((m) => m.type === 'ping').length).toBeGreaterThanOrEqual(2);
    let n = 0;
    await good.next((m) => m.type === 'ping' && ++n >= 4);
    expect(good.ws.readyState).toBe(good.ws.OPEN);
  });

  it('PnL summary and aggregated price rooms send live-service shapes while joined', async () => {
    const p = await probe();
    const w = sim.catalog.wallets[0]!;
    const t = sim.catalog.mints[0]!;
    await p.join(`pnl:${w}:summary`);
    await p.join(`price:aggregated:${t}`);
    const s = await p.next<MessageFrame<PnlSummaryLive>>(
      (m) => m.type === 'message' && m.room === `pnl:${w}:summary`,
    );
    expect(Object.keys(s.data).sort()).toEqual([
      'averages',
      'counts',
      'invested',
      'openPositions',
      'pnl',
      'proceeds',
      'roi',
      'timing',
    ]);
    const rest = await api.get<PnlWalletSummary>(`/v2/pnl/wallets/${w}`);
    expect(s.data.pnl.total).toBe(rest.body.summary.pnl.total);
    const pr = await p.next<MessageFrame<AggregatedPrice>>(
      (m) => m.type === 'message' && m.room === `price:aggregated:${t}`,
    );
    expect(pr.data).toMatchObject({ token: t, price: expect.any(Number), aggregated: { poolCount: 3 } });
    expect(pr.data.topPools![0]).toEqual({
      poolId: expect.any(String),
      price: expect.any(Number),
      liquidity: expect.any(Number),
      market: 'raydium',
    });
  });
});
