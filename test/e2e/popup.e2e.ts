/**
 * The popup's "paste anything" search, end to end: real Chromium, the built extension, the simulator
 * over HTTP. Every expectation about data is read from the simulator's own REST/RPC answers.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lens, launchLens } from './harness';
import { lookupIn, openPopup, orderAddresses, shootBoth } from './ui';

interface OrderPage {
  orders: { address: string; status: string; pair: string }[];
  pagination: { nextCursor: string | null; hasMore: boolean; total: number | null };
}

let lens: Lens;
let popup: Page;
beforeAll(async () => {
  lens = await launchLens();
  popup = await openPopup(lens.context, lens.extensionId);
});
afterAll(async () => {
  await lens?.close();
});

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(`${lens.simUrl}/rpc?api_key=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
}

const walletOrders = (wallet: string, query: string) =>
  lens.api<OrderPage>(`/dca/wallet/${wallet}/orders?limit=20&${query}`);
/** The wallet view's first page: the `/dca/wallet/{w}` answer that also brings the summary. */
const walletFirst = (wallet: string) => lens.api<OrderPage>(`/dca/wallet/${wallet}?limit=10&sort=recent`);

async function waitRows(view: Locator, n: number): Promise<void> {
  await expect.poll(() => view.getByTestId('order-row').count(), { timeout: 15_000 }).toBe(n);
}

