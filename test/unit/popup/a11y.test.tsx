// @vitest-environment happy-dom
/**
 * Screen reader and keyboard use of the popup and the lookup tab: what is announced (a short line,
 * never whole cards or a ticking countdown), where focus goes when the control that had it goes
 * away, the search box as a combobox, and names that start with what the controls show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PageShell } from '../../../components/lookup/PageShell';
import { PopupApp } from '../../../components/popup/PopupApp';
import { StatusLine } from '../../../components/popup/StatusLine';
import { recentItem } from '../../../lib/recent';
import type { StatusView } from '../../../lib/views';
import { fakeAsk, type Handlers, lensError } from './fake-ask';
import { MINT, order, page, WALLET, wallet } from './fixtures';
import { answer, search, setup } from './panel';

const THEME_CSS = join(process.cwd(), 'components/lookup/theme.css');

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

/** Clicks a button the way a keyboard user activates it: focused first (a fireEvent click does not focus). */
function press(button: HTMLElement) {
  button.focus();
  expect(document.activeElement).toBe(button);
  fireEvent.click(button);
}

describe('announcements', () => {
  it('the result is no live region; one short status line says what loaded', async () => {
    setup({ lookup: answer({ kind: 'wallet', wallet: wallet() }) });
    const status = screen.getByTestId('lookup-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    search(WALLET);
    await screen.findByTestId('view-wallet');
    const result = screen.getByTestId('lookup-result');
    expect(result.getAttribute('aria-live')).toBeNull();
    expect(result.closest('[aria-live],[role=status],[role=alert]')).toBeNull();
    await waitFor(() => expect(status.textContent).toBe('Wallet 7Jsi…cTZz loaded'));
    // the status line is outside the result: the cards are never read out again
    expect(result.contains(status)).toBe(false);
  });

  it('a page of orders is announced by its count, not by its rows', async () => {
    setup({
      lookup: answer({ kind: 'wallet', wallet: wallet({ orders: page([order(1)], 'C1') }) }),
      walletOrders: () => page([order(2), order(3)], 'C2'),
    });
    search(WALLET);
    const list = await screen.findByTestId('order-list');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));
    const said = within(list).getByRole('status');
    expect(said.textContent).toBe('2 more orders loaded');
    fireEvent.change(screen.getByLabelText('Status filter'), { target: { value: 'active' } });
    await waitFor(() => expect(said.textContent).toBe('2 orders loaded'));
  });

  it('status line: only the state words are live, not the countdown nor the credits', async () => {
    const status: StatusView = {
      key: 'valid',
      plan: 'Premium',
      credits: 12_345,
      live: 'reconnecting',
      liveRetryAt: Date.now() + 30_000,
      watched: 0,
      unread: 0,
    };
    const fake = fakeAsk({ status: () => status });
    render(
      <PageShell ask={fake.ask} page="popup">
        <StatusLine />
      </PageShell>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('status-live').textContent).toMatch(/Reconnecting in \d+ s/),
    );
    const line = screen.getByTestId('status-line');
    expect(line.getAttribute('role')).toBeNull();
    expect(line.closest('[aria-live],[role=status]')).toBeNull();
    const live = within(line)
      .getAllByRole('status')
      .map((s) => s.textContent);
    expect(live).toEqual(['Key valid', 'Reconnecting']);
    expect(screen.getByTestId('status-credits').closest('[role=status]')).toBeNull();
  });
});

describe('the search box is a combobox over the recent searches', () => {
  it('expanded and controlling the list only while the list shows', async () => {
    await recentItem.setValue(['first', 'second']);
    setup({ lookup: () => ({ kind: 'program', address: WALLET, label: 'P' }) });
    await screen.findAllByTestId('recent-item');
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.getAttribute('aria-controls')).toBe('recent-searches');
    expect(document.getElementById('recent-searches')?.getAttribute('role')).toBe('listbox');
    search('first');
    await screen.findByTestId('view-program');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-controls')).toBeNull();
  });

  it('the active recent option has a visible outline of the accent colour', () => {
    const css = readFileSync(THEME_CSS, 'utf8');
    const rule = /\.recent \[role="option"\]\.active\s*\{([^}]*)\}/.exec(css);
    expect(rule?.[1]).toMatch(/outline:\s*2px solid var\(--accent\)/);
  });
});

