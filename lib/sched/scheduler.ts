/**
 * The request scheduler: every HTTP attempt of the API client goes through one of these, so the
 * whole extension shares one concurrency limit, one plan rate limit and one 429 pause.
 */

export type Priority = 'hover' | 'visible' | 'background';

/** Highest first: a hovered popover is someone waiting; background refreshes can wait. */
export const PRIORITIES: readonly Priority[] = ['hover', 'visible', 'background'];

export function priorityRank(priority: Priority): number {
  return PRIORITIES.indexOf(priority);
}

export interface SchedulerOptions {
  /** Tasks running at once, across all priorities. */
  concurrency: number;
  /** Plan rate limit (token bucket refill per second); undefined = unlimited. */
  ratePerSec?: number;
  /** Bucket size: how many tasks may start back to back after a quiet spell. Default 1. */
  burst?: number;
  now?: () => number;
  /** Resolves after `ms`; injected by tests so the queue runs on a fake clock. */
  sleep?: (ms: number) => Promise<void>;
}

export interface RunOptions {
  priority: Priority;
  /** Aborting while queued removes the task and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface SchedulerStats {
  queued: Record<Priority, number>;
  active: number;
  started: number;
  /** Time left of the current 429 pause, 0 when not paused. */
  pausedForMs: number;
  ratePerSec: number | undefined;
}

export interface Scheduler {
  run<T>(task: () => Promise<T>, options: RunOptions): Promise<T>;
  /** Holds the whole queue for `ms` (a 429's Retry-After); never shortens an earlier pause. */
  pause(ms: number): void;
  setRate(ratePerSec: number | undefined): void;
  stats(): SchedulerStats;
}

/** The API client's `schedule` option (docs/dev/contracts.md). */
export type ScheduleHook = <T>(
  task: () => Promise<T>,
  meta: { priority: Priority; endpoint: string },
) => Promise<T>;

interface Queued {
  start: () => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createScheduler(options: SchedulerOptions): Scheduler {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const concurrency = Math.max(1, options.concurrency);
  const burst = Math.max(1, options.burst ?? 1);
  const queues: Record<Priority, Queued[]> = { hover: [], visible: [], background: [] };
  let rate = options.ratePerSec;
  let tokens = burst;
  let refilledAt = now();
  let pausedUntil = 0;
  let active = 0;
  let started = 0;
  // The earliest pending wake-up; a later one is not scheduled, an earlier one is.
  let wakeAt = Number.POSITIVE_INFINITY;

  function refill(t: number): void {
    if (rate === undefined) return;
    tokens = Math.min(burst, tokens + ((t - refilledAt) * rate) / 1000);
    refilledAt = t;
  }

  function wake(at: number, t: number): void {
    if (at >= wakeAt) return;
    wakeAt = at;
    void sleep(Math.max(0, at - t)).then(() => {
      if (wakeAt === at) wakeAt = Number.POSITIVE_INFINITY;
      pump();
    });
  }

  function next(): Queued | undefined {
    for (const p of PRIORITIES) {
      const item = queues[p].shift();
      if (item) return item;
    }
    return undefined;
  }

  function hasQueued(): boolean {
    return PRIORITIES.some((p) => queues[p].length > 0);
  }

  function pump(): void {
    while (active < concurrency && hasQueued()) {
      const t = now();
      if (t < pausedUntil) {
        wake(pausedUntil, t);
        return;
      }
      if (rate !== undefined) {
        refill(t);
        if (tokens < 1) {
          // rate 0 means "stopped until setRate": no wake-up, setRate pumps.
          if (rate > 0) wake(t + Math.ceil(((1 - tokens) * 1000) / rate), t);
          return;
        }
        tokens -= 1;
      }
      next()?.start();
    }
  }

  function run<T>(task: () => Promise<T>, { priority, signal }: RunOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const queue = queues[priority];
      const onAbort = () => {
        const i = queue.indexOf(item);
        if (i >= 0) queue.splice(i, 1);
        reject(signal?.reason);
      };
      const item: Queued = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          active += 1;
          started += 1;
          let promise: Promise<T>;
          try {
            promise = Promise.resolve(task());
          } catch (error) {
            promise = Promise.reject(error);
          }
          promise.then(resolve, reject).finally(() => {
            active -= 1;
            pump();
          });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(item);
      pump();
    });
  }

  return {
    run,
    pause(ms) {
      const t = now();
      pausedUntil = Math.max(pausedUntil, t + Math.max(0, ms));
      pump();
    },
    setRate(ratePerSec) {
      refill(now());
      rate = ratePerSec;
      refilledAt = now();
      if (rate === undefined) tokens = burst;
      pump();
    },
    stats() {
      return {
        queued: {
          hover: queues.hover.length,
          visible: queues.visible.length,
          background: queues.background.length,
        },
        active,
        started,
        pausedForMs: Math.max(0, pausedUntil - now()),
        ratePerSec: rate,
      };
    },
  };
}

/** Adapts a scheduler to the API client's `schedule` option. */
export function schedulerHook(scheduler: Scheduler): ScheduleHook {
  return (task, meta) => scheduler.run(task, { priority: meta.priority });
}
