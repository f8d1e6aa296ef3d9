/**
 * The background's cache: get-or-fetch with a TTL and stale-while-revalidate, one fetch per key
 * however many callers ask, an LRU bound by entries and bytes, and no error ever thrown by storage.
 */
import { defaultSleep } from '../api/retry';
import type { Priority } from '../sched';
import { createFlights } from './flights';
import { storageMarker } from './marker';
import {
  type AccessRecord,
  type Backend,
  entryId,
  isQuotaError,
  isStoredEntry,
  openBackend,
  type Pick,
  type Store,
  type StoredEntry,
} from './store';
import type {
  Cache,
  CachedOptions,
  CacheEntry,
  CacheLimits,
  CacheOptions,
  CacheResult,
  Fetcher,
} from './types';

const ignore = () => {};

interface Pending {
  entry: StoredEntry;
  size: number;
}

export function createCache(options: CacheOptions): Cache {
  const now = options.now ?? Date.now;
  const memoryEntries = options.memoryEntries ?? 200;
  const ratio = Math.min(0.9, Math.max(0, options.evictRatio ?? 0.1));
  const touchFlushMs = options.touchFlushMs ?? 1000;
  const report = options.onError ?? ignore;
  const slowRefreshMs = options.slowRefreshMs ?? 10_000;
  const staleWaitMs = options.staleWaitMs ?? 0;
  // The bounds in force: setLimits changes them while the cache runs (the options page's size).
  let maxEntries = options.maxEntries;
  let maxBytes = options.maxBytes;
  const sizes = new Map<string, number>();
  const hot = new Map<string, StoredEntry>();
  // Written but not yet in IndexedDB: readers must see these even when `hot` is small or off.
  const unsaved = new Map<string, StoredEntry>();
  const touches = new Map<string, number>();
  const flights = createFlights<CacheEntry<unknown>>(now);
  /**
   * Why the last fetch of an id failed, kept until one succeeds (or the entry is written): a stale
   * value read meanwhile is one the service is failing to refresh (CacheResult.failing). Memory
   * only, and bounded: only the most recent failures are worth a note.
   */
  const failures = new Map<string, unknown>();
  const MAX_FAILURES = 500;
  const counts = { hits: 0, misses: 0, staleHits: 0, evictions: 0 };
  let bytes = 0;
  // Moved by clear(): a fetch started under an older generation does not store its answer.
  let generation = 0;
  // clear()s whose wipe has not run yet (it waits behind the writes queued before it): meanwhile
  // IndexedDB and `sizes` still hold the old entries, so every read that is not warm is a miss.
  let clearing = 0;
  /**
   * Stamped on every record written. Once this worker has cleared the cache, a record read from
   * storage counts only with the stamp of the latest clear, so what a wipe did not remove (it
   * failed) is never read: a comparison, where asking storage would cost a read. Undefined until
   * the first clear (earlier workers' records are good until then); random, as those carry stamps
   * of their own.
   */
  let epoch: number | undefined;
  // The last wipe failed: the next write runs it first. (The store has marked it durably, so a
  // restarted worker, to which the stamps mean nothing, wipes at open before it reads.) Only the
  // first failure of a streak is reported: every write tries again.
  let wipeOwed = false;
  // `sizes` lists every stored id once the open-time scan succeeded: an id it lacks is a miss
  // without an IndexedDB read (most live events name an order nobody cached).
  let idsKnown = false;
  let backend: Store | undefined;
  let touchTimer: ReturnType<typeof setTimeout> | undefined;
  // Every write goes through this chain, so a delete can never be overtaken by an older put.
  let chain: Promise<unknown> = Promise.resolve();
  /**
   * Puts waiting for the chain, written together in one transaction (a first visit stores hundreds
   * of answers, and a transaction each cost the worker about a millisecond apiece). Any other task
   * queued after it closes it, so a later put never overtakes a delete, a clear or an update.
   */
  let open: { items: Map<string, Pending>; done: Promise<void> } | null = null;

  /**
   * What the storage holds, read at open and again whenever the backend stands on other storage;
   * `complete` says an id missing from it is not stored at all.
   */
  function knowSizes(found: Map<string, number>, complete = true): void {
    sizes.clear();
    bytes = 0;
    for (const [id, size] of found) {
      sizes.set(id, size);
      bytes += size;
    }
    idsKnown = complete;
  }

  const ready = openBackend(options.dbName, options.schemaVersion, options.openTimeoutMs ?? 5000, report, {
    // The database was reopened (perhaps emptied meanwhile) or memory stands in for it.
    onReset: knowSizes,
    now,
    // Where a clear whose wipe could not reach the database is remembered when the database
    // cannot take the mark itself, so the next worker wipes at open: storage.local.
    marker: storageMarker(options.dbName),
  }).then(async (b) => {
    // An earlier worker's clear, whose wipe failed again at open (reported there): what is stored
    // is unread, as after a failed wipe of this worker's, and wiped by the next write.
    if (b.owed) {
      epoch ??= Math.random();
      wipeOwed = true;
    }
    try {
      knowSizes(await b.sizes());
    } catch (error) {
      report(error);
    }
    backend = b;
    return b;
  });

  function serial<T>(task: (b: Store) => Promise<T>): Promise<T> {
    open = null;
    const run = chain.then(() => ready).then(task);
    chain = run.catch(report);
    return run;
  }

  function remember(entry: StoredEntry): void {
    if (memoryEntries <= 0) return; // no front map: a hit is the IndexedDB read and nothing else
    hot.delete(entry.id);
    hot.set(entry.id, entry);
    if (hot.size > memoryEntries) hot.delete(hot.keys().next().value as string);
  }

  /**
   * Records gone from storage. A newer write of the same id still queued (an eviction or a delete
   * ran first) stays readable from memory until it lands. (A put leaves `unsaved` before the next
   * task of the chain starts, so what is there has not landed.)
   */
  function forget(ids: Iterable<string>): void {
    for (const id of ids) {
      if (!unsaved.has(id)) hot.delete(id);
      touches.delete(id);
      bytes -= sizes.get(id) ?? 0;
      sizes.delete(id);
    }
  }

  // Last-access times are batched: a hit costs one read, the LRU index catches up later.
  function touch(id: string): void {
    touches.set(id, now());
    if (touches.size >= 256) void flushTouches(backend);
    else touchTimer ??= setTimeout(() => void flushTouches(backend), touchFlushMs);
  }

  async function flushTouches(b: Backend | undefined): Promise<void> {
    if (touchTimer !== undefined) clearTimeout(touchTimer);
    touchTimer = undefined;
    if (!b || touches.size === 0) return;
    const records: AccessRecord[] = [];
    for (const [id, lastAccess] of touches) {
      const size = sizes.get(id);
      if (size !== undefined) records.push({ id, lastAccess, size });
    }
    touches.clear();
    if (records.length > 0) await b.touch(records).catch(report);
  }

  async function read(id: string): Promise<StoredEntry | undefined> {
    // (after a clear(), `hot` and `unsaved` hold only what was written since)
    const warm = hot.get(id) ?? unsaved.get(id);
    if (warm) {
      remember(warm);
      touch(id);
      return warm;
    }
    if (clearing > 0) return undefined;
    const readIn = generation;
    const b = backend ?? (await ready);
    if (generation !== readIn || (idsKnown && !sizes.has(id))) return undefined;
    let record: unknown;
    try {
      record = await b.read(id);
    } catch (error) {
      report(error);
      return undefined;
    }
    // A write queued meanwhile is newer than what the store had.
    const newer = hot.get(id) ?? unsaved.get(id);
    if (newer) return newer;
    // A clear() meanwhile: what the store had is the old data, wiped or about to be.
    if (record === undefined || generation !== readIn) return undefined;
    if (!isStoredEntry(record)) {
      void serial((s) => s.remove([id])).then(() => forget([id]), ignore);
      return undefined;
    }
    // What a failed wipe left: the old hosts' data.
    if (epoch !== undefined && record.epoch !== epoch) return undefined;
    remember(record);
    touch(id);
    return record;
  }

  /** Evicts oldest first while `more()` says so, never those in `keep`. Runs inside the write chain. */
  async function evictWhile(
    b: Backend,
    keep: Set<string>,
    more: (entries: number, bytes: number) => boolean,
  ) {
    await flushTouches(b);
    let entries = sizes.size;
    let projected = bytes;
    const ids = await b.oldest((id): Pick => {
      if (!more(entries, projected)) return 'stop';
      if (keep.has(id)) return 'skip';
      if (sizes.has(id)) {
        entries -= 1;
        projected -= sizes.get(id) ?? 0;
      }
      return 'take';
    });
    if (ids.length === 0) return;
    await b.remove(ids);
    counts.evictions += ids.filter((id) => sizes.has(id)).length;
    forget(ids);
  }

  async function persist(b: Backend, items: Pending[]): Promise<void> {
    if (wipeOwed) await wipe(b);
    const lastAccess = now();
    const entries = items.map((p) => p.entry);
    const access: AccessRecord[] = items.map(({ entry, size }) => {
      touches.delete(entry.id);
      return { id: entry.id, lastAccess, size };
    });
    const keep = new Set(entries.map((e) => e.id));
    try {
      await b.write(entries, access);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      // The origin is full: free a quarter of our entries (at least as many as the group holds)
      // and try once more.
      let budget = Math.max(items.length, Math.ceil(sizes.size / 4));
      await evictWhile(b, keep, () => budget-- > 0);
      await b.write(entries, access);
    }
    for (const { entry, size } of items) {
      bytes += size - (sizes.get(entry.id) ?? 0);
      sizes.set(entry.id, size);
    }
    if (sizes.size > maxEntries || bytes > maxBytes) {
      const lowEntries = Math.floor(maxEntries * (1 - ratio));
      const lowBytes = Math.floor(maxBytes * (1 - ratio));
      await evictWhile(b, keep, (n, by) => n > lowEntries || by > lowBytes);
    }
  }

  /**
   * Empties the storage. A failure is owed (see wipeOwed) and reported, once a streak; the old
   * entries stay on disk meanwhile, unread, and counted against the bounds.
   */
  async function wipe(b: Backend): Promise<void> {
    try {
      await b.clear();
    } catch (error) {
      if (!wipeOwed) report(error);
      wipeOwed = true;
      return;
    }
    wipeOwed = false;
    sizes.clear();
    bytes = 0;
    touches.clear();
  }

  function sizeOf(entry: StoredEntry): number | undefined {
    try {
      return (JSON.stringify(entry.value)?.length ?? 0) + entry.id.length;
    } catch (error) {
      report(error);
      return undefined;
    }
  }

  /**
   * Remembers at once (so the next caller hits), persists in order, together with the other puts
   * queued before the chain gets to them; never rejects.
   */
  function store(entry: StoredEntry): Promise<void> {
    failures.delete(entry.id); // (a newer value, whether fetched or written through)
    const size = sizeOf(entry);
    if (size === undefined || size > maxBytes) return Promise.resolve();
    remember(entry);
    unsaved.set(entry.id, entry);
    if (!open) {
      const items = new Map<string, Pending>();
      const done = serial((b) => {
        if (open?.items === items) open = null;
        return persist(b, [...items.values()]);
      }).catch(ignore);
      open = { items, done };
    }
    open.items.set(entry.id, { entry, size });
    return open.done.finally(() => {
      if (unsaved.get(entry.id) === entry) unsaved.delete(entry.id);
    });
  }

  /**
   * The fetch for `id`, joined when one runs: a more urgent caller raises it (flights.ts), which
   * reaches what the fetcher queued under the signal it was given.
   */
  function startFlight(
    id: string,
    resource: string,
    key: string,
    fetcher: Fetcher<unknown>,
    priority: Priority,
  ) {
    const startedIn = generation;
    return flights.start(
      id,
      async (signal) => {
        let value: unknown;
        try {
          value = await fetcher(signal, priority);
        } catch (error) {
          // (a fetch its callers left is no news about the service; nor one of an older generation)
          if (startedIn === generation && !signal.aborted) {
            failures.delete(id);
            failures.set(id, error);
            if (failures.size > MAX_FAILURES) failures.delete(failures.keys().next().value as string);
          }
          throw error;
        }
        const fetchedAt = now();
        // (a clear meanwhile: the answer may be the old host's, so it goes to its callers only)
        if (startedIn === generation) void store({ id, resource, key, value, fetchedAt, epoch });
        return { value, fetchedAt };
      },
      priority,
    );
  }

  async function cached<T>(
    resource: string,
    key: string,
    fetcher: Fetcher<T>,
    { ttlMs, staleMs = 0, priority = 'visible', signal }: CachedOptions,
  ): Promise<CacheResult<T>> {
    const id = entryId(resource, key);
    const entry = await read(id);
    if (entry) {
      const age = now() - entry.fetchedAt;
      const value = entry.value as T;
      if (age < ttlMs) {
        counts.hits += 1;
        return { value, stale: false, fetchedAt: entry.fetchedAt, source: 'cache' };
      }
      if (age < ttlMs + staleMs) {
        counts.staleHits += 1;
        // Known before this refresh starts: the last one failed, or the one running is slow.
        const failed = failures.has(id);
        const since = flights.startedAt(id);
        const slow = since !== undefined && now() - since >= slowRefreshMs;
        // Someone looking at a card waits a moment for news (unless the service is known to fail).
        const waits = priority === 'hover' && staleWaitMs > 0 && !failed && !slow;
        const refresh = startFlight(id, resource, key, fetcher, waits ? priority : 'background');
        refresh.anchor();
        if (waits) {
          // (a refresh that fails in time is no answer: the old value goes out, marked failing)
          const fresh = await Promise.race([
            refresh.promise.catch(ignore),
            defaultSleep(staleWaitMs, signal),
          ]);
          if (fresh)
            return { value: fresh.value as T, stale: false, fetchedAt: fresh.fetchedAt, source: 'network' };
          signal?.throwIfAborted(); // (the caller left while it waited)
        }
        const result: CacheResult<T> = { value, stale: true, fetchedAt: entry.fetchedAt, source: 'cache' };
        if (failures.has(id)) result.failing = { error: failures.get(id) };
        else if (slow) result.failing = {};
        return result;
      }
    }
    counts.misses += 1;
    // A caller gone before its read finished must not start a fetch nobody would ever abort.
    signal?.throwIfAborted();
    // Errors are never cached, and a value past its stale window is not served when the refresh
    // fails: inside it a view says how old its data is once refreshing fails (`failing`), but a
    // day-old order (after the key expired, say) would mislead even so, where the error tells the truth.
    const fresh = await flights.wait(startFlight(id, resource, key, fetcher, priority), signal);
    return { value: fresh.value as T, stale: false, fetchedAt: fresh.fetchedAt, source: 'network' };
  }

  /**
   * New bounds, in force for every later write at once; when the cache holds more than they allow,
   * the least recently used entries go (in the write chain, after the writes queued before) until
   * it fits. Bounds that are not positive numbers are refused (reported) and change nothing.
   */
  function setLimits(limits: CacheLimits): Promise<void> {
    if (!(limits.maxEntries > 0 && limits.maxBytes > 0)) {
      report(new RangeError(`invalid cache limits: ${JSON.stringify(limits)}`));
      return Promise.resolve();
    }
    maxEntries = limits.maxEntries;
    maxBytes = limits.maxBytes;
    return serial(async (b) => {
      // the bounds in force when the chain gets here (a later call may have changed them again)
      if (sizes.size <= maxEntries && bytes <= maxBytes) return;
      await evictWhile(b, new Set(), (n, by) => n > maxEntries || by > maxBytes);
    }).catch(ignore);
  }

  async function flush(): Promise<void> {
    await serial((b) => flushTouches(b)).catch(ignore);
  }

  return {
    cached,
    async get<T>(resource: string, key: string) {
      const entry = await read(entryId(resource, key));
      return entry && { value: entry.value as T, fetchedAt: entry.fetchedAt };
    },
    put(resource, key, value, { fetchedAt = now() } = {}) {
      return store({ id: entryId(resource, key), resource, key, value, fetchedAt, epoch });
    },
    update<T>(resource: string, key: string, fn: (prev: T | undefined) => T | undefined) {
      const id = entryId(resource, key);
      const queuedIn = generation;
      return serial(async (b) => {
        const prev = await read(id);
        // A clear() since it was queued: its wipe, later in the chain, removes what this would write.
        if (generation !== queuedIn) return undefined;
        const next = fn(prev?.value as T | undefined);
        if (next === undefined) return undefined;
        // A live event changes part of the data: the TTL still dates from the last full fetch.
        const entry = { id, resource, key, value: next, fetchedAt: prev?.fetchedAt ?? now(), epoch };
        const size = sizeOf(entry);
        if (size === undefined || size > maxBytes) return next;
        remember(entry);
        await persist(b, [{ entry, size }]);
        return next;
      }).catch((error: unknown) => {
        report(error);
        return undefined;
      });
    },
    delete(resource, key) {
      const id = entryId(resource, key);
      hot.delete(id);
      unsaved.delete(id);
      return serial(async (b) => {
        await b.remove([id]);
        forget([id]);
      }).catch(ignore);
    },
    /**
     * Reads are misses from now on (`clearing`) until the wipe, which waits for the writes queued
     * before it, has run, and after it for every record written before this call (`epoch`). Writes
     * made after this call are queued after the wipe: `hot` and `unsaved` keep them meanwhile, and
     * the wipe leaves them there.
     */
    clear() {
      generation += 1;
      epoch = Math.random();
      failures.clear(); // (the old hosts' failures say nothing of the new ones)
      clearing += 1;
      flights.detachAll();
      hot.clear();
      unsaved.clear();
      // Marked durably at once, not when the wipe's turn comes: a worker stopped meanwhile leaves
      // the old entries to a restarted one, which wipes them at open. (owe never rejects)
      void ready.then((b) => b.owe());
      // (the chain runs every task: neither it nor `ready` ever rejects)
      return serial(async (b) => {
        try {
          await wipe(b);
        } finally {
          clearing -= 1;
        }
      }).catch(ignore);
    },
    stats: () => ({
      entries: sizes.size,
      bytes,
      maxEntries,
      maxBytes,
      ...counts,
      backend: backend?.kind ?? 'opening',
    }),
    setLimits,
    flush,
    async close() {
      await flush();
      (await ready).close();
    },
  };
}
