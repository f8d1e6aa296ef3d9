/**
 * "Any site" detection (start.ts, syncAnySite): the overlay's dynamic content script is registered
 * while the optional all-sites permission is granted and the setting is on, and only then. The fake
 * browser has no scripting or permissions: an in-memory one here, strict like Chrome's (registering
 * an id twice or unregistering one never registered throws).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import overlayScript from '../../../entrypoints/overlay.content/index';
import { startBackground } from '../../../lib/background/start';
import { messenger } from '../../../lib/messenger';
import { settingsItem } from '../../../lib/settings';
import { ANY_SITE_ORIGINS, SITE_MATCHES } from '../../../lib/sites/hosts';

const EXT = fakeBrowser.runtime.id;
const optionsPage = { id: EXT, url: `chrome-extension://${EXT}/options.html` };
/** The overlay's file in the build, as the manifest's content script names it (pinned by manifest.test.ts). */
const OVERLAY_JS = 'content-scripts/overlay.js';

// biome-ignore lint/suspicious/noExplicitAny: stubbing the APIs the fake browser leaves unimplemented
const fake = fakeBrowser as any;

interface Script {
  id: string;
  matches?: string[];
  excludeMatches?: string[];
  js?: string[];
  runAt?: string;
  world?: string;
  persistAcrossSessions?: boolean;
}
type PermissionListener = (permissions: { origins?: string[] }) => Promise<void>;

let granted: Set<string>;
let scripts: Map<string, Script>;
let onAdded: PermissionListener[];
let onRemoved: PermissionListener[];

