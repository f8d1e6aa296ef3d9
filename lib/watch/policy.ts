/**
 * Notification policy, pure: which events become desktop notifications, which only count as unread,
 * which are dropped, and when a run of events becomes one summary. Time and the "already seen" set
 * are passed in, so the same inputs always give the same answer (and tests need no clock).
 */
import type { NotificationRules } from '../settings';

export interface PolicyEvent {
  key: string;
  aliases?: readonly string[];
  eventName: string;
  usd: number | null;
}

export type DropReason = 'duplicate' | 'disabled' | 'event-off' | 'below-min';
/**
 * Why an event is kept silent: quiet hours, or a minimum USD its value is not known to clear (an
 * unknown value is no reason to lose the event, nor to pop up a notification the user filtered).
 */
export type QuietReason = 'quiet-hours' | 'no-usd';
/** notify: show it; quiet: count it as unread but stay silent; drop: ignore it. */
export type Decision =
  | { action: 'notify' }
  | { action: 'quiet'; reason: QuietReason }
  | { action: 'drop'; reason: DropReason };

export interface PolicyContext {
  now: number;
  /**
   * Minutes as Date#getTimezoneOffset gives them (UTC+2 is -120). Default: the system's offset at
   * `now`, which follows daylight saving.
   */
  timezoneOffsetMinutes?: number;
  /** True when the key was handled before (persisted across reconnects and worker restarts). */
  seen?: (key: string) => boolean;
}

type Switch = keyof NotificationRules['events'];
const SWITCHES: ReadonlySet<string> = new Set<Switch>(['Opened', 'Filled', 'Closed', 'Deposit', 'Withdraw']);
/**
 * An order's start and end whose USD value is unknown (a Closed event without prices) are shown: the
 * minimum cannot judge them, and they are rarer and weightier than fills. With a known value the
 * minimum applies to them as to everything (a trader who set $10,000 asked not to see $5 orders).
 */
const SHOWN_WHEN_UNKNOWN: ReadonlySet<string> = new Set<Switch>(['Opened', 'Closed']);

/**
 * Whether the rules let this kind of event be heard of. CollectedFee and names this version does
 * not know have no switch: they are keeper bookkeeping or future features, not something a trader
 * asked to hear about.
 */
const switchedOn = (rules: NotificationRules, eventName: string) =>
  SWITCHES.has(eventName) && rules.events[eventName as Switch];

/** Minutes since local midnight. */
export function localMinutes(now: number, timezoneOffsetMinutes?: number): number {
  const offset = timezoneOffsetMinutes ?? new Date(now).getTimezoneOffset();
  const utcMinutes = Math.floor(now / 60_000);
  return (((utcMinutes - offset) % 1440) + 1440) % 1440;
}

