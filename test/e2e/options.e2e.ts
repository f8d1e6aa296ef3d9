/**
 * The options page end to end: key check/save/remove against the simulator's /subscription, settings
 * that survive a reload, watchlist export/import, cache statistics and clear.
 */
import { readFileSync } from 'node:fs';
import type { Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromeApi, type Lens, launchLens } from './harness';
import { lookupIn, openPopup, shootBoth, watchWalletInPopup } from './ui';

let lens: Lens;
let options: Page;
beforeAll(async () => {
  lens = await launchLens();
  options = await lens.context.newPage();
  // tall enough that the screenshots hold every section (cache, watchlist, hosts at the bottom)
  await options.setViewportSize({ width: 1100, height: 1900 });
  await options.goto(lens.extensionPage('options.html'));
});
afterAll(async () => {
  await lens?.close();
});

const keyState = () => options.getByTestId('key-saved-state').textContent();
const keyResult = () => options.getByTestId('key-result').textContent();

async function saveKey(key: string): Promise<void> {
  await options.getByTestId('key-input').fill(key);
  await options.getByTestId('key-save').click();
}

/** The content script's state on the fixture page in lens.page (lib/overlay/start.ts marks it). */
const overlayState = () =>
  lens.page.evaluate(() => document.documentElement.dataset.onchainLensOverlay ?? null);
const badgeCount = () => lens.page.locator('[data-onchain-lens="badge"]').count();

/** All of one storage area, as the extension's worker reads it. */
const storageArea = (sw: Worker, area: 'local' | 'session') =>
  sw.evaluate((a) => (globalThis as unknown as { chrome: ChromeApi }).chrome.storage[a].get(null), area);

/** The popup's status line key text: what the background now holds. */
async function popupKeyText(): Promise<string | null> {
  const popup = await openPopup(lens.context, lens.extensionId);
  await popup.getByTestId('status-key').waitFor({ timeout: 10_000 });
  const text = await popup.getByTestId('status-key').textContent();
  await popup.close();
  return text;
}

