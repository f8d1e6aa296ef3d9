import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { rooms } from '../../../lib/api/rooms';
import type { NotificationRules } from '../../../lib/settings';
import type { WatchChange, WatchServiceOptions } from '../../../lib/watch';
import { badgeText } from '../../../lib/watch/notifier';
import {
  addr,
  closed,
  deposit,
  fakeNotifications,
  filled,
  rules as makeRules,
  manualTimers,
  opened,
  watchService,
} from './fixtures';

const NOON = Date.UTC(2025, 0, 15, 12);
const WHALE = addr(1);
const OTHER = addr(2);

function setup(patch: Partial<WatchServiceOptions> & { rules?: NotificationRules } = {}) {
  const timers = manualTimers();
  const changes: WatchChange[] = [];
  const clock = { t: NOON };
  const { svc, n, badge } = watchService({
    getRules: async () => patch.rules ?? makeRules(),
    iconUrl: 'icon/128.png',
    now: () => clock.t,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    onChange: (c) => changes.push(c),
    ...patch,
  });
  return { svc, n, badge, timers, changes, clock };
}

describe('notifier', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('one event: one notification after the grouping window, badge counts it', async () => {
    const { svc, n, badge, timers } = setup();
    await svc.start();
    await svc.add(WHALE, 'Whale');
    const order = addr(50);
    expect(await svc.handleEvent(filled({ wallet: WHALE, order, usd: null }))).toEqual({ action: 'notify' });
    expect(badge.last()).toBe('1');
    expect(n.created).toEqual([]); // held for the grouping window
    expect(timers.pending()).toEqual([2000]);
    timers.fireAll();
    await svc.flush(); // waits for the timer's flush queued before it
    expect(n.created).toHaveLength(1);
    const id = n.created[0]!;
    expect(n.shown.get(id)).toMatchObject({
      type: 'basic',
      iconUrl: 'icon/128.png',
      title: 'Whale',
      message: 'Filled: 50 USDC → 0.31 SOL, 40% done',
    });
    expect(await svc.onClicked(id)).toBe(`lookup.html#q=order%20${order}`);
    expect(badge.last()).toBe('');
    expect(n.shown.size).toBe(0);
  });

  it('events coming fast for one wallet become one summary notification', async () => {
    const { svc, n, badge } = setup();
    await svc.start();
    await svc.add(WHALE, 'Whale');
    for (let i = 0; i < 4; i++) await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.handleEvent(deposit({ wallet: WHALE }));
    await svc.flush();
    expect(n.created).toEqual([`ol|${WHALE}|-|burst`]);
    expect(n.shown.get(n.created[0]!)?.message).toBe(
      '4 fills: 200 USDC → 1.24 SOL ($200), 40% done; 1 deposit ($250)',
    );
    expect(badge.last()).toBe('5');
    // clicking a wallet summary opens the wallet
    expect(await svc.onClicked(n.created[0]!)).toBe(`lookup.html#q=${WHALE}`);
  });

  it('a burst that starts slowly replaces the individual notifications already shown', async () => {
    const { svc, n, clock } = setup();
    await svc.start();
    await svc.add(WHALE, 'Whale');
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.flush();
    expect(n.shown.size).toBe(2);
    clock.t += 20_000;
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.flush();
    expect([...n.shown.values()].map((o) => o.message)).toEqual([
      '4 fills: 200 USDC → 1.24 SOL ($200), 40% done',
    ]);
    expect(n.cleared).toHaveLength(2);
    // a minute later the window is over: single notifications again
    clock.t += 61_000;
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.flush();
    expect(n.shown.size).toBe(2);
  });

  it('bursts are per wallet', async () => {
    const { svc, n } = setup();
    await svc.start();
    await svc.add(WHALE, 'Whale');
    await svc.add(OTHER, 'Other');
    for (let i = 0; i < 3; i++) await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.handleEvent(filled({ wallet: OTHER }));
    await svc.flush();
    expect(n.created).toHaveLength(4);
  });

  it('ignores wallets that are not watched', async () => {
    const { svc, n, badge } = setup();
    await svc.start();
    await svc.add(WHALE);
    expect(await svc.handleEvent(filled({ wallet: OTHER }))).toEqual({
      action: 'drop',
      reason: 'not-watched',
    });
    await svc.flush();
    expect(n.created).toEqual([]);
    expect(badge.last()).toBe('');
  });

  it('a wallet removed within the grouping window is not notified', async () => {
    const { svc, n, badge, timers } = setup();
    await svc.start();
    await svc.add(WHALE, 'Whale');
    await svc.add(OTHER, 'Other');
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.handleEvent(filled({ wallet: OTHER }));
    await svc.remove(WHALE); // the user unwatches it before the 2 s window closes
    timers.fireAll();
    await svc.flush();
    expect(n.created.map((id) => id.split('|')[1])).toEqual([OTHER]);
    expect(badge.last()).toBe('1'); // its unread count went with it
  });

  it('a wallet removed and watched again starts afresh: what was shown before it was removed makes no burst', async () => {
    const { svc, n, clock } = setup();
    await svc.start();
    await svc.add(WHALE, 'Whale');
    for (let i = 0; i < 3; i++) await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.flush();
    expect(n.created).toHaveLength(3);
    await svc.remove(WHALE);
    await svc.add(WHALE, 'Whale');
    clock.t += 5_000;
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.flush();
    expect(n.created).toHaveLength(4);
    expect(n.created).not.toContain(`ol|${WHALE}|-|burst`);
    expect(n.cleared).toEqual([]);
    expect(svc.notifier.recentCount()).toBe(1);
  });

  it('what was shown longer ago than the burst window is let go, whichever wallet shows next', async () => {
    const { svc, clock } = setup();
    await svc.start();
    await svc.add(WHALE, 'Whale');
    await svc.add(OTHER, 'Other');
    for (let i = 0; i < 2; i++) await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.flush();
    expect(svc.notifier.recentCount()).toBe(2);
    clock.t += 61_000; // the whale has been quiet for longer than the window
    await svc.handleEvent(filled({ wallet: OTHER }));
    await svc.flush();
    expect(svc.notifier.recentCount()).toBe(1);
  });

  it('quiet hours: counted in the badge, no notification', async () => {
    const { svc, n, badge, clock } = setup({
      rules: makeRules({ quietHours: { enabled: true, start: '22:00', end: '07:00' } }),
    });
    clock.t = Date.UTC(2025, 0, 15, 23, 30);
    await svc.start();
    await svc.add(WHALE);
    expect(await svc.handleEvent(filled({ wallet: WHALE }))).toEqual({
      action: 'quiet',
      reason: 'quiet-hours',
    });
    await svc.flush();
    expect(n.created).toEqual([]);
    expect(badge.last()).toBe('1');
  });

  it('switches and the minimum USD filter events out entirely', async () => {
    const r = makeRules({ minUsd: 100 });
    r.events.Deposit = false;
    const { svc, n, badge } = setup({ rules: r });
    await svc.start();
    await svc.add(WHALE);
    expect(await svc.handleEvent(filled({ wallet: WHALE, usd: 50 }))).toEqual({
      action: 'drop',
      reason: 'below-min',
    });
    expect(await svc.handleEvent(deposit({ wallet: WHALE, usd: 5000 }))).toEqual({
      action: 'drop',
      reason: 'event-off',
    });
    expect(await svc.handleEvent(opened({ wallet: WHALE, usd: 1000 }))).toEqual({ action: 'notify' });
    await svc.flush();
    expect(n.created).toHaveLength(1);
    expect(badge.last()).toBe('1');
  });

  it('minimum USD: a fill of unknown value is counted without a pop-up; an order opening or closing of unknown value is news', async () => {
    const { svc, n, badge } = setup({ rules: makeRules({ minUsd: 100 }) });
    await svc.start();
    await svc.add(WHALE, 'Whale');
    expect(await svc.handleEvent(filled({ wallet: WHALE, usd: null }))).toEqual({
      action: 'quiet',
      reason: 'no-usd',
    });
    expect(badge.last()).toBe('1');
    expect(await svc.handleEvent(opened({ wallet: WHALE, usd: 20 }))).toEqual({
      action: 'drop',
      reason: 'below-min',
    });
    expect(
      await svc.handleEvent(opened({ wallet: WHALE, usd: 200, order: addr(61), signature: 'big' })),
    ).toEqual({
      action: 'notify',
    });
    expect(await svc.handleEvent(closed({ wallet: WHALE }))).toEqual({ action: 'notify' }); // no USD at all
    await svc.flush();
    expect([...n.shown.values()].map((o) => o.message)).toEqual([
      'Opened: 1K USDC → BONK ($200), 100 USDC every hour',
      'Completed: received 51.2M BONK',
    ]);
    expect(badge.last()).toBe('3');
  });

  it('a Closed notification opens its order with a kind hint (the account is gone after the close)', async () => {
    const { svc, n } = setup();
    await svc.start();
    await svc.add(WHALE, 'Whale');
    const order = addr(51);
    await svc.handleEvent(closed({ wallet: WHALE, order }));
    await svc.flush();
    expect(n.shown.get(n.created[0]!)).toMatchObject({
      title: 'Whale',
      message: 'Completed: received 51.2M BONK',
    });
    expect(await svc.onClicked(n.created[0]!)).toBe(`lookup.html#q=order%20${order}`);
    // the order's query goes into whatever address the background builds
    const abs = setup({ lookupUrl: (q) => `chrome-extension://x/lookup.html#q=${encodeURIComponent(q)}` });
    await abs.svc.start();
    await abs.svc.add(OTHER);
    expect(await abs.svc.onClicked(`ol|${OTHER}|${order}|t:sig:0`)).toBe(
      `chrome-extension://x/lookup.html#q=order%20${order}`,
    );
    expect(await abs.svc.onClicked(`ol|${OTHER}|-|burst`)).toBe(
      `chrome-extension://x/lookup.html#q=${OTHER}`,
    );
  });

  it('never shows the same event twice: copies from overlapping rooms, concurrent copies, and after a restart', async () => {
    const first = setup();
    await first.svc.start();
    await first.svc.add(WHALE, 'Whale');
    const e = filled({ wallet: WHALE, signature: 'SIG1', eventIndex: 1 });
    const results = await Promise.all([
      first.svc.handleEvent(e, rooms.dcaWallet('jupiter', WHALE)),
      first.svc.handleEvent(structuredClone(e), rooms.dca('jupiter')),
    ]);
    expect(results.map((r) => r.action)).toEqual(['notify', 'drop']);
    // same signature, other instruction of the transaction: a different event
    await first.svc.handleEvent(filled({ wallet: WHALE, signature: 'SIG1', eventIndex: 2 }));
    await first.svc.flush();
    expect(first.n.created).toHaveLength(2);

    // the worker stops; a new one starts over the same storage and the stream re-sends the event
    const second = setup();
    await second.svc.start();
    expect(second.badge.last()).toBe('2');
    expect(await second.svc.handleEvent(e)).toEqual({ action: 'drop', reason: 'duplicate' });
    await second.svc.flush();
    expect(second.n.created).toEqual([]);
    expect((await second.svc.watchlist.unread()).total).toBe(2);
  });

  it('opening the popup (markRead) clears the counts and the badge; clicks clear one wallet', async () => {
    const { svc, n, badge } = setup();
    await svc.start();
    await svc.add(WHALE);
    await svc.add(OTHER);
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.handleEvent(filled({ wallet: OTHER }));
    await svc.handleEvent(filled({ wallet: OTHER }));
    await svc.flush();
    expect(badge.last()).toBe('3');
    const whaleId = n.created.find((id) => id.includes(WHALE))!;
    await svc.onClicked(whaleId);
    expect(badge.last()).toBe('2');
    expect((await svc.watchlist.unread()).byWallet).toEqual({ [WHALE]: 0, [OTHER]: 2 });
    expect(await svc.markRead()).toBe(0);
    expect(badge.last()).toBe('');
  });

  it('click on a notification that is not ours answers null', async () => {
    const { svc } = setup();
    await svc.start();
    expect(await svc.onClicked('someone-else')).toBeNull();
    expect(await svc.onClicked('ol|not-an-address|-|x')).toBeNull();
  });

  it('badge text: empty at 0, capped at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(150)).toBe('99+');
  });

  it('uses the label, else the .sol name, else the short address as the title', async () => {
    const { svc, n } = setup();
    await svc.start();
    await svc.add(WHALE);
    await svc.setDomains({ [WHALE]: 'whale.sol' });
    await svc.handleEvent(filled({ wallet: WHALE }));
    await svc.flush();
    expect(n.shown.get(n.created[0]!)?.title).toBe('whale.sol');
  });
});

