import { forceCloseDatabase, IDBFactory } from 'fake-indexeddb';
import { onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Cache, type CacheOptions, createCache } from '../../../lib/cache';
import type { Scheduler } from '../../../lib/sched';

/**
 * A fresh IndexedDB per test (and a fresh storage.local, where the cache marks a wipe owed while
 * the database is away), and a clock that moves only when told.
 */
export function setup() {
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  let t = 1_000_000;
  const clock = {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
  const errors: unknown[] = [];
  const make = (overrides: Partial<CacheOptions> = {}) =>
    createCache({
      dbName: 'lens-cache',
      schemaVersion: 1,
      maxEntries: 1000,
      maxBytes: 1_000_000,
      now: clock.now,
      onError: (e) => errors.push(e),
      ...overrides,
    });
  /**
   * What a restarted worker opens: `cache` closed, then a new cache on its database with no memory
   * front (every read goes to disk).
   */
  const restart = async (cache: Cache) => {
    await cache.close();
    return make({ memoryEntries: 0 });
  };
  return { clock, errors, make, restart };
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets queued promise chains and fake-indexeddb's macrotasks run. */
export const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
};

/** The scheduler's only slot held until `release()`: everything else queues. */
export function blocked(s: Scheduler) {
  const gate = deferred<void>();
  const held = s.run(() => gate.promise, { priority: 'hover' });
  return async () => {
    gate.resolve();
    await held;
  };
}

/** Counts fetcher calls; answers `value` (a function of the call number). */
export function countingFetcher<T>(value: (call: number) => T | Promise<T>) {
  const calls: { signal: AbortSignal; priority: string }[] = [];
  const fetcher = async (signal: AbortSignal, priority: string) => {
    calls.push({ signal, priority });
    return value(calls.length);
  };
  return { fetcher, calls };
}

/**
 * Counts IndexedDB transactions from here on (the original still runs); the caller restores it
 * (`vi.restoreAllMocks()` after each test).
 */
export const spyTransactions = () => vi.spyOn(globalThis.IDBDatabase.prototype, 'transaction');

/**
 * Object-store clears fail (as a broken disk would fail them) until the returned function is
 * called, or the test ends.
 */
export function failClears(): () => void {
  const proto = globalThis.IDBObjectStore.prototype;
  const original = proto.clear;
  proto.clear = () => {
    throw new DOMException(
      'The operation failed for reasons unrelated to the database itself.',
      'UnknownError',
    );
  };
  const restore = () => {
    proto.clear = original;
  };
  onTestFinished(restore);
  return restore;
}

/**
 * Records every connection the code under test opens (the raw IDBDatabase, to close it behind the
 * cache's back) and counts open requests; `refuse` makes the next opens throw, as a browser that
 * will not give the database back.
 */
export function watchOpens() {
  const factory = globalThis.indexedDB;
  const real = factory.open.bind(factory);
  const watch = { connections: [] as IDBDatabase[], opens: 0, refuse: false };
  factory.open = (name: string, version?: number) => {
    watch.opens += 1;
    if (watch.refuse) throw new DOMException('IndexedDB refused', 'UnknownError');
    const request = real(name, version);
    request.addEventListener('success', () => watch.connections.push(request.result));
    return request;
  };
  return watch;
}

/** The browser closing a connection abnormally (fake-indexeddb types it as taking the class). */
export const forceClose = (db: IDBDatabase) =>
  forceCloseDatabase(db as unknown as Parameters<typeof forceCloseDatabase>[0]);
