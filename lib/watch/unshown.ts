/**
 * What a catch-up found to announce and has not shown yet, kept in chrome.storage.local. A catch-up
 * counts each wallet's changes as unread as it goes (and the wallet's stored list has moved past
 * them, so no later catch-up finds them again), but shows them together when it ends: a worker
 * stopped in between (MV3 stops an idle one after about 30 s; the browser may close) would leave them
 * counted and never shown. The next worker shows what is left here.
 *
 * Kept per wallet as its "While you were away" needs it: a count per kind of change, and the order
 * to open when the wallet has exactly one.
 */
import { storage } from 'wxt/utils/storage';
import { isNum } from '../format';
import type { WatchEvent } from './event';
import { countByName } from './policy';

export const UNSHOWN_KEY = 'local:watch:unshown';

/** What an away notification reads of an event. */
export type AwayEvent = Pick<WatchEvent, 'eventName' | 'count' | 'order'>;

export interface UnshownFind {
  wallet: string;
  /** When the first of them was found. */
  at: number;
  /** One per kind of change; its order only when it stands for a single change. */
  events: AwayEvent[];
}

/** `finds` with one wallet's new ones added (merged by kind: the notification only counts them). */
export function addFind(
  finds: readonly UnshownFind[],
  wallet: string,
  events: readonly AwayEvent[],
  at: number,
): UnshownFind[] {
  if (events.length === 0) return [...finds];
  const prev = finds.find((f) => f.wallet === wallet);
  const all = [...(prev?.events ?? []), ...events];
  // A single change opens its order; several open the wallet.
  const order = all.length === 1 ? (all[0]!.order ?? null) : null;
  const merged = [...countByName(all)].map(([eventName, count]) => ({ eventName, count, order }));
  return [...finds.filter((f) => f !== prev), { wallet, at: prev?.at ?? at, events: merged }];
}

/** What is trusted when read back: storage can hold anything an older version or a bug wrote. */
export function readFinds(value: unknown): UnshownFind[] {
  if (!Array.isArray(value)) return [];
  const out: UnshownFind[] = [];
  for (const f of value as Partial<UnshownFind>[]) {
    if (!f || typeof f.wallet !== 'string' || !isNum(f.at) || !Array.isArray(f.events)) continue;
    const events = f.events.filter(
      (e) =>
        e &&
        typeof e.eventName === 'string' &&
        isNum(e.count) &&
        (e.order === null || typeof e.order === 'string'),
    );
    if (events.length) out.push({ wallet: f.wallet, at: f.at, events });
  }
  return out;
}

export interface UnshownStore {
  load(): Promise<void>;
  list(): readonly UnshownFind[];
  add(wallet: string, events: readonly AwayEvent[], at: number): Promise<void>;
  clear(): Promise<void>;
}

export function createUnshownStore(): UnshownStore {
  let finds: UnshownFind[] = [];
  let loaded: Promise<void> | null = null;
  return {
    load() {
      loaded ??= storage.getItem(UNSHOWN_KEY).then((value) => {
        finds = readFinds(value);
      });
      return loaded;
    },
    list: () => finds,
    async add(wallet, events, at) {
      if (events.length === 0) return;
      finds = addFind(finds, wallet, events, at);
      await storage.setItem(UNSHOWN_KEY, finds);
    },
    async clear() {
      if (finds.length === 0) return;
      finds = [];
      await storage.removeItem(UNSHOWN_KEY);
    },
  };
}

export const AWAY_KEY = 'local:watch:away';

/**
 * What the visible "While you were away" notifications name, kept in chrome.storage.local: a later
 * catch-up adds to a wallet's (rewriting it in place, "3 fills" then "4 fills") instead of replacing
 * it with its own news only, until the wallet is read or its notification clicked or closed. Stored,
 * not in memory: the notification outlives the worker that showed it.
 */
export interface AwayShown {
  finds: UnshownFind[];
  /** They are shown as one summary over all of them (more than a few wallets), not one each. */
  summary: boolean;
}

export interface AwayStore {
  load(): Promise<void>;
  get(): AwayShown;
  set(next: AwayShown): Promise<void>;
  /** Lets go of one wallet's (read, unwatched, its notification closed), or of all. */
  drop(wallet?: string): Promise<void>;
}

export function createAwayStore(): AwayStore {
  let shown: AwayShown = { finds: [], summary: false };
  let loaded: Promise<void> | null = null;
  const save = async () => {
    if (shown.finds.length) await storage.setItem(AWAY_KEY, shown);
    else await storage.removeItem(AWAY_KEY);
  };
  return {
    load() {
      loaded ??= storage.getItem<Partial<AwayShown>>(AWAY_KEY).then((value) => {
        shown = { finds: readFinds(value?.finds), summary: value?.summary === true };
      });
      return loaded;
    },
    get: () => shown,
    async set(next) {
      shown = next;
      await save();
    },
    async drop(wallet) {
      const finds = wallet === undefined ? [] : shown.finds.filter((f) => f.wallet !== wallet);
      if (finds.length === shown.finds.length) return;
      shown = { finds, summary: finds.length > 0 && shown.summary };
      await save();
    },
  };
}
