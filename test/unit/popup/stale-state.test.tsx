// @vitest-environment happy-dom
/**
 * The popup must not keep showing what is no longer true: an old filter's orders, a "Live" the
 * background no longer confirms, a failed lookup in Recent, "Watching" after a removal, fills it
 * never loaded.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OrderList } from '../../../components/lookup/OrderList';
import { PageShell } from '../../../components/lookup/PageShell';
import { TokenResult } from '../../../components/lookup/TokenResult';
import { PopupApp } from '../../../components/popup/PopupApp';
import { recentItem } from '../../../lib/recent';
import type { StatusView } from '../../../lib/views';
import { fakeAsk, lensError } from './fake-ask';
import { MINT, order, page, token, WALLET, wallet } from './fixtures';
import { search } from './panel';

const LIVE: StatusView = {
  key: 'valid',
  plan: 'Premium',
  credits: 5,
  live: 'live',
  liveRetryAt: null,
  watched: 0,
  unread: 0,
};

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('order list', () => {
  it('a failed filter change shows no rows or total of the previous filter, and retries the new one', async () => {
    let fail = true;
    const fetchPage = vi.fn(async () => {
      if (fail) throw lensError('NETWORK');
      return page([order(3, { status: 'paused' })]);
    });
    render(
      <OrderList
        label="Orders"
        initial={page([order(1), order(2, { status: 'completed' })])}
        fetchPage={fetchPage}
      />,
    );
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    expect(screen.getByTestId('order-list').textContent).toContain('2 total');
    fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'paused' } });
    const error = await screen.findByTestId('state-error');
    expect(screen.queryAllByTestId('order-row')).toHaveLength(0);
    expect(screen.getByTestId('order-list').textContent).not.toContain('total');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(fetchPage).toHaveBeenLastCalledWith({ status: 'paused', sort: 'recent' });
  });

  it('says how many orders could not be read (a shape the service changed), over every page loaded, and shows the rest', async () => {
    const fetchPage = vi.fn(async () => ({ ...page([order(3)]), dropped: 2 }));
    render(
      <OrderList
        label="Orders"
        initial={{ ...page([order(1), order(2)], order(2).address), hasMore: true, dropped: 1 }}
        fetchPage={fetchPage}
      />,
    );
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    expect(screen.getByTestId('orders-dropped').textContent).toBe(
      '1 order could not be read: the service sent it in an unexpected format.',
    );
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));
    expect(screen.getByTestId('orders-dropped').textContent).toBe(
      '3 orders could not be read: the service sent them in an unexpected format.',
    );
  });

  it('a page whose every order could not be read does not say "No orders"', () => {
    render(<OrderList label="Orders" initial={{ ...page([]), dropped: 2 }} fetchPage={vi.fn()} />);
    expect(screen.queryByText(/No orders/)).toBeNull();
    expect(screen.getByTestId('orders-dropped').textContent).toMatch(/^2 orders could not be read/);
  });
});

describe('status line', () => {
  it('says the background is not answering once polls fail after a good answer, and recovers', async () => {
    // (IndexedDB's own timers, setImmediate, stay real: Recent is kept there)
    vi.useFakeTimers({ shouldAdvanceTime: true, toNotFake: ['setImmediate', 'clearImmediate'] });
    let up = true;
    const fake = fakeAsk({
      status: () => {
        if (!up) throw lensError('INTERNAL');
        return LIVE;
      },
    });
    render(<PopupApp ask={fake.ask} />);
    const line = () => screen.getByTestId('status-line').textContent;
    await waitFor(() => expect(line()).toContain('Live'));
    up = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(line()).toBe('Background not answering.');
    up = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(line()).toContain('Key valid');
    expect(line()).toContain('Live');
  });
});

describe('recent searches', () => {
  const lookup = ({ input }: { input: string }) => {
    if (input === MINT) throw lensError('NOT_FOUND');
    return { kind: 'program', address: WALLET, label: 'P' } as never;
  };

  it('a failed lookup after a good one is not saved', async () => {
    render(<PopupApp ask={fakeAsk({ lookup }).ask} />);
    search(WALLET);
    await screen.findByTestId('view-program');
    await waitFor(async () => expect(await recentItem.getValue()).toEqual([WALLET]));
    search(MINT);
    await screen.findByTestId('state-error');
    await new Promise((r) => setTimeout(r, 50));
    expect(await recentItem.getValue()).toEqual([WALLET]);
  });

  it('a failed first lookup is not saved', async () => {
    render(<PopupApp ask={fakeAsk({ lookup }).ask} />);
    search(MINT);
    await screen.findByTestId('state-error');
    await new Promise((r) => setTimeout(r, 50));
    expect(await recentItem.getValue()).toEqual([]);
  });
});

describe('watchlist', () => {
  it('removing the viewed wallet with × makes its view stop saying Watching', async () => {
    let list = [{ wallet: WALLET, label: null, addedAt: 1, unread: 0 }];
    const fake = fakeAsk({
      lookup: () => ({ kind: 'wallet', wallet: wallet({ watched: true }) }) as never,
      watchList: () => list,
      watchRemove: () => {
        list = [];
        return list;
      },
    });
    render(<PopupApp ask={fake.ask} />);
    search(WALLET);
    await screen.findByTestId('watching');
    const watchlist = screen.getByTestId('watchlist');
    await waitFor(() => expect(within(watchlist).getAllByTestId('watch-row')).toHaveLength(1));
    fireEvent.click(within(watchlist).getByRole('button', { name: /^Remove/ }));
    await waitFor(() => expect(within(watchlist).queryAllByTestId('watch-row')).toHaveLength(0));
    await waitFor(() => expect(screen.queryByTestId('watching')).toBeNull());
    expect(screen.getByTestId('watch-button')).toBeTruthy();
  });
});

describe('token lookup', () => {
  it('shows no fills section: the lookup loads no fills, so "No fills yet." would be false', async () => {
    const fake = fakeAsk({ chart: () => ({ points: [] }), tokenOrders: () => page([]) });
    render(
      <PageShell ask={fake.ask} page="popup">
        <TokenResult mint={MINT} token={token()} />
      </PageShell>,
    );
    const view = await screen.findByTestId('view-token');
    expect(view.textContent).not.toContain('Latest fills');
    expect(view.textContent).not.toContain('No fills yet.');
  });
});
