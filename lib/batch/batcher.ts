/**
 * Micro-batcher: the page asks for addresses one by one, the APIs want them by the hundred.
 * Idle window: a batch goes out once no new key has come for `delayMs` (`streamGapMs` once it holds
 * two keys; each new key extends the wait), at the latest `maxWaitMs` after its first key, and at
 * once when it holds `maxSize` keys. A lone key (a hovered wallet) therefore waits `delayMs`, as
 * with a fixed window, while a stream of keys trickling in through the router and the cache fills
 * whole batches instead of many small ones. Keys are de-duplicated; chunks hold at most `maxSize`.
 * With `slots`, a due batch first waits for its turn in the request queue, and keeps taking keys
 * while it waits: a request would have waited there anyway, with the keys that came meanwhile left
 * for a batch of their own.
 */
import {
  effectivePriority,
  higherPriority,
  onPriorityRaised,
  type Priority,
  priorityRank,
  raisePriority,
} from '../sched';

export interface BatchRunMeta {
  /**
   * The most urgent priority among the chunk's callers, for the request scheduler. A more urgent
   * caller that comes later raises the run's signal (`raisePriority`): pass it to the client.
   */
  priority: Priority;
}

export interface BatcherOptions<K, V> {
  maxSize: number;
  /** A lone key's wait, and the idle gap that ends a batch of one key. */
  delayMs: number;
  /**
   * Idle gap once a batch holds two keys or more (a stream is coming: a page's wallets reach the
   * batcher one by one through messaging, router and cache, with uneven gaps on a busy machine).
   * Default `delayMs`.
   */
  streamGapMs?: number;
  /** Upper bound on a key's wait from the first key of its batch. Default `8 * delayMs`. */
  maxWaitMs?: number;
  now?: () => number;
  /**
   * One batch request. A key missing from the map (not found, invalid) resolves its callers with
   * `undefined`; a rejection rejects only this chunk's callers. The signal aborts when every caller
   * of the chunk has given up.
   */
  run: (keys: K[], signal: AbortSignal, meta: BatchRunMeta) => Promise<Map<K, V | undefined>>;
  /** Identity for de-duplication and for matching the result map; default `String(key)`. */
  keyId?: (key: K) => string;
  /**
   * The request queue's places (the scheduler's `reserve` and `release`). A due batch reserves one
   * under the signal it will pass to `run`, and is sent when the place comes up (or once full); its
   * request takes the place, and a place the run did not take is released when the run settles.
   */
  slots?: {
    reserve: (options: { priority: Priority; signal: AbortSignal }) => Promise<void>;
    release: (signal: AbortSignal) => void;
  };
}

export interface LoadOptions {
  priority?: Priority;
  /**
   * The signal this load runs under (a cache flight's): aborting it leaves; raising it
   * (`raisePriority`) raises the key, and the batch request it is in when that is already sent.
   */
  signal?: AbortSignal;
}

export interface Batcher<K, V> {
  load(key: K, options?: LoadOptions): Promise<V | undefined>;
  /** Sends everything gathered so far without waiting for the delay. */
  flush(): void;
  /** Keys gathered and not yet sent. */
  pending(): number;
  /**
   * Requests sent so far are no longer joined: their callers still get their answers, but a later
   * load of the same key asks again. For when the answers stop being valid for new callers (the API
   * hosts changed). Keys gathered and not yet sent stay gathered and joinable: they have gone to no
   * host, and `run` reaches the host of the time it is called.
   */
  detachAll(): void;
}

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

interface Chunk {
  controller: AbortController;
  entries: Entry<unknown, unknown>[];
}

interface Entry<K, V> {
  key: K;
  id: string;
  priority: Priority;
  waiters: Set<Waiter<V>>;
  chunk?: Chunk;
}

/** The most urgent priority among some keys: their batch's. */
function topPriority(entries: Iterable<{ priority: Priority }>): Priority {
  let priority: Priority = 'background';
  for (const entry of entries) priority = higherPriority(priority, entry.priority);
  return priority;
}

