/**
 * Live subscriptions of tabs: each tab is an owner in the hub ("tab:<id>"), released when the tab
 * closes or navigates, and live events are routed back only to the tabs that asked for them.
 */
import type { LiveHub } from '../live/types';
import type { Topic } from '../messaging';
import { topicRooms } from './services';

export type TabLive = ReturnType<typeof createTabLive>;

interface Held {
  topic: Topic;
  rooms: string[];
  /**
   * Subscribers of this topic in the tab: two frames, or a popover reopened before the previous
   * one's unsubscribe arrived. The rooms are released when the last one leaves.
   */
  count: number;
}

export function createTabLive(hub: LiveHub) {
  // Rooms are worked out once per subscription, not again for every live event routed.
  const topicsByTab = new Map<number, Map<string, Held>>();
  const owner = (tabId: number) => `tab:${tabId}`;
  const keyOf = (t: Topic) => `${t.kind}:${t.address}`;

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
    releaseTab(tabId: number): void {
      topicsByTab.delete(tabId);
      hub.releaseOwner(owner(tabId));
    },
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
