/**
 * What the worker does with one live DCA message from the hub: the cached order view, and the
 * order's entry in its owner's cached order list, take the message's order (a transaction event's
 * partial order, or a position snapshot's whole account), and the tabs that hold one of its rooms
 * get the fill and the merged order; transaction events go on to the watch service.
 */
import { type DcaSummary, isKnownDcaStatus } from '../api/schemas/dca';
import type { DcaPosition, DcaTxEvent, LiveMessage, LivePartialOrder } from '../api/schemas/live';
import type { Cache } from '../cache';
import { ownerOf } from '../live/targets';
import type { Pushes, Topic } from '../messaging';
import { mergeOrderView, type OrderView } from '../views';
import type { WalletDcaEntry } from './data';
import { toFillView } from './views';

export interface LivePushDeps {
  /** The worker's cache: order views are kept under 'order', wallets' order lists under 'walletDca'. */
  cache: Pick<Cache, 'update'>;
  /** Tabs (with the topic they asked for) holding one of these rooms. */
  targets(rooms: string[]): { tabId: number; topic: Topic }[];
  send(tabId: number, event: Pushes['liveEvent']): Promise<unknown>;
  /** A tab that cannot be reached any more (closed, navigated) lets go of its rooms. */
  releaseTab(tabId: number): void;
  /** Every transaction event, with its rooms (the watch service takes those in the watchlist's). */
  onTxEvent(event: DcaTxEvent, rooms: string[]): void;
}

/**
 * A wallet's order counts with one listed order moved from its old status to its new one (a fill
 * that completed it, a pause): the card's "n active · n paused" line stays true to its rows. A
 * status the spec does not list (`cancelled`...) has no count of its own: an order moving to one
 * only leaves its old count, one moving from one only joins its new count (`total` keeps it).
 */
function moved(summary: DcaSummary, from: string, to: string): DcaSummary {
  if (from === to) return summary;
  const fromCounted = isKnownDcaStatus(from);
  // counts that already disagree with the list are the service's; better left than made worse
  if (fromCounted && summary[from] <= 0) return summary;
  const out = { ...summary };
  if (fromCounted) out[from] = summary[from] - 1;
  if (isKnownDcaStatus(to)) out[to] = summary[to] + 1;
  return out;
}

export function createLivePush(deps: LivePushDeps) {
  /** The cached order view merged with a live order, so the next read shows it; undefined if none is cached. */
  const writeOrder = (address: string, live: LivePartialOrder) =>
    deps.cache.update<OrderView>('order', address, (old) => (old ? mergeOrderView(old, live) : old));

  /**
   * The order's entry in its owner's cached order list (a wallet card's first page) merged with a
   * live order, so a wallet popover opened next shows it; the merged entry, undefined if the list is
   * not cached or does not hold the order (nothing is written then).
   */
  async function writeListed(owner: string, address: string, live: LivePartialOrder) {
    let merged: OrderView | undefined;
    await deps.cache.update<WalletDcaEntry>('walletDca', owner, (old) => {
      const at = old ? old.orders.orders.findIndex((o) => o.address === address) : -1;
      if (!old || at < 0) return undefined;
      const before = old.orders.orders[at]!;
      merged = mergeOrderView(before, live);
      return {
        ...old,
        summary: moved(old.summary, before.status, merged.status),
        orders: { ...old.orders, orders: old.orders.orders.with(at, merged) },
      };
    });
    return merged;
  }

  /**
   * Both caches take the live order; the merged order for the tabs: the order view where one is
   * cached (it has more than a list's entry), else the list's entry, else undefined.
   */
  async function writeThrough(data: DcaTxEvent | DcaPosition, live: LivePartialOrder) {
    const owner = ownerOf(data, live);
    const [view, listed] = await Promise.all([
      writeOrder(data.address, live),
      owner ? writeListed(owner, data.address, live) : undefined,
    ]);
    return view ?? listed;
  }

  function push(rooms: string[], event: Omit<Pushes['liveEvent'], 'topic'>): void {
    for (const { tabId, topic } of deps.targets(rooms)) {
      void deps.send(tabId, { topic, ...event }).catch(() => deps.releaseTab(tabId));
    }
  }

  /** Resolves once the tabs were sent what the message changed (tests wait on it). */
  return async function onLive(message: LiveMessage, rooms: string[]): Promise<void> {
    if (message.kind === 'dca-event') {
      const event = message.event;
      deps.onTxEvent(event, rooms);
      // The fill goes out even when no order is cached: a badge's progress moves with it. The
      // merged order lets an open popover show the new deposited/used/remaining too.
      const order = event.order ? await writeThrough(event, event.order) : undefined;
      push(rooms, { fill: toFillView(event), order: order ?? null });
    } else if (message.kind === 'dca-position') {
      // A snapshot carries no transaction: nothing to notify, but an open order or wallet popover,
      // or a badge of that order, shows the account as it is now (a keeper's fill lands here first).
      const { snapshot } = message;
      const merged = await writeThrough(snapshot, snapshot.order);
      if (merged) push(rooms, { fill: null, order: merged });
    }
  };
}