/** How late a batch's timer may fire before the worker is taken to have been stalled (see expire). */
const LATE_MS = 30;

export function createBatcher<K, V>(options: BatcherOptions<K, V>): Batcher<K, V> {
  const { delayMs, run } = options;
  const streamGapMs = Math.max(delayMs, options.streamGapMs ?? delayMs);
  const maxWaitMs = Math.max(streamGapMs, options.maxWaitMs ?? delayMs * 8);
  const now = options.now ?? Date.now;
  const maxSize = Math.max(1, Math.floor(options.maxSize));
  const keyId = options.keyId ?? ((key: K) => String(key));
  // Not yet sent, in arrival order (Map keeps insertion order).
  const gathered = new Map<string, Entry<K, V>>();
  // Sent and waiting for the answer: a new caller for the same key joins instead of asking again.
  const inFlight = new Map<string, Entry<K, V>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // When the first gathered key came, and when the batch is due (moved later by each new key).
  let firstAt = 0;
  let dueAt = 0;
  // The batch's timer fired late once already (see expire).
  let waitedLate = false;
  // A due batch waiting for its place in the request queue (see slots): the signal it will run under.
  let waiting: AbortController | undefined;

  /**
   * A more urgent caller for a key: a key still gathered makes its batch go at that priority; a key
   * already sent raises its batch's request (the request's signal), which may still be queued
   * behind a page's other batches in the scheduler.
   */
  function raise(entry: Entry<K, V>, priority: Priority): void {
    if (priorityRank(priority) >= priorityRank(entry.priority)) return;
    entry.priority = priority;
    if (entry.chunk) raisePriority(entry.chunk.controller.signal, priority);
    else if (waiting) raisePriority(waiting.signal, priority);
  }

  function dispatch(entries: Entry<K, V>[], controller = new AbortController()): void {
    const chunk: Chunk = { controller, entries: entries as Entry<unknown, unknown>[] };
    const priority = topPriority(entries);
    for (const entry of entries) {
      entry.chunk = chunk;
      inFlight.set(entry.id, entry);
    }
    const settle = (each: (entry: Entry<K, V>) => void) => {
      for (const entry of entries) {
        // (a later caller may have asked again for a key of this chunk: see load)
        if (inFlight.get(entry.id) === entry) inFlight.delete(entry.id);
        each(entry);
      }
      // (a place its run did not take: a request that failed before it was queued)
      options.slots?.release(controller.signal);
    };
    Promise.resolve()
      .then(() =>
        run(
          entries.map((e) => e.key),
          controller.signal,
          { priority },
        ),
      )
      .then(
        (result) => {
          // Match by id, not by reference: a run may rebuild its keys (objects, normalised strings).
          const byId = new Map<string, V | undefined>();
          for (const [key, value] of result) byId.set(keyId(key), value);
          settle((entry) => {
            for (const w of entry.waiters) w.resolve(byId.get(entry.id));
          });
        },
        (error: unknown) =>
          settle((entry) => {
            for (const w of entry.waiters) w.reject(error);
          }),
      );
  }

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (gathered.size === 0) return;
    // A full batch is sent as soon as it fills, so this is at most one chunk; slicing keeps it safe.
    const entries = [...gathered.values()];
    gathered.clear();
    waitedLate = false;
    // The first chunk runs under the place reserved for it, when there is one.
    const place = waiting;
    waiting = undefined;
    for (let i = 0; i < entries.length; i += maxSize)
      dispatch(entries.slice(i, i + maxSize), (i === 0 && place) || undefined);
  }

  /**
   * The batch is due: sent at once without slots; with them, it reserves its place in the request
   * queue and is sent when the place comes up, with the keys that came meanwhile. A place refused
   * (an abort) sends what is still gathered as it is.
   */
  function due(): void {
    const slots = options.slots;
    if (!slots) {
      flush();
      return;
    }
    // (no timer runs while a batch waits for its place: this is the batch's first time due)
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const place = new AbortController();
    waiting = place;
    const go = () => {
      if (waiting === place) flush();
    };
    slots.reserve({ priority: topPriority(gathered.values()), signal: place.signal }).then(go, go);
  }

  function leave(entry: Entry<K, V>, waiter: Waiter<V>): void {
    entry.waiters.delete(waiter);
    if (entry.waiters.size > 0) return;
    if (!entry.chunk) {
      gathered.delete(entry.id);
      // Nobody left in a batch waiting for its place: the place is given up.
      if (gathered.size === 0 && waiting) {
        const place = waiting;
        waiting = undefined;
        place.abort();
      }
      return;
    }
    const chunk = entry.chunk;
    if (chunk.entries.every((e) => e.waiters.size === 0)) chunk.controller.abort();
  }

  function load(key: K, options: LoadOptions = {}): Promise<V | undefined> {
    const { signal } = options;
    return new Promise<V | undefined>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const priority = effectivePriority(options.priority ?? 'visible', signal);
      const id = keyId(key);
      let entry = inFlight.get(id);
      // Every caller of its chunk gave up, so the run is being aborted: a new caller asks again
      // rather than get that abort.
      if (entry?.chunk?.controller.signal.aborted) entry = undefined;
      entry ??= gathered.get(id);
      let added = false;
      if (!entry) {
        entry = { key, id, priority, waiters: new Set() };
        gathered.set(id, entry);
        added = true;
        if (waiting) raisePriority(waiting.signal, priority);
      } else raise(entry, priority);
      const target = entry;
      const stopRaises = signal && onPriorityRaised(signal, (raisedTo) => raise(target, raisedTo));
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        stopRaises?.();
      };
      const onAbort = () => {
        done();
        leave(target, waiter);
        reject(signal?.reason);
      };
      const waiter: Waiter<V> = {
        resolve: (value) => {
          done();
          resolve(value);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      target.waiters.add(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (gathered.size >= maxSize) flush();
      // (a batch waiting for its place goes when the place comes up)
      else if (added && !waiting) extend();
    });
  }

  /** A new key: the batch is due `delayMs` from now, but never later than `maxWaitMs` after its first key. */
  function extend(): void {
    const t = now();
    if (gathered.size === 1) firstAt = t;
    dueAt = Math.min(t + (gathered.size === 1 ? delayMs : streamGapMs), firstAt + maxWaitMs);
    // One timer per batch: when it fires early (the window was extended), it re-arms for the rest.
    timer ??= setTimeout(expire, delayMs);
  }

  /**
   * The batch is due unless a key extended it. A timer that fires well after it was due says this
   * worker could not run meanwhile (busy with other tasks, or not scheduled at all on a loaded
   * machine), not that the stream stopped: keys sent in that time may still wait in its queue. Such
   * a batch gets one more idle gap, from now (within maxWaitMs), before it goes: cut there, a page's
   * wave of 100 wallets went out as 95, and the 5 cost a request of their own.
   */
  function expire(): void {
    timer = undefined;
    const t = now();
    const left = dueAt - t;
    if (left > 0.5 && gathered.size > 0) timer = setTimeout(expire, left);
    else if (gathered.size > 1 && !waitedLate && t - dueAt > LATE_MS && t < firstAt + maxWaitMs) {
      waitedLate = true;
      dueAt = Math.min(t + streamGapMs, firstAt + maxWaitMs);
      timer = setTimeout(expire, dueAt - t);
    } else if (gathered.size > 0) due();
  }

  /**
   * Only what was sent. The gathered keys, sent at once, would cut a page's wave in two, and the
   * callers after a host switch, finding no request to join, would ask for the same keys again.
   */
  function detachAll(): void {
    inFlight.clear();
  }

  return { load, flush, pending: () => gathered.size, detachAll };
}
