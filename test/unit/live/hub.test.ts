import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { rooms } from '../../../lib/api/rooms';
import { allOutput, makeHub, stopAll } from './harness';
import { addr, filled, type ScriptServer, sleep, startScriptServer, waitFor } from './helpers';

const P = 'jupiter';
const W = addr();
const IN = addr();
const OUT = addr();
const ORDER = addr();
const GLOBAL = rooms.dca(P);
const FILLED = rooms.dcaType(P, 'filled');
const WALLET = rooms.dcaWallet(P, W);
const BUYERS = rooms.dcaTokenBuyers(P, OUT);
const ORDER_ROOM = rooms.dcaOrder(P, ORDER);
const ev = (signature: string, eventIndex = 0) =>
  filled({ signature, eventIndex, owner: W, address: ORDER, inputMint: IN, outputMint: OUT });

let server: ScriptServer | null = null;
afterEach(async () => {
  stopAll();
  await server?.close();
  server = null;
});
afterAll(() => {
  // The address holds the key: no log line, status or routed room may ever contain it.
  expect(allOutput.length).toBeGreaterThan(0);
  for (const line of allOutput) expect(line).not.toMatch(/SECRET|127\.0\.0\.1|ws:\/\//);
});

const clientFrames = (s: ScriptServer) => s.frames().map((f) => `${f.type}${f.room ? ` ${f.room}` : ''}`);

describe('rooms and reference counts', () => {
  test('joins when a count leaves zero, leaves when it returns to zero, connects lazily', async () => {
    server = await startScriptServer();
    const { hub } = makeHub(server.url);
    await sleep(50);
    expect(server.upgrades).toBe(0); // nothing wanted yet: no socket
    hub.acquire('tab:1', [GLOBAL, WALLET]);
    await waitFor(() => server!.joins() === 2, 3_000, 'joins');
    hub.acquire('popup', [GLOBAL]); // already wanted: no frame
    hub.release('tab:1', [GLOBAL]); // popup still holds it: no frame
    hub.release('popup'); // last reference: leave
    await waitFor(() => server!.frames().length === 3, 3_000, 'leave');
    hub.releaseOwner('tab:1');
    await waitFor(() => server!.frames().length === 4, 3_000, 'second leave');
    expect(clientFrames(server)).toEqual([
      `join ${GLOBAL}`,
      `join ${WALLET}`,
      `leave ${GLOBAL}`,
      `leave ${WALLET}`,
    ]);
    expect(server.upgrades).toBe(1);
    expect(hub.wantedRooms()).toEqual([]);
  });

  test('rooms not built by rooms.ts are refused', async () => {
    server = await startScriptServer();
    const r = makeHub(server.url);
    r.hub.acquire('tab:1', ['stats:token:x:total', GLOBAL]);
    await waitFor(() => server!.joins() === 1);
    expect(r.hub.wantedRooms()).toEqual([GLOBAL]);
    expect(r.logs.some((l) => l.includes('not built by rooms.ts'))).toBe(true);
  });

  test('closes the socket when nothing has been wanted for a while, without reconnecting', async () => {
    server = await startScriptServer();
    const r = makeHub(server.url, { timing: { idleCloseMs: 100 } });
    r.hub.acquire('popup', [GLOBAL]);
    await waitFor(() => r.hub.status().state === 'live' && server!.joins() === 1);
    r.hub.releaseOwner('popup');
    await waitFor(() => server!.last().ws.readyState === 3, 3_000, 'server side closed');
    expect(r.hub.status()).toEqual({ state: 'idle', rooms: 0 });
    await sleep(150);
    expect(server.upgrades).toBe(1);
    r.hub.acquire('popup', [WALLET]); // wanted again: a fresh connection, nothing to reconcile
    await waitFor(() => server!.conns.length === 2 && server!.conns[1]!.frames.length === 1);
    expect(r.reconnected).toEqual([]);
  });

  test('an unacknowledged join is re-sent, a bounded number of times', async () => {
    server = await startScriptServer({ ack: false });
    const r = makeHub(server.url, { timing: { joinAckTimeoutMs: 60, maxJoinAttempts: 3, tickMs: 10 } });
    r.hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => server!.joins(GLOBAL) === 3, 3_000, 'three joins');
    await sleep(300);
    expect(server.joins(GLOBAL)).toBe(3);
    expect(r.logs).toContain('live: a join was never acknowledged');
  });
});

