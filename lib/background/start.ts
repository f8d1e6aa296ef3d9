/**
 * The service worker's table of contents: build the services, register the handlers, wire the
 * browser events. Every listener is registered synchronously at top level (MV3 requirement); the
 * services they use are awaited inside.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { ApiError } from '../api/errors';
import { parseRoom } from '../api/rooms';
import type { DcaTxEvent, LiveMessage } from '../api/schemas/live';
import { BUILD_TEST_HOOKS } from '../env';
import { errorMessage } from '../errors';
import type { BackoffState, LiveStatus } from '../live/types';
import { INPUTS, type MessageName } from '../messaging';
import { messenger } from '../messenger';
import { createTurns } from '../sched';
import { readApiKey, trustedHosts } from '../secrets';
import { loadSettings } from '../settings';
import { ANY_SITE_ORIGINS, SITE_MATCHES } from '../sites/hosts';
import { OVERLAY_RUN_AT } from '../sites/run-at';
import type { OrderView, Result } from '../views';
import { createWatchService, fetchAllOrders, POLL_ALARM, type WatchService } from '../watch';
import { createDomainResolver } from '../watch/domains';
import { notWatchedId, notWatchedTarget, watchTargetOf } from '../watch/menu';
import { resolveDomain } from './accounts';
import { createConfigPush } from './config-push';
import { createHandlers } from './handlers';
import { createLivePush } from './live-push';
import { createRouter, type Sender } from './router';
import { createServices, type Services } from './services';
import { createTabLive, type TabLive, toTab } from './tab-live';
import { accountReads, assertWatchable } from './watchable';

const LIVE_ALARM = 'live-wake';
const testNotifications: { id: string; title: string; message: string }[] = [];
if (BUILD_TEST_HOOKS)
  (globalThis as { __lensNotifications?: unknown }).__lensNotifications = testNotifications;
const MENU_ID = 'lookup-selection';
const WATCH_MENU_ID = 'watch-wallet';

interface Runtime {
  services: Services;
  watch: WatchService;
  tabLive: TabLive;
  dispatch: ReturnType<typeof createRouter>;
  syncWatchRooms: () => void;
}

/** Firefox keeps no menus of a persistent background page across browser restarts (see start). */
const MENUS_AT_START = import.meta.env.BROWSER === 'firefox';

function createMenus(): void {
  browser.contextMenus.create({ id: MENU_ID, title: 'Look up in Onchain Lens', contexts: ['selection'] });
  browser.contextMenus.create({
    id: WATCH_MENU_ID,
    title: 'Watch wallet in Onchain Lens',
    contexts: ['selection', 'link'],
  });
}

/** The end of the last 429's pause (storage.session: a worker stopped during it must not ask at once). */
const RATE_LIMIT_KEY = 'session:api:limitedUntil';

const lookupUrl = (q: string) => browser.runtime.getURL(`/lookup.html#q=${encodeURIComponent(q)}`);

/**
 * Opens `url` in a new tab of the last focused window, brought to the front (a notification is
 * clicked from the desktop, over another app). With no window open (Chrome keeps running in the
 * background on macOS and, if set, on Windows) a tab has nowhere to go: a new window opens.
 */
async function openTab(url: string): Promise<void> {
  const win = await browser.windows.getLastFocused({ windowTypes: ['normal'] }).catch(() => null);
  if (win?.id === undefined) {
    await browser.windows.create({ url, focused: true });
    return;
  }
  await browser.tabs.create({ url, windowId: win.id });
  await browser.windows.update(win.id, { focused: true }).catch(() => {});
}

/** `configChanged` to every tab (the ones without our content script refuse it, which is ignored). */
const pushConfigChanged = createConfigPush({
  tabIds: async () => (await browser.tabs.query({})).flatMap((tab) => (tab.id === undefined ? [] : [tab.id])),
  send: (tabId, change) => messenger.sendMessage('configChanged', change, tabId),
});

