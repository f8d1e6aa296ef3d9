/**
 * Turns events on watched wallets into desktop notifications and the toolbar badge. Decisions come
 * from policy.ts; this file holds the state around them: the persisted seen set, the short per-wallet
 * grouping window, what was shown lately (for burst summaries), and the unread counts (watchlist).
 *
 * Events are handled one at a time through a promise chain, so the check "seen?" and the write
 * "now seen" can never interleave between two copies of one event.
 */

import { storage } from 'wxt/utils/storage';
import type { DcaTxEvent } from '../api/schemas/live';
import { isSolanaAddress } from '../detect/address';
import { createTurns } from '../sched';
import type { NotificationRules } from '../settings';
import { fromLiveEvent, type WatchEvent } from './event';
import {
  addToSummary,
  type BurstOptions,
  type BurstSummary,
  countByName,
  DEFAULT_BURST,
  type Decision,
  decideAll,
  planBurst,
  type Shown,
  showableNow,
} from './policy';
import { STALE_AFTER_MS } from './poller';
import { createSeenStore, type SeenStore } from './seen';
import {
  type AwayText,
  awayNotification,
  awaySummaryNotification,
  burstNotification,
  changeNotification,
  eventNotification,
  type NotificationText,
  type SummaryEvent,
  type Who,
  walletsNotification,
} from './text';
import { addFind, createAwayStore, createUnshownStore, type UnshownFind } from './unshown';
import type { Watchlist } from './watchlist';

export interface NotificationOptions {
  type: 'basic';
  iconUrl: string;
  title: string;
  message: string;
  eventTime?: number;
  priority?: number;
}

/** The part of browser.notifications used here (pass the real one in production). */
export interface NotificationsApi {
  create(id: string, options: NotificationOptions): Promise<string>;
  clear(id: string): Promise<unknown> | unknown;
}

export interface NotifierOptions {
  notifications: NotificationsApi;
  setBadge: (text: string) => Promise<void>;
  getRules: () => Promise<NotificationRules> | NotificationRules;
  watchlist: Watchlist;
  iconUrl: string;
  now?: () => number;
  /** Date#getTimezoneOffset convention; default: the system's offset at the moment asked. */
  timezoneOffsetMinutes?: (now: number) => number;
  seen?: SeenStore;
  /**
   * Called before a wallet's live notifications are shown: what their events moved in the wallet's
   * stored order list is written first, so a worker stopped after showing them leaves a list that
   * has them, and the next catch-up does not announce them again.
   */
  beforeLiveShow?: (wallet: string) => Promise<void>;
  /** Events of one wallet arriving within this window are flushed together. */
  groupWindowMs?: number;
  burst?: BurstOptions;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /**
   * Lookup page address for a query (`…#q=<query>`); the background may make it absolute. An
   * order's query is `order <address>` (see orderQuery).
   */
  lookupUrl?: (q: string) => string;
  /**
   * The page a summary over many wallets opens: the lookup tab without a query, which lists every
   * watched wallet with its unread count (default: the lookup page, from lookupUrl).
   */
  watchlistUrl?: string;
  log?: (message: string) => void;
}

export type HandleResult = Decision | { action: 'drop'; reason: 'not-watched' | 'unreadable' };

/** A live event as the burst planner sees it, with what a summary adds up (its amounts). */
type ShownEvent = Shown & { event: SummaryEvent };

/** A live event waiting to be counted (see handleEvent's `countAfter`). */
interface HeldLive {
  wallet: string;
  /** Its key and aliases: marked seen when it is counted. */
  keys: string[];
  /** What it adds to the unread count (0: dropped by the rules, only marked seen). */
  count: number;
  /** The user read the wallet's events meanwhile (popup, a click): not counted as unread. */
  read: boolean;
}

interface Pending {
  shown: ShownEvent;
  text: NotificationText;
  order: string | null;
}

// Ids carry the wallet and target, so a click after a worker restart still knows where to go.
const ID_PREFIX = 'ol';
const notificationId = (wallet: string, order: string | null, suffix: string) =>
  [ID_PREFIX, wallet, order ?? '-', suffix].join('|');

/**
 * The lookup query of an order: `order <address>`, which the lookup reads as an order whatever its
 * account says (a closed order's account is gone: alone, its address reads as an unknown wallet).
 */
