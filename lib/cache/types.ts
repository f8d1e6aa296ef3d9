/** The cache's public shapes, apart from the code so the API reads in one screen. */
import type { Priority } from '../sched';

/** The cache's bounds: a write past either evicts the least recently used entries. */
export interface CacheLimits {
  maxEntries: number;
  /** Approximate: JSON length of each value plus its key. */
  maxBytes: number;
}

export interface CacheOptions extends CacheLimits {
  dbName: string;
  /** Bump when cached shapes change: older data is dropped on open. */
  schemaVersion: number;
  now?: () => number;
  /** Hot records kept in memory so repeated hits skip IndexedDB. Default 200. */
  memoryEntries?: number;
  /** Share of the limit freed by one eviction pass, so eviction runs seldom. Default 0.1. */
  evictRatio?: number;
  /** Last-access updates are gathered and written this long after the first. Default 1000. */
  touchFlushMs?: number;
  openTimeoutMs?: number;
  /** Storage trouble the cache absorbed (quota, corruption, a closed database). */
  onError?: (error: unknown) => void;
  /**
   * A refresh running longer than this marks the stale value it stands behind as failing
   * (CacheResult.failing): the service is not answering. Default 10 000.
   */
  slowRefreshMs?: number;
  /**
   * A stale read at 'hover' priority (someone is looking at a card) waits this long for its refresh
   * before it falls back to the old value: a refresh that answers in time gives the fresh value, one
   * that fails in time marks the old value as failing at once (without this wait the first read
   * after an outage began showed old data with no note). Reads for badges never wait. Default 0.
   */
  staleWaitMs?: number;
}

export interface CachedOptions {
  ttlMs: number;
  /** After the TTL, serve the old value at once for this long while one refresh runs. Default 0. */
  staleMs?: number;
  priority?: Priority;
  /** Abandons this caller's wait; the fetch stops only when no caller is left. */
  signal?: AbortSignal;
}

export interface CacheResult<T> {
  value: T;
  stale: boolean;
  fetchedAt: number;
  source: 'cache' | 'network';
  /**
   * Only on a stale value the service is failing to refresh: the last fetch of the entry failed
   * (`error`, and none has succeeded since), or the refresh running has taken longer than
   * `slowRefreshMs` (no `error` yet). A stale value without it is plain stale-while-revalidate: its
   * refresh has just started.
   */
  failing?: { error?: unknown };
}

export interface CacheEntry<T> {
  value: T;
  fetchedAt: number;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  /** The bounds in force (setLimits changes them). */
  maxEntries: number;
  maxBytes: number;
  hits: number;
  misses: number;
  staleHits: number;
  evictions: number;
  backend: 'idb' | 'memory' | 'opening';
}

/**
 * Background refreshes are fetched at 'background' priority whatever the caller asked, unless a
 * 'hover' caller waits for one (CacheOptions.staleWaitMs).
 */
export type Fetcher<T> = (signal: AbortSignal, priority: Priority) => Promise<T>;

export interface Cache {
  cached<T>(
    resource: string,
    key: string,
    fetcher: Fetcher<T>,
    options: CachedOptions,
  ): Promise<CacheResult<T>>;
  get<T>(resource: string, key: string): Promise<CacheEntry<T> | undefined>;
  /** Write-through (live events); fetchedAt defaults to now. Never rejects. */
  put<T>(resource: string, key: string, value: T, options?: { fetchedAt?: number }): Promise<void>;
  /** Read-modify-write, serialised with other writes; `undefined` from fn leaves the entry as is. */
  update<T>(
    resource: string,
    key: string,
    fn: (prev: T | undefined) => T | undefined,
  ): Promise<T | undefined>;
  delete(resource: string, key: string): Promise<void>;
  /**
   * Empties the cache. Fetches running meanwhile still answer their callers but store nothing, and
   * later callers start their own (another host's answers must not come back through them). Every
   * read misses from the call on, though the wipe waits for the writes queued before it; what is
   * written after the call is kept.
   */
  clear(): Promise<void>;
  stats(): CacheStats;
  /**
   * Changes the bounds at once; a lower bound evicts least recently used entries down to it (in
   * turn with the writes queued before). Resolves when that is done; never rejects.
   */
  setLimits(limits: CacheLimits): Promise<void>;
  /** Waits for queued writes and writes pending last-access times. */
  flush(): Promise<void>;
  close(): Promise<void>;
}
