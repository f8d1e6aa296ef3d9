/**
 * In-flight coalescing: one fetch per key however many callers wait for it. A fetch is aborted only
 * when every caller that could abort has left and none that cannot (a background refresh) remains.
 * A caller more urgent than the fetch (a hover joining a visible badge's fetch) raises it: its signal
 * is raised (lib/sched), so what the fetch has queued moves up.
 */
import { type Priority, raisePriority } from '../sched';

export interface Flight<T> {
  promise: Promise<T>;
  /** Keeps the fetch alive whatever the abortable callers do (a caller without a signal, a refresh). */
  anchor(): void;
}

export interface Flights<T> {
  /**
   * Joins the running fetch for `id` (raising it to `priority` when that is more urgent), or starts
   * `run` at `priority`.
   */
  start(id: string, run: (signal: AbortSignal) => Promise<T>, priority: Priority): Flight<T>;
  /** This caller's view of the flight: rejects with the signal's reason when it leaves. */
  wait(flight: Flight<T>, signal: AbortSignal | undefined): Promise<T>;
  /** Running fetches keep going for the callers they have, but later callers start afresh. */
  detachAll(): void;
  /** When the fetch a caller for `id` would join now was started (none running: undefined). */
  startedAt(id: string): number | undefined;
}

interface State<T> extends Flight<T> {
  id: string;
  startedAt: number;
  controller: AbortController;
  anchored: boolean;
  abortable: number;
}

export function createFlights<T>(now: () => number = Date.now): Flights<T> {
  const running = new Map<string, State<T>>();

  function start(id: string, run: (signal: AbortSignal) => Promise<T>, priority: Priority): Flight<T> {
    const existing = running.get(id);
    if (existing) {
      raisePriority(existing.controller.signal, priority); // (a less urgent joiner lowers nothing)
      return existing;
    }
    const controller = new AbortController();
    raisePriority(controller.signal, priority); // the flight's own: what a joiner must beat
    const promise = Promise.resolve()
      .then(() => run(controller.signal))
      .finally(() => {
        if (running.get(id) === state) running.delete(id);
      });
    promise.catch(() => {});
    const state: State<T> = {
      id,
      startedAt: now(),
      promise,
      controller,
      anchored: false,
      abortable: 0,
      anchor: () => {
        state.anchored = true;
      },
    };
    running.set(id, state);
    return state;
  }

  function wait(flight: Flight<T>, signal: AbortSignal | undefined): Promise<T> {
    const state = flight as State<T>;
    if (!signal) {
      state.anchored = true;
      return state.promise;
    }
    if (signal.aborted) return Promise.reject(signal.reason);
    state.abortable += 1;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        state.abortable -= 1;
        if (state.abortable === 0 && !state.anchored) {
          // Later callers must start afresh, not join a fetch that is being torn down.
          if (running.get(state.id) === state) running.delete(state.id);
          state.controller.abort(signal.reason);
        }
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      state.promise.finally(() => signal.removeEventListener('abort', onAbort)).then(resolve, reject);
    });
  }

  return { start, wait, detachAll: () => running.clear(), startedAt: (id) => running.get(id)?.startedAt };
}
