/**
 * The live hub: one WebSocket to the datastream, rooms reference-counted per owner, every message
 * validated and de-duplicated once, then fanned out. It does better than the official client on the
 * points listed in shared/spec/live-service.md: one socket only (old sockets are detached before a
 * new one exists), stop() is final, silent sockets are replaced, `joined` acks are tracked, the
 * de-dup set is bounded, and a refused plan or key stops the retries instead of storming. Built for an
 * MV3 worker: 'offline' is re-checked on a timer (the 'online' event may never come), and with a
 * backoffStore the reconnect schedule survives the worker being stopped and started again.
 */
import { type ParsedRoom, parseRoom, type RoomKind } from '../api/rooms';
import type { LiveParseError } from '../api/schemas/live';
import { attemptAfterClose, backoffDelay } from './backoff';
import { SeenSet } from './dedup';
import { createIngest, emptyStats } from './ingest';
import { RoomRefs } from './refs';
import {
  type BackoffState,
  type BackoffStore,
  DEFAULT_TIMING,
  type LiveHub,
  type LiveHubOptions,
  type LiveState,
  type LiveStatus,
  type WebSocketCtor,
  type WebSocketLike,
} from './types';
import { detachAndClose, watchdog } from './watchdog';

const PONG = '{"type":"pong"}';
const noop = () => {};

