// @vitest-environment happy-dom
/**
 * A reviewer's findings on the lookup views: the order rows' details link, the watchlist's unread
 * pills, the search box after a lookup, slots in Recent, and the block view's signature list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadRecentMeta, recentMetaItem, rememberRecent } from '../../../components/lookup/recentMeta';
import { PopupApp } from '../../../components/popup/PopupApp';
import type { LookupResult } from '../../../lib/lookup';
import { recentItem } from '../../../lib/recent';
import { fakeAsk } from './fake-ask';
import { block, order, page, WALLET, wallet } from './fixtures';
import { answer, search, setup, shownRecent } from './panel';

const THEME_CSS = readFileSync(join(__dirname, '../../../components/lookup/theme.css'), 'utf8');

/** The lookup pages' own stylesheet, as the page has it (happy-dom computes styles from it). */
function withTheme() {
  const style = document.createElement('style');
  style.textContent = THEME_CSS;
  document.head.append(style);
  return () => style.remove();
}

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe("an order row's link to the order", () => {
  it('reads "Order details →", not "Open order" (which reads as an order still open)', async () => {
    const done = order(1, { status: 'completed' });
    setup({ lookup: answer({ kind: 'wallet', wallet: wallet({ orders: page([done]) }) }) });
    search(WALLET);
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    const button = within(row).getByRole('button', { name: `Order details ${done.pair} ${done.address}` });
    expect(button.textContent).toBe('Order details →');
    expect(row.textContent).not.toContain('Open order');
    // the arrow is decoration: the accessible name starts with the words alone
    expect(button.querySelector('[aria-hidden="true"]')?.textContent?.trim()).toBe('→');
  });

  it("sits inside the row's box, at the start of it", async () => {
    const restore = withTheme();
    try {
      setup({ lookup: answer({ kind: 'wallet', wallet: wallet({ orders: page([order(1)]) }) }) });
      search(WALLET);
      const item = (await screen.findAllByTestId('order-row'))[0]!;
      const actions = item.querySelector<HTMLElement>('.order-actions')!;
      expect(item.contains(actions)).toBe(true);
      // the box is drawn around the row and its buttons together, not around the row alone
      expect(getComputedStyle(item).borderTopStyle).toBe('solid');
      expect(getComputedStyle(item.querySelector('.ol-row')!).borderTopStyle).not.toBe('solid');
      expect(getComputedStyle(actions).justifyContent).toBe('flex-start');
    } finally {
      restore();
    }
  });
});

describe('watchlist unread pills', () => {
  it("each sits right before its row's ×, whatever the name's length", async () => {
    const restore = withTheme();
    try {
      const entries = [
        { wallet: WALLET, label: 'a', addedAt: 1, unread: 3 },
        { wallet: 'w2', label: 'a much longer wallet label', addedAt: 2, unread: 120 },
      ];
      render(<PopupApp ask={fakeAsk({ watchList: () => entries }).ask} />);
      const list = await screen.findByTestId('watchlist');
      await waitFor(() => expect(within(list).getAllByTestId('watch-unread')).toHaveLength(2));
      for (const row of within(list).getAllByTestId('watch-row')) {
        const pill = within(row).getByTestId('watch-unread');
        // the pill takes the row's free space on its left: it goes to the right end, beside the ×
        expect(getComputedStyle(pill).marginLeft).toBe('auto');
        expect(pill.nextElementSibling?.getAttribute('aria-label')).toMatch(/^Remove .* from watchlist$/);
      }
    } finally {
      restore();
    }
  });
});

describe('the search box after a lookup', () => {
  it('scrolls back to its start once the lookup answers, and keeps the focus where it was', async () => {
    let resolve: ((r: LookupResult) => void) | undefined;
    setup({ lookup: () => new Promise<LookupResult>((r) => (resolve = r)) });
    const box = screen.getByTestId<HTMLInputElement>('search-input');
    box.focus();
    search(WALLET);
    await waitFor(() => expect(resolve).toBeDefined());
    // typed or pasted, a long input is left scrolled to its end
    box.scrollLeft = 300;
    expect(box.scrollLeft).toBe(300);
    resolve!({ kind: 'wallet', wallet: wallet() });
    await screen.findByTestId('view-wallet');
    await waitFor(() => expect(box.scrollLeft).toBe(0));
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe(WALLET);
  });

  it('also when the lookup fails', async () => {
    let reject: ((e: unknown) => void) | undefined;
    setup({ lookup: () => new Promise<LookupResult>((_, r) => (reject = r)) });
    const box = screen.getByTestId<HTMLInputElement>('search-input');
    search(WALLET);
    await waitFor(() => expect(reject).toBeDefined());
    box.scrollLeft = 120;
    expect(box.scrollLeft).toBe(120);
    reject!(new Error('boom'));
    await screen.findByTestId('state-error');
    await waitFor(() => expect(box.scrollLeft).toBe(0));
  });
});

describe('a slot in Recent', () => {
  it('is written as the block view writes it, with separators', async () => {
    const meta = await rememberRecent('320041990', { kind: 'block', slot: 320_041_990, block: null }, [
      '320041990',
    ]);
    expect(meta['320041990']).toEqual({ kind: 'block', label: '320,041,990', thing: 'block:320041990' });
  });

  it('without a note (described from its text) too, but a number that may be an event id stays as typed', async () => {
    await recentItem.setValue(['320041990', '512340']);
    const shown = await shownRecent();
    expect(shown).toEqual([
      ['Slot', '320,041,990'],
      ['Slot or event', '512340'],
    ]);
  });

  it('a note saved before (digits only) reads with separators', async () => {
    await recentMetaItem.setValue({ '320041990': { kind: 'block', label: '320041990' } });
    expect((await loadRecentMeta())['320041990']).toEqual({ kind: 'block', label: '320,041,990' });
  });
});

describe("the block view's signatures", () => {
  it('have a heading that says they are the first few of the count', async () => {
    const sigs = Array.from({ length: 5 }, (_, i) => `${i + 1}`.repeat(88));
    setup({ lookup: answer({ kind: 'block', slot: 250_000_000, block: { ...block(), signatures: sigs } }) });
    search('250000000');
    const view = await screen.findByTestId('view-block');
    const heading = within(view).getByRole('heading', { name: 'Transactions (first 5 of 1,234)' });
    expect(heading.tagName).toBe('H3');
    const list = within(view).getByRole('list', { name: 'Transactions (first 5 of 1,234)' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('a block whose every transaction is listed says just "Transactions"', async () => {
    const b = { ...block(), transactionCount: 1 };
    setup({ lookup: answer({ kind: 'block', slot: b.slot, block: b }) });
    search('250000000');
    const view = await screen.findByTestId('view-block');
    expect(within(view).getByRole('heading', { level: 3 }).textContent).toBe('Transactions');
  });

  it('no signatures, no heading', async () => {
    const b = { ...block(), signatures: [] };
    setup({ lookup: answer({ kind: 'block', slot: b.slot, block: b }) });
    search('250000000');
    const view = await screen.findByTestId('view-block');
    expect(within(view).queryByRole('heading', { level: 3 })).toBeNull();
  });
});
