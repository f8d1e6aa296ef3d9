/**
 * The watch service: watchlist + notifier + REST poller behind one object the background wires up.
 * The background owns the browser APIs and the live hub; this module only tells it which rooms the
 * 'watchlist' owner needs (`rooms()`, and `onChange` after every change of the list).
 *
 * The datastream replays nothing after a reconnect, so what the watched wallets did while it was
 * down comes from REST: every watched wallet has a stored list of its orders (taken when it is
 * added, kept current by the live events), and after a reconnect each one is fetched again and
 * compared with it (`reconnected`). The catch-up goes one wallet at a time through the API client's
 * rate-limited queue, at most once per wallet per `resyncAfterMs`; what is left waits for the next
 * alarm tick (`sync`). What one catch-up run finds is shown together when it ends: one "While you
 * were away" per wallet, or one summary when many wallets changed. REST may not hold yet what
 * happened just before the stream came back, so each wallet a catch-up read is read once more
 * `recheckAfterMs` later, at an alarm tick while the stream is live (its second look).
 *
 * A stored list not known current for a week (STALE_AFTER_MS) is refreshed without announcing its
 * differences: weeks-old changes are not news. It is known current until its last comparison with
 * REST, or until the datastream was last live (CLOCK_KEY keeps that moment across browser restarts).
 */
import { storage } from 'wxt/utils/storage';
import { ApiError } from '../api/errors';
import { DEFAULT_DCA_PROGRAM, rooms as roomNames } from '../api/rooms';
import type { DcaPosition, DcaTxEvent } from '../api/schemas/live';
import { type ErrorCode, type ErrorView, isKeyCode, isTransientCode } from '../errors';
import type { LiveState } from '../live/types';
import { privateStore } from '../private-store';
import { createKeyedTurns } from '../sched';
import type { OrderView } from '../views';
import { ErrorViewSchema } from '../views';
import type { WatchEvent } from './event';
import { eventWallet } from './event';
import { createNotifier, type HandleResult, type NotifierOptions } from './notifier';
import { type ChangeKind, createPoller, type SyncMode } from './poller';
import { createSeenStore, type SeenStore } from './seen';
import { createWatchlist, type ImportResult, type WatchEntry } from './watchlist';

export { badgeText } from './notifier';
export { fetchAllOrders, POLL_ALARM, STALE_AFTER_MS } from './poller';
export type { WatchEntry } from './watchlist';

export interface WatchChange {
  entries: WatchEntry[];
  /** Every room the 'watchlist' owner should hold now. */
  rooms: string[];
  /** Rooms to join / to release since the previous change. */
  added: string[];
  removed: string[];
}

export interface WatchServiceOptions extends Omit<NotifierOptions, 'watchlist' | 'seen' | 'beforeLiveShow'> {
  /** REST fallback; without it the service never polls. */
  fetchOrders?: (wallet: string) => Promise<OrderView[]>;
  /** DCA programs to watch each wallet on (GET /dca/programs); default ['jupiter']. */
  programs?: () => readonly string[];
  onChange?: (change: WatchChange) => void;
  /**
   * How long the datastream may be down before polling takes over (default 5 minutes), counted
   * across worker restarts (see LIVE_KEY).
   */
  offlineGraceMs?: number;
  limit?: number;
  seen?: SeenStore;
  /** A wallet is fetched again for a catch-up at most this often (default 1 minute). */
  resyncAfterMs?: number;
  /**
   * A catch-up after a gap reads each wallet once more this much later (default 2 minutes): what
   * happened just before the stream came back may not be in REST yet when the catch-up reads it,
   * and the stream will not send it again.
   */
  recheckAfterMs?: number;
}

/**
 * Alarm ticks further apart than this mean nothing ran in between (browser closed, computer asleep):
 * what a poll finds next on a wallet last read before is "While you were away" (the poll alarm ticks
 * every minute).
 */
const TICK_GAP_MS = 5 * 60_000;