describe('protocol', () => {
  test('answers ping with pong', async () => {
    server = await startScriptServer();
    const { hub } = makeHub(server.url);
    hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => server!.joins() === 1);
    server.last().send({ type: 'ping' });
    await waitFor(() => server!.frames().some((f) => f.type === 'pong'), 3_000, 'pong');
  });

  test('keeps traffic flowing for MV3 when nothing was sent for keepAliveMs', async () => {
    server = await startScriptServer();
    const { hub } = makeHub(server.url, { timing: { keepAliveMs: 100, tickMs: 20 } });
    hub.acquire('tab:1', [GLOBAL]);
    await waitFor(
      () => server!.frames().filter((f) => f.type === 'pong').length >= 2,
      3_000,
      'keep-alive pongs',
    );
  });

  test('overlapping rooms deliver each event once, with every wanted room it belongs to', async () => {
    server = await startScriptServer();
    const r = makeHub(server.url);
    r.hub.acquire('watchlist', [WALLET]);
    r.hub.acquire('tab:7', [GLOBAL, FILLED, BUYERS]);
    await waitFor(() => server!.joins() === 4);
    const c = server.last();
    for (const room of [FILLED, GLOBAL, WALLET, BUYERS]) c.send({ type: 'message', room, data: ev('sigA') });
    c.send({ type: 'message', room: GLOBAL, data: ev('sigA', 1) }); // same tx, another event
    const snap = {
      address: ORDER,
      owner: W,
      writeVersion: 9,
      slot: 1,
      timestamp: 2,
      order: { address: ORDER, owner: W },
    };
    c.send({ type: 'message', room: WALLET, data: snap });
    c.send({ type: 'message', room: GLOBAL, data: snap });
    c.send({ type: 'message', room: GLOBAL, data: [ev('sigB'), ev('sigA')] }); // array payload
    await waitFor(() => r.hub.stats().received === 9, 3_000, 'all received');
    expect(r.events.map((e) => e.message.kind)).toEqual([
      'dca-event',
      'dca-event',
      'dca-position',
      'dca-event',
    ]);
    expect(r.events[0]!.rooms).toEqual([FILLED, GLOBAL, WALLET, BUYERS]);
    expect(r.events[2]!.rooms).toEqual([WALLET, GLOBAL]);
    expect(r.hub.stats()).toMatchObject({ received: 9, duplicates: 5, delivered: 4, invalid: 0 });
    expect(r.hub.owners(WALLET)).toEqual(['watchlist']);
  });

  test('invalid frames are counted and dropped; unknown frame types are tolerated', async () => {
    server = await startScriptServer();
    const r = makeHub(server.url);
    r.hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => server!.joins() === 1);
    const c = server.last();
    c.send('not json');
    c.send('42');
    c.send({ type: 'message', data: ev('x') }); // no room
    c.send({ type: 'message', room: GLOBAL, data: { eventName: 'Filled', signature: 'bad' } });
    c.send({ type: 'message', room: GLOBAL, data: 'text' });
    c.send({ type: 'hello', version: 2 });
    c.send({ type: 'message', room: ORDER_ROOM, data: ev('late') }); // not wanted: ignored
    c.send({ type: 'message', room: GLOBAL, data: ev('good') });
    await waitFor(() => r.hub.stats().delivered === 1, 3_000, 'the good one');
    expect(r.hub.stats()).toMatchObject({ frames: 9, invalid: 5, ignored: 1, delivered: 1 });
    expect(r.hub.status().state).toBe('live');
  });
});

describe('reconnects', () => {
  test('a dropped socket re-joins every wanted room exactly once, then asks for reconciliation', async () => {
    server = await startScriptServer();
    const r = makeHub(server.url, { random: () => 0 });
    const wanted = [GLOBAL, WALLET, BUYERS];
    r.hub.acquire('watchlist', [WALLET]);
    r.hub.acquire('tab:1', [GLOBAL, BUYERS, WALLET]);
    await waitFor(() => server!.joins() === 3);
    server.last().ws.terminate();
    await waitFor(() => r.reconnected.length === 1, 3_000, 'reconnected');
    await sleep(150);
    const second = server.conns[1]!.frames.filter((f) => f.type === 'join').map((f) => f.room);
    expect(second.sort()).toEqual([...wanted].sort());
    expect(server.conns.length).toBe(2);
    expect(r.reconnected[0]!.sort()).toEqual([...wanted].sort());
    expect(r.hub.stats().reconnects).toBe(1);
    // The old socket is gone for good: only the new one delivers.
    server.conns[1]!.send({ type: 'message', room: GLOBAL, data: ev('after') });
    await waitFor(() => r.events.length === 1);
  });

  test('a silent socket is detected and replaced', async () => {
    server = await startScriptServer({ ack: false });
    const r = makeHub(server.url, { timing: { silentMs: 300, tickMs: 20 } });
    r.hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => server!.conns.length === 2, 3_000, 'a second connection');
    await waitFor(() => server!.conns[0]!.ws.readyState === 3, 3_000, 'first closed');
    expect(r.logs).toContain('live: socket silent, replacing it');
    // A probe (a repeated join) went out at half the window before giving up on the socket.
    expect(server.conns[0]!.frames.filter((f) => f.type === 'join').length).toBeGreaterThanOrEqual(2);
    // The REST catch-up waits for the new socket's re-joins to be acknowledged: this server never
    // acknowledges, and its sockets are replaced before the joins are given up.
    expect(r.reconnected).toEqual([]);
  });

  test('explicit stop never reconnects, even mid-backoff', async () => {
    server = await startScriptServer();
    const r = makeHub(server.url, { timing: { baseMs: 100 } });
    r.hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => server!.joins() === 1);
    r.hub.stop();
    await waitFor(() => server!.last().ws.readyState === 3, 3_000, 'closed');
    await sleep(300);
    expect(server.upgrades).toBe(1);
    expect(r.hub.status().state).toBe('stopped');
    r.hub.acquire('tab:2', [WALLET]); // still stopped
    await sleep(100);
    expect(server.upgrades).toBe(1);
    r.hub.restart();
    await waitFor(() => server!.conns.length === 2 && server!.conns[1]!.frames.length === 2);
  });

  test('stop during the backoff wait cancels the retry', async () => {
    server = await startScriptServer();
    const r = makeHub(server.url, { random: () => 0.99, timing: { baseMs: 150 } });
    r.hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => server!.joins() === 1);
    server.last().ws.terminate();
    await waitFor(() => r.hub.status().state === 'reconnecting' && r.hub.status().nextRetryAt !== undefined);
    r.hub.stop();
    await sleep(400);
    expect(server.upgrades).toBe(1);
  });

  test('offline: waits for online() instead of spinning', async () => {
    server = await startScriptServer();
    let online = false;
    const r = makeHub(server.url, { isOnline: () => online });
    r.hub.acquire('tab:1', [GLOBAL]);
    await sleep(100);
    expect(r.hub.status().state).toBe('offline');
    expect(server.upgrades).toBe(0);
    online = true;
    r.hub.online();
    await waitFor(() => r.hub.status().state === 'live' && server!.joins() === 1);
  });

  test('no key: stays idle; restart() after the key is set connects', async () => {
    server = await startScriptServer();
    let url: string | null = null;
    const r = makeHub(() => url);
    r.hub.acquire('watchlist', [WALLET]);
    await sleep(50);
    expect(r.hub.status()).toEqual({ state: 'idle', rooms: 1 });
    url = server.url;
    r.hub.restart();
    await waitFor(() => server!.joins(WALLET) === 1);
  });
});

