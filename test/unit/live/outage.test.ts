/**
 * Outages as an MV3 service worker lives them, on fake timers and fake sockets: Chrome may never
 * deliver the 'online' event to a worker, and it stops and restarts the worker about every minute
 * (an alarm wakes it), so nothing the hub keeps in memory outlives a minute.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { rooms } from '../../../lib/api/rooms';
import { createLiveHub } from '../../../lib/live/hub';
import type { BackoffState, BackoffStore, LiveHubOptions, WebSocketCtor } from '../../../lib/live/types';
import { addr } from './helpers';

const GLOBAL = rooms.dca('jupiter');
const WALLET = rooms.dcaWallet('jupiter', addr());

/** A socket the test opens and drops by hand; the hub only ever sees the WebSocketLike surface. */
class FakeSocket {
  readyState = 0;
  onopen: ((ev: never) => void) | null = null;
  onmessage: ((ev: never) => void) | null = null;
  onclose: ((ev: never) => void) | null = null;
  onerror: ((ev: never) => void) | null = null;
  sent: string[] = [];
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    (this.onopen as ((ev: unknown) => void) | null)?.({});
  }
  /** A frame from the server. */
  receive(frame: unknown) {
    (this.onmessage as ((ev: unknown) => void) | null)?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    (this.onclose as ((ev: unknown) => void) | null)?.({ code });
  }
}

function fakeSockets() {
  const made: FakeSocket[] = [];
  const Impl = class extends FakeSocket {
    constructor() {
      super();
      made.push(this);
    }
  } as unknown as WebSocketCtor;
  return { made, Impl };
}

function memoryStore(): BackoffStore & { value: BackoffState | undefined; writes: number } {
  const s = {
    value: undefined as BackoffState | undefined,
    writes: 0,
    get: async () => s.value,
    set: async (v: BackoffState) => {
      s.value = v;
      s.writes++;
    },
  };
  return s;
}

