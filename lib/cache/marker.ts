/**
 * The default WipeMarker: storage.local, which outlives the worker and the browser as IndexedDB
 * does, and answers while the cache's database will not open. One key per database.
 */
import { browser } from 'wxt/browser';
import type { WipeMarker } from './store';

/** Undefined outside an extension (Node: the benchmark), where nothing outlives the process anyway. */
export function storageMarker(dbName: string): WipeMarker | undefined {
  const local = browser?.storage?.local;
  if (!local) return undefined;
  const key = `cache:${dbName}:wipeOwed`;
  return {
    get: async () => (await local.get(key))[key] === true,
    set: (owed) => (owed ? local.set({ [key]: true }) : local.remove(key)),
  };
}
