/**
 * What only the extension may read or write: the watchlist (a trader's wallets and their labels),
 * recent lookups, the watch service's state (which names the watched wallets too) and the settings.
 * Kept in the extension origin's IndexedDB, which content scripts (the page's origin) cannot open:
 * Firefox lets content scripts read and write `storage.local`, and so does Chrome before 140, so a
 * content process taken over could read the watchlist there, write wallets and labels that
 * notifications show, or switch the overlay off on a site and notifications off for good. (Content
 * scripts never read the settings themselves: the background answers `overlayConfig`.)
 *
 * The same calls as wxt's storage (`local:` keys only), for the background and the extension pages.
 * - A version that kept these in `storage.local`: the first open adopts them, once (a mark in the
 *   database says it was done; one mark per group of names moved, so a profile that had moved the
 *   watchlist already still takes the settings), and takes them out of `storage.local`. After that
 *   `storage.local` is read for them only while IndexedDB cannot open (below): what a content script
 *   writes there is nothing to us.
 * - IndexedDB that does not open (Chrome's "Internal error opening backing store"): a write is kept
 *   in `storage.session` (closed to content scripts; gone when the browser closes), which a later
 *   open in this browser session moves into the database, once: each copy has an id, and the
 *   database records the ids it took in. A read takes that copy, else
 *   `storage.local`'s (what an older version left there, when IndexedDB has not opened since the
 *   update: shown rather than an empty watchlist; it is also the one time a copy a content script
 *   wrote there could be read), else nothing.
 * - A change made in one context (the background, a page) reaches `watch` callbacks in the others
 *   through a BroadcastChannel of the extension's origin: IndexedDB reports no changes.
 */
import { type IDBPDatabase, openDB } from 'idb';
import { browser } from 'wxt/browser';

const DB = 'onchain-lens-private';
const STORE = 'kv';
/** Where a write goes while IndexedDB is down (storage.session keys: this prefix and the name). */
const FALLBACK = 'private:';
const CHANNEL = 'onchain-lens-private';
/** The ids of the session's kept copies the database has taken in (the latest `MOVED_MAX`). */
const MOVED = '\u0000moved';
const MOVED_MAX = 256;

export type PrivateKey = `local:${string}`;
/**
 * What older versions kept in storage.local (with wxt's version records, `name$`), by the version
 * that moved them, each with the record that says its names were adopted: the watchlist, recent
 * lookups and the watch state first, the settings after.
 */
const MOVES: { mark: string; moved: (name: string) => boolean }[] = [
  {
    mark: '\u0000adopted',
    moved: (n) =>
      n === 'watchlist' || n === 'watchlist$' || n.startsWith('recentSearch') || n.startsWith('watch:'),
  },
  { mark: '\u0000adopted:settings', moved: (n) => n === 'settings' || n === 'settings$' },
];

const nameOf = (key: PrivateKey) => key.slice('local:'.length);

let connection: Promise<IDBPDatabase> | null = null;
/** The database did not open at this context's last try: writes are kept for this browser session only. */
let down = false;

/** Whether this context's last try to open the database failed (the status line says so: views.ts). */
export function privateStoreDown(): boolean {
  return down;
}

function connect(): Promise<IDBPDatabase> {
  if (connection) return connection;
  const opened = (async () => {
    const db = await openDB(DB, 1, {
      upgrade(d) {
        d.createObjectStore(STORE);
      },
      // another context deleting or upgrading the database: let it, and open again next time
      blocking() {
        db.close();
        if (connection === opened) connection = null;
      },
      terminated() {
        if (connection === opened) connection = null;
      },
    });
    try {
      await adopt(db);
    } catch (e) {
      db.close();
      throw e;
    }
    down = false;
    return db;
  })();
  connection = opened;
  opened.catch(() => {
    down = true;
    if (connection === opened) connection = null;
  });
  return opened;
}

/**
 * `op` on the open database; once more on a new connection if that one was closed meanwhile (another
 * context deleting or upgrading the database closes ours: `blocking`).
 */
async function withDb<T>(op: (db: IDBPDatabase) => Promise<T>): Promise<T> {
  const db = await connect();
  try {
    return await op(db);
  } catch (e) {
    // (whatever closed it let go of it too: `blocking`, resetPrivateStore)
    if ((e as DOMException)?.name !== 'InvalidStateError') throw e;
    return op(await connect());
  }
}

/**
 * storage.local's copies (once per move: the first open after it) and this session's fallback copies,
 * moved in. Two contexts opening at once (the background and a page, at the first start after an
 * update, or once IndexedDB opens again) both find the same copies to move; the marks and the moved
 * copies' ids are looked at again inside the write's transaction, which the database runs one at a
 * time, so the later one takes in nothing the first took, and cannot put old copies back over what
 * the first has written since. A kept copy leaves storage.session only if it is still the one read:
 * another context may have kept a newer one meanwhile.
 */