/**
 * "Watch wallet in Onchain Lens": adds the selected (or linked) wallet and opens its lookup, which
 * shows it watched. What cannot be watched (junk, a full watchlist, an address whose account is a mint,
 * an order, a pool or a token account) is said in a notification.
 */
async function watchFromMenu(rt: Runtime, selectionText?: string, linkUrl?: string): Promise<void> {
  let target = watchTargetOf(selectionText, linkUrl);
  if ('domain' in target) {
    target = await resolveDomain(rt.services.client(), target.domain).then(
      (wallet) => ({ wallet }),
      (error: unknown) => ({ error: ApiError.from(error).toView().message }),
    );
  }
  let problem = 'error' in target ? target.error : null;
  const about = 'wallet' in target ? target.wallet : null;
  if ('wallet' in target) {
    try {
      // A token account is refused with its owner named, not swapped for it: the owner can be a
      // program's account (a DCA order's or a pool's vault), and watching what was not selected
      // would surprise; the lookup of the token account links its owner.
      await assertWatchable(target.wallet, accountReads(rt.services));
      await rt.watch.add(target.wallet); // (a wallet watched already keeps its label)
      await openTab(lookupUrl(target.wallet));
    } catch (error) {
      problem = error instanceof Error ? error.message : 'The wallet could not be watched.';
    }
  }
  if (problem) {
    await browser.notifications
      .create(notWatchedId(about, Date.now()), {
        type: 'basic',
        iconUrl: browser.runtime.getURL('/icon/128.png'),
        title: 'Not watched',
        message: about ? `${problem} Click to look it up.` : problem,
      })
      .catch(() => {});
  }
}

/** How the watch service follows the live hub: its state, its events, the catch-up after a reconnect. */
export function watchLiveHooks(watch: () => WatchService | null, owners: (room: string) => string[]) {
  const watched = (rooms: readonly string[]) => rooms.some((r) => owners(r).includes('watchlist'));
  return {
    onLiveStatus: (status: LiveStatus) => watch()?.setLiveState(status.state),
    // No replay after a reconnect: every watched wallet is caught up on through REST.
    onReconnected: () => void watch()?.reconnected(),
    onTxEvent: (event: DcaTxEvent, rooms: string[]) => {
      if (watched(rooms)) void watch()?.handleEvent(event, rooms[0]);
    },
    /**
     * An event on a watched wallet's room the hub dropped as unreadable (a required field changed):
     * that wallet is caught up on through REST at the next alarm tick, so its fill is still announced.
     */
    onInvalid: (room: string) => {
      if (!owners(room).includes('watchlist')) return;
      const parsed = parseRoom(room);
      if (parsed?.kind === 'dcaWallet') watch()?.missed(parsed.wallet);
    },
    /** Position snapshots on a watched wallet's room keep the stored orders the catch-up compares with current. */
    onLiveMessage: (message: LiveMessage, rooms: string[]) => {
      if (message.kind === 'dca-position' && watched(rooms))
        void watch()?.handleSnapshot(message.snapshot, rooms[0]);
    },
  };
}

/**
 * Every page of a watched wallet's orders, for the watch service's REST catch-up: 100 a page (the
 * most the API gives), so its five pages cover 500 orders, not 100.
 */
export function watchFetchOrders(data: Services['data']): (wallet: string) => Promise<OrderView[]> {
  return (wallet) =>
    fetchAllOrders((cursor) =>
      // background priority: a catch-up of the whole watchlist waits behind what the user looks at
      data.walletOrdersPage(wallet, { status: 'all', sort: 'recent', cursor, limit: 100 }, 'background'),
    );
}

/**
 * Creates a periodic alarm unless it already exists with that period. alarms.create with an
 * existing name replaces the alarm and starts its period over, so a worker woken more often than
 * once a period would keep postponing it if every start created it again.
 */
export async function ensureAlarm(name: string, info: { periodInMinutes: number }): Promise<void> {
  const existing = await browser.alarms.get(name);
  if (existing?.periodInMinutes === info.periodInMinutes) return;
  await browser.alarms.create(name, info);
}

