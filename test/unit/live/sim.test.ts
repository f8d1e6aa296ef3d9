/**
 * The hub against the project's simulator (test/sim): the same datastream contract the extension
 * meets in end-to-end tests and the demo, with its plan keys and fault injection.
 */

import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { rooms } from '../../../lib/api/rooms';
import type { PlanCheck, WebSocketCtor } from '../../../lib/live/types';
import { type Sim, startSim } from '../../sim';
import { makeHub, stopAll } from './harness';
import { sleep, waitFor } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0, pingIntervalMs: 100 });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  stopAll();
  await post('/__sim/faults', {});
});

async function post(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** What the background does: GET /subscription with the key, mapped to the hub's verdict. */
function checkPlan(key: string): () => Promise<PlanCheck> {
  return async () => {
    const res = await fetch(`${sim.url}/subscription`, { headers: { 'x-api-key': key } });
    if (res.status === 401 || res.status === 403) return 'bad-key';
    if (!res.ok) return 'unknown';
    const body = (await res.json()) as { plan?: string };
    return ['premium', 'business', 'enterprise'].includes(String(body.plan).toLowerCase())
      ? 'ok'
      : 'needs-plan';
  };
}

/** Counts connection attempts (the sim does not log upgrades). */
function countingWs() {
  const counter = { n: 0 };
  class Counting extends WebSocket {
    constructor(url: string) {
      super(url);
      counter.n++;
    }
  }
  return { counter, Impl: Counting as unknown as WebSocketCtor };
}

describe('against the simulator', () => {
  test('premium key: joins, answers pings, delivers an emitted event once across overlapping rooms', async () => {
    const wallet = sim.catalog.wallets[0]!;
    const r = makeHub(`${sim.datastreamUrl}/demo`, { plan: checkPlan('demo') });
    r.hub.acquire('watchlist', [rooms.dcaWallet('jupiter', wallet)]);
    r.hub.acquire('tab:3', [rooms.dca('jupiter'), rooms.dcaType('jupiter', 'filled')]);
    await waitFor(() => r.hub.status().state === 'live');
    await sleep(100); // let the joins land
    await post('/__sim/emit', { eventName: 'Filled', wallet });
    await waitFor(() => r.events.length >= 1, 3_000, 'event');
    await sleep(400); // several sim pings: an unanswered pair would close the socket (code 4000)
    const fills = r.events.filter((e) => e.message.kind === 'dca-event');
    expect(fills).toHaveLength(1);
    expect([...fills[0]!.rooms].sort()).toEqual(
      [rooms.dca('jupiter'), rooms.dcaType('jupiter', 'filled'), rooms.dcaWallet('jupiter', wallet)].sort(),
    );
    expect(r.hub.stats()).toMatchObject({ invalid: 0, reconnects: 0 });
    expect(r.hub.stats().duplicates).toBeGreaterThanOrEqual(2);
  });

  test('demo-free (HTTP 403 on upgrade): one attempt, one plan check, needs-plan, no storm', async () => {
    const { counter, Impl } = countingWs();
    const r = makeHub(`${sim.datastreamUrl}/demo-free`, {
      plan: checkPlan('demo-free'),
      WebSocketImpl: Impl,
      random: () => 0,
    });
    r.hub.acquire('watchlist', [rooms.dca('jupiter')]);
    await waitFor(() => r.hub.status().state === 'needs-plan', 3_000, 'needs-plan');
    await sleep(500);
    expect(counter.n).toBe(1);
    expect(r.planChecks).toBe(1);
  });

  test('an unknown key stops with bad-key', async () => {
    const r = makeHub(`${sim.datastreamUrl}/nope`, { plan: checkPlan('nope') });
    r.hub.acquire('watchlist', [rooms.dca('jupiter')]);
    await waitFor(() => r.hub.status().state === 'bad-key', 3_000, 'bad-key');
  });

  test('dropped socket (fault): re-joins each room once and asks for reconciliation', async () => {
    const wallet = sim.catalog.wallets[1]!;
    const wanted = [rooms.dca('jupiter'), rooms.dcaWallet('jupiter', wallet)];
    const r = makeHub(`${sim.datastreamUrl}/demo`, { plan: checkPlan('demo'), random: () => 0 });
    r.hub.acquire('watchlist', wanted);
    await waitFor(() => r.hub.status().state === 'live');
    await post('/__sim/faults', { dropSocketAfterMs: 150 });
    await waitFor(() => r.reconnected.length >= 1, 3_000, 'reconnected');
    await post('/__sim/faults', {});
    expect([...r.reconnected[0]!].sort()).toEqual([...wanted].sort());
    await waitFor(() => r.hub.status().state === 'live');
    await sleep(100);
    await post('/__sim/emit', { eventName: 'Filled', wallet });
    await waitFor(() => r.events.some((e) => e.message.kind === 'dca-event'), 3_000, 'event after reconnect');
    expect(r.events.filter((e) => e.message.kind === 'dca-event')).toHaveLength(1);
  });

  test('silent socket (fault): detected and replaced', async () => {
    const r = makeHub(`${sim.datastreamUrl}/demo`, {
      plan: checkPlan('demo'),
      // (a join sent while the fault held is lost: re-sent after joinAckTimeoutMs, and the REST
      // catch-up waits for its acknowledgement)
      timing: { silentMs: 400, tickMs: 25, joinAckTimeoutMs: 200 },
    });
    r.hub.acquire('watchlist', [rooms.dca('jupiter')]);
    await waitFor(() => r.hub.status().state === 'live');
    await post('/__sim/faults', { silentSocket: true });
    await waitFor(() => r.logs.includes('live: socket silent, replacing it'), 3_000, 'silence detected');
    await post('/__sim/faults', {});
    await waitFor(() => r.reconnected.length >= 1 && r.hub.status().state === 'live', 3_000, 'live again');
  });
});