describe('options page', () => {
  it('opens by itself on a first install, where the key is pasted', () => {
    expect(lens.installOpenedOptions).toBe(true);
  });

  it('shows the saved key state and takes screenshots in light and dark', async () => {
    await expect.poll(keyState, { timeout: 10_000 }).toBe('A key is saved and works.');
    await options.getByTestId('options-display').waitFor();
    await shootBoth(lens, 'options', options);
  });

  it('fits a narrow window: nothing wider than 360 px (the theme select was), no site name under its box', async () => {
    const narrow = await lens.context.newPage();
    await narrow.setViewportSize({ width: 360, height: 800 });
    await narrow.goto(lens.extensionPage('options.html'));
    await narrow.getByTestId('options-display').waitFor();
    expect(await narrow.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    // each site's label on one line: as tall as its checkbox row, not two lines
    const heights = await narrow
      .getByTestId('options-sites')
      .locator('li label')
      .evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThan(2 * Math.min(...heights));
    await narrow.close();
  });

  it('a refused key gives a specific error and nothing is saved', async () => {
    await saveKey('not-a-real-key-0000');
    await expect
      .poll(keyResult, { timeout: 10_000 })
      .toBe('The service refused this key, so it was not saved: check that you pasted the whole key.');
    expect(await options.getByTestId('key-result').getAttribute('role')).toBe('alert');
    // the working key stays: the status and a lookup still work
    expect(await keyState()).toBe('A key is saved and works.');
    expect(await popupKeyText()).toBe('Key valid');
  });

  it('a string that is not a key is refused locally', async () => {
    await saveKey('   ');
    await expect.poll(keyResult).toBe('That does not look like an API key: paste the whole key.');
  });

  it('remove clears the key; pages then say so and lookups fail with a clear message', async () => {
    // A page open with badges loses them when the key is removed (each could only say "no key").
    await lens.page.goto(lens.fixture('solscan'));
    await expect.poll(badgeCount, { timeout: 15_000 }).toBeGreaterThan(0);
    await options.getByTestId('key-remove').click();
    await expect.poll(badgeCount, { timeout: 10_000 }).toBe(0);
    expect(await overlayState()).toBe('off');
    await expect.poll(keyResult, { timeout: 10_000 }).toBe('Key removed.');
    await expect.poll(keyState).toBe('No key saved yet.');
    expect(await popupKeyText()).toBe('No API key');
    // A page opened without a key gets no badges (each could only say "no key"), not a page of ⚠.
    await lens.page.goto(lens.fixture('solscan'));
    await expect.poll(overlayState, { timeout: 10_000 }).toBe('off');
    expect(await badgeCount()).toBe(0);
    const popup = await openPopup(lens.context, lens.extensionId);
    await popup.getByTestId('search-input').fill(lens.catalog.wallets[0]!);
    await popup.getByTestId('search-input').press('Enter');
    await expect
      .poll(() => popup.getByTestId('lookup-result').textContent(), { timeout: 15_000 })
      .toMatch(/key/i);
    await shootBoth(lens, 'popup-no-key', popup);
    await popup.close();
  });

  it('pasting demo shows the plan and credits from /subscription, saves it, and lookups work again', async () => {
    const sub = await lens.api<{ plan: string; credits: number }>('/subscription');
    await saveKey('demo');
    await expect.poll(keyResult, { timeout: 10_000 }).toMatch(/^Key saved\./);
    const text = (await keyResult())!;
    expect(text).toContain(`Plan: ${sub.plan}`);
    expect(text).toContain(`${sub.credits.toLocaleString('en-US')} credits left`);
    expect(text).toContain('live updates available');
    await expect.poll(keyState).toBe('A key is saved and works.');
    expect(await options.getByTestId('key-input').inputValue()).toBe('');
    // The page opened without a key gets its badges once the key is saved, without a reload.
    await expect.poll(overlayState, { timeout: 10_000 }).toBe('ready');
    await expect.poll(badgeCount, { timeout: 15_000 }).toBeGreaterThan(0);
    await shootBoth(lens, 'options-key-saved', options);

    const popup = await openPopup(lens.context, lens.extensionId);
    const wallet = lens.catalog.wallets[0]!;
    const view = await lookupIn(popup, wallet, 'view-wallet');
    const first = await lens.api<{ orders: unknown[] }>(`/dca/wallet/${wallet}?limit=10&sort=recent`);
    await expect
      .poll(() => view.getByTestId('order-row').count(), { timeout: 15_000 })
      .toBe(first.orders.length);
    await popup.close();
  });

  it('settings persist after a reload, and an open lookup tab follows them', async () => {
    // A lookup tab open meanwhile: the settings are in the extension origin's IndexedDB
    // (lib/private-store.ts), which reports no changes; the background's save reaches the tab
    // through the store's BroadcastChannel.
    const tab = await lens.context.newPage();
    await tab.emulateMedia({ colorScheme: 'light' });
    await tab.goto(`${lens.extensionPage('lookup.html')}#q=${lens.catalog.wallets[4]}`);
    const tabTheme = () => tab.evaluate(() => document.documentElement.dataset.theme);
    await expect.poll(tabTheme).toBe('light');
    await options.getByTestId('opt-currency').selectOption('eur');
    await options.getByTestId('saved-display').waitFor();
    await options.getByTestId('opt-theme').selectOption('dark');
    await expect.poll(() => options.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(tabTheme, { timeout: 10_000 }).toBe('dark');
    await tab.close();
    await options.reload();
    await options.getByTestId('opt-currency').waitFor();
    expect(await options.getByTestId('opt-currency').inputValue()).toBe('eur');
    expect(await options.getByTestId('opt-theme').inputValue()).toBe('dark');
    // the theme setting wins over the system's light scheme on every page
    await options.emulateMedia({ colorScheme: 'light' });
    expect(await options.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await lens.screenshot('options-theme-dark-setting', options);
    await options.getByTestId('opt-theme').selectOption('auto');
    await options.getByTestId('opt-currency').selectOption('usd');
    await options.getByTestId('saved-display').waitFor();
  });

  it('open pages follow the display settings at once, without a reload (currency, most badges)', async () => {
    await lens.page.goto(lens.fixture('solscan'));
    const wallet = lens.catalog.wallets[0]!;
    const text = () =>
      lens.page
        .locator(`[data-onchain-lens="badge"][data-address="${wallet}"]`)
        .first()
        .getAttribute('data-text');
    await expect.poll(text, { timeout: 15_000 }).toMatch(/PnL/);
    // More addresses than the lowest limit (10) allows badges for.
    await lens.page.evaluate(
      (more) => {
        const list = document.createElement('ul');
        for (const address of more)
          list.append(Object.assign(document.createElement('li'), { textContent: address }));
        document.body.append(list);
      },
      lens.catalog.wallets.slice(10, 25),
    );
    await expect.poll(badgeCount, { timeout: 15_000 }).toBeGreaterThan(20);
    await lens.page.waitForTimeout(500); // (all of them: the count is compared at the end)
    const total = await badgeCount();
    // Kept by the page only as long as it is not reloaded.
    await lens.page.evaluate(() => Object.assign(window, { notReloaded: true }));
    // In euros badges show no PnL (their figure is the API's, in USD); back in dollars, they do again.
    await options.getByTestId('opt-currency').selectOption('eur');
    await expect.poll(text, { timeout: 10_000 }).not.toMatch(/PnL/);
    expect(await text()).toMatch(/DCA/);
    await options.getByTestId('opt-currency').selectOption('usd');
    await expect.poll(text, { timeout: 10_000 }).toMatch(/PnL/);
    // A lower limit takes badges off the open page; the old one brings them back.
    await options.getByTestId('opt-maxBadges').fill('10');
    await options.getByTestId('opt-maxBadges').press('Enter');
    // (at most 10 addresses are read; one the service says is a program gets no badge)
    const inRange = async () => {
      const n = await badgeCount();
      return n > 0 && n <= 10;
    };
    await expect.poll(inRange, { timeout: 10_000 }).toBe(true);
    await lens.page.waitForTimeout(500);
    expect(await inRange()).toBe(true);
    await options.getByTestId('opt-maxBadges').fill('300');
    await options.getByTestId('opt-maxBadges').press('Enter');
    await expect.poll(badgeCount, { timeout: 10_000 }).toBe(total);
    expect(await lens.page.evaluate(() => 'notReloaded' in window)).toBe(true);
    expect(await overlayState()).toBe('ready');
  });

  it('watchlist export and import round-trip; an invalid import is rejected with a message', async () => {
    const wallets = [lens.catalog.wallets[1]!, lens.catalog.wallets[2]!];
    for (const w of wallets) await (await watchWalletInPopup(lens.context, lens.extensionId, w)).close();
    const download = options.waitForEvent('download');
    await options.getByTestId('watch-export').click();
    const file = await (await download).path();
    await expect.poll(() => options.getByTestId('watch-io-result').textContent()).toBe('Exported 2 wallets.');
    const json = readFileSync(file, 'utf8');
    expect(
      (JSON.parse(json) as { wallets: { wallet: string }[] }).wallets.map((w) => w.wallet).sort(),
    ).toEqual([...wallets].sort());

    // remove both in the popup, then import the exported file
    const popup = await openPopup(lens.context, lens.extensionId);
    // (each row is named by its .sol name once the background found one: found by its address's title)
    for (const w of wallets) {
      const row = popup.getByTestId('watch-row').filter({ has: popup.getByTitle(w, { exact: true }) });
      await row.getByRole('button', { name: /^Remove .* from watchlist$/ }).click();
    }
    await popup.getByText('No watched wallets.', { exact: false }).waitFor();
    await popup.close();

    const input = options.getByTestId('watch-import');
    await input.setInputFiles(file);
    await expect.poll(() => options.getByTestId('watch-io-result').textContent()).toBe('Added 2, skipped 0.');
    const again = await openPopup(lens.context, lens.extensionId);
    await expect.poll(() => again.getByTestId('watch-row').count()).toBe(2);
    await again.close();

    await input.setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{oops') });
    await expect.poll(() => options.getByTestId('watch-io-result').textContent()).toMatch(/not JSON/);
    await input.setInputFiles({
      name: 'y.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ hello: 'world' })),
    });
    await expect
      .poll(() => options.getByTestId('watch-io-result').textContent())
      .toBe('Not a watchlist export: expected a list of wallets.');
    expect(await options.getByTestId('watch-io-result').getAttribute('role')).toBe('alert');
  });

  it('the open page follows the watchlist as the popup changes it (the background tells it across contexts)', async () => {
    // The list is in the extension origin's IndexedDB (lib/private-store.ts), which reports no
    // changes: the background's write reaches this page through a BroadcastChannel.
    const wallet = lens.catalog.wallets[5]!;
    const listed = () =>
      options
        .getByTestId('options-watchlist')
        .getByTestId('watch-name')
        .evaluateAll((els) => els.map((e) => e.getAttribute('title')));
    expect(await listed()).not.toContain(wallet);
    const popup = await watchWalletInPopup(lens.context, lens.extensionId, wallet);
    await expect.poll(listed, { timeout: 10_000 }).toContain(wallet);
    const row = popup.getByTestId('watch-row').filter({ has: popup.getByTitle(wallet, { exact: true }) });
    await row.getByRole('button', { name: /^Remove .* from watchlist$/ }).click();
    await expect.poll(listed, { timeout: 10_000 }).not.toContain(wallet);
    await popup.close();
  });

  it('cache statistics count what lookups stored, and clear empties the cache', async () => {
    await options.reload();
    const stats = options.getByTestId('cache-stats');
    await stats.waitFor();
    const entries = async () =>
      Number((await stats.textContent())!.match(/^([\d,]+) entries/)![1]!.replace(/,/g, ''));
    expect(await entries()).toBeGreaterThan(0);
    await options.getByTestId('cache-clear').click();
    await options.getByText('Cache cleared.').waitFor();
    await expect.poll(entries).toBe(0);
  });

  // Last in this file: it deletes the private store's database.
  it("says when the worker's database will not open, and a change made then is kept once it opens", async () => {
    const sw = lens.context.serviceWorkers().at(-1)!;
    // Chrome's "Internal error opening backing store", for the worker's opens of the private store
    await sw.evaluate(() => {
      const g = globalThis as unknown as { indexedDB: IDBFactory; __open?: IDBFactory['open'] };
      const open = g.indexedDB.open.bind(g.indexedDB);
      g.__open = open;
      g.indexedDB.open = (name: string, version?: number) => {
        if (name !== 'onchain-lens-private') return open(name, version);
        throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
      };
    });
    // its open connection goes (another context deletes the database: the store lets go of it)
    await options.evaluate(
      () =>
        new Promise((done, fail) => {
          const r = indexedDB.deleteDatabase('onchain-lens-private');
          r.onsuccess = done;
          r.onerror = () => fail(r.error);
        }),
    );
    await options.getByTestId('opt-currency').selectOption('eur');
    await options.getByTestId('saved-display').waitFor();
    await options.reload();
    const notice = options.getByTestId('storage-down');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toMatch(/^The browser's storage for extensions is not available/);
    expect(await options.getByTestId('opt-currency').inputValue()).toBe('eur');
    await lens.screenshot('options-storage-down', options);
    const popup = await openPopup(lens.context, lens.extensionId);
    await expect
      .poll(() => popup.getByTestId('status-storage').textContent(), { timeout: 10_000 })
      .toBe('· Storage unavailable: changes last until the browser closes');
    await lens.screenshot('popup-storage-down', popup);
    await popup.close();
    // kept for the browser session (storage.session, which a page's own open of the store may
    // already have moved in), never in storage.local
    const local = await storageArea(sw, 'local');
    expect(local).not.toHaveProperty('settings');

    // The database opens again: the next save takes the session's copy in, and the notice goes.
    await sw.evaluate(() => {
      const g = globalThis as unknown as { indexedDB: IDBFactory; __open: IDBFactory['open'] };
      g.indexedDB.open = g.__open;
    });
    await options.getByTestId('opt-theme').selectOption('dark');
    await options.getByTestId('saved-display').waitFor();
    await options.reload();
    await options.getByTestId('key-saved-state').waitFor();
    await expect.poll(keyState, { timeout: 10_000 }).toBe('A key is saved and works.');
    expect(await options.getByTestId('storage-down').count()).toBe(0);
    const stored = await options.evaluate(
      () =>
        new Promise<unknown>((done, fail) => {
          const r = indexedDB.open('onchain-lens-private');
          r.onerror = () => fail(r.error);
          r.onsuccess = () => {
            const get = r.result.transaction('kv').objectStore('kv').get('settings');
            get.onsuccess = () => {
              r.result.close();
              done(get.result);
            };
          };
        }),
    );
    expect(stored).toMatchObject({ currency: 'eur', theme: 'dark' });
    const session = await storageArea(sw, 'session');
    expect(session).not.toHaveProperty('private:settings');
  });
});
