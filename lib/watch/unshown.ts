/**
 * What a catch-up found to announce and has not shown yet, kept in the private store
 * (lib/private-store.ts). A catch-up counts each wallet's changes as unread as it goes (and the
 * wallet's stored list has moved past them, so no later catch-up finds them again), but shows them
 * together when it ends: a worker stopped in between (MV3 stops an idle one after about 30 s; the
 * browser may close) would leave them counted and never shown. The next worker shows what is left
 * here.
 *
 * Kept per wallet as its "While you were away" needs it: each change with what its text says
 * (amounts, USD), and the order to open when the wallet has exactly one; past AWAY_KEEP changes, a
 * count per kind only (bounded storage).
 */
import { isNum } from '../format';
import { privateStore } from '../private-store';
import type { ChangeDetail, ChangeToken } from './event';
import { countByName } from './policy';
import type { AwayText } from './text';

export const UNSHOWN_KEY = 'local:watch:unshown';

/** Changes of one wallet kept with their amounts; past this, a count per kind. */
const AWAY_KEEP = 50;

export interface UnshownFind {
  wallet: string;
  /** When the first of them was found. */
  at: number;
  /** Each change with what its text says (up to AWAY_KEEP); past that, one per kind, without orders. */
  events: AwayText[];
}

/** `finds` with one wallet's new ones added (merged by kind past AWAY_KEEP). */
export function addFind(
  finds: readonly UnshownFind[],
  wallet: string,
  events: readonly AwayText[],
  at: number,
): UnshownFind[] {
  if (events.length === 0) return [...finds];
  const prev = finds.find((f) => f.wallet === wallet);
  const all = [...(prev?.events ?? []), ...events];
  // A single change opens its order; several open the wallet.
  const order = all.length === 1 ? (all[0]!.order ?? null) : null;
  const kept: AwayText[] =
    all.length <= AWAY_KEEP
      ? all.map(({ eventName, count, order, usd, detail }) => ({
          eventName,
          count,
          order,
          usd: usd ?? null,
          detail,
        }))
      : [...countByName(all)].map(([eventName, count]) => ({ eventName, count, order }));
  return [...finds.filter((f) => f !== prev), { wallet, at: prev?.at ?? at, events: kept }];
}

/** What is trusted when read back: storage can hold anything an older version or a bug wrote. */
export function readFinds(value: unknown): UnshownFind[] {
  if (!Array.isArray(value)) return [];
  const out: UnshownFind[] = [];
  for (const f of value as Partial<UnshownFind>[]) {
    if (!f || typeof f.wallet !== 'string' || !isNum(f.at) || !Array.isArray(f.events)) continue;
    const events = f.events
      .filter(
        (e) =>
          e &&
          typeof e.eventName === 'string' &&
          isNum(e.count) &&
          (e.order === null || typeof e.order === 'string'),
      )
      .map((e) => ({
        eventName: e.eventName,
        count: e.count,
        order: e.order,
        usd: isNum(e.usd) ? e.usd : null,
        detail: readDetail(e.detail),
      }));
    if (events.length) out.push({ wallet: f.wallet, at: f.at, events });
  }
  return out;
}

const numOrNull = (v: unknown) => (isNum(v) ? v : null);
const strOrNull = (v: unknown) => (typeof v === 'string' ? v : null);

function readToken(v: unknown): ChangeToken | null {
  if (!v || typeof v !== 'object') return null;
  const t = v as Record<string, unknown>;
  return {
    ...(typeof t.mint === 'string' ? { mint: t.mint } : {}),
    symbol: strOrNull(t.symbol),
    decimals: numOrNull(t.decimals),
  };
}

/** A stored change's detail, each field checked (the text cleans strings; numbers must be numbers). */
function readDetail(v: unknown): ChangeDetail | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const d = v as Record<string, unknown>;
  return {
    input: readToken(d.input),
    output: readToken(d.output),
    amount: numOrNull(d.amount),
    received: numOrNull(d.received),
    returned: numOrNull(d.returned),
    progress: numOrNull(d.progress),
    frequency: strOrNull(d.frequency),
    status: strOrNull(d.status),
  };
}

export interface UnshownStore {
  load(): Promise<void>;
  list(): readonly UnshownFind[];
  add(wallet: string, events: readonly AwayText[], at: number): Promise<void>;
  clear(): Promise<void>;
}

export function createUnshownStore(): UnshownStore {
  let finds: UnshownFind[] = [];
  let loaded: Promise<void> | null = null;
  return {
    load() {
      loaded ??= privateStore.getItem(UNSHOWN_KEY).then((value) => {
        finds = readFinds(value);
      });
      return loaded;
    },
    list: () => finds,
    async add(wallet, events, at) {
      if (events.length === 0) return;
      finds = addFind(finds, wallet, events, at);
      await privateStore.setItem(UNSHOWN_KEY, finds);
    },
    async clear() {
      if (finds.length === 0) return;
      finds = [];
      await privateStore.removeItem(UNSHOWN_KEY);
    },
  };
}

export const AWAY_KEY = 'local:watch:away';

/**
 * What the visible "While you were away" notifications name, kept in the private store: a later
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
    if (shown.finds.length) await privateStore.setItem(AWAY_KEY, shown);
    else await privateStore.removeItem(AWAY_KEY);
  };
  return {
    load() {
      loaded ??= privateStore.getItem<Partial<AwayShown>>(AWAY_KEY).then((value) => {
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