const orderQuery = (order: string) => `order ${order}`;

/** Suffix of the one summary of a catch-up over many wallets (an older version's id named one). */
const AWAY_SUMMARY = 'away-all';

/** What the visible summary over many wallets names: a count per kind per wallet, and when it grew last. */
interface Crowd {
  wallets: Map<string, Map<string, number>>;
  at: number;
}
const CROWD_KEY = 'session:watch:crowd';
const writeCrowd = (c: Crowd) => ({ at: c.at, wallets: [...c.wallets].map(([w, n]) => [w, [...n]]) });
/** A stored crowd, or null for anything else (an older shape, a bad value). */
function readCrowd(value: unknown): Crowd | null {
  const v = value as { at?: unknown; wallets?: unknown } | null;
  if (!v || typeof v.at !== 'number' || !Array.isArray(v.wallets)) return null;
  const wallets = new Map<string, Map<string, number>>();
  for (const item of v.wallets) {
    if (!Array.isArray(item) || !isSolanaAddress(item[0]) || !Array.isArray(item[1])) continue;
    const counts = new Map<string, number>();
    for (const c of item[1])
      if (Array.isArray(c) && typeof c[0] === 'string' && Number.isInteger(c[1]) && c[1] > 0)
        counts.set(c[0], c[1]);
    if (counts.size) wallets.set(item[0], counts);
  }
  return wallets.size ? { wallets, at: v.at } : null;
}
const AWAY_SUMMARY_ID = [ID_PREFIX, 'all', '-', AWAY_SUMMARY].join('|');

/** The one summary of live events on many wallets at once (see flushCrowd); it names no one wallet. */
const CROWD = 'live-all';
const CROWD_ID = [ID_PREFIX, 'all', '-', CROWD].join('|');

/**
 * A catch-up that finds news on more wallets than this shows one summary for all of them instead
 * of one notification per wallet.
 */
const AWAY_SUMMARY_AFTER = 3;

export function badgeText(total: number): string {
  return total <= 0 ? '' : total > 99 ? '99+' : String(total);
}

export type Notifier = ReturnType<typeof createNotifier>;

