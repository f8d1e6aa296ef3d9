/**
 * The watch service: watchlist + notifier + REST poller behind one object the background wires up.
 * The background owns the browser APIs and the live hub; this module only tells it which rooms the
 * 'watchlist' owner needs (`rooms()`, and `onChange` after every change of the list).
 */
import { ApiError } from '../api/errors';
import { DEFAULT_DCA_PROGRAM, rooms as roomNames } from '../api/rooms';
import type { DcaTxEvent } from '../api/schemas/live';
import type { ErrorView } from '../errors';
import type { LiveState } from '../live/types';
import type { OrderView } from '../views';
import { eventWallet } from './event';
import { createNotifier, type HandleResult, type NotifierOptions } from './notifier';
import { type ChangeKind, createPoller } from './poller';
import { createSeenStore, type SeenStore } from './seen';
import { createWatchlist, type ImportResult, type WatchEntry } from './watchlist';

export { badgeText } from './notifier';
export { fetchAllOrders, POLL_ALARM } from './poller';
export type { WatchEntry } from './watchlist';

export interface WatchChange {
  entries: WatchEntry[];
  /** Every room the 'watchlist' owner should hold now. */
  rooms: string[];
  /** Rooms to join / to release since the previous change. */
  added: string[];
  removed: string[];
}

export interface WatchServiceOptions extends Omit<NotifierOptions, 'watchlist' | 'seen'> {
  /** REST fallback; without it the service never polls. */
  fetchOrders?: (wallet: string) => Promise<OrderView[]>;
  /** DCA programs to watch each wallet on (GET /dca/programs); default ['jupiter']. */
  programs?: () => readonly string[];
  onChange?: (change: WatchChange) => void;
  /** How long the datastream may be down before polling takes over (default 5 minutes). */
  offlineGraceMs?: number;
  limit?: number;
  seen?: SeenStore;
}

export type PollOutcome =
  | { status: 'skipped' }
  | { status: 'polled'; wallet: string; baseline: boolean; changes: { kind: ChangeKind; order: string }[] }
  | { status: 'error'; error: ErrorView };

export type WatchService = ReturnType<typeof createWatchService>;

export function createWatchService(opts: WatchServiceOptions) {
  const now = opts.now ?? Date.now;
  const programs = opts.programs ?? (() => [DEFAULT_DCA_PROGRAM]);
  const graceMs = opts.offlineGraceMs ?? 5 * 60_000;
  const watchlist = createWatchlist({ now, limit: opts.limit });
  const notifier = createNotifier({ ...opts, now, watchlist, seen: opts.seen ?? createSeenStore() });
  const poller = opts.fetchOrders
    ? createPoller({
        wallets: () => watchlist.snapshot().map((e) => e.wallet),
        fetchOrders: opts.fetchOrders,
        now,
      })
    : null;

  let live: { state: LiveState; since: number } = { state: 'idle', since: now() };
  let lastRooms: string[] = [];

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
    return now() - live.since >= graceMs;
  }

  return {
    watchlist,
    notifier,
    poller,

    /** Loads the list and the seen set, sets the badge; call once when the worker starts. */
    async start(): Promise<WatchChange> {
      await notifier.init(); // loads the watchlist (and the seen set) once
      await notifier.refreshBadge();
      const entries = watchlist.snapshot();
      const next = rooms();
      lastRooms = next;
      return { entries, rooms: next, added: next, removed: [] };
    },

    rooms,
    isWatched: (wallet: string) => watchlist.has(wallet),
    list: () => watchlist.list(),
    add: async (wallet: string, label?: string | null) => changed(await watchlist.add(wallet, label)),
    async remove(wallet: string): Promise<WatchEntry[]> {
      const entries = changed(await watchlist.remove(wallet));
      await poller?.forget(wallet);
      await notifier.refreshBadge();
      return entries;
    },
    async importJson(json: string): Promise<ImportResult> {
      const result = await watchlist.importJson(json);
      if (result.added > 0) changed(result.entries);
      return result;
    },
    exportJson: () => watchlist.exportJson(),
    setDomains: (names: Record<string, string | null>) => watchlist.setDomains(names),

    /** Opening the popup reads everything: counts and badge go to zero. */
    markRead: (wallet?: string) => notifier.markRead(wallet),
    onClicked: (id: string) => notifier.onClicked(id),
    flush: () => notifier.flush(),

    /** A live DCA transaction event (the hub delivers each once, with the room it arrived on). */
    async handleEvent(event: DcaTxEvent, room?: string): Promise<HandleResult> {
      const result = await notifier.handleEvent(event, room);
      const wallet = eventWallet(event, room);
      if (poller && wallet && watchlist.has(wallet)) await poller.observeLive(wallet, event);
      return result;
    },

    /** The hub's status: decides whether the REST poller has to stand in for the datastream. */
    setLiveState(state: LiveState): void {
      const wasLive = live.state === 'live';
      if (state === live.state) return;
      // The grace period runs from when the stream was last live, not from each status flicker.
      live = { state, since: state === 'live' || wasLive ? now() : live.since };
    },
    pollingWanted,

    /** One alarm tick: polls the next wallet when the datastream is not doing the job. */
    async pollTick(force = false): Promise<PollOutcome> {
      if (!poller || (!force && !pollingWanted())) return { status: 'skipped' };
      try {
        const result = await poller.tick();
        if (!result) return { status: 'skipped' };
        if (result.events.length) await notifier.handleChanges(result.wallet, result.events);
        const changes = result.changes.map((c) => ({ kind: c.kind, order: c.order }));
        return { status: 'polled', wallet: result.wallet, baseline: result.baseline, changes };
      } catch (error) {
        return { status: 'error', error: ApiError.from(error).toView() };
      }
    },
  };
}