export function createLiveHub(opts: LiveHubOptions): LiveHub {
  const t = { ...DEFAULT_TIMING, ...opts.timing };
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const setT = opts.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearT = opts.clearTimeout ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const log = opts.log ?? noop;
  // May be undefined in an odd runtime; the hub then stays idle instead of throwing.
  const Impl: WebSocketCtor | undefined = opts.WebSocketImpl ?? globalThis.WebSocket;

  const refs = new RoomRefs();
  const parsedRooms = new Map<string, ParsedRoom>();
  const kindCounts = new Map<RoomKind, number>();
  const kinds = new Set<RoomKind>();
  const countKind = (kind: RoomKind, delta: number) => {
    const n = (kindCounts.get(kind) ?? 0) + delta;
    kindCounts.set(kind, n);
    if (n > 0) kinds.add(kind);
    else kinds.delete(kind);
  };
  const seen = new SeenSet(opts.seenCapacity ?? 5_000);
  const stats = emptyStats();

  let state: LiveState = 'idle';
  let nextRetryAt: number | undefined;
  let lastStatus = '';
  const statusWatchers = new Set<(status: LiveStatus) => void>();
  const invalidWatchers = new Set<(room: string, error: LiveParseError) => void>();
  let socket: WebSocketLike | null = null;
  let socketOpen = false;
  let openedAt = 0;
  let connectStartedAt = 0;
  let attempt = 0;
  // The schedule an earlier worker saved is read once, asynchronously; connect() waits for it, or a
  // worker the browser restarts every minute would start the backoff over every minute.
  const store = opts.backoffStore;
  let loaded = store === undefined;
  let waitingForLoad = false;
  // Set once this hub saved a schedule of its own: that is newer than anything read afterwards.
  let superseded = false;
  let restoredRetryAt = 0;
  // Bumped whenever a socket or an async plan check is superseded, so late callbacks do nothing.
  let gen = 0;
  let needsReconcile = false;
  // Reconnected: the REST catch-up waits until the server acknowledged the re-joins (see reconcile).
  let reconcileAfterJoins = false;
  let lastFrameAt = 0;
  let lastSentAt = 0;
  let lastProbeAt = 0;
  let probeIndex = 0;
  const pendingJoins = new Map<string, { attempts: number; sentAt: number }>();
  let retryTimer: unknown = null;
  let tickTimer: unknown = null;
  let idleTimer: unknown = null;

  const terminal = () => state === 'stopped' || state === 'needs-plan' || state === 'bad-key';

  function setState(next: LiveState, retryAt?: number): void {
    state = next;
    nextRetryAt = retryAt;
    emitStatus();
  }

  function status(): LiveStatus {
    const s: LiveStatus = { state, rooms: refs.size };
    if (nextRetryAt !== undefined) s.nextRetryAt = nextRetryAt;
    return s;
  }

  function emitStatus(): void {
    const s = status();
    const sig = `${s.state}|${s.nextRetryAt ?? ''}|${s.rooms}`;
    if (sig === lastStatus) return;
    lastStatus = sig;
    guard('onStatus', () => opts.onStatus?.(s));
    for (const watcher of statusWatchers) guard('watchStatus', () => watcher(s));
  }

  function guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch {
      // A consumer bug must not break the socket loop; the error text may hold data, so omit it.
      log(`live: ${what} threw`);
    }
  }

  function clearTimer(h: unknown): null {
    if (h !== null) clearT(h);
    return null;
  }

  function sendText(text: string): void {
    if (!socket || !socketOpen) return;
    try {
      socket.send(text);
      lastSentAt = now();
    } catch {
      log('live: send failed');
    }
  }

  function sendJoin(room: string): void {
    const p = pendingJoins.get(room);
    pendingJoins.set(room, { attempts: (p?.attempts ?? 0) + 1, sentAt: now() });
    sendText(JSON.stringify({ type: 'join', room }));
  }

  // ---------- connection lifecycle ----------

  /** Detach first, then close: a dropped socket can never deliver or trigger a reconnect again. */
  function dropSocket(): void {
    tickTimer = clearTimer(tickTimer);
    pendingJoins.clear();
    reconcileAfterJoins = false; // (needsReconcile below: the next socket reconciles)
    const ws = socket;
    socket = null;
    if (ws) {
      if (socketOpen && refs.size > 0) needsReconcile = true;
      detachAndClose(ws);
    }
    socketOpen = false;
  }

  function connect() {
    retryTimer = clearTimer(retryTimer);
    if (terminal() || socket) return;
    if (refs.size === 0) return setState('idle');
    const url = opts.url();
    if (!url || !Impl) return setState('idle');
    if (!loaded) {
      waitingForLoad = true;
      return setState('connecting');
    }
    // An earlier worker was still waiting out a backoff delay: finish that wait first.
    const wait = restoredRetryAt - now();
    restoredRetryAt = 0;
    if (wait > 0) return waitThenConnect(wait);
    if (opts.isOnline && !opts.isOnline()) return goOffline();
    setState(needsReconcile || attempt > 0 ? 'reconnecting' : 'connecting');
    const my = ++gen;
    let ws: WebSocketLike;
    try {
      ws = new Impl(url);
    } catch {
      log('live: could not create the socket');
      failed(null, 0);
      return;
    }
    socket = ws;
    connectStartedAt = now();
    scheduleTick();
    ws.onopen = () => my === gen && onOpen();
    ws.onmessage = ((ev: { data: unknown }) => {
      if (my === gen) handleRaw(typeof ev.data === 'string' ? ev.data : String(ev.data));
    }) as never;
    ws.onerror = noop;
    ws.onclose = ((ev: { code?: number }) => {
      if (my !== gen) return;
      const openFor = socketOpen ? now() - openedAt : null;
      dropSocket();
      failed(openFor, ev?.code ?? 1006);
    }) as never;
  }

  function onOpen(): void {
    socketOpen = true;
    openedAt = now();
    lastFrameAt = lastSentAt = lastProbeAt = openedAt;
    setState('live');
    const wanted = refs.rooms();
    for (const room of wanted) sendJoin(room);
    scheduleTick();
    if (needsReconcile) {
      needsReconcile = false;
      reconcileAfterJoins = true;
      reconcile();
    }
  }

  /**
   * The REST catch-up after a reconnect, once every re-join is acknowledged (or given up): the spec
   * says "re-join every room, then reconcile". Started at open instead, an event between the REST
   * read and the join taking effect would be in neither.
   */
  function reconcile(): void {
    if (!reconcileAfterJoins || pendingJoins.size > 0) return;
    reconcileAfterJoins = false;
    stats.reconnects++;
    guard('onReconnected', () => opts.onReconnected?.(refs.rooms()));
  }

  /** The connection ended (openFor = null: it never opened). Decide whether and when to retry. */
  function failed(openFor: number | null, code: number) {
    if (terminal()) return;
    if (refs.size === 0) return setState('idle');
    attempt = attemptAfterClose(attempt, openFor, t);
    // A browser sees only 1006 for an HTTP 401/403 upgrade refusal; 1008 and 4xxx are how a server
    // would refuse after accepting. Ask the REST API which it is rather than retrying blindly.
    const suspicious = openFor === null || code === 1008 || (code >= 4000 && code < 5000);
    if (!suspicious || !opts.checkPlan) return scheduleRetry();
    setState('reconnecting');
    const my = ++gen;
    opts.checkPlan().then(
      (plan) => {
        if (my !== gen || terminal()) return;
        if (plan === 'needs-plan' || plan === 'bad-key') {
          log(`live: stopped (${plan})`);
          setState(plan);
          return;
        }
        scheduleRetry();
      },
      () => my === gen && scheduleRetry(),
    );
  }

  function scheduleRetry() {
    retryTimer = clearTimer(retryTimer);
    if (opts.isOnline && !opts.isOnline()) return goOffline();
    const delay = backoffDelay(attempt, random, t);
    attempt++;
    saveBackoff(now() + delay);
    waitThenConnect(delay);
  }

  function waitThenConnect(delay: number): void {
    setState('reconnecting', now() + delay);
    retryTimer = setT(() => {
      retryTimer = null;
      connect();
    }, delay);
  }

  /**
   * No network. The 'online' event would end this, but Chrome does not reliably fire it in a service
   * worker, so look again every offlineCheckMs: reading isOnline() is free, and no socket is tried
   * until it says yes. The attempt count is kept, so an isOnline() that flaps cannot cause a storm.
   */
  function goOffline(): void {
    setState('offline');
    retryTimer = setT(() => {
      retryTimer = null;
      connect();
    }, t.offlineCheckMs);
  }

  // ---------- the schedule across worker restarts ----------

  /** Saves the schedule for the next worker. A store that fails only costs that memory. */
  function saveBackoff(retryAt: number): void {
    if (!store) return;
    superseded = true;
    const saved: BackoffState = { attempt, retryAt };
    void Promise.resolve()
      .then(() => store.set(saved))
      .catch(() => log('live: could not save the reconnect schedule'));
  }

  async function loadBackoff(from: BackoffStore): Promise<void> {
    try {
      const saved = await from.get();
      if (!superseded) adopt(saved);
    } catch {
      log('live: could not read the reconnect schedule');
    }
    loaded = true;
    if (waitingForLoad) {
      waitingForLoad = false;
      connect();
    }
  }

  /** Takes over a saved schedule. Storage may hold anything, so it is checked, not trusted. */
  function adopt(saved: unknown): void {
    if (typeof saved !== 'object' || saved === null) return;
    const { attempt: a, retryAt: r } = saved as Partial<BackoffState>;
    if (typeof a !== 'number' || typeof r !== 'number' || !Number.isFinite(a) || !Number.isFinite(r)) return;
    const at = now();
    // Nobody followed it for ten full delays: it is from an earlier outage (the browser slept, or
    // nothing was wanted for a while), and this one starts over.
    if (at - r > 10 * t.capMs) return;
    attempt = Math.max(attempt, Math.floor(a), 0);
    // A clock that moved back must not postpone the next attempt by more than one full delay.
    restoredRetryAt = Math.min(r, at + t.capMs);
  }

  // ---------- housekeeping: liveness, keep-alive, join acknowledgements ----------

  function scheduleTick(): void {
    tickTimer = clearTimer(tickTimer);
    tickTimer = setT(tick, t.tickMs);
  }

  function tick() {
    tickTimer = null;
    if (!socket) return;
    const at = now();
    // A minute connected is healthy, and a close would start the schedule over (attemptAfterClose).
    // A worker the browser stops never sees that close, so start over now for the next worker.
    if (socketOpen && attempt > 0 && at - openedAt >= t.stableMs) {
      attempt = 0;
      saveBackoff(0);
    }
    const actions = watchdog({
      at,
      open: socketOpen,
      connectStartedAt,
      lastFrameAt,
      lastSentAt,
      lastProbeAt,
      wantedRooms: refs.size,
      pendingJoins,
      timing: t,
    });
    for (const a of actions) {
      switch (a.kind) {
        case 'connect-timeout':
          log('live: connection attempt timed out');
          dropSocket();
          failed(null, 1006);
          return;
        case 'silent':
          log('live: socket silent, replacing it');
          dropSocket();
          connect();
          return;
        case 'probe': {
          // A repeated join is a no-op for the server (and the de-dup set absorbs copies if not).
          const wanted = refs.rooms();
          const room = wanted[probeIndex++ % wanted.length];
          if (room) sendText(JSON.stringify({ type: 'join', room }));
          lastProbeAt = at;
          break;
        }
        case 'rejoin':
          sendJoin(a.room);
          break;
        case 'give-up-join':
          pendingJoins.delete(a.room);
          log('live: a join was never acknowledged');
          reconcile();
          break;
        case 'keep-alive':
          sendText(PONG);
          break;
      }
    }
    scheduleTick();
  }

  const ingest = createIngest({
    stats,
    seen,
    wanted: (room) => parsedRooms.get(room),
    kinds,
    onPing: () => sendText(PONG),
    onRoomAlive: (room) => {
      if (pendingJoins.size > 0 && pendingJoins.delete(room)) reconcile();
    },
    deliver: (message, rooms) => guard('onEvent', () => opts.onEvent(message, rooms)),
    onInvalid: (room, error) => {
      // (the path names a field, never a value from the message)
      log(`live: dropped an item that failed its schema${error.path ? ` at ${error.path}` : ''}`);
      for (const watcher of invalidWatchers) guard('watchInvalid', () => watcher(room, error));
    },
  });

  function handleRaw(text: string): void {
    lastFrameAt = now();
    ingest(text, lastFrameAt);
  }

  // ---------- rooms ----------

  function acquire(owner: string, rooms: readonly string[]): void {
    const valid = rooms.filter((room) => {
      if (parsedRooms.has(room)) return true;
      const p = parseRoom(room);
      if (!p) log('live: ignored a room not built by rooms.ts');
      return p !== null;
    });
    for (const room of refs.acquire(owner, valid)) {
      const parsed = parseRoom(room)!;
      parsedRooms.set(room, parsed);
      countKind(parsed.kind, 1);
      if (socketOpen) sendJoin(room);
    }
    idleTimer = clearTimer(idleTimer);
    // Offline: a new subscriber is a reason to look at the network again (connect() checks it).
    const wake = state === 'offline' || (!retryTimer && (state === 'idle' || state === 'connecting'));
    if (!socket && wake) connect();
    else emitStatus();
  }

  function release(owner: string, rooms?: readonly string[]): void {
    for (const room of refs.release(owner, rooms)) {
      const parsed = parsedRooms.get(room);
      if (parsed) countKind(parsed.kind, -1);
      parsedRooms.delete(room);
      pendingJoins.delete(room);
      sendText(JSON.stringify({ type: 'leave', room }));
    }
    reconcile(); // a room left before its join was acknowledged holds the catch-up back no longer
    if (refs.size === 0 && idleTimer === null) {
      idleTimer = setT(() => {
        idleTimer = null;
        if (refs.size > 0) return;
        retryTimer = clearTimer(retryTimer);
        dropSocket();
        // Nothing is wanted, so there is nothing to reconcile when rooms are wanted again.
        needsReconcile = false;
        attempt = 0;
        saveBackoff(0);
        if (!terminal()) setState('idle');
      }, t.idleCloseMs);
    }
    emitStatus();
  }

  function halt(): void {
    gen++;
    retryTimer = clearTimer(retryTimer);
    idleTimer = clearTimer(idleTimer);
    dropSocket();
  }

  if (store) void loadBackoff(store);

  return {
    acquire,
    release,
    releaseOwner: (owner) => release(owner),
    wantedRooms: () => refs.rooms(),
    owners: (room) => refs.owners(room),
    handleRaw,
    status,
    watchStatus(listener) {
      statusWatchers.add(listener);
      return () => void statusWatchers.delete(listener);
    },
    watchInvalid(listener) {
      invalidWatchers.add(listener);
      return () => void invalidWatchers.delete(listener);
    },
    stats: () => ({ ...stats }),
    online() {
      if (state !== 'offline' && state !== 'reconnecting') return;
      if (socket) return; // an attempt is already under way
      attempt = 0;
      saveBackoff(0);
      connect();
    },
    stop() {
      halt();
      setState('stopped');
    },
    restart() {
      halt();
      attempt = 0;
      saveBackoff(0);
      state = 'idle';
      if (refs.size > 0) connect();
      else setState('idle');
    },
    exportSeen: () => seen.export(),
    importSeen: (keys) => seen.import(keys),
  };
}
