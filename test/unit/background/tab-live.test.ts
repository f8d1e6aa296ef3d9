/**
 * Tab subscriptions against the real live hub (no socket: its room bookkeeping is what counts). A
 * tab may hold one topic more than once: two frames, or a popover closed and opened again before
 * the first one's unsubscribe arrived.
 */
import { describe, expect, it } from 'vitest';
import { createTabLive } from '../../../lib/background/tab-live';
import { createLiveHub } from '../../../lib/live';
import { BONK } from '../watch/fixtures';

const token = { kind: 'token' as const, address: BONK };

function setup() {
  const hub = createLiveHub({ url: () => null, onEvent: () => {} });
  return { hub, tabs: createTabLive(hub) };
}

describe('tab live subscriptions', () => {
  it('a topic held twice in a tab keeps its rooms until both subscribers leave', () => {
    const { hub, tabs } = setup();
    tabs.subscribe(7, token);
    const rooms = hub.wantedRooms();
    expect(rooms.length).toBeGreaterThan(0);
    tabs.subscribe(7, token); // reopened before the first popover's unsubscribe went out
    tabs.unsubscribe(7, token); // the first popover's late unsubscribe
    expect(hub.wantedRooms()).toEqual(rooms);
    expect(tabs.targets(rooms).map((t) => t.tabId)).toEqual([7]);
    tabs.unsubscribe(7, token);
    expect(hub.wantedRooms()).toEqual([]);
    expect(tabs.targets(rooms)).toEqual([]);
  });

  it('an unsubscribe without a subscribe, or from another tab, releases nothing', () => {
    const { hub, tabs } = setup();
    tabs.subscribe(7, token);
    const rooms = hub.wantedRooms();
    tabs.unsubscribe(8, token);
    tabs.unsubscribe(7, { kind: 'wallet', address: BONK });
    expect(hub.wantedRooms()).toEqual(rooms);
    tabs.unsubscribe(7, token);
    tabs.unsubscribe(7, token); // one too many: nothing left to release, nothing goes negative
    tabs.subscribe(7, token);
    expect(hub.wantedRooms()).toEqual(rooms);
  });

  it('a closed tab drops every subscription at once, however many times it was held', () => {
    const { hub, tabs } = setup();
    tabs.subscribe(7, token);
    tabs.subscribe(7, token);
    tabs.subscribe(9, token);
    tabs.releaseTab(7);
    expect(tabs.targets(hub.wantedRooms()).map((t) => t.tabId)).toEqual([9]);
    tabs.releaseTab(9);
    expect(hub.wantedRooms()).toEqual([]);
  });

  it('no tab (a message from an extension page): nothing is held', () => {
    const { hub, tabs } = setup();
    expect(tabs.subscribe(null, token)).toBe(false);
    expect(hub.wantedRooms()).toEqual([]);
  });
});
