// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LookupPanel } from '../../../components/lookup/LookupPanel';
import { PageShell } from '../../../components/lookup/PageShell';
import type { LookupResult } from '../../../lib/lookup';
import { fakeAsk, type Handlers, lensError, pending } from './fake-ask';
import { block, event, MINT, order, page, token, USDC, WALLET, wallet } from './fixtures';

function setup(handlers: Handlers) {
  const fake = fakeAsk(handlers);
  render(
    <PageShell ask={fake.ask} page="popup">
      <LookupPanel />
    </PageShell>,
  );
  return fake;
}

function search(text: string) {
  const box = screen.getByTestId('search-input');
  fireEvent.input(box, { target: { value: text } });
  fireEvent.submit(box.closest('form')!);
}

const answer = (r: LookupResult) => () => r;

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
    let n = 0;
    const fake = setup({
      lookup: () => {
        n += 1;
        if (n === 1) throw lensError('RATE_LIMITED', '', 3000);
        return { kind: 'program', address: WALLET, label: 'Jupiter DCA' };
      },
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
    expect(queued.textContent).toContain('Indexing, try again shortly');
    fireEvent.click(within(queued).getByRole('button', { name: 'Try again' }));
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
    fireEvent.click(screen.getByTestId('watch-button'));
    fireEvent.input(screen.getByLabelText('Label (optional)'), { target: { value: ' alice ' } });
    fireEvent.click(screen.getByTestId('watch-confirm'));
    await screen.findByText(/Watching/);
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
    fireEvent.click(screen.getByTestId('watch-confirm'));
    expect((await screen.findByTestId('watch-error')).textContent).toMatch(/Watchlist is full/);
  });
});

describe('lookup panel: token view', () => {
  it('renders flow, chart and buyer orders; switches to sellers', async () => {
    const fake = setup({
      lookup: answer({ kind: 'token', mint: MINT, token: token() }),
      chart: () => ({
        points: [
          { t: 1_700_000_000_000, o: 1, h: 1, l: 1, c: 130, v: 1 },
          { t: 1_700_000_060_000, o: 1, h: 1, l: 1, c: 140, v: 1 },
        ],
      }),
      tokenOrders: (p: { side: string }) => page(p.side === 'buyers' ? [order(1)] : []),
    });
    search(MINT);
    const view = await screen.findByTestId('view-token');
    expect(view.textContent).toContain('SOL');
    expect((await screen.findByTestId('price-chart-summary')).textContent).toContain('$130.00 → $140.00');
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(fake.callsOf('chart')).toEqual([{ token: MINT }]);
    fireEvent.click(screen.getByTestId('side-sellers'));
    expect((await screen.findByTestId('state-empty')).textContent).toContain('No orders');
    expect(fake.callsOf('tokenOrders').at(-1)).toMatchObject({ mint: MINT, side: 'sellers' });
  });

  it('shows a chart error with retry, and an empty chart', async () => {
    let n = 0;
    setup({
      lookup: answer({ kind: 'token', mint: MINT, token: token() }),
      chart: () => {
        n += 1;
        if (n === 1) throw lensError('TIMEOUT');
        return { points: [] };
      },
      tokenOrders: () => page([order(1)]),
    });
    search(MINT);
    const err = await screen.findByTestId('state-error');
    expect(err.textContent).toContain('took too long');
    fireEvent.click(within(err).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('price-chart-empty')).toBeTruthy();
  });
});

