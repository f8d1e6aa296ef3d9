import { Agent, get as httpGet } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataErrorBody } from '../../../lib/api/schemas/common';
import type { Sim } from '../../sim/index';
import type { LogEntry } from '../../sim/state';
import { client, type SimOrder, start, WsProbe } from './helpers';

let sim: Sim;
let api: ReturnType<typeof client>;
let ctl: ReturnType<typeof client>;
beforeAll(async () => {
  sim = await start();
  api = client(sim);
  ctl = client(sim, null);
});
beforeEach(async () => {
  await ctl.post('/__sim/reset', {});
});
afterAll(() => sim.close());

const wallet = () => `/dca/wallet/${sim.catalog.wallets[0]}`;

describe('sim faults and control', () => {
  it('catalog needs no key and matches startSim().catalog', async () => {
    const r = await ctl.get('/__sim/catalog');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(sim.catalog);
  });

  it('/__sim/status sends an order with a status the spec does not list, until null sends its own', async () => {
    type Page = {
      summary: Record<string, number>;
      orders: SimOrder[];
      pagination: { total: number };
    };
    const path = `${wallet()}?limit=100`;
    const before = await api.get<Page>(path);
    const target = before.body.orders.find((o) => o.status === 'active')!;
    expect(
      before.body.orders.every((o) => ['active', 'pending', 'paused', 'completed'].includes(o.status)),
    ).toBe(true);

    const set = await ctl.post<SimOrder>('/__sim/status', { order: target.address, status: 'cancelled' });
    expect([set.status, set.body.status]).toEqual([200, 'cancelled']);
    const after = await api.get<Page>(path);
    const statusOf = (p: Page) => Object.fromEntries(p.orders.map((o) => [o.address, o.status]));
    expect(statusOf(after.body)).toEqual({ ...statusOf(before.body), [target.address]: 'cancelled' });
    // counted in the total only; a status filter leaves it out, `all` keeps it
    expect(after.body.summary).toEqual({ ...before.body.summary, active: before.body.summary.active! - 1 });
    const active = await api.get<Page>(`${wallet()}/orders?status=active&limit=100`);
    expect(active.body.orders.map((o) => o.address)).not.toContain(target.address);
    expect((await api.get<SimOrder>(`/dca/order/${target.address}`)).body.status).toBe('cancelled');

    expect((await ctl.post('/__sim/status', { order: target.address, status: null })).status).toBe(200);
    expect((await api.get<Page>(path)).body).toEqual(before.body);
    expect((await ctl.post('/__sim/status', { order: target.address, status: 7 })).status).toBe(400);
    expect((await ctl.post('/__sim/status', { order: 'nope', status: 'x' })).status).toBe(404);
  });

  it('429 with Retry-After seconds', async () => {
    await ctl.post('/__sim/faults', { status: 429, retryAfter: 7 });
    const r = await api.get<DataErrorBody>(wallet());
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(r.body.error.code).toBe('RATE_LIMITED');
  });

  it('408 TIMEOUT body; default status 500; prediction API keeps its error shape', async () => {
    await ctl.post('/__sim/faults', { status: 408 });
    expect((await api.get(wallet())).body).toEqual({
      error: { code: 'TIMEOUT', message: expect.any(String) },
    });
    await ctl.post('/__sim/faults', { errorRate: 1 });
    expect((await api.get(wallet())).status).toBe(500);
    await ctl.post('/__sim/faults', { status: 503 });
    const pm = await api.get('/pm/v1/events/batch?ids=KXFEDCHAIR-26');
    expect(pm.status).toBe(503);
    expect(pm.body).toEqual({ code: 503, error: expect.any(String), errorCode: 'SERVICE_BUSY' });
  });

  it('paths prefix limits faults; errorRate 0 turns them off', async () => {
    await ctl.post('/__sim/faults', { status: 500, paths: '/v2/pnl' });
    expect((await api.get(wallet())).status).toBe(200);
    expect((await api.get(`/v2/pnl/wallets/${sim.catalog.wallets[0]}`)).status).toBe(500);
    await ctl.post('/__sim/faults', { errorRate: 0 });
    expect((await api.get(`/v2/pnl/wallets/${sim.catalog.wallets[0]}`)).status).toBe(200);
  });

  it('errorRate is a fraction of requests', async () => {
    await ctl.post('/__sim/faults', { errorRate: 0.5, status: 503 });
    const statuses = [];
    for (let i = 0; i < 60; i++) statuses.push((await api.get('/dca/programs')).status);
    expect(statuses).toContain(503);
    expect(statuses).toContain(200);
  });

  it('malformed answers 200 with a truncated JSON body', async () => {
    await ctl.post('/__sim/faults', { malformed: true });
    const r = await api.get(wallet());
    expect(r.status).toBe(200);
    expect(() => JSON.parse(r.text)).toThrow();
    expect(r.text.startsWith('{"wallet"')).toBe(true);
  });

  it('latency delays but still answers', async () => {
    await ctl.post('/__sim/faults', { latencyMs: 30 });
    expect((await api.get('/dca/programs')).status).toBe(200);
  });

  it('dropSocketAfterMs closes every socket after it opens, again and again', async () => {
    await ctl.post('/__sim/faults', { dropSocketAfterMs: 30 });
    for (let i = 0; i < 2; i++) {
      const p = new WsProbe(`${sim.datastreamUrl}/demo`);
      await p.opened;
      expect((await p.closed).code).toBe(1012);
    }
  });

  it('silentSocket: no acks while silent; answers resume when lifted', async () => {
    const p = new WsProbe(`${sim.datastreamUrl}/demo`);
    await p.opened;
    await ctl.post('/__sim/faults', { silentSocket: true });
    p.send({ type: 'join', room: 'dca:jupiter:withdraw' });
    await ctl.post('/__sim/emit', { wallet: sim.catalog.wallets[2], eventName: 'Withdraw' });
    await ctl.post('/__sim/faults', {});
    const from = p.messages.length;
    await p.join('dca:jupiter:opened');
    expect(
      p.messages
        .slice(0, from + 1)
        .filter((m) => m.type !== 'ping')
        .map((m) => m.room),
    ).toEqual(['dca:jupiter:opened']);
    p.close();
  });

  it('reset restores state from the seed and clears faults and the request log', async () => {
    const order = sim.catalog.orders[0]!;
    const before = (await api.get<SimOrder>(`/dca/order/${order}`)).body;
    await ctl.post('/__sim/emit', { order, eventName: 'Filled' });
    expect((await api.get<SimOrder>(`/dca/order/${order}`)).body.raw.used).not.toBe(before.raw.used);
    await ctl.post('/__sim/faults', { status: 500 });
    await ctl.post('/__sim/reset', {});
    expect((await api.get(`/dca/order/${order}`)).body).toEqual(before);
    const log = (await ctl.get<LogEntry[]>('/__sim/requests')).body;
    expect(log.length).toBe(1);
  });

  it('request log records method, path, query, time, status and skips /__sim/', async () => {
    await ctl.del('/__sim/requests');
    await api.get(`${wallet()}?limit=3`);
    await client(sim, 'bad').get('/dca/programs');
    await ctl.get('/__sim/catalog');
    const log = (await ctl.get('/__sim/requests')).body;
    // (`reused` when the connection had served a request before: see the next test)
    expect(log).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: wallet(),
        query: { limit: '3' },
        time: expect.any(Number),
        status: 200,
      }),
      expect.objectContaining({
        method: 'GET',
        path: '/dca/programs',
        query: {},
        time: expect.any(Number),
        status: 401,
      }),
    ]);
    await ctl.del('/__sim/requests');
    expect((await ctl.get('/__sim/requests')).body).toEqual([]);
  });

  it('marks a request that came on a reused keep-alive connection (how a browser resend is told apart)', async () => {
    await ctl.del('/__sim/requests');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<void>((ok, fail) => {
        httpGet(`${sim.dataUrl}${path}`, { agent, headers: { 'x-api-key': 'demo' } }, (res) => {
          res.resume();
          res.on('end', ok);
        }).on('error', fail);
      });
    await get('/dca/programs');
    await get('/dca/programs');
    agent.destroy();
    const log = (await ctl.get<LogEntry[]>('/__sim/requests')).body;
    expect(log.map((e) => e.reused ?? false)).toEqual([false, true]);
  });
});
