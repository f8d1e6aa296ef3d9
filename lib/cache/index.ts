export { createCache } from './cache';
export { ACCESS_STORE, entryId, idbVersion, VALUES_STORE } from './store';
export type {
  Cache,
  CachedOptions,
  CacheEntry,
  CacheLimits,
  CacheOptions,
  CacheResult,
  CacheStats,
  Fetcher,
} from './types';