async function build(): Promise<Runtime> {
  const [settings, apiKey, limitedUntil] = await Promise.all([
    // (where the key goes is not the stored settings' to say: secrets.ts)
    loadSettings().then(async (stored) => ({ ...stored, hosts: await trustedHosts(stored.hosts) })),
    readApiKey(),
    storage.getItem<number>(RATE_LIMIT_KEY),
  ]);
  let watch: WatchService | null = null;
  let tabLive: TabLive | null = null;

  let onLive: ReturnType<typeof createLivePush> | null = null;
  // (services is read only when a hook runs, by then it exists)
  const hooks = watchLiveHooks(
    () => watch,
    (room) => services.hub.owners(room),
  );
  const services = createServices({
    settings,
    apiKey,
    isWatched: (wallet) => watch?.isWatched(wallet) ?? false,
    isOnline: () => navigator.onLine,
    // storage.session outlives the worker being stopped, not the browser: a new session starts over.
    liveBackoff: {
      get: () => storage.getItem<BackoffState>('session:live:backoff'),
      set: (state) => storage.setItem('session:live:backoff', state),
    },
    rateLimit: { until: limitedUntil, set: (until) => void storage.setItem(RATE_LIMIT_KEY, until) },
    onLiveStatus: hooks.onLiveStatus,
    onReconnected: hooks.onReconnected,
    onLive: (message, rooms) => {
      hooks.onLiveMessage(message, rooms);
      void onLive?.(message, rooms);
    },
  });

  onLive = createLivePush({
    cache: services.cache,
    targets: (rooms) => tabLive?.targets(rooms) ?? [],
    send: toTab,
    releaseTab: (tabId) => tabLive?.releaseTab(tabId),
    onTxEvent: (event, rooms) => hooks.onTxEvent(event, rooms),
  });

  watch = createWatchService({
    notifications: {
      create: async (id, options) => {
        const created = await browser.notifications.create(id, options);
        // chrome.notifications.getAll() returns ids only; test builds keep the texts of the
        // notifications the browser took for the e2e suite.
        if (BUILD_TEST_HOOKS) testNotifications.push({ id, title: options.title, message: options.message });
        return created;
      },
      clear: (id) => browser.notifications.clear(id),
    },
    setBadge: async (text) => {
      // (Firefox's MV2 build has browserAction, not action)
      const action = browser.action ?? browser.browserAction;
      await action.setBadgeText({ text });
      await action.setBadgeBackgroundColor({ color: '#7c3aed' });
    },
    getRules: () => services.settings().notifications,
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    lookupUrl,
    // a summary over many wallets opens the lookup tab, which lists each with its unread count
    watchlistUrl: browser.runtime.getURL('/lookup.html'),
    // every page: a single activity-sorted page leaves out exactly the older order that just changed
    fetchOrders: watchFetchOrders(services.data),
    onChange: (change) => {
      syncWatchRooms();
      void resolveDomains(change.entries);
    },
  });
  // Notifications name a watched wallet by its label, else its .sol name, else a short address.
  const resolveDomains = createDomainResolver({
    lookup: async (wallets) =>
      Object.fromEntries(await Promise.all(wallets.map(async (w) => [w, await services.data.domain(w)]))),
    setDomains: (names) => watch!.setDomains(names),
  });
  tabLive = createTabLive(services.hub);
  services.hub.watchInvalid(hooks.onInvalid);

  // The hub counts references per owner, so the watchlist's rooms are synced as a set, not re-acquired.
  const held = new Set<string>();
  function syncWatchRooms(): void {
    const want = new Set(services.apiKey() && watch ? watch.rooms() : []);
    const add = [...want].filter((r) => !held.has(r));
    const drop = [...held].filter((r) => !want.has(r));
    for (const r of add) held.add(r);
    for (const r of drop) held.delete(r);
    if (add.length) services.hub.acquire('watchlist', add);
    if (drop.length) services.hub.release('watchlist', drop);
  }

  // A start that fails from here (storage not answering) is tried again by the next message: this
  // one's cache connection and socket go with it, not left open beside the next one's.
  const started = await watch.start().catch((error: unknown) => {
    services.hub.stop();
    void services.cache.close();
    throw error;
  });
  syncWatchRooms();
  if (services.apiKey()) void resolveDomains(started.entries);
  void syncAnySite(services);

  const handlers = createHandlers({
    services,
    watch,
    tabLive,
    openTab,
    lookupUrl,
    openOptions: () => browser.runtime.openOptionsPage(),
    onKeyChanged: () => {
      syncWatchRooms();
      // A key entered for the first time: the watched wallets get their names now, not at the next change.
      if (services.apiKey()) void resolveDomains(watch.watchlist.snapshot());
    },
    onSettingsChanged: () => void syncAnySite(services),
    onConfigChanged: (change) => void pushConfigChanged(change),
    // (Chrome only: Firefox has no permission level, and shows what it is asked to)
    notificationsBlocked: async () => (await browser.notifications.getPermissionLevel?.()) === 'denied',
  });
  const dispatch = createRouter(handlers, {
    extensionId: browser.runtime.id,
    extensionBaseUrl: browser.runtime.getURL('/'),
  });
  return { services, watch, tabLive, dispatch, syncWatchRooms };
}

