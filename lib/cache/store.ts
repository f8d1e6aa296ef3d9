/**
 * Where cache records live: IndexedDB when it opens, a Map when it does not (private windows,
 * a broken profile), so the extension keeps working either way. Nothing here knows about TTLs.
 */
import { deleteDB, type IDBPDatabase, openDB } from 'idb';

export const VALUES_STORE = 'values';
/** Small records beside the values, so an LRU touch never rewrites a big value. */
export const ACCESS_STORE = 'access';
export const BY_LAST_ACCESS = 'lastAccess';
/** Bumped when this file's layout changes; combined with the caller's schemaVersion. */
const LAYOUT_VERSION = 1;
const LAYOUT_SLOTS = 100;

export interface StoredEntry {
  id: string;
  resource: string;
  key: string;
  value: unknown;
  fetchedAt: number;
  /** The cache's stamp when it was written: after a clear, records with another are not read. */
  epoch?: number;
}

export interface AccessRecord {
  id: string;
  lastAccess: number;
  size: number;
}

/** The record key of a resource/key pair (NUL cannot appear in either part by accident). */
export function entryId(resource: string, key: string): string {
  return `${resource}\u0000${key}`;
}

export function idbVersion(schemaVersion: number): number {
  return Math.max(1, Math.floor(schemaVersion)) * LAYOUT_SLOTS + LAYOUT_VERSION;
}

export function isStoredEntry(record: unknown): record is StoredEntry {
  if (typeof record !== 'object' || record === null) return false;
  const r = record as Partial<StoredEntry>;
  return (
    typeof r.id === 'string' &&
    typeof r.fetchedAt === 'number' &&
    Number.isFinite(r.fetchedAt) &&
    'value' in r
  );
}

function isAccessRecord(record: unknown): record is AccessRecord {
  if (typeof record !== 'object' || record === null) return false;
  const r = record as Partial<AccessRecord>;
  return (
    typeof r.id === 'string' &&
    typeof r.lastAccess === 'number' &&
    Number.isFinite(r.lastAccess) &&
    typeof r.size === 'number' &&
    Number.isFinite(r.size) &&
    r.size >= 0
  );
}

export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** What the eviction walk decides for each id, oldest first. */
export type Pick = 'take' | 'skip' | 'stop';