/**
 * What outlives the browser session about the watching itself (the private store,
 * lib/private-store.ts): the last alarm tick, the end of the last gap between ticks, and the last
 * moment the datastream was live.
 */
export const CLOCK_KEY = 'local:watch:clock';

interface ClockRecord {
  /** The last alarm tick (pollTick), live or not. */
  tickAt: number | null;
  /** The first tick after the last gap in ticks (null: no gap seen). */
  awakeSince: number | null;
  /** The last moment the datastream was known live (it kept the stored lists current until then). */
  liveUntil: number | null;
}

const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const earlier = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.min(a, b));

function readClock(value: unknown): ClockRecord {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof ClockRecord, unknown>>;
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  return { tickAt: n(v.tickAt), awakeSince: n(v.awakeSince), liveUntil: n(v.liveUntil) };
}

/**
 * What the polling decision knows about the datastream, kept for the next worker: MV3 stops an idle
 * worker after about 30 s, and the alarm that polls usually meets a fresh one that is still
 * connecting. Without this, each worker would start the grace period over and never learn that the
 * plan refuses the stream, so nothing would ever be polled.
 */
export const LIVE_KEY = 'session:watch:live';

/**
 * Why the last poll or catch-up of watched wallets failed (an expired key, a 429, credits gone),
 * until one succeeds: the alarm's worker is gone by the time the popup asks, so it is kept here.
 * Without it a user whose notifications stopped would see no sign of why.
 */
export const WATCH_ERROR_KEY = 'session:watch:error';

interface LiveRecord {
  /** When the stream was last live (or, never live so far, when the first worker found it down). */
  downSince: number | null;
  /** The server's last word on the stream: what a worker still connecting goes by. */
  refused: 'needs-plan' | 'bad-key' | null;
}

const isRefusal = (s: LiveState): s is 'needs-plan' | 'bad-key' => s === 'needs-plan' || s === 'bad-key';

function readLiveRecord(value: unknown): LiveRecord | null {
  if (!value || typeof value !== 'object') return null;
  const { downSince, refused } = value as Partial<LiveRecord>;
  return {
    downSince: typeof downSince === 'number' ? downSince : null,
    refused: refused === 'needs-plan' || refused === 'bad-key' ? refused : null,
  };
}

export type SyncOutcome = {
  synced: {
    wallet: string;
    mode: SyncMode;
    baseline: boolean;
    changes: { kind: ChangeKind; order: string }[];
  }[];
  /**
   * Wallets still waiting (too soon again, the stream went down, or an error stopped the run); not
   * counted: the second looks a catch-up left for later (see recheckAfterMs).
   */
  pending: number;
  error: ErrorView | null;
};

const MODE_RANK: Record<SyncMode, number> = { prime: 0, announce: 1, silent: 2 };

/** A failure of the service, of the way to it, or of the key (not of one wallet's answer). */
const failsEveryWallet = (code: ErrorCode): boolean =>
  isTransientCode(code) || isKeyCode(code) || code === 'NEEDS_PLAN' || code === 'ABORTED';

/** What an outcome tells of a poll's changes. */
const changeList = (changes: readonly { kind: ChangeKind; order: string }[]) =>
  changes.map((c) => ({ kind: c.kind, order: c.order }));

export type PollOutcome =
  | { status: 'skipped' }
  | {
      status: 'polled';
      wallet: string;
      baseline: boolean;
      changes: { kind: ChangeKind; order: string }[];
      /** Its changes were announced as "While you were away" (the wallet was last read before a gap). */
      away: boolean;
    }
  | { status: 'error'; error: ErrorView };

export type WatchService = ReturnType<typeof createWatchService>;