export function parseHHMM(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Inside [start, end) in local time. A window whose start is after its end spans midnight
 * (22:00-07:00). Equal start and end is an empty window: a zero-length setting silencing the whole
 * day would be a surprise.
 */
export function inQuietHours(
  quiet: NotificationRules['quietHours'],
  now: number,
  timezoneOffsetMinutes?: number,
): boolean {
  if (!quiet.enabled) return false;
  const start = parseHHMM(quiet.start);
  const end = parseHHMM(quiet.end);
  if (start === null || end === null || start === end) return false;
  const m = localMinutes(now, timezoneOffsetMinutes);
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/** The rules alone (no de-dup): switches, minimum USD, quiet hours. */
export function applyRules(rules: NotificationRules, e: PolicyEvent, ctx: PolicyContext): Decision {
  if (!rules.enabled) return { action: 'drop', reason: 'disabled' };
  if (!switchedOn(rules, e.eventName)) return { action: 'drop', reason: 'event-off' };
  let unknownValue = false;
  if (rules.minUsd > 0) {
    // Known below the minimum: filtered out, as asked. Unknown: it may clear the minimum or not,
    // so a fill is counted as unread (the popup shows it) without a pop-up.
    if (e.usd === null) unknownValue = !SHOWN_WHEN_UNKNOWN.has(e.eventName);
    else if (e.usd < rules.minUsd) return { action: 'drop', reason: 'below-min' };
  }
  if (inQuietHours(rules.quietHours, ctx.now, ctx.timezoneOffsetMinutes))
    return { action: 'quiet', reason: 'quiet-hours' };
  if (unknownValue) return { action: 'quiet', reason: 'no-usd' };
  return { action: 'notify' };
}

/**
 * Whether an event decided 'notify' a while ago may still pop up now, by the rules as they are now:
 * notifications on, its kind switched on, not inside quiet hours. (Its value was weighed when it was
 * decided: what is kept to show later has no value to weigh again.)
 */
export function showableNow(
  rules: NotificationRules,
  eventName: string,
  now: number,
  timezoneOffsetMinutes?: number,
): boolean {
  if (!rules.enabled || !switchedOn(rules, eventName)) return false;
  return !inQuietHours(rules.quietHours, now, timezoneOffsetMinutes);
}

/** De-dup first (an event is never handled twice, whatever the rules say), then the rules. */
export function decide(rules: NotificationRules, e: PolicyEvent, ctx: PolicyContext): Decision {
  const seen = ctx.seen;
  if (seen && (seen(e.key) || (e.aliases ?? []).some((a) => seen(a)))) {
    return { action: 'drop', reason: 'duplicate' };
  }
  return applyRules(rules, e, ctx);
}

/** Decisions for a batch, also de-duplicating copies inside the batch itself. */
export function decideAll(
  rules: NotificationRules,
  events: readonly PolicyEvent[],
  ctx: PolicyContext,
): Decision[] {
  const batch = new Set<string>();
  const seen = (k: string) => batch.has(k) || (ctx.seen?.(k) ?? false);
  return events.map((e) => {
    const d = decide(rules, e, { ...ctx, seen });
    batch.add(e.key);
    for (const a of e.aliases ?? []) batch.add(a);
    return d;
  });
}

// ---------- bursts ----------

export interface BurstOptions {
  /** More than this many events for one wallet inside the window become one summary. */
  limit: number;
  windowMs: number;
}
export const DEFAULT_BURST: BurstOptions = { limit: 3, windowMs: 60_000 };

export interface Shown {
  key: string;
  eventName: string;
  at: number;
  count: number;
  /** The notification that shows it, while it is an individual one. */
  notificationId?: string;
}

export interface BurstPlan<S extends Shown = Shown> {
  /** Events of the wallet inside the window, the pending ones included (the new "recent" state). */
  recent: S[];
  /** One summary instead of individual notifications. */
  summary: boolean;
  /** Individual notifications to clear because the summary replaces them. */
  replace: string[];
  /**
   * With `summary`, what the summary is to name that it does not yet: the events of the notifications
   * it replaces and the pending ones. What it named before stays named (see addToSummary): the window
   * decides whether events are grouped, not what a visible summary keeps naming.
   */
  added: S[];
}

/**
 * Plans a flush of one wallet's pending events. `recent` is what was shown for it lately; times are
 * when the notifier handled each event, not chain time, so a late batch of old events still groups.
 * An event of `recent` without a notificationId is named by the wallet's summary already.
 */
export function planBurst<S extends Shown>(
  recent: readonly S[],
  pending: readonly S[],
  now: number,
  opts: BurstOptions = DEFAULT_BURST,
): BurstPlan<S> {
  const kept = recent.filter((s) => now - s.at < opts.windowMs);
  const all = [...kept, ...pending];
  const events = all.reduce((n, s) => n + s.count, 0);
  if (events <= opts.limit) return { recent: all, summary: false, replace: [], added: [] };
  const replaced = kept.filter((s) => s.notificationId !== undefined);
  const replace = replaced.map((s) => s.notificationId as string);
  const strip = ({ notificationId: _, ...s }: S) => s as S;
  return {
    recent: all.map(strip),
    summary: true,
    replace,
    added: [...replaced, ...pending].map(strip),
  };
}

/** Count per event name, in first-seen order. */
export function countByName(items: readonly { eventName: string; count: number }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of items) counts.set(s.eventName, (counts.get(s.eventName) ?? 0) + s.count);
  return counts;
}

/** Events a summary keeps to add up their amounts; past this it tells counts only (bounded memory). */
const SUMMARY_KEEP = 100;

/**
 * What a visible burst summary names: every event since it started, until the wallet is read or the
 * summary closed. It is rewritten in place, so it must keep naming what it already announced (its
 * individual notifications were cleared for it): an event left out would be in no notification while
 * still counted as unread.
 */
export interface BurstSummary<S extends Shown = Shown> {
  /** Count per event name of everything it names, in first-seen order. */
  counts: Map<string, number>;
  /** The events themselves, oldest first, to add up their amounts; null past `keep` (counts only). */
  events: S[] | null;
}

/** The summary with `items` added (a new one when `summary` is undefined). Pure: the input is not changed. */
export function addToSummary<S extends Shown>(
  summary: BurstSummary<S> | undefined,
  items: readonly S[],
  keep: number = SUMMARY_KEEP,
): BurstSummary<S> {
  const counts = new Map(summary?.counts ?? []);
  for (const [name, n] of countByName(items)) counts.set(name, (counts.get(name) ?? 0) + n);
  const before = summary ? summary.events : [];
  const events = before && before.length + items.length <= keep ? [...before, ...items] : null;
  return { counts, events };
}