export interface Backend {
  kind: 'idb' | 'memory';
  read(id: string): Promise<unknown>;
  /**
   * Writes entries and their access records (same order) in one transaction. Rejects on failure
   * (quota included), writing none of them: the cache decides what to do.
   */
  write(entries: StoredEntry[], access: AccessRecord[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  touch(records: AccessRecord[]): Promise<void>;
  /** Walks ids by ascending lastAccess, returning those picked. */
  oldest(pick: (id: string) => Pick): Promise<string[]>;
  sizes(): Promise<Map<string, number>>;
  clear(): Promise<void>;
  close(): void;
}

const ignore = () => {};

function idbBackend(db: IDBPDatabase): Backend {
  return {
    kind: 'idb',
    // One implicit transaction, exactly what a raw `db.get` costs: the hit path must stay this cheap.
    read: (id) => db.get(VALUES_STORE, id),
    async write(entries, access) {
      const tx = db.transaction([VALUES_STORE, ACCESS_STORE], 'readwrite');
      const done = tx.done;
      try {
        const values = tx.objectStore(VALUES_STORE);
        const records = tx.objectStore(ACCESS_STORE);
        for (let i = 0; i < entries.length; i++) {
          values.put(entries[i]!).catch(ignore);
          records.put(access[i]!).catch(ignore);
        }
      } catch (error) {
        done.catch(ignore);
        try {
          tx.abort();
        } catch {}
        throw error;
      }
      await done;
    },
    async remove(ids) {
      const tx = db.transaction([VALUES_STORE, ACCESS_STORE], 'readwrite');
      for (const id of ids) {
        tx.objectStore(VALUES_STORE).delete(id).catch(ignore);
        tx.objectStore(ACCESS_STORE).delete(id).catch(ignore);
      }
      await tx.done;
    },
    async touch(records) {
      const tx = db.transaction(ACCESS_STORE, 'readwrite');
      for (const r of records) tx.store.put(r).catch(ignore);
      await tx.done;
    },
    async oldest(pick) {
      const ids: string[] = [];
      const index = db.transaction(ACCESS_STORE).store.index(BY_LAST_ACCESS);
      for (let c = await index.openKeyCursor(); c; c = await c.continue()) {
        const id = String(c.primaryKey);
        const decision = pick(id);
        if (decision === 'stop') break;
        if (decision === 'take') ids.push(id);
      }
      return ids;
    },
    // Runs once at open. Garbage (a crash mid-write, an older build's bug) is dropped here: an access
    // record the LRU index cannot reach, or with a size that is not a count, would hold a slot forever
    // or poison the byte total (NaN disables the bound); a value without an access record is never evicted.
    async sizes() {
      const tx = db.transaction([VALUES_STORE, ACCESS_STORE], 'readwrite');
      const values = tx.objectStore(VALUES_STORE);
      const access = tx.objectStore(ACCESS_STORE);
      const [records, valueKeys] = await Promise.all([access.getAll(), values.getAllKeys()]);
      const stored = new Set(valueKeys.filter((k) => typeof k === 'string'));
      const out = new Map<string, number>();
      for (const r of records as unknown[]) {
        if (isAccessRecord(r) && stored.has(r.id)) out.set(r.id, r.size);
        else {
          const id = (r as { id?: unknown } | null)?.id;
          if (typeof id === 'string') access.delete(id).catch(ignore);
        }
      }
      for (const k of valueKeys) if (typeof k !== 'string' || !out.has(k)) values.delete(k).catch(ignore);
      await tx.done;
      return out;
    },
    async clear() {
      const tx = db.transaction([VALUES_STORE, ACCESS_STORE], 'readwrite');
      tx.objectStore(VALUES_STORE).clear().catch(ignore);
      tx.objectStore(ACCESS_STORE).clear().catch(ignore);
      await tx.done;
    },
    close: () => db.close(),
  };
}

export function memoryBackend(): Backend {
  const values = new Map<string, StoredEntry>();
  const access = new Map<string, AccessRecord>();
  return {
    kind: 'memory',
    read: async (id) => values.get(id),
    async write(entries, records) {
      entries.forEach((entry, i) => {
        values.set(entry.id, entry);
        access.set(entry.id, records[i]!);
      });
    },
    async remove(ids) {
      for (const id of ids) {
        values.delete(id);
        access.delete(id);
      }
    },
    async touch(records) {
      for (const r of records) if (access.has(r.id)) access.set(r.id, r);
    },
    async oldest(pick) {
      const ids: string[] = [];
      for (const r of [...access.values()].sort((a, b) => a.lastAccess - b.lastAccess)) {
        const decision = pick(r.id);
        if (decision === 'stop') break;
        if (decision === 'take') ids.push(r.id);
      }
      return ids;
    },
    sizes: async () => new Map([...access.values()].map((r) => [r.id, r.size])),
    async clear() {
      values.clear();
      access.clear();
    },
    close: ignore,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, onLate: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error(`IndexedDB did not answer within ${ms} ms`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (late) onLate(value);
        else resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Calls `lost` when the browser takes the connection away: no longer usable, already closed. */
async function openChecked(
  dbName: string,
  version: number,
  timeoutMs: number,
  lost: (why: Error) => void,
): Promise<IDBPDatabase> {
  const open = openDB(dbName, version, {
    // Any other version's data is of unknown shape: drop every store and start clean.
    upgrade(db) {
      for (const name of Array.from(db.objectStoreNames)) db.deleteObjectStore(name);
      db.createObjectStore(VALUES_STORE, { keyPath: 'id' });
      db.createObjectStore(ACCESS_STORE, { keyPath: 'id' }).createIndex(BY_LAST_ACCESS, 'lastAccess');
    },
    // A newer copy of the extension (or a deletion) wants the database: let it have it rather
    // than block it.
    blocking(_current, wanted, event) {
      (event.target as IDBDatabase).close();
      lost(new Error(`cache database closed: another connection asked for version ${wanted ?? 'none'}`));
    },
    // Closed abnormally (the user cleared site data, the disk went away).
    terminated: () => lost(new Error('cache database closed by the browser')),
  });
  const db = await withTimeout(open, timeoutMs, (late) => late.close());
  const names = db.objectStoreNames;
  const intact =
    names.contains(VALUES_STORE) &&
    names.contains(ACCESS_STORE) &&
    db.transaction(ACCESS_STORE).store.indexNames.contains(BY_LAST_ACCESS);
  if (!intact) {
    db.close();
    throw new Error('cache database has an unexpected layout');
  }
  return db;
}

/** After a reopen failed, the memory stand-in serves this long before the next attempt. */
export const REOPEN_DELAY_MS = 30_000;

export interface OpenOptions {
  /**
   * The backend now stands on other storage (a reopened database, or memory while it cannot be
   * reopened): the sizes of the records it holds, which replace everything known before.
   * `complete` is false for the memory stand-in: the database may come back with more.
   */
  onReset?: (sizes: Map<string, number>, complete: boolean) => void;
  now?: () => number;
}

/** One connection and what became of it. */
interface Link {
  db: IDBPDatabase;
  backend: Backend;
  lost: boolean;
}

/**
 * Opens the store, rebuilding it when it is from a newer version (a downgrade) or damaged, and
 * falls back to memory when IndexedDB is unavailable. Never rejects.
 *
 * When the connection is later closed under it (a newer version or a deletion asking for the
 * database, the browser closing it, a transaction refused as the connection closes), the next use
 * reopens it: one attempt at a time, which never deletes (whoever took the database wanted it).
 * An operation that failed because its connection went away runs once more on the new one. While
 * the database will not reopen, a memory store stands in and the next attempt waits REOPEN_DELAY_MS.
 */
export async function openBackend(
  dbName: string,
  schemaVersion: number,
  timeoutMs: number,
  report: (error: unknown) => void,
  { onReset = ignore, now = Date.now }: OpenOptions = {},
): Promise<Backend> {
  const version = idbVersion(schemaVersion);
  let link: Link | undefined;
  let standIn: Backend | undefined;
  let reopening: Promise<Backend> | undefined;
  let retryAt = 0;
  let shut = false;
  // A clear() reached the memory stand-in only: the database, when it comes back, still holds what
  // that clear was for (another host's data), so it is wiped before it serves again.
  let clearOwed = false;

  function lose(l: Link, why: unknown): void {
    if (l.lost) return;
    l.lost = true;
    try {
      l.db.close();
    } catch {}
    if (!shut) report(why);
  }

  // The one place a connection is made. (Its close events are tasks: none runs before `l` is set.)
  async function connect(): Promise<Link> {
    let l: Link | undefined;
    const db = await openChecked(dbName, version, timeoutMs, (why) => {
      if (l) lose(l, why);
    });
    l = { db, backend: idbBackend(db), lost: false };
    return l;
  }

  /** Whether the connection `l` is gone, as `error` (from an operation on it) may show. */
  function gone(l: Link, error: unknown): boolean {
    if (l.lost) return true;
    if (isQuotaError(error)) return false;
    // A closing connection refuses new transactions: ask it (an empty transaction otherwise).
    try {
      l.db.transaction(VALUES_STORE);
    } catch (refused) {
      lose(l, (refused as { name?: unknown } | null)?.name === 'InvalidStateError' ? refused : error);
      return true;
    }
    return false;
  }

  async function reopen(): Promise<Backend> {
    let next: Link | undefined;
    try {
      next = await connect();
      // (a failure keeps the stand-in serving, and the wipe owed, until the next attempt)
      if (clearOwed) await next.backend.clear();
      const sizes = await next.backend.sizes();
      if (next.lost) throw new Error('cache database closed while it reopened');
      if (shut) throw new Error('cache closed');
      link = next;
      standIn = undefined;
      clearOwed = false;
      onReset(sizes, true);
      return next.backend;
    } catch (error) {
      if (next) lose(next, error);
      else if (!shut) report(error);
      if (shut) throw error;
      retryAt = now() + REOPEN_DELAY_MS;
      if (!standIn) {
        standIn = memoryBackend();
        onReset(new Map(), false);
      }
      return standIn;
    }
  }

  /** Where the next operation runs; only the first caller after a loss starts a reopen. */
  function acquire(): Backend | Promise<Backend> {
    if (link && !link.lost) return link.backend;
    if (shut) throw new Error('cache database is closed');
    if (reopening) return reopening;
    if (standIn && now() < retryAt) return standIn;
    reopening = reopen().finally(() => {
      reopening = undefined;
    });
    return reopening;
  }

  /** Runs `op`, and once more on the next connection when its own went away under it. */
  async function run<T>(op: (b: Backend) => Promise<T>, again: () => boolean = () => true): Promise<T> {
    const b = await acquire();
    const on = link?.backend === b ? link : undefined;
    try {
      return await op(b);
    } catch (error) {
      if (!on || !gone(on, error) || shut || !again()) throw error;
      return op(await acquire());
    }
  }

  try {
    link = await connect();
  } catch (error) {
    report(error);
  }
  if (!link) {
    try {
      await withTimeout(deleteDB(dbName), timeoutMs, ignore);
      link = await connect();
    } catch (error) {
      report(error);
    }
  }
  if (!link) return memoryBackend();

  return {
    get kind() {
      return standIn ? 'memory' : 'idb';
    },
    read: (id) => run((b) => b.read(id)),
    write: (entries, access) => run((b) => b.write(entries, access)),
    remove: (ids) => run((b) => b.remove(ids)),
    touch: (records) => run((b) => b.touch(records)),
    oldest(pick) {
      // `pick` counts what it takes: a walk is run again only if it never got to call it.
      let picked = false;
      return run(
        (b) =>
          b.oldest((id) => {
            picked = true;
            return pick(id);
          }),
        () => !picked,
      );
    },
    sizes: () => run((b) => b.sizes()),
    clear: () =>
      run(async (b) => {
        await b.clear();
        clearOwed = b === standIn;
      }),
    close() {
      shut = true;
      if (link) lose(link, undefined);
    },
  };
}