describe('watch service rooms', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('rooms() lists the wallet room of each watched wallet; onChange tells what to join and release', async () => {
    const { svc, changes } = setup();
    expect((await svc.start()).rooms).toEqual([]);
    await svc.add(WHALE);
    await svc.add(OTHER);
    expect(svc.rooms()).toEqual([rooms.dcaWallet('jupiter', WHALE), rooms.dcaWallet('jupiter', OTHER)]);
    await svc.remove(WHALE);
    expect(changes.map((c) => [c.added, c.removed])).toEqual([
      [[rooms.dcaWallet('jupiter', WHALE)], []],
      [[rooms.dcaWallet('jupiter', OTHER)], []],
      [[], [rooms.dcaWallet('jupiter', WHALE)]],
    ]);
    const result = await svc.importJson(JSON.stringify([WHALE]));
    expect(result.added).toBe(1);
    expect(changes.at(-1)?.rooms).toEqual([
      rooms.dcaWallet('jupiter', OTHER),
      rooms.dcaWallet('jupiter', WHALE),
    ]);
  });

  it('after a restart, start() answers the rooms to acquire again', async () => {
    const a = setup();
    await a.svc.start();
    await a.svc.add(WHALE);
    const b = setup({ programs: () => ['jupiter', 'other'] });
    expect(b.svc.rooms()).toEqual([]);
    const start = await b.svc.start();
    expect(start.rooms).toEqual([rooms.dcaWallet('jupiter', WHALE), rooms.dcaWallet('other', WHALE)]);
    expect(b.svc.rooms()).toEqual(start.rooms);
  });
});