export function createWatchService(opts: WatchServiceOptions) {
  const now = opts.now ?? Date.now;
  const programs = opts.programs ?? (() => [DEFAULT_DCA_PROGRAM]);
  const graceMs = opts.offlineGraceMs ?? 5 * 60_000;
  const watchlist = createWatchlist({ now, limit: opts.limit });
  const watched = () => watchlist.snapshot().map((e) => e.wallet);
  const poller = opts.fetchOrders
    ? createPoller({
        wallets: watched,
        fetchOrders: opts.fetchOrders,
        now,
        setTimer: opts.setTimer,
        clearTimer: opts.clearTimer,
      })
    : null;
  const notifier = createNotifier({
    ...opts,
    now,
    watchlist,
    seen: opts.seen ?? createSeenStore(),
    beforeLiveShow: async (wallet) => poller?.flushLive(wallet),
  });
  // One wallet's live messages move its stored list in the order they came: an event waits for the
  // notifier first, and the snapshot after it (which holds the event's amounts) must not overtake it.
  const liveTurns = createKeyedTurns();

  // A worker starts without the stream; start() adds what earlier workers of the session learned.
  let live: { state: LiveState } & LiveRecord = { state: 'idle', downSince: now(), refused: null };
  let saved: Promise<void> = Promise.resolve();
  function saveLive(): void {
    if (!poller) return; // only the polling decision reads it
    const record: LiveRecord = { downSince: live.downSince, refused: live.refused };
    saved = saved.then(() => storage.setItem(LIVE_KEY, record)).catch(() => {});
  }
  let clock: ClockRecord = { tickAt: null, awakeSince: null, liveUntil: null };
  let clockLoaded: Promise<void> | null = null;
  /** Reads CLOCK_KEY once per worker; what this worker noted meanwhile is kept (the later of each). */
  function loadClock(): Promise<void> {
    clockLoaded ??= privateStore
      .getItem(CLOCK_KEY)
      .then((value) => {
        const stored = readClock(value);
        clock = {
          tickAt: later(stored.tickAt, clock.tickAt),
          awakeSince: later(stored.awakeSince, clock.awakeSince),
          liveUntil: later(stored.liveUntil, clock.liveUntil),
        };
      })
      .catch(() => {});
    return clockLoaded;
  }
  function saveClock(): void {
    if (!poller) return;
    saved = saved.then(() => privateStore.setItem(CLOCK_KEY, { ...clock })).catch(() => {});
  }
  /**
   * When the stream was last live before it came back (what a catch-up may count on: the stored
   * lists were current until then). Taken when it comes back, as ticks while live move the clock on.
   */
  let liveBefore: number | null = null;
  const gapStart = () => (live.state === 'live' ? liveBefore : clock.liveUntil);

  let lastRooms: string[] = [];
  /** What WATCH_ERROR_KEY holds, as this worker last wrote or read it (undefined: not known yet). */
  let knownError: ErrorView | null | undefined;
  function noteOutcome(error: ErrorView | null): void {
    if (error === null && knownError === null) return;
    knownError = error;
    saved = saved
      .then(() => (error ? storage.setItem(WATCH_ERROR_KEY, error) : storage.removeItem(WATCH_ERROR_KEY)))
      .catch(() => {});
  }

  // ---------- the REST catch-up queue ----------
  const resyncAfterMs = opts.resyncAfterMs ?? 60_000;
  const recheckAfterMs = opts.recheckAfterMs ?? 2 * 60_000;
  interface QueueEntry {
    mode: SyncMode;
    seq: number;
    /** Until when the datastream kept the stored list current (see poller's SyncOptions). */
    currentAt: number | null;
    /** Not before then (a second look); null: now. */
    notBefore: number | null;
    /** A catch-up after a gap: once it has read the wallet, a second look follows (recheckAfterMs). */
    recheck: boolean;
  }
  /** When an entry asks for its wallet to be read: a catch-up after a gap, or its second look. */
  type Look = Partial<Pick<QueueEntry, 'notBefore' | 'recheck'>>;
  /** Wallets waiting for a catch-up; `seq` tells a request made during the fetch from the one served. */
  const queue = new Map<string, QueueEntry>();
  const lastSynced = new Map<string, number>();
  /**
   * Wallets whose own answer failed (a shape the schema refuses, a wallet the service rejects): asked
   * again after the resync interval, while the wallets after them go on.
   */
  const failedAt = new Map<string, number>();
  let seq = 0;
  let running: Promise<SyncOutcome> | null = null;
  let again = false;
  /** The first time the stream is live after start: catch up on every wallet (see start()). */
  let catchUpOnLive = false;

  function enqueue(
    wallets: readonly string[],
    mode: SyncMode,
    currentAt: number | null = null,
    look: Look = {},
  ): void {
    const notBefore = look.notBefore ?? null;
    for (const wallet of wallets) {
      const cur = queue.get(wallet);
      const keep = cur && MODE_RANK[cur.mode] > MODE_RANK[mode] ? cur.mode : mode;
      // two requests: the list is known current only as far as both say, and read as soon as
      // either wants it (a gap's catch-up does not wait for an earlier one's second look)
      const known = cur ? earlier(cur.currentAt, currentAt) : currentAt;
      queue.set(wallet, {
        mode: keep,
        seq: ++seq,
        currentAt: known,
        notBefore: cur ? earlier(cur.notBefore, notBefore) : notBefore,
        recheck: (cur?.recheck ?? false) || (look.recheck ?? false),
      });
    }
  }
  const waiting = (entry: QueueEntry) => entry.notBefore !== null && now() < entry.notBefore;

  /**
   * The next wallet to sync now: a first list is always due (it needs no stream: a wallet added
   * without one is read at once, not at its first poll); a catch-up only while the stream is live
   * (it is what the catch-up completes; without it the poller stands in), once per interval.
   */
  function nextDue(): [string, QueueEntry] | null {
    const streaming = live.state === 'live';
    for (const [wallet, entry] of queue) {
      if (!watchlist.has(wallet)) {
        queue.delete(wallet);
        continue;
      }
      const failed = failedAt.get(wallet);
      if (failed !== undefined && now() - failed < resyncAfterMs) continue;
      if (waiting(entry)) continue;
      if (entry.mode === 'prime') return [wallet, entry];
      if (!streaming) continue;
      const last = lastSynced.get(wallet);
      if (last === undefined || now() - last >= resyncAfterMs) return [wallet, entry];
    }
    return null;
  }

  /**
   * One wallet at a time, so the user's own requests go first. What to show is collected in `found`.
   * True when an error every wallet shares stopped it.
   */
  async function drain(
    out: SyncOutcome,
    found: { wallet: string; events: WatchEvent[] }[],
  ): Promise<boolean> {
    let stopped = false;
    while (poller) {
      const due = nextDue();
      if (!due) break;
      const [wallet, entry] = due;
      try {
        const result = await poller.sync(wallet, entry.mode, { currentAt: entry.currentAt });
        failedAt.delete(wallet);
        if (result) lastSynced.set(wallet, now());
        if (queue.get(wallet)?.seq === entry.seq) queue.delete(wallet);
        if (!result) continue;
        // What REST had not indexed yet when this catch-up read it (a fill just before the stream
        // came back) is found by the second look; what the stream sends meanwhile moves the stored
        // list on, so it is not found twice.
        if (entry.recheck && entry.mode === 'announce' && !result.baseline && !result.stale)
          enqueue([wallet], 'announce', entry.currentAt, { notBefore: now() + recheckAfterMs });
        if (result.events.length) {
          // counted as unread at once; shown with the rest of the run's when it ends
          const notify = await notifier.recordChanges(wallet, result.events);
          if (notify.length) found.push({ wallet, events: notify });
        }
        out.synced.push({
          wallet,
          mode: entry.mode,
          baseline: result.baseline,
          changes: changeList(result.changes),
        });
      } catch (error) {
        // Left queued: the next alarm tick or the next time the stream is live tries again.
        out.error = ApiError.from(error).toView();
        // The service, the way to it or the key failed: every wallet would fail the same way now.
        // It goes to the back of the queue, so that a failure of its own the service reports as
        // its own fault (a 500 on one wallet) does not hold the others up run after run.
        if (failsEveryWallet(out.error.code)) {
          const cur = queue.get(wallet);
          if (cur) {
            queue.delete(wallet);
            queue.set(wallet, cur);
          }
          stopped = true;
          break;
        }
        // Only this wallet's answer failed: it waits its interval (not asked again each tick, first
        // in the queue, while the wallets behind it were never caught up), and the run goes on.
        failedAt.set(wallet, now());
      }
    }
    out.pending = 0;
    for (const entry of queue.values()) if (!waiting(entry)) out.pending++;
    return stopped;
  }

  /** Runs the queue; a request made while it runs is served by the same run before it ends. */
  function kick(): Promise<SyncOutcome> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const out: SyncOutcome = { synced: [], pending: 0, error: null };
      const found: { wallet: string; events: WatchEvent[] }[] = [];
      try {
        let stopped: boolean;
        do {
          again = false;
          out.error = null;
          stopped = await drain(out, found);
        } while (again && !stopped);
        // One catch-up, one batch of notifications: 30 wallets are not 30 pop-ups at once.
        if (found.length) await notifier.showAway(found).catch(() => {});
        if (out.error || out.synced.length) noteOutcome(out.error);
        return out;
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function rooms(): string[] {
    const out: string[] = [];
    for (const e of watchlist.snapshot()) {
      for (const p of programs()) {
        try {
          out.push(roomNames.dcaWallet(p, e.wallet));
        } catch {
          // a program id that cannot form a room is skipped; the others still work
        }
      }
    }
    return out;
  }

  function changed(entries: WatchEntry[]): WatchEntry[] {
    const next = rooms();
    const before = new Set(lastRooms);
    const after = new Set(next);
    const change: WatchChange = {
      entries,
      rooms: next,
      added: next.filter((r) => !before.has(r)),
      removed: lastRooms.filter((r) => !after.has(r)),
    };
    lastRooms = next;
    opts.onChange?.(change);
    return entries;
  }

  function pollingWanted(): boolean {
    if (!poller || watchlist.snapshot().length === 0) return false;
    if (live.state === 'needs-plan') return true;
    // bad-key: REST would be refused too; live/stopped: nothing to make up for.
    if (live.state === 'live' || live.state === 'bad-key' || live.state === 'stopped') return false;
    // Not settled (yet): a fresh worker is still connecting when the alarm that woke it polls, and
    // a refused plan is refused again a moment later, so the last answer still holds.
    if (live.refused) return live.refused === 'needs-plan';
    return live.downSince !== null && now() - live.downSince >= graceMs;
  }

  return {
    watchlist,
    notifier,
    poller,

    /**
     * Loads the list and the seen set, sets the badge; call once when the worker starts. A worker
     * has a fresh socket and missed whatever happened since the last one ran (MV3 stops idle
     * workers; the browser was closed; the extension was updated): the first time its stream is
     * live, every wallet is caught up on as after a reconnect, and what changed is announced. A
     * wallet whose stored list is not known current for STALE_AFTER_MS is only refreshed.
     */
    async start(): Promise<WatchChange> {
      await notifier.init(); // loads the watchlist (and the seen set) once
      await notifier.refreshBadge();
      // A catch-up of an earlier worker stopped before it could show what it had counted.
      await notifier.showUnshown().catch(() => {});
      const entries = watchlist.snapshot();
      const next = rooms();
      lastRooms = next;
      if (poller) {
        await loadClock();
        if (entries.length > 0) catchUpOnLive = true;
        // The outage (or refusal) an earlier worker saw goes on until the stream is live again.
        const before = readLiveRecord(await storage.getItem(LIVE_KEY));
        if (before && live.state !== 'live') {
          if (before.downSince !== null)
            live.downSince = Math.min(live.downSince ?? before.downSince, before.downSince);
          if (!isRefusal(live.state)) live.refused ??= before.refused;
        }
        saveLive();
      }
      return { entries, rooms: next, added: next, removed: [] };
    },

    rooms,
    isWatched: (wallet: string) => watchlist.has(wallet),
    list: () => watchlist.list(),
    async add(wallet: string, label?: string | null): Promise<WatchEntry[]> {
      const entries = changed(await watchlist.add(wallet, label));
      // The list to compare with after a gap is taken now, while nothing is missed yet.
      if (poller && watchlist.has(wallet)) {
        enqueue([wallet], 'prime');
        void kick();
      }
      return entries;
    },
    async remove(wallet: string): Promise<WatchEntry[]> {
      const entries = changed(await watchlist.remove(wallet));
      queue.delete(wallet);
      lastSynced.delete(wallet);
      failedAt.delete(wallet);
      await notifier.forget(wallet);
      await poller?.forget(wallet);
      await notifier.refreshBadge();
      return entries;
    },
    /** `notWallets`: addresses the background read as not wallets (the watchlist does no reads). */
    async importJson(json: string, notWallets?: ReadonlySet<string>): Promise<ImportResult> {
      const result = await watchlist.importJson(json, notWallets);
      if (result.added > 0) {
        changed(result.entries);
        if (poller) {
          enqueue(
            result.entries.map((e) => e.wallet),
            'prime',
          );
          void kick();
        }
      }
      return result;
    },
    exportJson: () => watchlist.exportJson(),
    setDomains: (names: Record<string, string | null>) => watchlist.setDomains(names),

    /** Opening the popup reads everything: counts and badge go to zero. */
    markRead: (wallet?: string) => notifier.markRead(wallet),
    onClicked: (id: string) => notifier.onClicked(id),
    /** A notification the user dismissed (a burst summary: the wallet's next events start afresh). */
    onClosed: (id: string) => notifier.onClosed(id),
    /**
     * Shows every pending group now and writes what live events moved in the stored lists (tests; a
     * worker about to be suspended).
     */
    async flush(): Promise<void> {
      await notifier.flush();
      await poller?.flushLive();
    },

    /** A live DCA transaction event (the hub delivers each once, with the room it arrived on). */
    handleEvent(event: DcaTxEvent, room?: string): Promise<HandleResult> {
      const wallet = eventWallet(event, room);
      // The event moves the wallet's stored order list on (a copy handled before is a duplicate
      // and moves nothing: adding its amounts again would be wrong), and is counted as unread in
      // the turn that list is written: a worker stopped before leaves neither, and the next
      // catch-up counts it once.
      const handle = () =>
        notifier.handleEvent(
          event,
          room,
          poller && wallet ? (count) => poller.observeLive(wallet, event, count) : undefined,
        );
      return wallet ? liveTurns(wallet, handle) : handle();
    },

    /** A live position snapshot on a watched wallet's room: keeps its stored order current. */
    async handleSnapshot(snapshot: DcaPosition, room?: string): Promise<void> {
      const wallet = eventWallet(snapshot, room);
      if (!poller || !wallet) return;
      await liveTurns(wallet, async () => {
        if (watchlist.has(wallet)) await poller.observeSnapshot(wallet, snapshot.address, snapshot.order);
      });
    },

    /** The hub's status: decides whether the REST poller has to stand in for the datastream. */
    setLiveState(state: LiveState): void {
      const prev = live.state;
      if (state === prev) return;
      const next = { state, downSince: live.downSince, refused: live.refused };
      if (state === 'live') {
        next.downSince = null;
        next.refused = null;
      } else {
        // The grace period runs from when the stream was last live, not from each status flicker.
        next.downSince ??= now();
        if (isRefusal(state)) next.refused = state;
        // Out of a refusal only through a restart of the hub (another key): that answer is void.
        else if (isRefusal(prev)) next.refused = null;
      }
      const changed = next.downSince !== live.downSince || next.refused !== live.refused;
      live = next;
      // What the socket misses from now until the catch-up must not be taken in by the live
      // messages that arrive before it (their totals include it): see poller's streamChanged.
      poller?.streamChanged();
      if (changed) saveLive();
      if (prev === 'live') {
        // the stored lists were current until now
        clock.liveUntil = now();
        saveClock();
        // The second looks go: the catch-up after this gap reads every wallet again anyway.
        for (const [wallet, entry] of queue) if (entry.notBefore !== null) queue.delete(wallet);
      }
      if (state !== 'live') return;
      liveBefore = clock.liveUntil;
      if (catchUpOnLive) {
        enqueue(watched(), 'announce', liveBefore, { recheck: true });
        catchUpOnLive = false;
      }
      if (queue.size > 0) void kick();
    },
    pollingWanted,

    /**
     * The socket came back and every room was joined again (the hub's onReconnected): nothing that
     * happened in between is replayed, so every watched wallet is fetched and compared with its
     * stored list, and what changed is announced ("While you were away"). What the datastream
     * delivered before the gap is in the stored list, and the seen set drops what it announced.
     */
    reconnected(): Promise<SyncOutcome> {
      enqueue(watched(), 'announce', gapStart(), { recheck: true });
      return kick();
    },

    /**
     * A live event of this wallet was dropped as unreadable (the hub's schema refused it): the wallet
     * is queued for a catch-up through REST as after a reconnect, alone. It runs at the next alarm
     * tick (`sync`), once per interval however many events are dropped, by when REST has the event.
     */
    missed(wallet: string): void {
      if (!poller || !watchlist.has(wallet)) return;
      poller.missed(wallet);
      enqueue([wallet], 'announce', now());
    },

    /** Catches up on the wallets still waiting (the alarm tick; a no-op when none are). */
    sync: (): Promise<SyncOutcome> =>
      queue.size > 0 || running ? kick() : Promise.resolve({ synced: [], pending: 0, error: null }),

    /**
     * Resolves once no catch-up is running, and the stream's state and what live events moved in
     * the stored lists are written (tests; a worker about to be suspended).
     */
    async idle(): Promise<void> {
      while (running) await running;
      await poller?.flushLive();
      await saved;
    },

    /**
     * One alarm tick: polls the next wallet when the datastream is not doing the job. Every tick
     * is also the watch's heartbeat (CLOCK_KEY): a tick long after the previous one ends a gap, and
     * what the polls then find on wallets last read before it is "While you were away"; anything
     * else a poll finds is worded like a live event.
     */
    async pollTick(force = false): Promise<PollOutcome> {
      if (!poller) return { status: 'skipped' };
      await loadClock();
      const t = now();
      if (clock.tickAt !== null && t - clock.tickAt > TICK_GAP_MS) clock.awakeSince = t;
      clock.tickAt = t;
      if (live.state === 'live') clock.liveUntil = t;
      saveClock();
      if (!force && !pollingWanted()) return { status: 'skipped' };
      // A first list being taken (a wallet just added) goes first: no second request beside it.
      while (running) await running;
      try {
        const result = await poller.tick({ currentAt: gapStart() });
        if (!result) return { status: 'skipped' };
        noteOutcome(null);
        const awake = clock.awakeSince;
        const away = result.since !== null && awake !== null && result.since < awake;
        if (result.events.length) await notifier.handleChanges(result.wallet, result.events, { away });
        const changes = changeList(result.changes);
        return { status: 'polled', wallet: result.wallet, baseline: result.baseline, changes, away };
      } catch (error) {
        const view = ApiError.from(error).toView();
        noteOutcome(view);
        return { status: 'error', error: view };
      }
    },

    /**
     * Why the last poll or catch-up failed, if the last one did (kept across workers). Storage is
     * read once per worker: the popup asks with every status poll, and this worker's own outcomes
     * keep the answer current after that.
     */
    async lastError(): Promise<ErrorView | null> {
      if (knownError !== undefined) return knownError;
      const stored = ErrorViewSchema.safeParse(await storage.getItem(WATCH_ERROR_KEY));
      knownError ??= stored.success ? stored.data : null;
      return knownError;
    },
  };
}
