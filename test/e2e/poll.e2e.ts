/**
 * Watching without the datastream: with the free key `demo-free` the simulator refuses the socket
 * (403), so the extension polls watched wallets through REST on its alarm and notifies what changed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../sim/state';
import { type ChromeApi, type Lens, launchLens } from './harness';
import { openPopup, shootBoth, watchWalletInPopup } from './ui';

let lens: Lens;
beforeAll(async () => {
  lens = await launchLens();
});
afterAll(async () => {
  await lens?.close();
});

const worker = () => lens.context.serviceWorkers()[0] ?? lens.worker;
type Global = { chrome: ChromeApi; __lensNotifications?: { id: string; title: string; message: string }[] };

/** Notifications Chrome shows now, with the texts the test build keeps (getAll gives ids only). */
async function notifications(): Promise<{ id: string; title: string; message: string }[]> {
  return worker().evaluate(async () => {
    const g = globalThis as unknown as Global;
    const shown = await new Promise<Record<string, boolean>>((r) =>
      g.chrome.notifications.getAll(r as never),
    );
    return (g.__lensNotifications ?? []).filter((n) => shown[n.id]);
  });
}

const badgeText = () =>
  worker().evaluate(() => (globalThis as unknown as Global).chrome.action.getBadgeText({}));

type Logged = LogEntry;
const ordersRequests = async (wallet: string, since: number) =>
  (await lens.sim<Logged[]>('requests')).filter(
    (r) => r.path === `/dca/wallet/${wallet}/orders` && r.time >= since,
  );

/**
 * Fires the real poll alarm now: the same alarm name the worker registers every minute, re-created
 * with an immediate `when`, so Chrome's alarm event runs the worker's own listener. The periodic
 * alarm is put back afterwards. Returns once the poll fetched every page of the wallet's orders (as
 * many as the service's `total` makes) and stored what it saw.
 */
async function firePollAlarm(wallet: string): Promise<void> {
  // (pages of 100, the size the catch-up asks for, five at most)
  const total = (await lens.api<{ pagination: { total: number } }>(`/dca/wallet/${wallet}/orders?limit=100`))
    .pagination.total;
  const pages = Math.min(5, Math.max(1, Math.ceil(total / 100)));
  const since = Date.now();
  await worker().evaluate(async () => {
    const { chrome } = globalThis as unknown as Global;
    await chrome.alarms.create('watch-poll', { when: Date.now() + 50 });
  });
  await expect
    .poll(async () => (await ordersRequests(wallet, since)).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(pages);
  await new Promise((r) => setTimeout(r, 500)); // the diff and the storage write after the last page
  await worker().evaluate(async () => {
    const { chrome } = globalThis as unknown as Global;
    await chrome.alarms.create('watch-poll', { periodInMinutes: 1 });
  });
}

describe('polling stands in for the datastream on a plan without it', () => {
  const wallet = () => lens.catalog.wallets[0]!;
  let options: Page;

  it('the free key, saved on the options page, has no live updates; the status line says so', async () => {
    options = await lens.context.newPage();
    await options.goto(lens.extensionPage('options.html'));
    await options.getByTestId('key-input').fill('demo-free');
    await options.getByTestId('key-save').click();
    const sub = await lens.api<{ plan: string }>('/subscription', { headers: { 'x-api-key': 'demo-free' } });
    await expect
      .poll(() => options.getByTestId('key-result').textContent(), { timeout: 10_000 })
      .toBe(`Key saved. Plan: ${sub.plan} · 250,000 credits left · no live updates on this plan`);

    const popup = await watchWalletInPopup(lens.context, lens.extensionId, wallet());
    await expect
      .poll(() => popup.getByTestId('status-live').textContent(), { timeout: 15_000 })
      .toContain('Live updates need a Premium plan');
    expect(await popup.getByTestId('status-plan').textContent()).toContain(sub.plan);
    await shootBoth(lens, 'popup-free-plan', popup);
    await popup.close();
    // the socket was refused (403), not silently dropped
    const upgrades = (await lens.sim<Logged[]>('requests')).filter((r) => r.path.startsWith('/ws/'));
    expect(upgrades.some((r) => r.status === 403)).toBe(true);
  });

  it('a change to a watched wallet is notified through polling, worded like the live event', async () => {
    // first poll: records the wallet's orders as they are (nothing is news yet)
    await firePollAlarm(wallet());
    const before = await notifications();
    expect(before).toEqual([]);

    const emitted = await lens.sim<{ order?: { address: string } }>('emit', {
      wallet: wallet(),
      eventName: 'Filled',
    });
    expect(emitted).toBeTruthy();
    await firePollAlarm(wallet());
    await expect
      .poll(async () => (await notifications()).map((n) => n.message), { timeout: 15_000 })
      .toContainEqual(expect.stringMatching(/^Filled: /));
    const [note] = await notifications();
    expect(note!.id).toContain(wallet());

    // the toolbar badge counts the unread change
    await expect.poll(badgeText).toBe('1');
  });

  it('the same state polled again is not notified twice', async () => {
    const count = (await lens.sim<unknown[]>('requests')).length;
    await firePollAlarm(wallet());
    expect((await lens.sim<unknown[]>('requests')).length).toBeGreaterThan(count);
    await new Promise((r) => setTimeout(r, 1500)); // time for a (wrong) second notification to show
    const fills = (await notifications()).filter((n) => n.message.startsWith('Filled: '));
    expect(fills).toHaveLength(1);
    const g = await worker().evaluate(
      () => (globalThis as unknown as Global).__lensNotifications?.length ?? 0,
    );
    expect(g).toBe(1);
  });

  it("the notification's lookup page shows the wallet; opening the popup clears the badge", async () => {
    // Headless Chromium cannot click a desktop notification. The click handler (unit-tested in
    // test/unit/watch/notifier.test.ts) opens lookup.html#q=<wallet>; that page is checked here.
    const [note] = await notifications();
    const target = note!.id.split('|')[1]!;
    expect(target).toBe(wallet());
    const tab = await lens.context.newPage();
    await tab.goto(`${lens.extensionPage('lookup.html')}#q=${target}`);
    await tab.getByTestId('view-wallet').waitFor({ timeout: 15_000 });
    expect(await tab.getByTestId('view-wallet').textContent()).toContain(
      `${target.slice(0, 4)}…${target.slice(-4)}`,
    );
    await tab.close();

    expect(await badgeText()).toBe('1');
    const popup = await openPopup(lens.context, lens.extensionId);
    await expect.poll(badgeText, { timeout: 10_000 }).toBe('');
    await popup.close();
  });
});