describe('refused plan or key', () => {
  test('HTTP 403 on upgrade + needs-plan: one attempt, one plan check, then stopped', async () => {
    server = await startScriptServer({ refuseWith: 403 });
    const r = makeHub(server.url, { plan: 'needs-plan', random: () => 0 });
    r.hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => r.hub.status().state === 'needs-plan', 3_000, 'needs-plan');
    await sleep(500); // with a 20 ms base a storm would show dozens of attempts here
    expect(server.upgrades).toBe(1);
    expect(r.planChecks).toBe(1);
    r.hub.acquire('tab:2', [WALLET]);
    await sleep(100);
    expect(server.upgrades).toBe(1);
    expect(r.statuses.at(-1)).toEqual({ state: 'needs-plan', rooms: 2 });
  });

  test('HTTP 401 + bad-key: stops with bad-key', async () => {
    server = await startScriptServer({ refuseWith: 401 });
    const r = makeHub(server.url, { plan: 'bad-key' });
    r.hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => r.hub.status().state === 'bad-key');
    await sleep(200);
    expect(server.upgrades).toBe(1);
  });

  test('plan unknown (an outage): keeps backing off with growing delays', async () => {
    server = await startScriptServer({ refuseWith: 403 });
    const r = makeHub(server.url, {
      plan: 'unknown',
      random: () => 0.999,
      timing: { baseMs: 20, capMs: 10_000 },
    });
    r.hub.acquire('tab:1', [GLOBAL]);
    await waitFor(() => server!.upgrades >= 4, 5_000, 'retries');
    const waits = r.statuses.filter((s) => s.nextRetryAt !== undefined).length;
    expect(waits).toBeGreaterThanOrEqual(3);
    // Ceilings 20, 40, 80, 160 ms...: within 400 ms after the 4th attempt there are at most 2 more.
    const before = server.upgrades;
    await sleep(300);
    expect(server.upgrades - before).toBeLessThanOrEqual(2);
    expect(r.planChecks).toBe(server.upgrades);
  });
});

describe('without a socket (benchmark entry point)', () => {
  test('handleRaw de-duplicates 50 % copies and validates the rest', () => {
    const r = makeHub(null);
    r.hub.acquire('bench', [GLOBAL, WALLET]);
    for (let i = 0; i < 1_000; i++) {
      r.hub.handleRaw(JSON.stringify({ type: 'message', room: GLOBAL, data: ev(`s${i}`) }));
      r.hub.handleRaw(JSON.stringify({ type: 'message', room: WALLET, data: ev(`s${i}`) }));
    }
    expect(r.hub.stats()).toMatchObject({ received: 2_000, duplicates: 1_000, delivered: 1_000, invalid: 0 });
    expect(r.events[0]!.rooms).toEqual([GLOBAL, WALLET]);
    const keys = r.hub.exportSeen();
    const other = makeHub(null);
    other.hub.importSeen(keys); // a restarted worker remembers what it already notified
    other.hub.acquire('bench', [GLOBAL]);
    other.hub.handleRaw(JSON.stringify({ type: 'message', room: GLOBAL, data: ev('s999') }));
    expect(other.hub.stats().duplicates).toBe(1);
  });
});
