/**
 * The API key lives in the extension origin's IndexedDB. Content scripts run in the page's origin,
 * so they cannot open this database (unlike chrome.storage.local, which content scripts can read).
 * Only the service worker and extension pages reach it; the key is never sent to a tab.
 */
import { openDB } from 'idb';
import { BUILD_SIM_KEY } from './env';

const DB = 'onchain-lens-secrets';
const STORE = 'secrets';
const KEY_ID = 'apiKey';

function open() {
  return openDB(DB, 1, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    },
  });
}

export async function readApiKey(): Promise<string | null> {
  const db = await open();
  try {
    const value = await db.get(STORE, KEY_ID);
    if (typeof value === 'string') return value.length > 0 ? value : null;
    // Simulator builds ship with the demo key preset so the demo works without typing one.
    return BUILD_SIM_KEY || null;
  } finally {
    db.close();
  }
}

export async function writeApiKey(key: string | null): Promise<void> {
  const db = await open();
  try {
    if (key) await db.put(STORE, key, KEY_ID);
    // Removing a preset demo key must stick, so store an explicit empty marker.
    else await db.put(STORE, '', KEY_ID);
  } finally {
    db.close();
  }
}
