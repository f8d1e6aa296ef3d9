/**
 * What an earlier worker's catch-up counted and could not show is shown by the next worker, by the
 * rules as they are when it is shown, not as they were when it was found: a "While you were away"
 * never pops up inside quiet hours, nor for a kind of event (or all notifications) turned off
 * meanwhile. What is not shown stays counted, as an event found silent is, and is not kept.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { privateStore } from '../../../lib/private-store';
import type { NotificationRules } from '../../../lib/settings';
import { UNSHOWN_KEY, type UnshownFind } from '../../../lib/watch/unshown';
import { addr, rules, watchService } from './fixtures';

const HOUR = 60 * 60_000;
const AT = (h: number) => Date.UTC(2025, 0, 15, h);
const WHALE = addr(1);
const NIGHT = { enabled: true, start: '22:00', end: '07:00' };

beforeEach(() => {
  fakeBrowser.reset();
});

function worker(t: number, ruleSet: NotificationRules) {
  return watchService({ getRules: () => ruleSet, now: () => t });
}

/** A worker's catch-up counted two fills of the whale an hour before `t` and was stopped before showing them. */
async function leftUnshown(t: number) {
  const first = worker(t - HOUR, rules());
  await first.svc.start();
  await first.svc.add(WHALE, 'Whale');
  await first.svc.watchlist.bumpUnread(WHALE, 2);
  const finds: UnshownFind[] = [
    { wallet: WHALE, at: t - HOUR, events: [{ eventName: 'Filled', count: 2, order: null }] },
  ];
  await privateStore.setItem(UNSHOWN_KEY, finds);
}

describe('what an earlier worker left unshown, by the rules now', () => {
  it('outside quiet hours: shown', async () => {
    await leftUnshown(AT(21));
    const next = worker(AT(21), rules({ quietHours: NIGHT }));
    await next.svc.start();
    expect(next.messages()).toEqual(['While you were away: 2 fills']);
  });

  it('at 23:00, inside quiet hours: not shown, still counted, not kept for later', async () => {
    await leftUnshown(AT(23));
    const next = worker(AT(23), rules({ quietHours: NIGHT }));
    await next.svc.start();
    expect(next.messages()).toEqual([]);
    expect(next.badge.last()).toBe('2');
    expect(await privateStore.getItem(UNSHOWN_KEY)).toBeNull();
    // the morning worker has nothing left to pop up either
    const morning = worker(AT(23) + 9 * HOUR, rules({ quietHours: NIGHT }));
    await morning.svc.start();
    expect(morning.messages()).toEqual([]);
  });

  it('fills turned off meanwhile, or notifications altogether: not shown', async () => {
    await leftUnshown(AT(12));
    const off = rules();
    const fillsOff = worker(AT(12), { ...off, events: { ...off.events, Filled: false } });
    await fillsOff.svc.start();
    expect(fillsOff.messages()).toEqual([]);

    await leftUnshown(AT(12));
    const allOff = worker(AT(12), rules({ enabled: false }));
    await allOff.svc.start();
    expect(allOff.messages()).toEqual([]);
    expect(allOff.badge.last()).toBe('4');
  });
});
