/**
 * The API key lives in the extension origin's IndexedDB. Content scripts run in the page's origin,
 * so they cannot open this database (unlike chrome.storage.local, which content scripts can read).
 * Only the service worker and extension pages reach it; the key is never sent to a tab.
 *
 * IndexedDB may not open at all (Chrome's "Internal error opening backing store", Firefox with it
 * disabled). The background starts anyway: a key read then is the one kept for this browser session,
 * if any, and a key saved then is kept for the session only, in storage.session (memory, never on
 * disk, cleared when the browser closes, and not readable by content scripts: the extension never
 * widens its access level), and the save fails with STORAGE_UNAVAILABLE so the user knows.
 */
import { openDB } from 'idb';
import { storage } from 'wxt/utils/storage';
import { ApiError } from './api/errors';
import { BUILD_SIM_KEY } from './env';
import { defaultHosts, type Hosts, HostsSchema } from './settings';

const DB = 'onchain-lens-secrets';
const STORE = 'secrets';
const KEY_ID = 'apiKey';
/** The API hosts the key is sent to (see trustedHosts). */
const HOSTS_ID = 'apiHosts';
/** The key kept for this browser session while IndexedDB cannot be written. */
const SESSION_KEY = 'session:secrets:apiKey';
/**
 * A removal IndexedDB could not store: the key it still holds must not come back once it opens
 * again (the next browser start). Never the key (storage.local is readable by content scripts in
 * Firefox and Chrome before 140) but its fingerprint, which also means a content script, which may
 * write there too, cannot forge a removal: it does not know the key.
 */
const REMOVED_FLAG = 'local:secrets:keyRemoved';

/** The key IndexedDB was last seen to hold (read or written by this worker): null for none, undefined unknown. */
let storedKey: string | null | undefined;

/** SHA-256 of the key (hex): what REMOVED_FLAG holds. */
async function fingerprint(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`onchain-lens-key:${key}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function open() {
  return openDB(DB, 1, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    },
  });
}

/**
 * A stored value (the key: a key, '' for removed on purpose, or undefined for never set). Throws if
 * IndexedDB fails.
 */
async function readStored(id = KEY_ID): Promise<unknown> {
  const db = await open();
  try {
    return await db.get(STORE, id);
  } finally {
    db.close();
  }
}

/** Stores a value (a key, '' : removed on purpose, which a preset demo key needs to stay removed). Throws if IndexedDB fails. */
async function writeStored(value: unknown, id = KEY_ID): Promise<void> {
  const db = await open();
  try {
    await db.put(STORE, value, id);
  } finally {
    db.close();
  }
}

async function sessionKey(): Promise<string | null> {
  const value = await storage.getItem<string>(SESSION_KEY).catch(() => null);
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Whether the key last read or written is the session's copy (set by readApiKey and writeApiKey). */
let sessionOnly = false;

/**
 * Whether the key in use is the copy kept for this browser session (a save IndexedDB refused). No
 * I/O: the popup and the options page ask with every status poll, and this worker's own read and
 * writes of the key are what decide it.
 */
export function keyKeptForSessionOnly(): boolean {
  return sessionOnly;
}

export async function readApiKey(): Promise<string | null> {
  // Only a save IndexedDB refused leaves a session copy: it is newer than anything stored there.
  const kept = await sessionKey();
  sessionOnly = kept !== null;
  if (kept) return kept;
  const removed = await storage.getItem<unknown>(REMOVED_FLAG).catch(() => null);
  try {
    const value = await readStored();
    if (typeof value === 'string') {
      storedKey = value.length > 0 ? value : null;
      // A removal made while IndexedDB was down: stored now that it opens (then forgotten), and no
      // key. Only of the key it names: a flag naming no key IndexedDB holds is dropped.
      if (removed != null) {
        if (storedKey && removed === (await fingerprint(storedKey))) {
          await writeStored('');
          storedKey = null;
        }
        await storage.removeItem(REMOVED_FLAG);
      }
      return storedKey;
    }
  } catch {
    // IndexedDB is not available: no key yet (a save says why it is kept for the session only); a
    // pending removal waits for the start that opens it
    if (removed != null) return null;
  }
  // Simulator builds ship with the demo key preset so the demo works without typing one.
  return BUILD_SIM_KEY || null;
}

/**
 * Saves the key (null: removes it). When IndexedDB cannot be written, a key is kept for this browser
 * session instead and STORAGE_UNAVAILABLE is thrown (the caller still uses the key); a removal
 * clears the session's copy and succeeds, as no key can be read any more (the key IndexedDB holds is
 * removed at the start that opens it, when this worker knew which key that is).
 */
export async function writeApiKey(key: string | null): Promise<void> {
  try {
    await writeStored(key ?? '');
    storedKey = key;
  } catch {
    sessionOnly = key !== null;
    if (key === null) {
      await storage.removeItem(SESSION_KEY).catch(() => {});
      if (storedKey) await storage.setItem(REMOVED_FLAG, await fingerprint(storedKey)).catch(() => {});
      return;
    }
    await storage.setItem(SESSION_KEY, key).catch(() => {});
    throw new ApiError({ code: 'STORAGE_UNAVAILABLE', endpoint: 'secrets' });
  }
  // IndexedDB holds it now: no second copy, and no removal left to store.
  sessionOnly = false;
  await storage.removeItem(SESSION_KEY).catch(() => {});
  await storage.removeItem(REMOVED_FLAG).catch(() => {});
}

/**
 * The API hosts the key goes to, as the background last saved them: kept here, beside the key, not
 * only in the settings, because the settings can still come from storage.local, which Firefox lets
 * content scripts read and write (so does Chrome before 140; later Chrome's is closed to them:
 * start.ts sets its access level): an earlier version's copy, adopted once by the private store,
 * or read there while IndexedDB cannot open (lib/private-store.ts). A content process taken over
 * could otherwise point the data host elsewhere, and the next start would send the key there.
 * `stored` is the settings' copy: adopted the first time (nothing recorded yet: a first start, or
 * the first of a version that recorded none), ignored afterwards. IndexedDB not available: the
 * build's default hosts, which nothing outside the build can change.
 */
export async function trustedHosts(stored: Hosts): Promise<Hosts> {
  try {
    const recorded = await readStored(HOSTS_ID);
    if (recorded === undefined) await writeStored(stored, HOSTS_ID);
    else return HostsSchema.parse(recorded);
    return stored;
  } catch {
    return defaultHosts();
  }
}

/** Records new API hosts (a settings save: only the background, for an extension page). */
export async function recordHosts(hosts: Hosts): Promise<void> {
  try {
    await writeStored(hosts, HOSTS_ID);
  } catch {
    throw new ApiError({
      code: 'STORAGE_UNAVAILABLE',
      endpoint: 'settings',
      detail: "The browser's storage for extensions is not available, so the API hosts cannot be changed.",
    });
  }
}