async function adopt(db: IDBPDatabase): Promise<void> {
  const first = await movesDue(db.transaction(STORE).store);
  const local = first.length ? await browser.storage.local.get(null) : {};
  const session = await browser.storage.session.get(null).catch(() => ({}) as Record<string, unknown>);
  const kept = Object.keys(session).filter((k) => k.startsWith(FALLBACK));
  if (!first.length && !kept.length) return;
  const tx = db.transaction(STORE, 'readwrite');
  // (only those storage.local was read for)
  const due = (await movesDue(tx.store)).filter((m) => first.includes(m));
  const legacy = Object.keys(local).filter((k) => due.some((m) => m.moved(k)));
  for (const k of legacy) if (!k.endsWith('$')) void tx.store.put(local[k], k);
  // (written while the database was down: newer than what it holds)
  const moved = kept.length ? (((await tx.store.get(MOVED)) as string[] | undefined) ?? []) : [];
  for (const k of kept) {
    const { v, gone, id } = session[k] as Kept;
    if (id !== undefined && moved.includes(id)) continue;
    void (gone ? tx.store.delete(k.slice(FALLBACK.length)) : tx.store.put(v, k.slice(FALLBACK.length)));
    if (id !== undefined) moved.push(id);
  }
  if (kept.length) void tx.store.put(moved.slice(-MOVED_MAX), MOVED);
  for (const { mark } of due) void tx.store.put(Date.now(), mark);
  await tx.done;
  if (legacy.length) await browser.storage.local.remove(legacy);
  if (kept.length) {
    const still: Record<string, unknown> = await browser.storage.session.get(kept).catch(() => ({}));
    const same = kept.filter((k) => (still[k] as Kept | undefined)?.id === (session[k] as Kept).id);
    if (same.length) await browser.storage.session.remove(same);
  }
}

/** The moves whose mark `store` does not hold yet. */
async function movesDue(store: { get(key: string): Promise<unknown> }): Promise<typeof MOVES> {
  const marks = await Promise.all(MOVES.map((m) => store.get(m.mark)));
  return MOVES.filter((_, i) => marks[i] === undefined);
}

/** A write kept while IndexedDB was down: the value, or its removal; `id` tells this copy from a later one. */
type Kept = { v?: unknown; gone?: true; id?: string };

/** Down: the session's copy (a value, or removed), else what an older version left in storage.local. */
async function readFallback(name: string): Promise<unknown> {
  const session: Record<string, unknown> = await browser.storage.session
    .get(FALLBACK + name)
    .catch(() => ({}));
  const kept = session[FALLBACK + name] as Kept | undefined;
  if (kept) return kept.gone ? null : (kept.v ?? null);
  return (await browser.storage.local.get(name))[name] ?? null;
}

const listeners = new Map<string, Set<() => void>>();
let channel: BroadcastChannel | null = null;

/** This context's end of the channel, opened once; null where there is none. */
function openChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent) => {
      if (typeof e.data === 'string') for (const cb of listeners.get(e.data) ?? []) cb();
    };
  }
  return channel;
}

function announce(name: string): void {
  for (const cb of listeners.get(name) ?? []) cb();
  try {
    openChannel()?.postMessage(name);
  } catch {
    // (a channel that cannot post: this context's own listeners were told)
  }
}

export const privateStore = {
  async getItem<T = unknown>(key: PrivateKey): Promise<T | null> {
    const name = nameOf(key);
    try {
      return ((await withDb((db) => db.get(STORE, name))) ?? null) as T | null;
    } catch {
      return (await readFallback(name)) as T | null;
    }
  },

  async setItem(key: PrivateKey, value: unknown): Promise<void> {
    await write(nameOf(key), value);
  },

  async removeItem(key: PrivateKey): Promise<void> {
    await write(nameOf(key), null);
  },

  /** Calls `cb` after each change of `key`, made here or in another context; returns the unwatch. */
  watch(key: PrivateKey, cb: () => void): () => void {
    const name = nameOf(key);
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set.add(cb));
    openChannel();
    return () => {
      set.delete(cb);
    };
  },

  /** An item with a fallback, as wxt's `storage.defineItem`. */
  defineItem<T>(key: PrivateKey, { fallback }: { fallback: T }) {
    return {
      getValue: async (): Promise<T> => (await privateStore.getItem<T>(key)) ?? fallback,
      setValue: (value: T) => privateStore.setItem(key, value),
      removeValue: () => privateStore.removeItem(key),
      watch: (cb: () => void) => privateStore.watch(key, cb),
    };
  },
};

async function write(name: string, value: unknown): Promise<void> {
  const removed = value === null || value === undefined;
  try {
    await withDb<unknown>((db) => (removed ? db.delete(STORE, name) : db.put(STORE, value, name)));
  } catch {
    // kept for this browser session (a later open moves it in): the caller loses nothing now
    const id = crypto.randomUUID();
    const kept: Kept = removed ? { gone: true, id } : { v: value, id };
    await browser.storage.session.set({ [FALLBACK + name]: kept });
  }
  announce(name);
}

/**
 * For tests: the connection closed and the database deleted, as a fresh browser profile has it
 * (the unit tests' fakeBrowser.reset() calls this: test/unit/setup.ts).
 */
export function resetPrivateStore(): void {
  const was = connection;
  connection = null;
  down = false;
  listeners.clear();
  channel?.close();
  channel = null;
  void was?.then((db) => db.close()).catch(() => {});
  try {
    indexedDB.deleteDatabase(DB);
  } catch {
    // (no IndexedDB: nothing to delete)
  }
}