function hubWith(Impl: WebSocketCtor, over: Partial<LiveHubOptions> = {}) {
  return createLiveHub({
    url: () => 'ws://test/key',
    WebSocketImpl: Impl,
    random: () => 0.5,
    onEvent: () => {},
    ...over,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_750_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('offline without an online event', () => {
  test('a socket dropped while offline comes back once the network does, with no event', async () => {
    const net = { online: true };
    const { made, Impl } = fakeSockets();
    const reconnected: string[][] = [];
    const hub = hubWith(Impl, { isOnline: () => net.online, onReconnected: (r) => reconnected.push(r) });
    hub.acquire('watchlist', [WALLET]);
    made[0]!.open();
    expect(hub.status().state).toBe('live');

    net.online = false; // the laptop sleeps; it wakes with no network yet
    made[0]!.drop();
    expect(hub.status().state).toBe('offline');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(made).toHaveLength(1); // no socket is tried while the browser says offline

    net.online = true; // the network is back; hub.online() is never called
    await vi.advanceTimersByTimeAsync(10_000);
    expect(made).toHaveLength(2);
    made[1]!.open();
    expect(hub.status().state).toBe('live');
    // "Re-join every room, then reconcile with REST": the catch-up waits for the join's ack, or an
    // event between the REST read and the join taking effect would be in neither.
    expect(reconnected).toEqual([]);
    made[1]!.receive({ type: 'joined', room: WALLET });
    expect(reconnected).toEqual([[WALLET]]);
    hub.stop();
  });

  test('a new subscriber makes an offline hub look at the network again', () => {
    const net = { online: false };
    const { made, Impl } = fakeSockets();
    const hub = hubWith(Impl, { isOnline: () => net.online });
    hub.acquire('watchlist', [WALLET]);
    expect(hub.status().state).toBe('offline');
    net.online = true;
    hub.acquire('tab:1', [GLOBAL]); // no timer has run yet
    expect(made).toHaveLength(1);
    hub.stop();
  });

  test('an isOnline() that flaps does not storm: at most one attempt per re-check', async () => {
    let calls = 0;
    const { made, Impl } = fakeSockets();
    // yes, no, yes, no...: every re-check sees the network, every failure finds it gone again
    const hub = hubWith(Impl, { isOnline: () => calls++ % 2 === 0 });
    hub.acquire('watchlist', [WALLET]);
    for (let i = 0; i < 200; i++) {
      made.at(-1)?.drop();
      await vi.advanceTimersByTimeAsync(3_000);
    }
    // 600 s with a 10 s re-check: at most one attempt per re-check, never one per failure
    expect(made.length).toBeLessThanOrEqual(61);
    hub.stop();
  });
});

describe('backoff across worker restarts', () => {
  /** Ten minutes of outage: a worker per alarm, alive about 30 s, then stopped by the browser. */
  async function outage(store: BackoffStore | undefined) {
    const perWorker: number[] = [];
    let probes = 0;
    for (let worker = 0; worker < 10; worker++) {
      const { made, Impl } = fakeSockets();
      const hub = hubWith(Impl, {
        backoffStore: store,
        checkPlan: async () => {
          probes++;
          return 'unknown';
        },
      });
      // every socket fails before opening (an HTTP error on the upgrade reads as 1006)
      const drops = setInterval(() => {
        for (const ws of made) if (ws.readyState === 0) ws.drop();
      }, 50);
      hub.acquire('watchlist', [WALLET]);
      await vi.advanceTimersByTimeAsync(30_000);
      hub.stop();
      clearInterval(drops);
      perWorker.push(made.length);
      await vi.advanceTimersByTimeAsync(30_000);
    }
    return { perWorker, attempts: perWorker.reduce((a, b) => a + b, 0), probes };
  }

  test('with a store, delays keep growing: after the first worker, at most one attempt per worker', async () => {
    const store = memoryStore();
    const r = await outage(store);
    // the first worker ramps up (0.5, 1, 2, 4, 8 and 16 s with this random); later ones wait ~30 s
    expect(r.perWorker).toEqual([6, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(r.probes).toBe(r.attempts); // each refused attempt asks GET /subscription once, no more
    expect(store.value!.attempt).toBeGreaterThanOrEqual(r.attempts);
  });

  test('without a store, every worker starts over (the old behaviour, kept)', async () => {
    const r = await outage(undefined);
    expect(r.perWorker).toEqual([6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
  });

  test('a fresh worker waits out the delay an earlier worker was in', async () => {
    const store = memoryStore();
    store.value = { attempt: 5, retryAt: Date.now() + 20_000 };
    const { made, Impl } = fakeSockets();
    const hub = hubWith(Impl, { backoffStore: store });
    hub.acquire('watchlist', [WALLET]);
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.status()).toEqual({ state: 'reconnecting', nextRetryAt: store.value.retryAt, rooms: 1 });
    await vi.advanceTimersByTimeAsync(19_000);
    expect(made).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(made).toHaveLength(1);
    made[0]!.drop();
    await vi.advanceTimersByTimeAsync(0);
    // the schedule continued: retry 5 has a 32 s ceiling, so half of it with random 0.5
    expect(hub.status().nextRetryAt! - Date.now()).toBe(16_000);
    expect(store.value).toEqual({ attempt: 6, retryAt: Date.now() + 16_000 });
    hub.stop();
  });

  test('saved junk, a stale schedule or a failing store are ignored', async () => {
    const cases: unknown[] = [
      'x',
      { attempt: 'nine', retryAt: 0 },
      { attempt: 9, retryAt: Number.NaN },
      { attempt: 9, retryAt: Date.now() - 60 * 60_000 }, // from an outage an hour ago
    ];
    for (const value of cases) {
      const { made, Impl } = fakeSockets();
      const hub = hubWith(Impl, { backoffStore: { get: () => value as BackoffState, set: () => {} } });
      hub.acquire('watchlist', [WALLET]);
      await vi.advanceTimersByTimeAsync(0);
      expect(made).toHaveLength(1);
      made[0]!.drop();
      await vi.advanceTimersByTimeAsync(0);
      expect(hub.status().nextRetryAt! - Date.now()).toBe(500); // retry 0: 1 s ceiling
      hub.stop();
    }
    const logs: string[] = [];
    const { made, Impl } = fakeSockets();
    const broken: BackoffStore = {
      get: () => Promise.reject(new Error('quota')),
      set: () => {
        throw new Error('quota');
      },
    };
    const hub = hubWith(Impl, { backoffStore: broken, log: (m) => logs.push(m) });
    hub.acquire('watchlist', [WALLET]);
    await vi.advanceTimersByTimeAsync(0);
    made[0]!.drop();
    await vi.advanceTimersByTimeAsync(600);
    expect(made).toHaveLength(2);
    expect(logs).toEqual([
      'live: could not read the reconnect schedule',
      'live: could not save the reconnect schedule',
    ]);
    hub.stop();
  });

  test('a stable minute connected starts the saved schedule over, before any close', async () => {
    const store = memoryStore();
    store.value = { attempt: 8, retryAt: Date.now() };
    const { made, Impl } = fakeSockets();
    // a silent socket would be replaced before the minute is up: only the clock matters here
    const hub = hubWith(Impl, { backoffStore: store, timing: { silentMs: 10 * 60_000 } });
    hub.acquire('watchlist', [WALLET]);
    await vi.advanceTimersByTimeAsync(0);
    made[0]!.open();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(store.value.attempt).toBe(8);
    await vi.advanceTimersByTimeAsync(35_000);
    expect(store.value).toEqual({ attempt: 0, retryAt: 0 });
    hub.stop();
  });
});