const hadSelf = Object.hasOwn(globalThis, 'self');
beforeEach(() => {
  messenger.removeAllListeners();
  fakeBrowser.reset();
  (globalThis as { self?: unknown }).self = new EventTarget();
  fake.storage.local.setAccessLevel = vi.fn(async () => {});
  fake.contextMenus.create = vi.fn();
  fake.contextMenus.onClicked = { addListener: vi.fn() };
  fake.tabs.sendMessage = vi.fn((_t: number, _m: unknown, _o: unknown, reply: (r: unknown) => void) =>
    reply(undefined),
  );

  granted = new Set();
  scripts = new Map();
  onAdded = [];
  onRemoved = [];
  fake.permissions.contains = vi.fn(async ({ origins = [] }: { origins?: string[] }) =>
    origins.every((o) => granted.has(o)),
  );
  fake.permissions.onAdded = { addListener: (l: PermissionListener) => onAdded.push(l) };
  fake.permissions.onRemoved = { addListener: (l: PermissionListener) => onRemoved.push(l) };
  // (Chrome keeps a script's patterns in a sorted set: they come back sorted, not as registered)
  const sorted = (list?: string[]) => (list ? [...list].sort() : undefined);
  fake.scripting.getRegisteredContentScripts = vi.fn(async (filter?: { ids?: string[] }) =>
    [...scripts.values()]
      .filter((s) => !filter?.ids || filter.ids.includes(s.id))
      .map((s) => ({ ...s, matches: sorted(s.matches), excludeMatches: sorted(s.excludeMatches) })),
  );
  fake.scripting.registerContentScripts = vi.fn(async (list: Script[]) => {
    for (const s of list) {
      if (scripts.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
      scripts.set(s.id, structuredClone(s));
    }
  });
  fake.scripting.updateContentScripts = vi.fn(async (list: Script[]) => {
    for (const s of list) {
      const was = scripts.get(s.id);
      if (!was) throw new Error(`Nonexistent script ID '${s.id}'`);
      scripts.set(s.id, { ...was, ...structuredClone(s) });
    }
  });
  fake.scripting.unregisterContentScripts = vi.fn(async (filter: { ids: string[] }) => {
    for (const id of filter.ids) {
      if (!scripts.delete(id)) throw new Error(`Nonexistent script ID '${id}'`);
    }
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (!hadSelf) delete (globalThis as { self?: unknown }).self;
});

async function send(type: string, data: unknown): Promise<{ res?: unknown; err?: unknown }> {
  let answer!: (r: { res?: unknown; err?: unknown }) => void;
  const reply = new Promise<{ res?: unknown; err?: unknown }>((r) => {
    answer = r;
  });
  await fakeBrowser.runtime.onMessage.trigger(
    { id: 1, type, data, timestamp: Date.now() },
    optionsPage,
    answer,
  );
  return reply;
}

/** Syncs finished so far: each reads the registered scripts once, then may register or unregister. */
const syncsRead = () => fake.scripting.getRegisteredContentScripts.mock.calls.length;
async function settled(reads: number): Promise<void> {
  await vi.waitFor(() => expect(syncsRead()).toBe(reads));
  await new Promise((r) => setTimeout(r, 10)); // the register/unregister after the read
}

/** The worker starts: it syncs once by itself (a script left by an earlier version is put right). */
async function begin(): Promise<void> {
  startBackground();
  await settled(1);
}

/** The options page's switch: the setting saved (the worker syncs after the save, not awaited). */
async function setAnySite(on: boolean): Promise<void> {
  const before = syncsRead();
  expect(await send('settingsSet', { patch: { anySite: on } })).toMatchObject({ res: { ok: true } });
  await settled(before + 1);
}

/** The browser grants (or the user revokes) the all-sites permission: the worker's listeners run. */
async function grant(origins = ANY_SITE_ORIGINS): Promise<void> {
  for (const o of origins) granted.add(o);
  await Promise.all(onAdded.map((l) => l({ origins })));
}
async function revoke(origins = ANY_SITE_ORIGINS): Promise<void> {
  for (const o of origins) granted.delete(o);
  await Promise.all(onRemoved.map((l) => l({ origins })));
}

describe('"any site" detection: the dynamic content script', () => {
  it("is registered once the permission is granted with the setting on, like the manifest's overlay", async () => {
    await begin();
    await setAnySite(true); // (the options page saves the switch, then asks for the permission)
    expect(scripts.size).toBe(0);
    await grant();
    expect([...scripts.values()]).toEqual([
      {
        id: 'overlay-any-site',
        // what the manifest offers as optional (wxt.config.ts optional_host_permissions)
        matches: ANY_SITE_ORIGINS,
        // not where the manifest's copy runs: two copies would start, the second stopping the first
        excludeMatches: SITE_MATCHES,
        // the manifest's overlay: the same file, run at the same time, in the same (isolated) world
        js: [OVERLAY_JS],
        runAt: overlayScript.runAt,
        persistAcrossSessions: true,
      },
    ]);
    // (no `world` above: the isolated world, where the manifest's overlay runs as it names none)
    expect(overlayScript.world).toBeUndefined();
  });

  it('is registered when the setting is turned on with the permission already granted', async () => {
    await begin();
    await grant(); // setting off: nothing yet
    expect(scripts.size).toBe(0);
    await setAnySite(true);
    expect([...scripts.keys()]).toEqual(['overlay-any-site']);
  });

  it('is not registered without the permission (the user refused it), whatever the setting says', async () => {
    await begin();
    await setAnySite(true);
    await grant(['https://solscan.io/*']); // another permission granted: not the all-sites one
    await setAnySite(true);
    expect(scripts.size).toBe(0);
    expect(fake.scripting.registerContentScripts).not.toHaveBeenCalled();
  });

  it('is unregistered when the permission is revoked', async () => {
    await begin();
    await setAnySite(true);
    await grant();
    expect(scripts.size).toBe(1);
    await revoke();
    expect(scripts.size).toBe(0);
    expect(fake.scripting.unregisterContentScripts).toHaveBeenCalledWith({ ids: ['overlay-any-site'] });
  });

  it('is unregistered when the setting is turned off, the permission kept', async () => {
    await begin();
    await setAnySite(true);
    await grant();
    expect(scripts.size).toBe(1);
    await setAnySite(false);
    expect(scripts.size).toBe(0);
    expect(granted.has(ANY_SITE_ORIGINS[0]!)).toBe(true);
  });

  it('is registered once: a second sync (another grant, a settings save) registers nothing more', async () => {
    await begin();
    await setAnySite(true);
    await grant();
    await grant();
    await setAnySite(true);
    await revoke(['https://solscan.io/*']); // another permission removed: the all-sites one stays
    expect(fake.scripting.registerContentScripts).toHaveBeenCalledTimes(1);
    expect(fake.scripting.unregisterContentScripts).not.toHaveBeenCalled();
    expect(scripts.size).toBe(1);
  });

  /**
   * A dynamic script persists across the extension's updates: the updated worker finds the one an
   * earlier version registered (run at document_idle, with `extra`), the setting on and the
   * permission granted. Its start alone (no settings saved, no permission changed) syncs it.
   */
  async function startOverEarlierVersion(extra: { excludeMatches?: string[] }) {
    scripts.set('overlay-any-site', {
      id: 'overlay-any-site',
      matches: ANY_SITE_ORIGINS,
      ...extra,
      js: [OVERLAY_JS],
      runAt: 'document_idle',
      persistAcrossSessions: true,
    });
    granted = new Set(ANY_SITE_ORIGINS);
    await settingsItem.setValue({ anySite: true });
    startBackground();
    await settled(1);
  }

  it('registered by an earlier version without the supported sites left out, is updated at the next worker start', async () => {
    await startOverEarlierVersion({});
    expect(scripts.get('overlay-any-site')?.excludeMatches).toEqual(SITE_MATCHES);
    expect(scripts.get('overlay-any-site')?.runAt).toBe(overlayScript.runAt);
    expect(fake.scripting.registerContentScripts).not.toHaveBeenCalled();
    // up to date now (its patterns read back sorted, as Chrome answers): nothing more to write
    await setAnySite(true);
    await grant();
    expect(fake.scripting.updateContentScripts).toHaveBeenCalledTimes(1);
  });

  it('registered by an earlier version run at document_idle, runs when the manifest overlay does after the next worker start', async () => {
    await startOverEarlierVersion({ excludeMatches: SITE_MATCHES });
    expect(overlayScript.runAt).toBe('document_start');
    expect(scripts.get('overlay-any-site')?.runAt).toBe('document_start');
    expect(fake.scripting.updateContentScripts).toHaveBeenCalledTimes(1);
  });

  it('syncs one at a time: a save and a revoke together unregister once, and nothing throws', async () => {
    await begin();
    await setAnySite(true);
    await grant();
    expect(scripts.size).toBe(1);
    // the browser answering slowly: both syncs would read "registered" before either unregisters
    const read = fake.scripting.getRegisteredContentScripts.getMockImplementation();
    fake.scripting.getRegisteredContentScripts.mockImplementation(async (filter: unknown) => {
      const answer = await read(filter);
      await new Promise((r) => setTimeout(r, 100));
      return answer;
    });
    const before = syncsRead();
    const save = send('settingsSet', { patch: { anySite: false } });
    // the save's sync is reading when the user revokes the permission too
    await vi.waitFor(() => expect(syncsRead()).toBe(before + 1), { interval: 1 });
    for (const o of ANY_SITE_ORIGINS) granted.delete(o);
    await Promise.all([save, ...onRemoved.map((l) => l({ origins: ANY_SITE_ORIGINS }))]);
    await settled(before + 2);
    await new Promise((r) => setTimeout(r, 150));
    expect(scripts.size).toBe(0);
    expect(fake.scripting.unregisterContentScripts).toHaveBeenCalledTimes(1);
  });
});