describe('lookup panel: other kinds', () => {
  it('order view: full order, owner opens the wallet lookup', async () => {
    const fake = setup({
      lookup: (d: { input: string }) =>
        d.input === WALLET ? { kind: 'wallet', wallet: wallet() } : { kind: 'order', order: order(1) },
    });
    search('order-url');
    const view = await screen.findByTestId('view-order');
    expect(view.textContent).toContain('USDC -> SOL #1');
    expect(view.textContent).toContain('100 USDC');
    fireEvent.click(screen.getByRole('button', { name: "Look up the owner's wallet" }));
    expect(await screen.findByTestId('view-wallet')).toBeTruthy();
    expect(fake.callsOf('lookup').at(-1)).toEqual({ input: WALLET });
    fireEvent.click(screen.getByTestId('lookup-back'));
    expect(await screen.findByTestId('view-order')).toBeTruthy();
  });

  it('pair view pages through the pair message', async () => {
    const fake = setup({
      lookup: answer({ kind: 'pair', inputMint: USDC, outputMint: MINT, page: page([order(1)], 'C') }),
      pair: () => page([order(2)]),
    });
    search('pair');
    await screen.findByTestId('view-pair');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(fake.callsOf('pair')[0]).toMatchObject({ inputMint: USDC, outputMint: MINT, cursor: 'C' });
  });

  it('event view: outcomes and interval switch', async () => {
    const fake = setup({
      lookup: answer({ kind: 'event', event: event() }),
      candles: () => ({
        series: [
          {
            label: 'Yes',
            points: [
              { t: 1_700_000_000_000, p: 0.5 },
              { t: 1_700_003_600_000, p: 0.63 },
            ],
          },
        ],
      }),
    });
    search('https://polymarket.com/event/will-it-rain');
    const view = await screen.findByTestId('view-event');
    expect(view.textContent).toContain('Will it rain tomorrow?');
    expect(view.textContent).toContain('63%');
    expect((await screen.findByTestId('odds-chart-summary')).textContent).toContain('50% → 63%');
    expect(fake.callsOf('candles')).toEqual([{ exchange: 'polymarket', id: 'ev-1', interval: '1h' }]);
    fireEvent.click(screen.getByTestId('interval-1d'));
    await waitFor(() => expect(fake.callsOf('candles').at(-1)).toMatchObject({ interval: '1d' }));
    expect(screen.getByTestId('interval-1d').getAttribute('aria-pressed')).toBe('true');
  });

  it('event not found says so and asks no candles', async () => {
    const fake = setup({ lookup: answer({ kind: 'event', event: event({ found: false, outcomes: [] }) }) });
    search('nope');
    expect((await screen.findByTestId('view-event')).textContent).toContain('not found');
    expect(fake.callsOf('candles')).toHaveLength(0);
  });

  it('block view shows time, transactions, fees and failed count', async () => {
    setup({ lookup: answer({ kind: 'block', slot: 250_000_000, block: block() }) });
    search('250000000');
    await screen.findByTestId('view-block');
    expect(screen.getByTestId('block-tx-count').textContent).toBe('1,234');
    expect(screen.getByTestId('block-failed').textContent).toBe('17');
    expect(screen.getByTestId('block-fees').textContent).toBe('0.025 SOL');
    const link = screen.getByRole('link', { name: '250,000,000' });
    expect(link.getAttribute('href')).toBe('https://solscan.io/block/250000000');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('a skipped slot is an empty state', async () => {
    setup({ lookup: answer({ kind: 'block', slot: 5, block: null }) });
    search('5');
    expect((await screen.findByTestId('state-empty')).textContent).toContain('no block');
  });

  it('search hits open the token view on click', async () => {
    const fake = setup({
      lookup: (d: { input: string }) =>
        d.input === MINT
          ? { kind: 'token', mint: MINT, token: token() }
          : {
              kind: 'search',
              query: 'sol',
              hits: [
                {
                  mint: MINT,
                  symbol: 'SOL',
                  name: 'Wrapped SOL',
                  image: null,
                  priceUsd: 140,
                  liquidityUsd: 1e9,
                },
              ],
            },
      chart: () => ({ points: [] }),
      tokenOrders: () => page([]),
    });
    search('sol');
    fireEvent.click(await screen.findByTestId('search-hit'));
    expect(await screen.findByTestId('view-token')).toBeTruthy();
    expect(fake.callsOf('lookup').at(-1)).toEqual({ input: MINT });
  });

  it('no search hits is an empty state', async () => {
    setup({ lookup: answer({ kind: 'search', query: 'zzz', hits: [] }) });
    search('zzz');
    expect((await screen.findByTestId('state-empty')).textContent).toContain('No tokens match');
  });

  it('program view shows its label', async () => {
    setup({ lookup: answer({ kind: 'program', address: WALLET, label: 'Jupiter DCA' }) });
    search(WALLET);
    expect((await screen.findByTestId('view-program')).textContent).toContain('Jupiter DCA');
  });

  it('renders hostile text as text', async () => {
    setup({ lookup: answer({ kind: 'program', address: WALLET, label: '<img src=x onerror=alert(1)>' }) });
    search(WALLET);
    const view = await screen.findByTestId('view-program');
    expect(view.querySelector('img')).toBeNull();
    expect(view.textContent).toContain('<img src=x');
  });
});
