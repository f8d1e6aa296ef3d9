/**
 * Live subscriptions of tabs: each tab is an owner in the hub ("tab:<id>"), released when the tab
 * closes or navigates, and live events are routed back only to the tabs that asked for them. The
 * tabs also follow the hub's state: each subscriber is pushed its new live line when it changes
 * (the connection dropped, came back, or the plan turned out to have no datastream).
 */
import { errorMessage } from '../errors';
import type { LiveHub, LiveState } from '../live/types';
import type { LiveLine, Pushes, Topic } from '../messaging';
import { messenger } from '../messenger';
import { topicRooms } from './services';

export type TabLive = ReturnType<typeof createTabLive>;
export type SendLive = (tabId: number, event: Pushes['liveEvent']) => Promise<unknown>;

/** The live events channel to a tab: this one's line pushes and live-push's fills and orders alike. */
export const toTab: SendLive = (tabId, event) => messenger.sendMessage('liveEvent', event, tabId);

export const RECONNECTING_TEXT = 'Reconnecting…';

/** What a tab's live line says in each state of the hub (the popup's status line says it at more length). */
export function liveLine(state: LiveState): LiveLine {
  switch (state) {
    case 'live':
      return { live: true, note: null };
    case 'reconnecting':
      return { live: false, note: RECONNECTING_TEXT };
    case 'offline':
      return { live: false, note: errorMessage('OFFLINE') };
    case 'needs-plan':
      return { live: false, note: errorMessage('NEEDS_PLAN') };
    case 'bad-key':
      return { live: false, note: errorMessage('UNAUTHORIZED') };
    default:
      // idle, stopped, or the first connection being made: nothing to say yet
      return { live: false, note: null };
  }
}

interface Held {
  topic: Topic;
  rooms: string[];
  /**
   * Subscribers of this topic in the tab: two frames, or a popover reopened before the previous
   * one's unsubscribe arrived. The rooms are released when the last one leaves.
   */
  count: number;
}

export function createTabLive(hub: LiveHub, send: SendLive = toTab) {
  // Rooms are worked out once per subscription, not again for every live event routed.
  const topicsByTab = new Map<number, Map<string, Held>>();
  const owner = (tabId: number) => `tab:${tabId}`;
  const keyOf = (t: Topic) => `${t.kind}:${t.address}`;
  const line = () => liveLine(hub.status().state);

  function releaseTab(tabId: number): void {
    topicsByTab.delete(tabId);
    hub.releaseOwner(owner(tabId));
  }

  // The line every subscriber was last told (in its answer, or pushed): a status change that does
  // not change it (a room more, a new retry time) pushes nothing.
  let said = line();
  hub.watchStatus((status) => {
    const now = liveLine(status.state);
    if (now.live === said.live && now.note === said.note) return;
    said = now;
    for (const [tabId, topics] of topicsByTab) {
      for (const held of topics.values()) {
        void send(tabId, { topic: held.topic, fill: null, order: null, state: now }).catch(() =>
          releaseTab(tabId),
        );
      }
    }
  });

  return {
    subscribe(tabId: number | null, topic: Topic): boolean {
      if (tabId === null) return false;
      const topics = topicsByTab.get(tabId) ?? new Map<string, Held>();
      topicsByTab.set(tabId, topics);
      const held = topics.get(keyOf(topic));
      if (held) held.count++;
      else {
        const rooms = topicRooms(topic);
        topics.set(keyOf(topic), { topic, rooms, count: 1 });
        hub.acquire(owner(tabId), rooms);
      }
      return hub.status().state === 'live';
    },
    unsubscribe(tabId: number | null, topic: Topic): boolean {
      if (tabId === null) return false;
      const topics = topicsByTab.get(tabId);
      const held = topics?.get(keyOf(topic));
      if (topics && held && --held.count === 0) {
        topics.delete(keyOf(topic));
        if (topics.size === 0) topicsByTab.delete(tabId);
        hub.release(owner(tabId), held.rooms);
      }
      return hub.status().state === 'live';
    },
    /** The live line a tab subscribing now is answered with (later changes are pushed to it). */
    line,
    releaseTab,
    /** Tabs (with the topic they asked for) that own one of these rooms. */
    targets(rooms: string[]): { tabId: number; topic: Topic }[] {
      const out: { tabId: number; topic: Topic }[] = [];
      for (const [tabId, topics] of topicsByTab) {
        for (const held of topics.values()) {
          if (held.rooms.some((r) => rooms.includes(r))) out.push({ tabId, topic: held.topic });
        }
      }
      return out;
    },
  };
}