/** Patterns as a set (Chrome returns a registered script's patterns sorted). */
const patterns = (list: readonly string[] | undefined) => [...(list ?? [])].sort().join(' ');

/** One sync at a time: a save and a revoke together would both unregister, and the second throw. */
const anySiteTurn = createTurns();

/**
 * "Any site" detection: a dynamic content script registered only while the user grants it. Synced
 * at each worker start (a script registered by an earlier version persists across updates), after a
 * settings save and on each permission change.
 */
function syncAnySite(services: Services): Promise<void> {
  return anySiteTurn(async () => {
    const script = {
      id: 'overlay-any-site',
      matches: ANY_SITE_ORIGINS,
      // (the supported sites have the manifest's copy: a second would start there, then stop the first)
      excludeMatches: SITE_MATCHES,
      js: ['content-scripts/overlay.js'],
      runAt: OVERLAY_RUN_AT,
      persistAcrossSessions: true,
    };
    const granted = await browser.permissions.contains({ origins: ANY_SITE_ORIGINS });
    const [registered] = await browser.scripting.getRegisteredContentScripts({ ids: [script.id] });
    const want = services.settings().anySite && granted;
    if (want && !registered) await browser.scripting.registerContentScripts([script]);
    else if (!want && registered) await browser.scripting.unregisterContentScripts({ ids: [script.id] });
    // registered by a version that ran it on the supported sites as well, or at another time
    else if (
      want &&
      registered &&
      (patterns(registered.excludeMatches) !== patterns(SITE_MATCHES) || registered.runAt !== script.runAt)
    )
      await browser.scripting.updateContentScripts([
        { id: script.id, js: script.js, excludeMatches: SITE_MATCHES, runAt: script.runAt },
      ]);
  }).catch(() => {}); // (a browser refusing it leaves it as it was: the next sync tries again)
}

/**
 * What `storage.local` still holds (the cache's wipe mark, the key's removal flag, an earlier
 * version's copies until the private store adopts them) is the extension's own: content scripts,
 * untrusted contexts that `storage.local` serves by default, may not read or write it. Chrome 140
 * and later keep the level; earlier Chrome sets it for `storage.session` only, and Firefox for no
 * area (refused there, harmless: the settings, the watchlist and recent lookups are in the private
 * store, lib/private-store.ts, and where the key goes is not read from storage.local, see
 * secrets.ts trustedHosts).
 */
async function restrictLocalStorage(): Promise<void> {
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  await local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => {});
}

/** The answer to every message while the services cannot be built (storage not answering). */
const startFailure: Result<never> = {
  ok: false,
  error: { code: 'START_FAILED', message: errorMessage('START_FAILED') },
};

