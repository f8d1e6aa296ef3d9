import type { Loadable } from '../../components/shared/Loadable';
import { toErrorView } from '../../components/shared/Loadable';
import { NOT_FOUND_TEXT } from '../errors';
import type { EventRef } from '../messaging';
import type { AddressKind, OddsView } from '../views';
import type { Item, Timers, ViewAsk } from './types';

export interface QueueOptions {
  ask: ViewAsk;
  timers: Timers;
  /** visible items gathered this long, then sent together */
  gatherMs?: number;
  /** off-screen items wait this long (and go after any visible ones) */
  lazyMs?: number;
  onResult(item: Item, data: Loadable<unknown>): void;
  /**
   * `kind` undefined: the background left the address out of its answer (its lookup failed), so
   * nothing to remember. A failed `classify` message is no answer: its items go to onResult with
   * the error instead, to be retried like a badge's (lib/overlay/retry.ts).
   */
  onClassified(address: string, kind?: AddressKind): void;
}

const CLASSIFY_MAX = 200;
/** The background asks PnL 100 wallets per request (lib/background/data.ts). */
const WALLET_BATCH = 100;
/**
 * How long after a visible wave off-screen wallets may still join its last batch. The scanner reports
 * them over its first passes: within 250 ms on a fast machine, but up to about a second on one 2.7
 * times slower, where a 250 ms window let the wave go with 47 to 63 of 100 and cost the page a sixth
 * and seventh PnL call (500 wallets, floor 5). At most the batch's room rides along, after the
 * visible ones.
 */
const WAVE_MS = 1000;
const ODDS_MAX = 50;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Gathers the badges' data requests: visible ones for ~30 ms, off-screen ones later, then one
 * message per wallet, mint and order (the background batches those into API calls) and one per 50
 * events or 200 unknown addresses. Every failure becomes an error value for its item, never a throw.
 */
export function createRequestQueue(o: QueueOptions) {
  const visible = new Map<string, Item>();
  const lazy = new Map<string, Item>();
  let visibleTimer: unknown = null;
  let lazyTimer: unknown = null;

  const settle = (item: Item, p: Promise<unknown>) =>
    p.then(
      (value) => o.onResult(item, { status: 'ready', value }),
      (e) => o.onResult(item, { status: 'error', error: toErrorView(e) }),
    );

  function send(items: Item[]): void {
    const unknown: Item[] = [];
    const events: Item[] = [];
    for (const item of items) {
      if (item.kind === 'wallet') settle(item, o.ask('walletBadge', { address: item.address }));
      else if (item.kind === 'mint') settle(item, o.ask('tokenFlow', { mint: item.address }));
      else if (item.kind === 'order') settle(item, o.ask('order', { address: item.address }));
      else if (item.kind === 'event') events.push(item);
      else unknown.push(item);
    }
    for (const group of chunks(events, ODDS_MAX)) sendOdds(group);
    for (const group of chunks(unknown, CLASSIFY_MAX)) {
      o.ask('classify', { addresses: group.map((i) => i.address) }).then(
        (kinds) => {
          for (const i of group) o.onClassified(i.address, kinds[i.address]);
        },
        // No badge meanwhile (a guess would show wrong numbers): the items carry the error, so the
        // runtime asks again as it does for a failed badge (backoff, network back, new key).
        (e) => {
          for (const i of group) o.onResult(i, { status: 'error', error: toErrorView(e) });
        },
      );
    }
  }

  function sendOdds(group: Item[]): void {
    const refs = group.map((i) => i.event as EventRef);
    o.ask('odds', { events: refs }).then(
      (list) => {
        for (const item of group) {
          const view = list.find(
            (v: OddsView) => v.requestedId === item.event?.id && v.exchange === item.event?.exchange,
          );
          o.onResult(
            item,
            view
              ? { status: 'ready', value: view }
              : { status: 'error', error: { code: 'NOT_FOUND', message: NOT_FOUND_TEXT } },
          );
        }
      },
      (e) => {
        for (const item of group) o.onResult(item, { status: 'error', error: toErrorView(e) });
      },
    );
  }

  function flushVisible(): void {
    visibleTimer = null;
    const items = [...visible.values()];
    visible.clear();
    send([...items, ...topUp(items)]);
  }

  // Room left in the visible wave's last PnL batch. The scanner reports off-screen wallets over the
  // first few hundred ms, so wallets found shortly after the wave still ride along in that batch.
  let room = 0;
  let waveSent = 0;
  let waveUntil = 0;

  /**
   * Off-screen wallets that fill the visible wave's last PnL batch: a batch of 40 costs one request
   * like a batch of 100, so they ride along now instead of needing a request of their own later.
   * They are sent after the visible ones, so those still come first.
   */
  function topUp(items: Item[]): Item[] {
    const now = Date.now();
    if (now > waveUntil) {
      waveSent = 0;
      waveUntil = now + WAVE_MS;
    }
    waveSent += items.filter((i) => i.kind === 'wallet').length;
    room = (WALLET_BATCH - (waveSent % WALLET_BATCH)) % WALLET_BATCH;
    const extra: Item[] = [];
    for (const item of lazy.values()) {
      if (room === 0) break;
      if (item.kind !== 'wallet') continue;
      extra.push(item);
      room--;
    }
    for (const item of extra) lazy.delete(item.key);
    waveSent += extra.length;
    return extra;
  }

  function flushLazy(): void {
    lazyTimer = null;
    if (visible.size) {
      o.timers.clearTimeout(visibleTimer);
      flushVisible();
    }
    const items = [...lazy.values()];
    lazy.clear();
    send(items);
  }

  return {
    want(item: Item, isVisible: boolean): void {
      if (isVisible) {
        lazy.delete(item.key);
        visible.set(item.key, item);
        visibleTimer ??= o.timers.setTimeout(flushVisible, o.gatherMs ?? 30);
      } else if (
        item.kind === 'wallet' &&
        room > 0 &&
        Date.now() <= waveUntil &&
        !visible.has(item.key) &&
        !lazy.has(item.key)
      ) {
        // fills the visible wave's last PnL batch (see topUp)
        room--;
        visible.set(item.key, item);
        visibleTimer ??= o.timers.setTimeout(flushVisible, o.gatherMs ?? 30);
      } else if (!visible.has(item.key)) {
        lazy.set(item.key, item);
        lazyTimer ??= o.timers.setTimeout(flushLazy, o.lazyMs ?? 1500);
      }
    },
    /** Whether the item waits in the queue (not sent yet). */
    has(key: string): boolean {
      return visible.has(key) || lazy.has(key);
    },
    /** Drops everything not sent yet (page view changed); returns what was dropped. */
    clear(): Item[] {
      o.timers.clearTimeout(visibleTimer);
      o.timers.clearTimeout(lazyTimer);
      visibleTimer = lazyTimer = null;
      room = 0;
      const dropped = [...visible.values(), ...lazy.values()];
      visible.clear();
      lazy.clear();
      return dropped;
    },
  };
}
