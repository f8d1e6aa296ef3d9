/**
 * What the worker does with one live DCA message from the hub: the cached order view takes the
 * message's order (a transaction event's partial order, or a position snapshot's whole account),
 * and the tabs that hold one of its rooms get the fill and the merged order; a watched wallet's
 * transaction events go on to the watch service.
 */
import type { DcaTxEvent, LiveMessage, LivePartialOrder } from '../api/schemas/live';
import type { Cache } from '../cache';
import type { Pushes, Topic } from '../messaging';
import { mergeOrderView, type OrderView } from '../views';
import { toFillView } from './views';

export interface LivePushDeps {
  /** The worker's cache: order views are kept under 'order'. */
  cache: Pick<Cache, 'update'>;
  /** Tabs (with the topic they asked for) holding one of these rooms. */
  targets(rooms: string[]): { tabId: number; topic: Topic }[];
  send(tabId: number, event: Pushes['liveEvent']): Promise<unknown>;
  /** A tab that cannot be reached any more (closed, navigated) lets go of its rooms. */
  releaseTab(tabId: number): void;
  /** The watch service: a transaction event in one of the watchlist's rooms. */
  onWatchedEvent(event: DcaTxEvent, rooms: string[]): void;
}

export function createLivePush(deps: LivePushDeps) {
  /** The cached order view merged with a live order, so the next read shows it; undefined if none is cached. */
  const writeThrough = (address: string, live: LivePartialOrder) =>
    deps.cache.update<OrderView>('order', address, (old) => (old ? mergeOrderView(old, live) : old));

  function push(rooms: string[], event: Omit<Pushes['liveEvent'], 'topic'>): void {
    for (const { tabId, topic } of deps.targets(rooms)) {
      void deps.send(tabId, { topic, ...event }).catch(() => deps.releaseTab(tabId));
    }
  }

  /** Resolves once the tabs were sent what the message changed (tests wait on it). */
  return async function onLive(message: LiveMessage, rooms: string[]): Promise<void> {
    if (message.kind === 'dca-event') {
      const event = message.event;
      deps.onWatchedEvent(event, rooms);
      // The fill goes out even when no order is cached: a badge's progress moves with it. The
      // merged order lets an open popover show the new deposited/used/remaining too.
      const order = event.order ? await writeThrough(event.address, event.order) : undefined;
      push(rooms, { fill: toFillView(event), order: order ?? null });
    } else if (message.kind === 'dca-position') {
      // A snapshot carries no transaction: nothing to notify, but an open order popover or a badge
      // of that order shows the account as it is now (a keeper's fill lands here first).
      const { address, order } = message.snapshot;
      const merged = await writeThrough(address, order);
      if (merged) push(rooms, { fill: null, order: merged });
    }
  };
}
