// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { failsOnce, lensError, pending } from './fake-ask';
import { order, page, WALLET, wallet } from './fixtures';
import { answer, search, setup } from './panel';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('lookup panel: states', () => {
  it('focuses the search box on open', () => {
    setup({});
    expect(document.activeElement).toBe(screen.getByTestId('search-input'));
  });

  it('shows a specific message for empty input and sends nothing', async () => {
    const fake = setup({});
    search('   ');
    expect(screen.getByTestId('search-invalid').textContent).toMatch(/Type a wallet, token/);
    expect(fake.callsOf('lookup')).toHaveLength(0);
    expect(screen.getByTestId('search-input').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a loading state while the lookup runs', async () => {
    setup({ lookup: () => pending() });
    search(WALLET);
    expect(await screen.findByTestId('state-loading')).toBeTruthy();
  });

  it('shows the error message for the code and retries', async () => {
    const fake = setup({
      lookup: failsOnce(lensError('RATE_LIMITED', undefined, 3000), () => ({
        kind: 'program',
        address: WALLET,
        label: 'Jupiter DCA',
      })),
    });
    search(WALLET);
    const err = await screen.findByTestId('state-error');
    expect(err.textContent).toContain('Rate limited');
    expect(err.textContent).toContain('Retry in 3 s');
    fireEvent.click(within(err).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('view-program')).toBeTruthy();
    expect(fake.callsOf('lookup')).toEqual([{ input: WALLET }, { input: WALLET }]);
  });

  it('passes the background INVALID_INPUT detail through', async () => {
    setup({
      lookup: () => Promise.reject(lensError('INVALID_INPUT', 'not an address, URL, slot or token name')),
    });
    search('???');
    const err = await screen.findByTestId('state-error');
    expect(err.textContent).toContain('not an address, URL, slot or token name');
  });
});

describe('lookup panel: wallet view', () => {
  it('renders PnL, DCA summary and orders, and trims the input', async () => {
    const fake = setup({ lookup: answer({ kind: 'wallet', wallet: wallet() }) });
    search(`  ${WALLET}  `);
    const view = await screen.findByTestId('view-wallet');
    expect(fake.callsOf('lookup')).toEqual([{ input: WALLET }]);
    expect(view.textContent).toContain('alice.sol');
    expect(view.textContent).toContain('+$1.2K');
    expect(view.textContent).toContain('61%');
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
  });

  it('shows the queued state with a working "try again"', async () => {
    const fake = setup({
      lookup: answer({ kind: 'wallet', wallet: wallet({ pnl: { state: 'queued', message: 'queued' } }) }),
    });
    search(WALLET);
    const queued = await screen.findByTestId('state-queued');
    expect(screen.getByTestId('view-wallet').textContent).toContain('try again shortly');
    fireEvent.click(within(queued).getByRole('button', { name: 'Check PnL again' }));
    await waitFor(() => expect(fake.callsOf('lookup')).toHaveLength(2));
  });

  it('shows the DCA error and an empty order list', async () => {
    setup({
      lookup: answer({
        kind: 'wallet',
        wallet: wallet({ orders: page([]), summary: null, dcaError: null }),
      }),
    });
    search(WALLET);
    expect((await screen.findByTestId('state-empty')).textContent).toContain('No orders');
  });

  it('a wallet without any DCA order says so once: no empty list with filters', async () => {
    const fake = setup({
      lookup: answer({
        kind: 'wallet',
        wallet: wallet({
          orders: page([]),
          summary: { total: 0, active: 0, paused: 0, completed: 0, pending: 0 },
        }),
      }),
    });
    search(WALLET);
    const view = await screen.findByTestId('view-wallet');
    expect(view.textContent?.match(/No (DCA )?orders/g)).toEqual(['No DCA orders']);
    expect(screen.queryByTestId('order-list')).toBeNull();
    expect(screen.queryByTestId('status-filter')).toBeNull();
    expect(fake.callsOf('walletOrders')).toHaveLength(0);
  });

  it('filters by status, sorts, and loads more by cursor', async () => {
    const fake = setup({
      lookup: answer({ kind: 'wallet', wallet: wallet({ orders: page([order(1)], 'CURSOR1') }) }),
      walletOrders: (p: { status?: string; cursor?: string }) =>
        p.cursor ? page([order(5)], null) : page([order(3), order(4)], 'CURSOR2'),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(fake.callsOf('walletOrders')[0]).toMatchObject({
      address: WALLET,
      cursor: 'CURSOR1',
      sort: 'recent',
    });

    fireEvent.change(screen.getByLabelText('Status filter'), { target: { value: 'active' } });
    await waitFor(() => expect(fake.callsOf('walletOrders')).toHaveLength(2));
    expect(fake.callsOf('walletOrders')[1]).toEqual({ address: WALLET, status: 'active', sort: 'recent' });
    fireEvent.change(screen.getByLabelText('Sort orders'), { target: { value: 'volume' } });
    await waitFor(() =>
      expect(fake.callsOf('walletOrders')[2]).toMatchObject({ status: 'active', sort: 'volume' }),
    );
  });

  it('restarts from page one when the cursor went stale', async () => {
    const fake = setup({
      lookup: answer({ kind: 'wallet', wallet: wallet({ orders: page([order(1)], 'OLD') }) }),
      walletOrders: (p: { cursor?: string }) => {
        if (p.cursor) throw lensError('INVALID_CURSOR');
        return page([order(7)]);
      },
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    fireEvent.click(screen.getByTestId('load-more'));
    const err = await screen.findByTestId('state-error');
    expect(err.textContent).toContain('start again from the first page');
    fireEvent.click(within(err).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.callsOf('walletOrders')[1]).not.toHaveProperty('cursor'));
  });

  it('watches with an optional label', async () => {
    const fake = setup({
      lookup: answer({ kind: 'wallet', wallet: wallet() }),
      watchAdd: () => [{ wallet: WALLET, label: 'alice', addedAt: 1, unread: 0 }],
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    fireEvent.input(screen.getByLabelText('Label (optional)'), { target: { value: ' alice ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
    await screen.findByTestId('watching');
    expect(fake.callsOf('watchAdd')).toEqual([{ wallet: WALLET, label: 'alice' }]);
  });

  it('shows the watchlist-full message', async () => {
    setup({
      lookup: answer({ kind: 'wallet', wallet: wallet() }),
      watchAdd: () => Promise.reject(lensError('INVALID_INPUT', 'watchlist limit of 50 wallets reached')),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    fireEvent.click(screen.getByTestId('watch-button'));
    expect((await screen.findByTestId('watch-error')).textContent).toMatch(/Watchlist is full/);
  });
});
