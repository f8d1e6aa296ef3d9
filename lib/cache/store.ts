/**
 * Where cache records live: IndexedDB when it opens, a Map when it does not (private windows,
 * a broken profile), so the extension keeps working either way. Nothing here knows about TTLs.
 */
import { deleteDB, type IDBPDatabase, openDB } from 'idb';

export const VALUES_STORE = 'values';
/** Small records beside the values, so an LRU touch never rewrites a big value. */
export const ACCESS_STORE = 'access';
export const BY_LAST_ACCESS = 'lastAccess';
/** What the database says of itself: under WIPE_OWED, that its records are to be wiped before use. */
const META_STORE = 'meta';
const WIPE_OWED = 'wipeOwed';
/** Bumped when this file's layout changes; combined with the caller's schemaVersion. */
const LAYOUT_VERSION = 2;
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

/**
 * Where a wipe the database owes is said when the database cannot say it itself (it is away, or
 * will not take the write): storage that outlives the worker. cache/marker.ts: storage.local.
 */
export interface WipeMarker {
  get(): Promise<boolean>;
  set(owed: boolean): Promise<void>;
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

/** What openBackend returns: a Backend that also keeps a clear's debt to the database. */
export interface Store extends Backend {
  /**
   * Read once open: an earlier worker left a wipe owed (it failed, or ran on the memory stand-in)
   * and the one tried at open failed too, so the stored records may be another host's. clear()
   * pays it; until then the cache must not read them.
   */
  readonly owed: boolean;
  /**
   * Says, where a restarted worker finds it, that the stored records are to be wiped: from then
   * on that worker wipes them at open, before anything is read. clear() does it first; calling it
   * earlier covers a clear still waiting for its turn. Never rejects (a failure is reported).
   */
  owe(): Promise<void>;
}

/** The IndexedDB side: the mark of a wipe owed, kept in the database itself. */
interface IdbBackend extends Backend {
  kind: 'idb';
  /** Writes the mark (strict durability: it must outlive a crash); clear() removes it with the records. */
  mark(): Promise<void>;
  marked(): Promise<boolean>;
}

const ignore = () => {};

/**
 * Makes the requests `fill` adds to `tx` and waits for it to commit; should one throw as it is
 * made, none of them is committed (an empty transaction would commit the ones made before).
 */
async function commit(tx: { done: Promise<void>; abort(): void }, fill: () => void): Promise<void> {
  const done = tx.done;
  try {
    fill();
  } catch (error) {
    done.catch(ignore);
    try {
      tx.abort();
    } catch {}
    throw error;
  }
  await done;
}

function idbBackend(db: IDBPDatabase): IdbBackend {
  return {
    kind: 'idb',
    // One implicit transaction, exactly what a raw `db.get` costs: the hit path must stay this cheap.
    read: (id) => db.get(VALUES_STORE, id),
    write(entries, access) {
      const tx = db.transaction([VALUES_STORE, ACCESS_STORE], 'readwrite');
      return commit(tx, () => {
        const values = tx.objectStore(VALUES_STORE);
        const records = tx.objectStore(ACCESS_STORE);
        for (let i = 0; i < entries.length; i++) {
          values.put(entries[i]!).catch(ignore);
          records.put(access[i]!).catch(ignore);
        }
      });
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
    // The mark goes in the wipe's own transaction: never without the records, never before them.
    clear() {
      const tx = db.transaction([VALUES_STORE, ACCESS_STORE, META_STORE], 'readwrite');
      return commit(tx, () => {
        tx.objectStore(VALUES_STORE).clear().catch(ignore);
        tx.objectStore(ACCESS_STORE).clear().catch(ignore);
        tx.objectStore(META_STORE).delete(WIPE_OWED).catch(ignore);
      });
    },
    mark() {
      const tx = db.transaction(META_STORE, 'readwrite', { durability: 'strict' });
      return commit(tx, () => {
        tx.store.put(true, WIPE_OWED).catch(ignore);
      });
    },
    marked: async () => (await db.get(META_STORE, WIPE_OWED)) !== undefined,
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
      db.createObjectStore(META_STORE);
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
    names.contains(META_STORE) &&
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
  onReset: (sizes: Map<string, number>, complete: boolean) => void;
  now: () => number;
  /** Where a wipe owed is said while the database cannot say it (see Store.owe). */
  marker?: WipeMarker;
}

/** One connection and what became of it. */
interface Link {
  db: IDBPDatabase;
  backend: IdbBackend;
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
 *
 * A clear (a switch of API hosts) is owed to the database until a wipe of the database itself has
 * run: it failed, or reached only the stand-in. The debt is marked where the next worker finds it
 * (the database's META_STORE, or `marker` while the database will not take it) before the wipe is
 * tried, and removed with the records; a worker that finds the mark at open wipes before it
 * returns, so nothing stored before the clear is read after a restart either.
 */
export async function openBackend(
  dbName: string,
  schemaVersion: number,
  timeoutMs: number,
  report: (error: unknown) => void,
  { onReset, now, marker }: OpenOptions,
): Promise<Store> {
  const version = idbVersion(schemaVersion);
  let link: Link | undefined;
  let standIn: Backend | undefined;
  let reopening: Promise<Backend> | undefined;
  let retryAt = 0;
  let shut = false;
  // The database holds what a clear() was for (another host's data): it is wiped before it serves
  // again (a reopen from the stand-in wipes first), and said durably meanwhile (`marking`).
  let owed = false;
  // The mark of `owed` being written, or written (true); false when it could not be.
  let marking: Promise<boolean> | undefined;
  // `marker` may say owed: set by this worker, or found so at open.
  let markedOutside = false;
  // Marking failed the last time: the next failures are not reported again (the write retries).
  let markFailing = false;
  // owe() calls so far: a wipe pays only the debts made before it began.
  let owing = 0;

  // (started now: the open waits for the database anyway)
  const outside = marker
    ? Promise.resolve()
        .then(() => marker.get())
        .catch((error: unknown) => {
          // storage.local never written or not answering: nothing to go by but the database's own mark
          report(error);
          return false;
        })
    : Promise.resolve(false);

  async function mark(): Promise<boolean> {
    const errors: unknown[] = [];
    if (link && !link.lost) {
      try {
        await link.backend.mark();
        markFailing = false;
        return true;
      } catch (error) {
        errors.push(error);
      }
    }
    if (marker) {
      try {
        await marker.set(true);
        markedOutside = true;
        markFailing = false;
        return true;
      } catch (error) {
        errors.push(error);
      }
    }
    if (!markFailing && !shut) {
      markFailing = true;
      if (errors.length === 0)
        errors.push(new Error('cache: a wipe owed could not be saved (no database, no marker)'));
      for (const error of errors) report(error);
    }
    return false;
  }

  async function owe(): Promise<void> {
    owing += 1;
    owed = true;
    marking ??= mark();
    const pending = marking;
    // (not marked: the next call tries again)
    if (!(await pending) && marking === pending) marking = undefined;
  }

  /**
   * A wipe of the database, begun when `owing` was `since`, succeeded. A clear() called meanwhile
   * is still owed, and its mark may have gone with the wipe's transaction: it is made again.
   */
  async function wiped(since: number): Promise<void> {
    if (owing === since) return paid();
    marking = undefined;
    await owe();
  }

  /** The database was wiped, its own mark with it: the one outside goes too. */
  async function paid(): Promise<void> {
    owed = false;
    marking = undefined;
    markFailing = false;
    if (!marker || !markedOutside) return;
    markedOutside = false;
    try {
      await marker.set(false);
    } catch (error) {
      // (a worker started before it is removed wipes once more: a few misses)
      report(error);
    }
  }

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
      const since = owing;
      const wipe = owed;
      if (wipe) await next.backend.clear();
      const sizes = await next.backend.sizes();
      if (next.lost) throw new Error('cache database closed while it reopened');
      if (shut) throw new Error('cache closed');
      link = next;
      standIn = undefined;
      onReset(sizes, true);
      if (wipe) await wiped(since);
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
  if (await outside) {
    owed = true;
    markedOutside = true;
    marking = Promise.resolve(true);
  }
  if (!link) {
    // Memory for this worker's life, holding only its own records; a clear still owes the database.
    const memory = memoryBackend();
    return {
      ...memory,
      owed: false,
      owe,
      async clear() {
        await owe();
        await memory.clear();
      },
    };
  }
  // A mark left by an earlier worker: wipe before anything is read. (A mark that cannot be read
  // counts as one: what the database holds is of unknown age.)
  let found = owed;
  try {
    if (await link.backend.marked()) {
      found = true;
      marking = Promise.resolve(true);
    }
  } catch (error) {
    report(error);
    found = true;
  }
  if (found) {
    owed = true;
    try {
      await link.backend.clear();
      await paid();
    } catch (error) {
      // (`owed` tells the cache: stored records are not read until a wipe succeeds)
      report(error);
    }
  }

  return {
    get kind() {
      return standIn ? 'memory' : 'idb';
    },
    get owed() {
      return owed;
    },
    owe,
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
    async clear() {
      await owe();
      const since = owing;
      const on = await run(async (b) => {
        await b.clear();
        return b;
      });
      // (on the stand-in, the database still owes it: the reopen wipes first)
      if (on.kind === 'idb') await wiped(since);
    },
    close() {
      shut = true;
      if (link) lose(link, undefined);
    },
  };
}
