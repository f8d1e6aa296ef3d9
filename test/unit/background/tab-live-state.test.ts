/**
 * A tab's live line follows the live connection: the real background (services, handlers, router,
 * tab subscriptions) against the simulator over HTTP and a real WebSocket. Only the browser's tab
 * messaging is a stand-in: what the worker pushes to tabs is recorded.
 */
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Services } from '../../../lib/background/services';
import { createTabLive, RECONNECTING_TEXT } from '../../../lib/background/tab-live';
import { errorMessage } from '../../../lib/errors';
import type { WebSocketCtor } from '../../../lib/live/types';
import { LiveLine, type Pushes } from '../../../lib/messaging';
import { control, requests, type Sim, simServices, tabSender, testHandlers, testRouter } from './helpers';
import { simHooks } from './sim-hooks';

const tab = (id: number) => tabSender('https://solscan.io/token/x', id);

let sim: Sim;
let services: Services | undefined;
simHooks(
  { port: 0, seed: 21, eventsPerSecond: 0 },
  (s) => (sim = s),
  () => services,
);

/** A worker with the key, its pushes to tabs recorded. */
function worker(apiKey: string) {
  services = simServices(sim, { apiKey, WebSocketImpl: WebSocket as unknown as WebSocketCtor });
  const pushed: { tabId: number; event: Pushes['liveEvent'] }[] = [];
  const tabLive = createTabLive(services.hub, async (tabId, event) => {
    pushed.push({ tabId, event });
  });
  const dispatch = testRouter(testHandlers(services, { tabLive }));
  const hub = services.hub;
  return {
    hub,
    pushed,
    subscribe: (tabId: number, topic: { kind: string; address: string }) =>
      dispatch('liveSubscribe', { topic }, tab(tabId)),
    /** The live lines pushed to a tab, oldest first (each checked against the protocol's schema). */
    lines: (tabId: number) =>
      pushed.filter((p) => p.tabId === tabId && p.event.state).map((p) => LiveLine.parse(p.event.state)),
  };
}

describe("a tab's live line", () => {
  it('says reconnecting while the socket is down and the server refuses it (503), and live again once it is back', async () => {
    const w = worker('demo');
    const topic = { kind: 'token', address: sim.catalog.mints[0]! };
    // subscribed while the first connection is being made: not live yet
    expect(await w.subscribe(7, topic)).toMatchObject({ ok: true, value: { live: false } });
    await vi.waitFor(() => expect(w.lines(7).at(-1)).toEqual({ live: true, note: null }), {
      timeout: 10_000,
    });
    // every push names the tab's own topic, carries no fill or order (badges are left alone)
    expect(w.pushed.every((p) => p.event.fill === null && p.event.order === null)).toBe(true);
    expect(w.pushed[0]!.event.topic).toEqual(topic);

    // The server drops the socket and answers every new one with a 503.
    await control(sim, 'POST', '/__sim/faults', { dropSocketAfterMs: 1, status: 503, paths: '/ws' });
    await vi.waitFor(() => expect(w.lines(7).at(-1)).toEqual({ live: false, note: RECONNECTING_TEXT }), {
      timeout: 10_000,
    });
    const refused = async () => (await requests(sim, '/ws')).some((r) => r.status === 503);
    await vi.waitFor(async () => expect(await refused()).toBe(true), { timeout: 10_000 });
    expect(w.hub.status().state).toBe('reconnecting');
    expect(w.lines(7).at(-1)).toEqual({ live: false, note: RECONNECTING_TEXT });
    // a tab that opens a popover now is answered with the same line
    expect(await w.subscribe(8, topic)).toEqual({
      ok: true,
      value: { live: false, note: RECONNECTING_TEXT },
    });

    await control(sim, 'POST', '/__sim/faults', {});
    await vi.waitFor(() => expect(w.lines(7).at(-1)).toEqual({ live: true, note: null }), {
      timeout: 20_000,
    });
    expect(w.lines(8).at(-1)).toEqual({ live: true, note: null });
    // One push per change of the line, not one per status change (retry times, room counts).
    expect(w.lines(7)).toEqual([
      { live: true, note: null },
      { live: false, note: RECONNECTING_TEXT },
      { live: true, note: null },
    ]);
  }, 30_000);

  it('a free key: a tab that subscribed while the hub was still connecting is told live updates need Premium', async () => {
    const w = worker('demo-free');
    const topic = { kind: 'token', address: sim.catalog.mints[1]! };
    expect(await w.subscribe(7, topic)).toMatchObject({ ok: true, value: { live: false } });
    expect(w.hub.status().state).toBe('connecting');
    await vi.waitFor(() => expect(w.hub.status().state).toBe('needs-plan'), { timeout: 10_000 });
    expect(w.lines(7).at(-1)).toEqual({ live: false, note: errorMessage('NEEDS_PLAN') });
    expect(w.pushed.every((p) => p.event.topic.address === topic.address)).toBe(true);
  });

  it('a tab that cannot be reached any more lets go of its rooms', async () => {
    services = simServices(sim, {
      apiKey: 'demo-free',
      WebSocketImpl: WebSocket as unknown as WebSocketCtor,
    });
    const tabLive = createTabLive(services.hub, async () => {
      throw new Error('Could not establish connection');
    });
    tabLive.subscribe(7, { kind: 'token', address: sim.catalog.mints[2]! });
    expect(services.hub.wantedRooms().length).toBe(2);
    await vi.waitFor(() => expect(services!.hub.wantedRooms()).toEqual([]), { timeout: 10_000 });
  });
});
