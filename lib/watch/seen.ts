/**
 * The notifier's memory of handled events: a bounded set (lib/live/dedup's SeenSet) persisted after
 * every change. The hub's own de-dup set lives in worker memory and is lost when the worker stops or
 * the socket reconnects and the background reconciles; this one is not, so a notification is never
 * shown twice. chrome.storage.session by default: it outlives the worker, and after a browser restart
 * the datastream replays nothing, so nothing older could come back.
 */
import { storage } from 'wxt/utils/storage';
import { SeenSet } from '../live/dedup';

export const SEEN_KEY = 'session:watch:seen';

export interface SeenStore {
  load(): Promise<void>;
  has(key: string): boolean;
  /** Adds keys and persists the set. */
  add(keys: readonly string[]): Promise<void>;
  size(): number;
}

export function createSeenStore(
  opts: { key?: `session:${string}` | `local:${string}`; capacity?: number } = {},
): SeenStore {
  const key = opts.key ?? SEEN_KEY;
  const set = new SeenSet(opts.capacity ?? 1_000);
  let loaded: Promise<void> | null = null;
  return {
    load() {
      loaded ??= storage.getItem<string[]>(key).then((keys) => {
        if (Array.isArray(keys)) set.import(keys);
      });
      return loaded;
    },
    has: (k) => set.has(k),
    async add(keys) {
      if (keys.length === 0) return;
      for (const k of keys) set.add(k);
      await storage.setItem(key, set.export());
    },
    size: () => set.size,
  };
}
