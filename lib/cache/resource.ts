/**
 * A cached resource declared in one place, in the spirit of refined-github's CachedFunction:
 * the name, lifetimes, key and fetch live together; callers just call it.
 */
import type { Priority } from '../sched';
import type { Cache, CacheEntry, CacheResult } from './types';

export interface CachedResourceDefinition<A, T> {
  /** The resource name: also the cache namespace, so two definitions must not share it. */
  name: string;
  ttlMs: number;
  staleMs?: number;
  key: (args: A) => string;
  fetch: (args: A, signal: AbortSignal, priority: Priority) => Promise<T>;
}

export interface CachedResource<A, T> {
  (args: A, options?: { priority?: Priority; signal?: AbortSignal }): Promise<CacheResult<T>>;
  get(args: A): Promise<CacheEntry<T> | undefined>;
  put(args: A, value: T): Promise<void>;
  update(args: A, fn: (prev: T | undefined) => T | undefined): Promise<T | undefined>;
  delete(args: A): Promise<void>;
}

export function defineCachedResource<A, T>(
  cache: Cache,
  { name, ttlMs, staleMs, key, fetch }: CachedResourceDefinition<A, T>,
): CachedResource<A, T> {
  const call = (args: A, options: { priority?: Priority; signal?: AbortSignal } = {}) =>
    cache.cached<T>(name, key(args), (signal, priority) => fetch(args, signal, priority), {
      ttlMs,
      staleMs,
      ...options,
    });
  return Object.assign(call, {
    get: (args: A) => cache.get<T>(name, key(args)),
    put: (args: A, value: T) => cache.put<T>(name, key(args), value),
    update: (args: A, fn: (prev: T | undefined) => T | undefined) => cache.update<T>(name, key(args), fn),
    delete: (args: A) => cache.delete(name, key(args)),
  });
}
