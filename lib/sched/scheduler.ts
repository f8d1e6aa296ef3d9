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
  /**
   * The signal the task runs under: aborting it while the task is queued removes the task and
   * rejects with the signal's reason; raising it (`raisePriority`) moves the queued task up.
   */
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
  /**
   * Queues a place for work not yet built (a batch that keeps taking keys while it waits): resolves
   * when that place comes up, the slot then held for `signal`. The first `run` under `signal` takes
   * the place (waiting for it if it has not come up yet) and the slot is free once that task
   * settles; `release` frees a place no run took. Aborting `signal` gives the place up.
   */
  reserve(options: RunOptions & { signal: AbortSignal }): Promise<void>;
  /** Gives up `signal`'s place if no run has taken it; nothing otherwise. */
  release(signal: AbortSignal): void;
  /** Holds the whole queue for `ms` (a 429's Retry-After); never shortens an earlier pause. */
  pause(ms: number): void;
  setRate(ratePerSec: number | undefined): void;
  stats(): SchedulerStats;
}

/** The API client's `schedule` option (docs/dev/contracts.md). */
export type ScheduleHook = <T>(
  task: () => Promise<T>,
  meta: { priority: Priority; endpoint: string; signal?: AbortSignal },
) => Promise<T>;

/**
 * Priority raises, keyed by the AbortSignal some work runs under (a cache flight's, a batch's): a
 * fetch started for an off-screen badge that a hovered popover then joins must not wait behind the
 * page's other badges. Whoever queued work under the signal (a scheduler task, a batcher's key)
 * hears the raise and moves it up; work queued under it later starts at the raised priority (a
 * retry, a batch's second request). Work already running needs nothing.
 */
interface Raised {
  priority?: Priority;
  listeners: Set<(priority: Priority) => void>;
}

const raised = new WeakMap<AbortSignal, Raised>();

function raisedEntry(signal: AbortSignal): Raised {
  let entry = raised.get(signal);
  if (!entry) {
    entry = { listeners: new Set() };
    raised.set(signal, entry);
  }
  return entry;
}

/** The more urgent of two priorities. */
export function higherPriority(a: Priority, b: Priority): Priority {
  return priorityRank(b) < priorityRank(a) ? b : a;
}

/** Raises the work running under `signal` to `priority` at least; never lowers it. */
export function raisePriority(signal: AbortSignal, priority: Priority): void {
  const entry = raisedEntry(signal);
  if (entry.priority !== undefined && priorityRank(entry.priority) <= priorityRank(priority)) return;
  entry.priority = priority;
  for (const listener of [...entry.listeners]) listener(priority);
}

/** `priority`, or what `signal` has been raised to if that is more urgent. */
export function effectivePriority(priority: Priority, signal: AbortSignal | undefined): Priority {
  const floor = signal && raised.get(signal)?.priority;
  return floor ? higherPriority(priority, floor) : priority;
}

/** Calls `listener` with each later raise of `signal`; the returned function stops it. */
export function onPriorityRaised(signal: AbortSignal, listener: (priority: Priority) => void): () => void {
  const entry = raisedEntry(signal);
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
  };
}

interface Queued {
  start: () => void;
}

/** A place queued by `reserve`: `held` once it came up, `free` lets its slot go. */
interface Reservation {
  held: Promise<void>;
  free?: () => void;
  /** Given up (released, or its signal aborted) before it came up: it lets its slot go at once. */
  dropped?: boolean;
}

/** Runs a task; one that throws before returning its promise rejects like one that fails. */
function invoke<T>(task: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => resolve(task()));
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

  const reservations = new WeakMap<AbortSignal, Reservation>();

  function run<T>(task: () => Promise<T>, options: RunOptions): Promise<T> {
    const { signal } = options;
    const reservation = signal && reservations.get(signal);
    if (reservation) {
      reservations.delete(signal);
      return reservation.held.then(async () => {
        try {
          // A 429 pause that began after the place came up (while the batch read its cache, say)
          // holds this run too, as it holds every queued task.
          for (let t = now(); t < pausedUntil && !signal.aborted; t = now()) await sleep(pausedUntil - t);
          signal.throwIfAborted();
          return await invoke(task);
        } finally {
          reservation.free?.();
        }
      });
    }
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      let priority = effectivePriority(options.priority, signal);
      const dequeue = () => {
        const queue = queues[priority];
        const i = queue.indexOf(item);
        if (i >= 0) queue.splice(i, 1);
      };
      const onAbort = () => {
        stopRaises?.();
        dequeue();
        reject(signal?.reason);
      };
      // A raise while queued moves the task to the end of the more urgent queue.
      const stopRaises =
        signal &&
        onPriorityRaised(signal, (raisedTo) => {
          if (priorityRank(raisedTo) >= priorityRank(priority)) return;
          dequeue();
          priority = raisedTo;
          queues[priority].push(item);
        });
      const item: Queued = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          stopRaises?.();
          active += 1;
          started += 1;
          invoke(task)
            .then(resolve, reject)
            .finally(() => {
              active -= 1;
              pump();
            });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queues[priority].push(item);
      pump();
    });
  }

  function release(signal: AbortSignal): void {
    const reservation = reservations.get(signal);
    if (!reservation) return;
    reservations.delete(signal);
    reservation.dropped = true;
    reservation.free?.();
  }

  function reserve(options: RunOptions & { signal: AbortSignal }): Promise<void> {
    const { signal } = options;
    const reservation: Reservation = { held: Promise.resolve() };
    reservation.held = new Promise<void>((resolve, reject) => {
      // The place is a task that holds its slot until the run that takes it settles.
      run(
        () =>
          new Promise<void>((free) => {
            reservation.free = free;
            if (reservation.dropped) free();
            else resolve();
          }),
        options,
      ).catch(reject);
    });
    // (its own rejection is the caller's; a run waiting to take the place hears it through `held`)
    reservation.held.catch(() => undefined);
    // Set after the place is queued: set before, the place's own run would have taken it.
    reservations.set(signal, reservation);
    signal.addEventListener('abort', () => release(signal), { once: true });
    return reservation.held;
  }

  return {
    run,
    reserve,
    release,
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

/**
 * Adapts a scheduler to the API client's `schedule` option. The call's signal goes along, so a raise
 * of it (a hover joining the fetch) moves the queued attempt up, and an abort takes it off the queue.
 */
export function schedulerHook(scheduler: Scheduler): ScheduleHook {
  return (task, meta) => scheduler.run(task, { priority: meta.priority, signal: meta.signal });
}