describe('focus never falls back to the page when its control goes away', () => {
  it('a lookup from inside the result (the owner of an order) focuses the result', async () => {
    setup({
      lookup: (d: { input: string }) =>
        d.input === WALLET ? { kind: 'wallet', wallet: wallet() } : { kind: 'order', order: order(1) },
    });
    search('order-url');
    await screen.findByTestId('view-order');
    press(screen.getByRole('button', { name: "Owner's wallet" }));
    await screen.findByTestId('view-wallet');
    const result = screen.getByTestId('lookup-result');
    expect(document.activeElement).toBe(result);
    expect(result.getAttribute('tabindex')).toBe('-1');
    expect(result.getAttribute('aria-label')).toBe('Lookup result');
  });

  it('an order row link and a search hit do the same', async () => {
    setup({
      lookup: (d: { input: string }) =>
        d.input === 'sol'
          ? {
              kind: 'search',
              query: 'sol',
              hits: [
                {
                  mint: MINT,
                  symbol: 'SOL',
                  name: 'Solana',
                  priceUsd: 1,
                  liquidityUsd: 1,
                  image: null,
                },
              ],
            }
          : { kind: 'wallet', wallet: wallet() },
    });
    search('sol');
    press(await screen.findByTestId('search-hit'));
    await screen.findByTestId('view-wallet');
    expect(document.activeElement).toBe(screen.getByTestId('lookup-result'));
    // (the wallet's own rows have no "Owner's wallet": that is this wallet)
    const row = screen.getAllByTestId('order-row')[0]!;
    press(within(row).getByRole('button', { name: /^Order details / }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('lookup-result')));
  });

  it('Retry of a failed lookup focuses the result', async () => {
    let n = 0;
    setup({
      lookup: () => {
        n += 1;
        if (n === 1) throw lensError('OFFLINE');
        return { kind: 'program', address: WALLET, label: 'P' };
      },
    });
    search(WALLET);
    const err = await screen.findByTestId('state-error');
    press(within(err).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('view-program');
    expect(document.activeElement).toBe(screen.getByTestId('lookup-result'));
  });

  it('Retry of a failed page of orders focuses the order list', async () => {
    let fail = true;
    setup({
      lookup: answer({ kind: 'wallet', wallet: wallet({ orders: page([order(1)], 'C1') }) }),
      walletOrders: () => {
        if (fail) throw lensError('OFFLINE');
        return page([order(2)]);
      },
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    fireEvent.click(screen.getByTestId('load-more'));
    const err = await screen.findByTestId('state-error');
    fail = false;
    press(within(err).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(document.activeElement).toBe(screen.getByTestId('order-list'));
  });

  it('"Load more" keeps the focus while it loads, and hands it to the first new row on the last page', async () => {
    setup({
      lookup: answer({ kind: 'wallet', wallet: wallet({ orders: page([order(1)], 'C1') }) }),
      walletOrders: (p: { cursor?: string }) =>
        p.cursor === 'C1' ? page([order(2)], 'C2') : page([order(3), order(4)]),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    const more = screen.getByTestId('load-more');
    press(more);
    // loading: marked busy, not disabled (a disabled button drops the focus)
    expect(more.hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(document.activeElement).toBe(more);
    press(more);
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(4));
    expect(screen.queryByTestId('load-more')).toBeNull();
    const third = screen.getAllByTestId('order-row')[2]!;
    // the row takes the focus in an effect, after the rows render
    await waitFor(() => expect(document.activeElement).toBe(within(third).getAllByRole('button')[0]));
  });

  it('Watch and Stop watching hand the focus to each other', async () => {
    setup({
      lookup: answer({ kind: 'wallet', wallet: wallet() }),
      watchAdd: () => [{ wallet: WALLET, label: null, addedAt: 1, unread: 0 }],
      watchRemove: () => [],
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    press(screen.getByRole('button', { name: 'Watch' }));
    const stop = await screen.findByRole('button', { name: 'Stop watching' });
    await waitFor(() => expect(document.activeElement).toBe(stop));
    press(stop);
    const watch = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(document.activeElement).toBe(watch));
  });

  it('a Watch answered after the user went on to the search box leaves the focus there', async () => {
    let reply!: (v: { wallet: string; label: null; addedAt: number; unread: number }[]) => void;
    setup({
      lookup: answer({ kind: 'wallet', wallet: wallet() }),
      watchAdd: () =>
        new Promise((r) => {
          reply = r;
        }),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    press(screen.getByRole('button', { name: 'Watch' }));
    const input = screen.getByTestId('search-input');
    input.focus(); // typing the next search while the background answers
    reply([{ wallet: WALLET, label: null, addedAt: 1, unread: 0 }]);
    await screen.findByRole('button', { name: 'Stop watching' });
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(input);
  });

  it('removing a watched wallet focuses the next ×, then the one above, then the watchlist', async () => {
    const W2 = `${MINT.slice(0, -1)}X`;
    const W3 = `${MINT.slice(0, -1)}Y`;
    let entries = [WALLET, W2, W3].map((w, i) => ({ wallet: w, label: `w${i + 1}`, addedAt: i, unread: 0 }));
    const handlers: Handlers = {
      lookup: () => ({ kind: 'program', address: WALLET, label: 'P' }),
      watchList: () => entries,
      watchRemove: ({ wallet: w }: { wallet: string }) => {
        entries = entries.filter((e) => e.wallet !== w);
        return entries;
      },
    };
    render(<PopupApp ask={fakeAsk(handlers).ask} />);
    const list = await screen.findByTestId('watchlist');
    await waitFor(() => expect(within(list).getAllByTestId('watch-row')).toHaveLength(3));
    press(within(list).getByRole('button', { name: 'Remove w1 from watchlist' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list).getByRole('button', { name: 'Remove w2 from watchlist' }),
      ),
    );
    press(within(list).getByRole('button', { name: 'Remove w3 from watchlist' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list).getByRole('button', { name: 'Remove w2 from watchlist' }),
      ),
    );
    press(within(list).getByRole('button', { name: 'Remove w2 from watchlist' }));
    await screen.findByText(/No watched wallets/);
    await waitFor(() => expect(document.activeElement).toBe(list));
    expect(list.getAttribute('tabindex')).toBe('-1');
  });
});

describe('names start with the visible text', () => {
  it('order view and order rows', async () => {
    setup({
      lookup: (d: { input: string }) =>
        d.input === 'order-url'
          ? {
              kind: 'order',
              order: order(1, { output: { ...order(1).output, symbol: 'VERYLONGSYMBOL123' } }),
            }
          : { kind: 'wallet', wallet: wallet() },
    });
    search('order-url');
    const view = await screen.findByTestId('view-order');
    for (const button of within(view).getAllByRole('button')) {
      const name = button.getAttribute('aria-label') ?? button.textContent!;
      expect(name.startsWith(button.textContent!.replace(/…$/, ''))).toBe(true);
    }
    expect(within(view).getByRole('button', { name: 'Buys VERYLONGSYMBOL123' }).textContent).toBe(
      'Buys VERYLONGSYM…',
    );
    search(WALLET);
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    for (const button of within(row).getAllByRole('button')) {
      // the text a screen reader would read: a decorative arrow (aria-hidden) is not part of it
      const copy = button.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      expect(button.getAttribute('aria-label')!.startsWith(copy.textContent!)).toBe(true);
    }
  });
});

describe('colours', () => {
  const css = readFileSync(THEME_CSS, 'utf8');
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
    return (x + 0.05) / (y + 0.05);
  };
  /** The custom properties of the first block after `selector` (the light theme is :root's). */
  const vars = (selector: string) => {
    const block = css.slice(css.indexOf(selector)).split('}')[0]!;
    return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/g)].map((m) => [m[1], m[2]]));
  };

  it.each([
    ['light', ':root {'],
    ['dark', ':root[data-theme="dark"]'],
  ])('%s: gains read at 4.5:1 on the page and panels; the active option outline at 3:1', (_, selector) => {
    const v = vars(selector);
    for (const bg of [v.bg!, v.panel!]) {
      expect(contrast(v.up!, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v.accent!, bg)).toBeGreaterThanOrEqual(3);
    }
  });
});
