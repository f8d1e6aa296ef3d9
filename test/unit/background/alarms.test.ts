/**
 * The worker's periodic alarms are created once, not on every worker start: alarms.create with an
 * existing name replaces the alarm and starts its period over, so a worker woken more often than
 * once a minute would keep postponing them and the poll would never fire.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ensureAlarm } from '../../../lib/background/start';

const T0 = Date.UTC(2025, 0, 15, 12);

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

it('a worker restarted within the period keeps the alarm as it was scheduled', async () => {
  await ensureAlarm('watch-poll', { periodInMinutes: 1 });
  const first = await browser.alarms.get('watch-poll');
  expect(first).toMatchObject({ name: 'watch-poll', periodInMinutes: 1 });
  for (const s of [20, 40, 59]) {
    vi.setSystemTime(T0 + s * 1000); // the worker starts again, and again
    await ensureAlarm('watch-poll', { periodInMinutes: 1 });
  }
  expect(await browser.alarms.get('watch-poll')).toEqual(first);
  expect(await browser.alarms.getAll()).toHaveLength(1);
});

it('an alarm that is missing, or has another period, is (re)created', async () => {
  await ensureAlarm('live-wake', { periodInMinutes: 1 });
  await browser.alarms.clear('live-wake');
  vi.setSystemTime(T0 + 5_000);
  await ensureAlarm('live-wake', { periodInMinutes: 1 });
  expect(await browser.alarms.get('live-wake')).toMatchObject({ periodInMinutes: 1 });
  await ensureAlarm('live-wake', { periodInMinutes: 5 });
  expect(await browser.alarms.get('live-wake')).toMatchObject({ periodInMinutes: 5 });
});
