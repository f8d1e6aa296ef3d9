import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { type CacheOptions, createCache } from '../../../lib/cache';

/** A fresh IndexedDB per test, and a clock that moves only when told. */
export function setup() {
  globalThis.indexedDB = new IDBFactory();
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
  return { clock, errors, make };
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