describe('popup search: each kind of input leads to its view with the simulator data', () => {
  it('focuses the search box and shows key, plan and live state in the status line', async () => {
    await expect
      .poll(() => popup.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('search-input');
    const sub = await lens.api<{ plan: string }>('/subscription');
    await expect.poll(() => popup.getByTestId('status-key').textContent()).toBe('Key valid');
    expect(await popup.getByTestId('status-plan').textContent()).toContain(sub.plan);
    expect(await popup.getByTestId('status-live').textContent()).toMatch(
      /Live|Connecting…|Live off|Reconnecting/,
    );
    await shootBoth(lens, 'popup-empty', popup);
  });

  it('a wallet shows its DCA orders; status filter, sort and load more follow the REST answers', async () => {
    const wallet = lens.catalog.wallets[0]!;
    const view = await lookupIn(popup, wallet, 'view-wallet');
    const all = await walletFirst(wallet);
    expect(all.pagination.hasMore).toBe(true);
    expect(await view.textContent()).toContain(`${all.pagination.total} total`);
    await waitRows(view, all.orders.length);
    expect(await orderAddresses(view)).toEqual(all.orders.map((o) => o.address));
    await shootBoth(lens, 'popup-wallet', popup);

    // load more by cursor: the next page is appended, in the service's order
    const next = await walletOrders(wallet, `sort=recent&cursor=${all.pagination.nextCursor}`);
    await view.getByTestId('load-more').click();
    await waitRows(view, all.orders.length + next.orders.length);
    expect(await orderAddresses(view)).toEqual([...all.orders, ...next.orders].map((o) => o.address));

    // status filter: only the service's active orders
    const active = await walletOrders(wallet, 'sort=recent&status=active');
    await view.getByTestId('status-filter').selectOption('active');
    await expect
      .poll(() => orderAddresses(view), { timeout: 15_000 })
      .toEqual(active.orders.map((o) => o.address));
    expect(active.orders.every((o) => o.status === 'active')).toBe(true);

    // sort: the service's volume order
    const byVolume = await walletOrders(wallet, 'sort=volume&status=active');
    await view.getByTestId('sort-select').selectOption('volume');
    await expect
      .poll(() => orderAddresses(view), { timeout: 15_000 })
      .toEqual(byVolume.orders.map((o) => o.address));
    expect(byVolume.orders.map((o) => o.address)).not.toEqual(active.orders.map((o) => o.address));
  });

  it('a mint shows the token view with its price chart and DCA buyers', async () => {
    const mint = lens.catalog.mints[2]!;
    const view = await lookupIn(popup, mint, 'view-token');
    const hit = (await lens.api<{ data: { symbol: string }[] }>(`/search?query=${mint}`)).data[0]!;
    await expect.poll(() => view.locator('.ol-title').first().textContent()).toBe(hit.symbol);
    const chart = await lens.api<{ oclhv: unknown[] }>(`/chart/${mint}`);
    expect(chart.oclhv.length).toBeGreaterThan(1);
    await view.getByTestId('price-chart').waitFor();
    await expect.poll(() => view.getByTestId('price-chart').locator('canvas').count()).toBeGreaterThan(0);
    const buyers = await lens.api<OrderPage>(`/dca/token/${mint}/buyers?limit=20&sort=recent`);
    await expect
      .poll(() => orderAddresses(view), { timeout: 15_000 })
      .toEqual(buyers.orders.map((o) => o.address));
    await shootBoth(lens, 'popup-token', popup);
  });

  it('a DCA order account (told apart by getMultipleAccounts) shows the order', async () => {
    const address = lens.catalog.orders[0]!;
    const view = await lookupIn(popup, address, 'view-order');
    const order = await lens.api<{ pair: string; status: string }>(`/dca/order/${address}`);
    await expect
      .poll(() => view.locator('.ol-title').first().textContent())
      .toBe(order.pair.replace(' -> ', ' → '));
    expect(await view.textContent()).toMatch(new RegExp(order.status, 'i'));
    await shootBoth(lens, 'popup-order', popup);
  });

  it('an explorer URL (solscan account) shows that wallet', async () => {
    const wallet = lens.catalog.wallets[3]!;
    const view = await lookupIn(popup, `https://solscan.io/account/${wallet}`, 'view-wallet');
    const first = await walletFirst(wallet);
    await waitRows(view, first.orders.length);
    expect(await orderAddresses(view)).toEqual(first.orders.map((o) => o.address));
  });

  it("a .sol name shows its owner's wallet (resolveSolDomain); a wallet and a mint pasted together are refused by name", async () => {
    let named: [string, string] | null = null;
    for (const wallet of lens.catalog.wallets) {
      const answer = await rpc<{ domain?: string } | string | null>('getPrimaryDomain', [wallet]);
      const name = typeof answer === 'string' ? answer : answer?.domain;
      if (name) {
        named = [wallet, name];
        break;
      }
    }
    const [wallet, name] = named!;
    const view = await lookupIn(popup, name, 'view-wallet');
    const first = await walletFirst(wallet);
    await waitRows(view, first.orders.length);
    expect(await orderAddresses(view)).toEqual(first.orders.map((o) => o.address));
    // a wallet and its token: not an empty pair
    const mint = lens.catalog.mints[2]!;
    await popup.getByTestId('search-input').fill(`${wallet} ${mint}`);
    await popup.getByTestId('search-input').press('Enter');
    await expect
      .poll(() => popup.getByTestId('state-error').textContent(), { timeout: 15_000 })
      .toMatch(/is a wallet: paste one address at a time/);
    expect(await popup.getByTestId('view-pair').count()).toBe(0);
    await shootBoth(lens, 'popup-wallet-and-mint', popup);
  });

  it('two mints show the DCA pair view with the /dca/pair answer', async () => {
    const [a, b] = [lens.catalog.mints[1]!, lens.catalog.mints[0]!];
    const view = await lookupIn(popup, `${a} ${b}`, 'view-pair');
    // sorted as the order list shows it (most recent first), so its "Load more" cursor holds
    const pair = await lens.api<OrderPage>(`/dca/pair/${a}/${b}?limit=20&sort=recent`);
    expect(pair.orders.length).toBeGreaterThan(0);
    await expect
      .poll(() => orderAddresses(view), { timeout: 15_000 })
      .toEqual(pair.orders.map((o) => o.address));
    await shootBoth(lens, 'popup-pair', popup);
  });

  it('a wallet whose PnL is still indexing shows the queued state with a retry', async () => {
    const wallet = lens.catalog.queuedWallets[0]!;
    const view = await lookupIn(popup, wallet, 'view-wallet');
    await view.getByTestId('state-queued').waitFor();
    expect(await view.textContent()).toMatch(/indexing/i);
    await shootBoth(lens, 'popup-wallet-queued', popup);
  });

  it('a program address shows the program, not an empty wallet', async () => {
    const view = await lookupIn(popup, 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', 'view-program');
    expect(await view.textContent()).toMatch(/DCA|Jupiter/i);
  });

  it('a DexScreener pair URL shows the pool (getMultipleAccounts: AMM-owned), not an empty wallet', async () => {
    const pool = lens.catalog.pools[0]!;
    const [info] = (
      await rpc<{ value: ({ owner: string } | null)[] }>('getMultipleAccounts', [
        [pool],
        { encoding: 'base64' },
      ])
    ).value;
    // owned by an AMM program, not the system program: not a wallet
    expect(info?.owner).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(info?.owner).not.toBe('11111111111111111111111111111111');
    const view = await lookupIn(popup, `https://dexscreener.com/solana/${pool}`, 'view-pool');
    expect(await view.textContent()).toContain('Liquidity pool');
    expect(await view.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toContain(
      `https://dexscreener.com/solana/${pool}`,
    );
    await shootBoth(lens, 'popup-pool', popup);
  });

  it('a Polymarket URL and a Kalshi ticker show the prediction event', async () => {
    const eventTitle = async (id: string) =>
      (
        await lens.api<{ results: { event: { title: string } }[] }>(
          `/pm/v1/events/batch?ids=${encodeURIComponent(id)}`,
        )
      ).results[0]!.event.title;

    const slug = lens.catalog.events.polymarket[0]!;
    const poly = await lookupIn(popup, `https://polymarket.com/event/${slug}`, 'view-event');
    await expect.poll(() => poly.locator('.ol-title').first().textContent()).toBe(await eventTitle(slug));
    await poly.getByTestId('odds-chart').waitFor({ timeout: 15_000 });
    await expect.poll(() => poly.getByTestId('odds-chart').locator('canvas').count()).toBeGreaterThan(0);
    await shootBoth(lens, 'popup-event-polymarket', popup);

    const ticker = lens.catalog.events.kalshi[0]!;
    const kalshi = await lookupIn(popup, ticker, 'view-event');
    await expect.poll(() => kalshi.locator('.ol-title').first().textContent()).toBe(await eventTitle(ticker));
    // the service has no Kalshi candlesticks, so the view says so instead of an empty chart
    const candles = await fetch(`${lens.simUrl}/pm/v1/events/${ticker}/candlesticks`, {
      headers: { 'x-api-key': 'demo' },
    });
    expect(candles.status).toBe(400);
    await kalshi.getByTestId('odds-history-unavailable').waitFor();
    await shootBoth(lens, 'popup-event-kalshi', popup);
  });

  it('the odds chart switches interval (1m/1h/1d)', async () => {
    const view = await lookupIn(popup, lens.catalog.events.polymarket[1]!, 'view-event');
    await view.getByTestId('odds-chart').waitFor({ timeout: 15_000 });
    await view.getByTestId('interval-1d').click();
    await expect.poll(() => view.getByTestId('interval-1d').getAttribute('aria-pressed')).toBe('true');
    await view.getByTestId('odds-chart').waitFor({ timeout: 15_000 });
  });

  it('a slot number shows the block from getBlock', async () => {
    const slot = lens.catalog.slots.confirmed[0]!;
    const view = await lookupIn(popup, String(slot), 'view-block');
    const block = await rpc<{ transactions: { meta: { err: unknown } }[] }>('getBlock', [slot, {}]);
    await expect
      .poll(() => view.getByTestId('block-tx-count').textContent())
      .toBe(String(block.transactions.length));
    expect(await view.getByTestId('block-failed').textContent()).toBe(
      String(block.transactions.filter((t) => t.meta.err).length),
    );
    await shootBoth(lens, 'popup-block', popup);
    const missing = await lookupIn(popup, String(lens.catalog.slots.unconfirmed[0]), 'view-block');
    expect(await rpc('getBlock', [lens.catalog.slots.unconfirmed[0], {}])).toBeNull();
    expect(await missing.textContent()).toMatch(/has no block/);
  });

  it('a token symbol lists the /search hits; picking one opens its token view', async () => {
    const hits = await lens.api<{ data: { mint: string; symbol: string }[] }>('/search?query=usd&limit=20');
    expect(hits.data.length).toBeGreaterThan(0);
    const view = await lookupIn(popup, 'usd', 'view-search');
    await expect.poll(() => view.getByTestId('search-hit').count()).toBe(hits.data.length);
    await shootBoth(lens, 'popup-search', popup);
    await view.getByTestId('search-hit').first().click();
    const token = popup.getByTestId('view-token');
    await token.waitFor({ timeout: 15_000 });
    await expect.poll(() => token.locator('.ol-title').first().textContent()).toBe(hits.data[0]!.symbol);
  });

  it('invalid input gets a specific message and no lookup', async () => {
    const cases: [string, RegExp][] = [
      ['0x52908400098527886E0F7030069857D2E4169EE7', /Ethereum \(0x\) address/i],
      ['CT5vZjVFsSLrj3JqrBHrRVmYdcTetW1eq7QNKsh3CnD0', /outside base58/],
      ['https://example.com/nothing', /does not point to a Solana address/],
      ['x', /at least 2 characters/],
    ];
    for (const [input, message] of cases) {
      await popup.getByTestId('search-input').fill(input);
      await popup.getByTestId('search-input').press('Enter');
      await expect.poll(() => popup.getByTestId('search-invalid').textContent()).toMatch(message);
      expect(await popup.getByTestId('search-input').getAttribute('aria-invalid')).toBe('true');
    }
    await shootBoth(lens, 'popup-invalid', popup);
  });

  it('recent searches are listed newest first and keyboard navigable', async () => {
    const page = await openPopup(lens.context, lens.extensionId);
    const items = page.getByTestId('recent-item');
    await items.first().waitFor();
    const texts = await items.allTextContents();
    // the last successful lookup is first (the search hit's mint, picked from the list)
    expect(texts.length).toBeGreaterThan(3);
    const input = page.getByTestId('search-input');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe('recent-option-1');
    expect(await items.nth(1).getAttribute('aria-selected')).toBe('true');
    await shootBoth(lens, 'popup-recent', page);
    // an entry shows its kind and a short name; its title holds the whole input it runs again
    const picked = (await items.nth(1).locator('.recent-label').getAttribute('title'))!;
    await input.press('Enter');
    await page.getByTestId('lookup-result').waitFor();
    expect(await input.inputValue()).toBe(picked);
    await page.close();
  });

  it('a long result scrolls inside the popup: the document never grows past the window', async () => {
    // Hidden live-region texts ("Token X loaded", "20 orders loaded") are absolutely positioned: with
    // no positioned ancestor they sat below the long content and stretched the document, so the
    // wheel past the end of the list scrolled the whole popup away (blank).
    const page = await openPopup(lens.context, lens.extensionId);
    async function staysInWindow() {
      const { height, window } = await page.evaluate(() => ({
        height: document.scrollingElement!.scrollHeight,
        window: innerHeight,
      }));
      expect(height).toBeLessThanOrEqual(window);
      // the wheel far past the end of the list moves the list, never the page
      await page.mouse.move(190, 300);
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    }
    const token = await lookupIn(page, lens.catalog.mints[2]!, 'view-token');
    await expect.poll(() => token.getByTestId('order-row').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await expect.poll(() => page.getByTestId('lookup-status').textContent()).toMatch(/loaded/);
    await staysInWindow();

    const wallet = await lookupIn(page, lens.catalog.wallets[0]!, 'view-wallet');
    await wallet.getByTestId('load-more').click();
    await expect.poll(() => wallet.getByTestId('order-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    await staysInWindow();
    await page.close();
  });

  it('Back shows the previous result as it was left, without asking the service again', async () => {
    const page = await openPopup(lens.context, lens.extensionId);
    const wallet = await lookupIn(page, lens.catalog.wallets[0]!, 'view-wallet');
    const active = await walletOrders(lens.catalog.wallets[0]!, 'sort=recent&status=active');
    await wallet.getByTestId('status-filter').selectOption('active');
    await expect
      .poll(() => orderAddresses(wallet), { timeout: 15_000 })
      .toEqual(active.orders.map((o) => o.address));
    const shown = await orderAddresses(wallet);
    const panel = page.getByTestId('lookup-panel');
    await panel.evaluate((el) => {
      el.scrollTop = 400;
    });
    const scrolled = await panel.evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(0);
    const token = await lookupIn(page, lens.catalog.mints[3]!, 'view-token');
    // its chart and its buyers in first: their requests are not Back's
    await token.getByTestId('price-chart').waitFor({ timeout: 15_000 });
    await expect.poll(() => token.getByTestId('order-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await fetch(`${lens.simUrl}/__sim/requests`, { method: 'DELETE' });

    await page.getByTestId('lookup-back').click();
    const again = page.getByTestId('view-wallet');
    expect(await again.getByTestId('status-filter').inputValue()).toBe('active');
    expect(await orderAddresses(again)).toEqual(shown);
    expect(await panel.evaluate((el) => el.scrollTop)).toBe(scrolled);
    await page.waitForTimeout(500);
    const asked = (await lens.sim<{ path: string }[]>('requests')).map((r) => r.path);
    expect(asked.filter((path) => !path.startsWith('/ws/'))).toEqual([]);
    await page.close();
  });

  it('the lookup tab opens a query from its URL hash', async () => {
    const tab = await lens.context.newPage();
    const wallet = lens.catalog.wallets[4]!;
    await tab.goto(`${lens.extensionPage('lookup.html')}#q=${wallet}`);
    const view = tab.getByTestId('view-wallet');
    await view.waitFor({ timeout: 15_000 });
    const first = await walletFirst(wallet);
    await waitRows(view, first.orders.length);
    await shootBoth(lens, 'lookup-wallet', tab);
    const token = await lookupIn(tab, lens.catalog.mints[3]!, 'view-token');
    await token.getByTestId('price-chart').waitFor({ timeout: 15_000 });
    await shootBoth(lens, 'lookup-token', tab);
    await tab.close();
  });
});
