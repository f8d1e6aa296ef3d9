import type { Loadable } from '../../components/shared/Loadable';
import { type ErrorView, isTransientCode } from '../errors';
import type { Timers } from './types';

/** Waits before the 1st, 2nd, ... retry of a badge; after the last one the badge keeps its error. */
export const RETRY_DELAYS_MS: readonly number[] = [15_000, 30_000, 60_000, 120_000, 120_000];
/** Items due this close to each other are retried in one go (one gather of the request queue). */
const RETRY_GROUP_MS = 2_000;

/**
 * The errors a badge's data carries: its own, or a wallet badge's failed halves (DCA or PnL: it is
 * ready with one or both failed).
 */
export function errorsOf(data: Loadable<unknown>): ErrorView[] {
  if (data.status === 'error') return [data.error];
  if (data.status !== 'ready') return [];
  const v = data.value as { dcaError?: ErrorView | null; pnl?: { state?: string; error?: ErrorView } };
  const out: ErrorView[] = [];
  if (v?.dcaError) out.push(v.dcaError);
  if (v?.pnl?.state === 'error' && v.pnl.error) out.push(v.pnl.error);
  return out;
}

/** The error a badge's data carries that a later retry may fix, if any. */
export function transientError(data: Loadable<unknown>): ErrorView | null {
  return errorsOf(data).find((e) => isTransientCode(e.code)) ?? null;
}

/** The wait before retry number `retryNo` (0-based): the schedule, or the error's Retry-After if longer. */
export function retryDelay(retryNo: number, error: ErrorView, firstMs = RETRY_DELAYS_MS[0]!): number {
  const base = retryNo === 0 ? firstMs : RETRY_DELAYS_MS[Math.min(retryNo, RETRY_DELAYS_MS.length - 1)]!;
  return Math.max(base, error.retryAfterMs ?? 0);
}

export interface RetrierOptions {
  timers: Timers;
  /** The first wait (test builds shorten it; see lib/overlay/start.ts). */
  firstMs?: number;
  /** Whether the item's badge is still in the page (nothing to retry for otherwise). */
  isLive(key: string): boolean;
  /** Whether the tab is visible; hidden tabs hold their retries until they are shown. */
  tabVisible(): boolean;
  /** Asks again for these items, all at once (through the request queue, so they batch). */
  retry(keys: string[]): void;
}

/**
 * Bounded, grouped retries of badges that failed for a transient reason: one timer for the earliest
 * due item, and everything due within RETRY_GROUP_MS of it goes along, so items that failed together
 * are asked again together. At most RETRY_DELAYS_MS.length retries per item.
 */
export function createRetrier(o: RetrierOptions) {
  const tries = new Map<string, number>();
  const due = new Map<string, number>();
  const held = new Set<string>();
  let timer: unknown = null;
  let timerAt = 0;

  function arm(): void {
    let first = Number.POSITIVE_INFINITY;
    for (const at of due.values()) first = Math.min(first, at);
    if (timer !== null && timerAt <= first) return;
    o.timers.clearTimeout(timer);
    timer = null;
    if (first === Number.POSITIVE_INFINITY) return;
    timerAt = first;
    timer = o.timers.setTimeout(fire, Math.max(0, first - Date.now()));
  }

  function fire(): void {
    timer = null;
    const limit = Date.now() + RETRY_GROUP_MS;
    const now: string[] = [];
    for (const [key, at] of due) {
      if (at > limit) continue;
      due.delete(key);
      if (!o.isLive(key)) continue; // the badge left the page: nothing to retry for
      if (o.tabVisible()) now.push(key);
      else held.add(key);
    }
    if (now.length) o.retry(now);
    arm();
  }

  return {
    /**
     * Records a result: a transient failure under the cap schedules a retry; a success or a
     * permanent failure forgets the item's count.
     */
    settled(key: string, data: Loadable<unknown>): void {
      const error = transientError(data);
      if (!error) {
        tries.delete(key);
        due.delete(key);
        held.delete(key);
        return;
      }
      const n = tries.get(key) ?? 0;
      if (n >= RETRY_DELAYS_MS.length) return; // the cap: the badge keeps its error
      tries.set(key, n + 1);
      due.set(key, Date.now() + retryDelay(n, error, o.firstMs));
      arm();
    },
    /** The tab became visible: held retries go now, together. */
    resume(): void {
      const keys = [...held].filter((k) => o.isLive(k));
      held.clear();
      if (keys.length) o.retry(keys);
    },
    /** Forgets everything (a new page view starts from scratch). */
    clear(): void {
      o.timers.clearTimeout(timer);
      timer = null;
      tries.clear();
      due.clear();
      held.clear();
    },
  };
}
