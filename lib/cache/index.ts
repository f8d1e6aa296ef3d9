export { createCache } from './cache';
export type { CachedResource, CachedResourceDefinition } from './resource';
export { defineCachedResource } from './resource';
export { ACCESS_STORE, entryId, idbVersion, VALUES_STORE } from './store';
export type {
  Cache,
  CachedOptions,
  CacheEntry,
  CacheOptions,
  CacheResult,
  CacheStats,
  Fetcher,
} from './types';