describe('a catch-up that synced a wallet twice (a long run extended by another reconnect)', () => {
  it('names the wallet once: its two finds are one notification, and a summary counts it once', async () => {
    const { fromLiveEvent } = await import('../../../lib/watch/event');
    const { createNotifier } = await import('../../../lib/watch/notifier');
    const { createWatchlist } = await import('../../../lib/watch/watchlist');
    const n = fakeNotifications();
    const watchlist = createWatchlist();
    const notifier = createNotifier({
      notifications: n.api,
      setBadge: async () => {},
      getRules: () => makeRules(),
      watchlist,
      iconUrl: 'icon.png',
    });
    await notifier.init();
    const wallets = [addr(1), addr(2), addr(3), addr(4)];
    for (const w of wallets) await watchlist.add(w, null);
    const fillOf = (w: string, sig: string) =>
      fromLiveEvent(filled({ wallet: w, signature: sig }), Date.now())!;
    // 3 wallets, one of them found twice: per-wallet notifications, that wallet's once (two fills)
    await notifier.showAway([
      { wallet: wallets[0]!, events: [fillOf(wallets[0]!, 'a')] },
      { wallet: wallets[1]!, events: [fillOf(wallets[1]!, 'b')] },
      { wallet: wallets[0]!, events: [fillOf(wallets[0]!, 'c')] },
    ]);
    expect([...n.shown.values()].map((o) => o.message)).toEqual([
      expect.stringMatching(/2 fills/),
      expect.stringMatching(/1 fill/),
    ]);
    // 4 wallets, one found twice: one summary, "across 4 wallets", not 5
    n.shown.clear();
    await notifier.showAway([
      ...wallets.map((w, i) => ({ wallet: w, events: [fillOf(w, `s${i}`)] })),
      { wallet: wallets[0]!, events: [fillOf(wallets[0]!, 'late')] },
    ]);
    expect([...n.shown.values()].map((o) => o.message)).toEqual([
      expect.stringMatching(/across 4 wallets: /),
    ]);
  });
});