export function startBackground(): void {
  void restrictLocalStorage();
  let runtime: Promise<Runtime> | null = null;
  // A start that failed (storage or IndexedDB not answering) is forgotten: the next message, alarm
  // or click builds again, instead of every one getting that failure for the worker's life.
  const ready = () => {
    if (!runtime) {
      const attempt: Promise<Runtime> = build().catch((error: unknown) => {
        if (runtime === attempt) runtime = null;
        throw error;
      });
      runtime = attempt;
    }
    return runtime;
  };

  for (const name of Object.keys(INPUTS) as MessageName[]) {
    // biome-ignore lint/suspicious/noExplicitAny: one generic registration for every message name
    (messenger.onMessage as any)(name, async (message: { data: unknown; sender: Sender }) => {
      let rt: Runtime;
      try {
        rt = await ready();
      } catch {
        // A typed answer, as the router gives: a throw would reach ask() as a NETWORK failure,
        // and the badges would retry a fault that is not in the network.
        return startFailure;
      }
      return rt.dispatch(name, message.data, message.sender);
    });
  }

  browser.runtime.onInstalled.addListener((details) => {
    // A first install opens the options page, where the key is pasted (not an update or a reload).
    if (details?.reason === 'install') void browser.runtime.openOptionsPage().catch(() => {});
    if (!MENUS_AT_START) createMenus();
  });
  // Firefox keeps no menus of a persistent background page across browser restarts: made at each
  // start there (Chrome keeps them: made once, on install or update).
  if (MENUS_AT_START) void browser.contextMenus.removeAll().then(createMenus);
  browser.contextMenus.onClicked.addListener(async (info) => {
    if (info.menuItemId === MENU_ID && info.selectionText) void openTab(lookupUrl(info.selectionText.trim())); // (never cut: a cut can end inside an address)
    if (info.menuItemId === WATCH_MENU_ID)
      await watchFromMenu(await ready(), info.selectionText, info.linkUrl);
  });
  browser.notifications.onClicked.addListener(async (id) => {
    // a "Not watched" about an address: its lookup (what it is, its owner)
    const address = notWatchedTarget(id);
    const url = address ? lookupUrl(address) : await (await ready()).watch.onClicked(id);
    if (url) await openTab(url);
    await browser.notifications.clear(id);
  });
  // A burst summary the user dismissed names nothing any more: that wallet's next events start
  // afresh (ours cleared or replaced in place are not the user's doing, and change nothing).
  browser.notifications.onClosed.addListener(async (id, byUser) => {
    if (byUser) await (await ready()).watch.onClosed(id);
  });
  // A tab closed or navigating lets go of its live rooms. Subscriptions live in this worker's
  // memory: a worker these events woke holds none, so nothing is built for them (else any tab's page
  // load in the browser would start the cache, the hub and the watch service).
  const releaseTab = (tabId: number) => void runtime?.then((rt) => rt.tabLive.releaseTab(tabId));
  browser.tabs.onRemoved.addListener(releaseTab);
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') releaseTab(tabId);
  });
  browser.alarms.onAlarm.addListener(async (alarm) => {
    const rt = await ready();
    if (alarm.name === POLL_ALARM) {
      await rt.watch.pollTick();
      // a catch-up left for later (a wallet fetched too recently, an error) is retried here
      await rt.watch.sync();
    }
    if (alarm.name === LIVE_ALARM) rt.syncWatchRooms();
  });
  browser.permissions.onAdded.addListener(async () => syncAnySite((await ready()).services));
  browser.permissions.onRemoved.addListener(async () => syncAnySite((await ready()).services));
  self.addEventListener('online', async () => (await ready()).services.hub.online());

  void ensureAlarm(POLL_ALARM, { periodInMinutes: 1 });
  // Wakes a stopped worker so the watchlist's rooms come back even when no page talks to us.
  void ensureAlarm(LIVE_ALARM, { periodInMinutes: 1 });
  // (a failure here is tried again by whatever needs the services next)
  ready().catch(() => {});
}