export function createNotifier(opts: NotifierOptions) {
  const now = opts.now ?? Date.now;
  const seen = opts.seen ?? createSeenStore();
  /** What a catch-up found and has not shown yet (see unshown.ts). */
  const unshown = createUnshownStore();
  /** What the visible "While you were away" notifications name (see unshown.ts). */
  const away = createAwayStore();
  const groupWindowMs = opts.groupWindowMs ?? 2_000;
  const burst = opts.burst ?? DEFAULT_BURST;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const lookupUrl = opts.lookupUrl ?? ((q: string) => `lookup.html#q=${encodeURIComponent(q)}`);
  const log = opts.log ?? (() => {});
  const watchlistUrl = opts.watchlistUrl ?? lookupUrl('').replace(/#.*$/, '');
  const { watchlist } = opts;

  const pending = new Map<string, { items: Pending[]; timer: unknown }>();
  /** What was shown lately per wallet, for burst summaries: only what is inside the burst window. */
  const recent = new Map<string, ShownEvent[]>();
  /**
   * What each wallet's visible burst summary names: everything it stood for since it started (not
   * only what is inside the window), until the wallet is read or the summary closed. See addToSummary.
   */
  const summaries = new Map<string, BurstSummary<ShownEvent>>();
  /**
   * Live events decided and not counted yet: counted (seen marks, unread count) when their wallet's
   * stored order list is written with them (see handleEvent's `countAfter`). Their keys are
   * duplicates meanwhile, and the badge shows them (unless read meanwhile).
   */
  const held = new Set<HeldLive>();
  /**
   * What the visible summary of live events over many wallets names: a count per kind per wallet,
   * until read, clicked or closed (it is rewritten in place, so it keeps naming what it named), and
   * when it was last added to: events in the burst window after it join it too.
   */
  let crowd: Crowd | null = null;
  /**
   * The crowd as this worker knows it, kept for the browser session (storage.session): the summary
   * outlives the worker that showed it (MV3 stops an idle one after about 30 s), and the next worker's
   * events joined a new one that named only them, in its place.
   */
  const setCrowd = async (next: Crowd | null) => {
    crowd = next;
    await (next ? storage.setItem(CROWD_KEY, writeCrowd(next)) : storage.removeItem(CROWD_KEY)).catch(() =>
      log('the summary could not be kept'),
    );
  };
  let ready: Promise<void> | null = null;
  const serial = createTurns();
  const init = () => {
    ready ??= Promise.all([
      watchlist.load(),
      seen.load(),
      unshown.load(),
      away.load(),
      storage.getItem(CROWD_KEY).then(
        (value) => {
          crowd ??= readCrowd(value);
        },
        () => {},
      ),
    ]).then(() => undefined);
    return ready;
  };
  const who = (wallet: string): Who => {
    const e = watchlist.get(wallet);
    return { wallet, label: e?.label ?? null, domain: e?.domain ?? null };
  };
  const isHeld = (k: string) => [...held].some((h) => h.keys.includes(k));
  /** The unread total as the watchlist last read or wrote it. */
  const storedTotal = () => watchlist.snapshot().reduce((n, e) => n + e.unread, 0);
  const heldUnread = () => [...held].reduce((n, h) => n + (h.read ? 0 : h.count), 0);
  const ctx = () => {
    const t = now();
    return {
      now: t,
      timezoneOffsetMinutes: opts.timezoneOffsetMinutes?.(t),
      seen: (k: string) => seen.has(k) || isHeld(k),
    };
  };

  async function show(id: string, text: NotificationText, at: number): Promise<void> {
    try {
      await opts.notifications.create(id, { type: 'basic', iconUrl: opts.iconUrl, ...text, eventTime: at });
    } catch {
      // Notifications can be blocked by the system or the user; the badge still counts the event.
      log('notification could not be shown');
    }
  }

  async function clear(id: string): Promise<void> {
    try {
      await opts.notifications.clear(id);
    } catch {
      // already gone
    }
  }

  /** The badge for a stored unread total: what is held to be counted adds to it. */
  async function setBadgeTotal(total: number): Promise<void> {
    try {
      await opts.setBadge(badgeText(total + heldUnread()));
    } catch {
      log('badge could not be set');
    }
  }

  /**
   * The user read one wallet's events (or all): held live events are counted as seen, not as unread;
   * and what was shown or is about to be shown of them is no longer news. A burst summary names the
   * events it stands for, each counted once as unread: one updated after the read must not name
   * the read ones again (a read fill would make it "7 fills" beside an unread count of 6), so the
   * burst starts over with what comes next, and notifications still waiting in the grouping window
   * (events the read covered) are not shown.
   */
  async function readWallet(wallet?: string): Promise<void> {
    const hit = (w: string) => wallet === undefined || w === wallet;
    for (const h of held) if (hit(h.wallet)) h.read = true;
    for (const w of recent.keys()) if (hit(w)) recent.delete(w);
    for (const w of summaries.keys()) if (hit(w)) summaries.delete(w);
    for (const [w, group] of pending) {
      if (!hit(w)) continue;
      clearTimer(group.timer);
      pending.delete(w);
    }
    if (crowd && wallet === undefined) await setCrowd(null);
    else if (crowd?.wallets.delete(wallet as string)) await setCrowd(crowd.wallets.size === 0 ? null : crowd);
    // (a "While you were away" still visible is rewritten from scratch by the next catch-up)
    await away.drop(wallet);
  }

  /** Counts one live event: its seen marks, then its unread count (unless read meanwhile) and the badge. */
  async function count(h: HeldLive): Promise<void> {
    let total: number | null = null;
    try {
      await seen.add(h.keys);
      const n = h.read ? 0 : h.count;
      if (n > 0) total = await watchlist.bumpUnread(h.wallet, n);
    } finally {
      // (in the turn the count lands: the badge never shows it twice)
      held.delete(h);
    }
    if (total !== null) await setBadgeTotal(total);
  }

  /** Seen marks, unread count and badge for accepted events. */
  async function record(events: readonly WatchEvent[], decisions: readonly HandleResult[]): Promise<void> {
    await seen.add(events.flatMap((e) => [e.key, ...e.aliases]));
    const accepted = events.filter((_, i) => decisions[i]?.action !== 'drop');
    const byWallet = new Map<string, number>();
    for (const e of accepted) byWallet.set(e.wallet, (byWallet.get(e.wallet) ?? 0) + e.count);
    let total: number | null = null;
    for (const [wallet, n] of byWallet) total = await watchlist.bumpUnread(wallet, n);
    if (total !== null) await setBadgeTotal(total);
  }

  /** A valid order address to open, else null (the wallet is opened). */
  const orderOf = (e: Pick<WatchEvent, 'order'>) => (e.order && isSolanaAddress(e.order) ? e.order : null);

  /**
   * Decides polled changes of one wallet and counts them as unread; answers what to show. `later`:
   * shown when the catch-up ends, so kept as unshown before they are counted (a worker stopped
   * before then leaves them for the next one to show, not counted and never shown).
   */
  async function decideChanges(wallet: string, events: readonly WatchEvent[], later = false) {
    if (!watchlist.has(wallet) || events.length === 0) return { decisions: [] as Decision[], notify: [] };
    const decisions = decideAll(await opts.getRules(), events, ctx());
    const fresh = events.filter((_, i) => !isDuplicate(decisions[i]));
    const freshDecisions = decisions.filter((d) => !isDuplicate(d));
    const notify = fresh.filter((_, i) => freshDecisions[i]?.action === 'notify');
    if (later) await unshown.add(wallet, notify, now());
    await record(fresh, freshDecisions);
    return { decisions, notify };
  }

  /** A wallet's "While you were away": it opens the order when it names exactly one change. */
  const awayId = (f: UnshownFind) =>
    notificationId(f.wallet, f.events.length === 1 ? orderOf(f.events[0]!) : null, 'away');
  const awaySize = (f: UnshownFind) => f.events.reduce((n, e) => n + e.count, 0);

  /**
   * What one catch-up found to show, added to what the visible "While you were away" notifications
   * name already (an earlier catch-up's, until read, clicked or closed): a second drop of the socket
   * makes "3 fills" read "4 fills", as the badge does, rather than replacing it with "1 fill". One
   * per wallet (opening the order when the wallet has exactly one change), or past
   * AWAY_SUMMARY_AFTER wallets one summary naming a few of them, whose click opens the lookup tab's list
   * (every watched wallet with its unread count).
   *
   * They were decided when found, maybe by an earlier worker: what the rules now keep silent
   * (quiet hours begun meanwhile, notifications or that kind turned off) is not shown. It stays
   * counted, as an event found silent would be, and is not kept for later.
   */
  async function showAwayNow(items: readonly { wallet: string; events: readonly AwayText[] }[]) {
    const t = now();
    const rules = await opts.getRules();
    const offset = opts.timezoneOffsetMinutes?.(t);
    // One entry per wallet: a long catch-up extended by another reconnect may sync a wallet twice.
    const byWallet = new Map<string, AwayText[]>();
    for (const i of items) {
      const events = i.events.filter((e) => showableNow(rules, e.eventName, t, offset));
      if (events.length > 0 && watchlist.has(i.wallet))
        byWallet.set(i.wallet, [...(byWallet.get(i.wallet) ?? []), ...events]);
    }
    if (byWallet.size === 0) return;
    const before = away.get();
    const shown = before.finds.filter((f) => watchlist.has(f.wallet));
    let finds = shown;
    for (const [wallet, events] of byWallet) finds = addFind(finds, wallet, events, t);
    const summary = finds.length > AWAY_SUMMARY_AFTER;
    await away.set({ finds, summary });
    if (summary) {
      if (!before.summary) for (const f of shown) await clear(awayId(f));
      const counts = countByName(finds.flatMap((f) => f.events));
      const ranked = [...finds].sort((a, b) => awaySize(b) - awaySize(a));
      await show(
        AWAY_SUMMARY_ID,
        awaySummaryNotification(
          counts,
          ranked.map((f) => who(f.wallet)),
        ),
        t,
      );
      return;
    }
    // (a summary over wallets since read stands for fewer now: each is shown on its own again)
    if (before.summary && shown.length) await clear(AWAY_SUMMARY_ID);
    for (const f of finds) {
      if (!byWallet.has(f.wallet) && !before.summary) continue;
      const prev = shown.find((p) => p.wallet === f.wallet);
      if (prev && !before.summary && awayId(prev) !== awayId(f)) await clear(awayId(prev));
      await show(awayId(f), awayNotification(f.events, who(f.wallet)), t);
    }
  }

  /**
   * Adds events to the wallet's burst summary (starting one when none is visible) and shows it,
   * under one id per wallet: a later flush of the same burst updates it in place, still naming
   * every event it named before.
   */
  async function showSummary(wallet: string, items: readonly ShownEvent[], t: number): Promise<void> {
    const summary = addToSummary(summaries.get(wallet), items);
    summaries.set(wallet, summary);
    const text = burstNotification(summary.events?.map((s) => s.event) ?? summary.counts, who(wallet));
    await show(notificationId(wallet, null, 'burst'), text, t);
  }

  /**
   * Changes a poll found while the user was there (no gap): worded like live events, one
   * notification each (opening its order), or past the burst limit in the wallet's summary (added
   * to what a visible one names).
   */
  async function showPresent(wallet: string, events: readonly WatchEvent[]) {
    const t = now();
    if (events.length > burst.limit) {
      const items = events.map((e) => ({
        key: e.key,
        eventName: e.eventName,
        at: t,
        count: e.count,
        event: e,
      }));
      await showSummary(wallet, items, t);
      return;
    }
    for (const e of events)
      await show(notificationId(wallet, orderOf(e), e.key), changeNotification(e, who(wallet)), t);
  }

  /**
   * Lets go of what was shown longer ago than the burst window, and of wallets no longer watched.
   * (What a visible summary names is kept: see summaries.)
   */
  function pruneRecent(t: number): void {
    for (const [wallet, shown] of recent) {
      const kept = shown.filter((s) => t - s.at < burst.windowMs);
      if (kept.length === 0 || !watchlist.has(wallet)) recent.delete(wallet);
      else if (kept.length < shown.length) recent.set(wallet, kept);
    }
    for (const wallet of summaries.keys()) if (!watchlist.has(wallet)) summaries.delete(wallet);
  }

  async function flushWallet(wallet: string): Promise<void> {
    const group = pending.get(wallet);
    if (!group) return;
    pending.delete(wallet);
    clearTimer(group.timer);
    // Removed within the grouping window: the user no longer wants to hear about it.
    if (!watchlist.has(wallet)) {
      recent.delete(wallet);
      summaries.delete(wallet);
      return;
    }
    await opts.beforeLiveShow?.(wallet).catch(() => log('stored orders could not be written'));
    const t = now();
    pruneRecent(t);
    const plan = planBurst(
      recent.get(wallet) ?? [],
      group.items.map((p) => p.shown),
      t,
      burst,
    );
    if (plan.summary) {
      for (const id of plan.replace) await clear(id);
      recent.set(wallet, plan.recent);
      // What the summary named stays named, even past the window: it is rewritten in place.
      await showSummary(wallet, plan.added, t);
      return;
    }
    for (const p of group.items) {
      const id = notificationId(wallet, p.order, p.shown.key);
      p.shown.notificationId = id;
      await show(id, p.text, t);
    }
    recent.set(wallet, plan.recent);
  }

  /**
   * Live events on more than AWAY_SUMMARY_AFTER wallets in one grouping window (copy traders
   * following one whale) are one summary ("12 fills across 12 wallets: Whale, Shark and 10 more"),
   * not a pop-up per wallet; so are the wallets' events while that summary is recent (the burst
   * window) and, while it is visible, it keeps naming what it named.
   */
  function crowdDue(t: number): boolean {
    return pending.size > AWAY_SUMMARY_AFTER || (crowd !== null && t - crowd.at < burst.windowMs);
  }

  async function flushCrowd(): Promise<void> {
    const groups = [...pending];
    if (groups.length === 0) return;
    pending.clear();
    for (const [, group] of groups) clearTimer(group.timer);
    const wallets = new Map(crowd?.wallets ?? []);
    for (const [wallet, group] of groups) {
      if (!watchlist.has(wallet)) {
        recent.delete(wallet);
        summaries.delete(wallet);
        continue;
      }
      await opts.beforeLiveShow?.(wallet).catch(() => log('stored orders could not be written'));
      const counts = new Map(wallets.get(wallet) ?? []);
      for (const [name, n] of countByName(group.items.map((p) => p.shown)))
        counts.set(name, (counts.get(name) ?? 0) + n);
      wallets.set(wallet, counts);
    }
    if (wallets.size === 0) return;
    const t = now();
    await setCrowd({ wallets, at: t });
    const size = (c: Map<string, number>) => [...c.values()].reduce((n, k) => n + k, 0);
    const ranked = [...wallets].sort((a, b) => size(b[1]) - size(a[1]));
    const counts = new Map<string, number>();
    for (const [, c] of ranked) for (const [name, n] of c) counts.set(name, (counts.get(name) ?? 0) + n);
    await show(
      CROWD_ID,
      walletsNotification(
        counts,
        ranked.map(([w]) => who(w)),
      ),
      t,
    );
  }

  /** A wallet's grouping window ended: its events, or with the others' in one summary. */
  async function flushDue(wallet: string): Promise<void> {
    if (!pending.has(wallet)) return;
    if (crowdDue(now())) await flushCrowd();
    else await flushWallet(wallet);
  }

  return {
    init,

    /**
     * A live DCA event that arrived on a watched wallet's room (`room` names the wallet when given).
     * Counted as unread at once, or, given `countAfter`, when that calls the count it is handed:
     * the watch service hands it to the poller, which calls it in the turn the wallet's stored order
     * list is written with the event. A worker stopped in between then leaves neither: the next
     * catch-up finds the change in REST and counts (and announces) it once. Until counted, the
     * badge shows it and copies of it are duplicates.
     */
    handleEvent(
      event: DcaTxEvent,
      room?: string,
      countAfter?: (count: () => Promise<void>) => Promise<void>,
    ): Promise<HandleResult> {
      return serial(async () => {
        await init();
        const t = now();
        const e = fromLiveEvent(event, t, room);
        if (!e) return { action: 'drop', reason: 'unreadable' } as const;
        if (!watchlist.has(e.wallet)) return { action: 'drop', reason: 'not-watched' } as const;
        const [decision] = decideAll(await opts.getRules(), [e], ctx());
        if (!decision) return { action: 'drop', reason: 'unreadable' } as const;
        if (decision.action === 'drop' && decision.reason === 'duplicate') return decision;
        const h: HeldLive = {
          wallet: e.wallet,
          keys: [e.key, ...e.aliases],
          count: decision.action === 'drop' ? 0 : e.count,
          read: false,
        };
        if (countAfter) {
          held.add(h);
          if (h.count > 0) await setBadgeTotal(storedTotal());
        } else await count(h);
        if (decision.action === 'notify') {
          const group = pending.get(e.wallet) ?? { items: [], timer: null };
          group.items.push({
            shown: { key: e.key, eventName: e.eventName, at: t, count: e.count, event },
            text: eventNotification(event, who(e.wallet)),
            order: orderOf(e),
          });
          if (!pending.has(e.wallet)) {
            group.timer = setTimer(() => void serial(() => flushDue(e.wallet)), groupWindowMs);
            pending.set(e.wallet, group);
          }
        }
        if (countAfter) {
          let counted = false;
          const once = () => {
            if (counted) return Promise.resolve();
            counted = true;
            return count(h);
          };
          // (it failed before it could take the count: counted now)
          await countAfter(once).catch(() => once());
        }
        return decision;
      });
    },

    /**
     * Changes found by polling one wallet: counted as unread like live events. `away`: found after
     * a gap (the user was not there), announced as "While you were away"; else worded like live ones.
     */
    handleChanges(
      wallet: string,
      events: readonly WatchEvent[],
      how: { away: boolean },
    ): Promise<Decision[]> {
      return serial(async () => {
        await init();
        const { decisions, notify } = await decideChanges(wallet, events);
        if (notify.length)
          await (how.away ? showAwayNow([{ wallet, events: notify }]) : showPresent(wallet, notify));
        return decisions;
      });
    },

    /**
     * One wallet's changes found by a catch-up: counted as unread now; what is to be shown is
     * answered, for `showAway` once the whole catch-up is done.
     */
    recordChanges(wallet: string, events: readonly WatchEvent[]): Promise<WatchEvent[]> {
      return serial(async () => {
        await init();
        return (await decideChanges(wallet, events, true)).notify;
      });
    },

    /**
     * Shows what one catch-up found (the `notify` answers of `recordChanges`), as one batch; what
     * `recordChanges` kept as unshown is shown now, so it is let go.
     */
    showAway(items: readonly { wallet: string; events: readonly WatchEvent[] }[]): Promise<void> {
      return serial(async () => {
        await init();
        await showAwayNow(items);
        await unshown.clear();
      });
    },

    /**
     * Shows what a catch-up of an earlier worker recorded and could not show (the worker was
     * stopped first), unless it is no news any more (older than STALE_AFTER_MS, after which a stored
     * list is refreshed silently too). Call when the worker starts.
     */
    showUnshown(): Promise<void> {
      return serial(async () => {
        await init();
        const t = now();
        await showAwayNow(unshown.list().filter((f) => t - f.at <= STALE_AFTER_MS));
        await unshown.clear();
      });
    },

    /** Shows every pending group now (tests; a worker about to be suspended). */
    flush(): Promise<void> {
      return serial(async () => {
        if (crowdDue(now())) await flushCrowd();
        for (const wallet of [...pending.keys()]) await flushWallet(wallet);
      });
    },

    /** The lookup page to open for a clicked notification of ours; null for anyone else's. */
    onClicked(id: string): Promise<string | null> {
      const [prefix, wallet, order, suffix] = id.split('|');
      if (prefix === ID_PREFIX && (suffix === CROWD || suffix === AWAY_SUMMARY))
        // Many wallets: the page listing each with its unread count, each a click from its lookup.
        // Nothing is marked read here: the trader reads them there, wallet by wallet (opening the
        // busiest one's lookup read it and left the others named nowhere once the click cleared this).
        return serial(async () => {
          await init();
          if (suffix === CROWD) await setCrowd(null);
          else await away.drop();
          return watchlistUrl;
        });
      if (prefix !== ID_PREFIX || !wallet || !isSolanaAddress(wallet)) return Promise.resolve(null);
      const isOrder = !!order && order !== '-' && isSolanaAddress(order);
      return serial(async () => {
        await init();
        await clear(id);
        await readWallet(wallet);
        await setBadgeTotal(await watchlist.markRead(wallet));
        return lookupUrl(isOrder ? orderQuery(order) : wallet);
      });
    },

    /**
     * A notification of ours was closed (the user dismissed it): a burst summary or a "While you
     * were away" closed names nothing any more, so the wallet's next events (next catch-up) start
     * afresh (individual, or a new summary).
     */
    onClosed(id: string): Promise<void> {
      const [prefix, wallet, , suffix] = id.split('|');
      if (prefix !== ID_PREFIX || !wallet) return Promise.resolve();
      if (suffix === CROWD) return serial(() => setCrowd(null));
      if (suffix === 'away' || suffix === AWAY_SUMMARY)
        return serial(async () => {
          await init();
          await away.drop(suffix === 'away' ? wallet : undefined);
        });
      if (suffix !== 'burst') return Promise.resolve();
      return serial(async () => {
        summaries.delete(wallet);
        recent.delete(wallet);
      });
    },

    /** Opening the popup reads everything (or one wallet's events): clears the counts and the badge. */
    markRead(wallet?: string): Promise<number> {
      return serial(async () => {
        await init();
        await readWallet(wallet);
        const total = await watchlist.markRead(wallet);
        await setBadgeTotal(total);
        return total;
      });
    },

    /** Sets the badge from storage (worker start, watchlist changes). */
    refreshBadge(): Promise<void> {
      return serial(async () => {
        await init();
        await setBadgeTotal((await watchlist.unread()).total);
      });
    },

    /**
     * A wallet no longer watched: what is kept in memory for it goes (its pending notifications,
     * what was shown lately, live events not counted yet).
     */
    forget(wallet: string): Promise<void> {
      return serial(async () => {
        const group = pending.get(wallet);
        if (group) clearTimer(group.timer);
        pending.delete(wallet);
        recent.delete(wallet);
        summaries.delete(wallet);
        crowd?.wallets.delete(wallet);
        for (const h of held) if (h.wallet === wallet) held.delete(h);
        await init();
        await away.drop(wallet);
      });
    },

    pendingCount: (): number => [...pending.values()].reduce((n, g) => n + g.items.length, 0),
    /** Events kept for burst summaries, all wallets (tests). */
    recentCount: (): number => [...recent.values()].reduce((n, r) => n + r.length, 0),
  };
}

function isDuplicate(d: Decision | undefined): boolean {
  return d?.action === 'drop' && d.reason === 'duplicate';
}
