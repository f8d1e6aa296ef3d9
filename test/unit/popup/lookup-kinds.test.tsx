// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeAsk, lensError } from './fake-ask';
import { block, event, MINT, order, page, token, USDC, WALLET, wallet } from './fixtures';
import { answer, search, setup } from './panel';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

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
    expect(fake.callsOf('chart')).toEqual([{ token: MINT, currency: 'usd' }]);
    fireEvent.click(screen.getByTestId('side-sellers'));
    expect((await screen.findByTestId('state-empty')).textContent).toContain('No orders');
    expect(fake.callsOf('tokenOrders').at(-1)).toMatchObject({ mint: MINT, side: 'sellers' });
  });

  for (const [currency, shown] of [
    ['sol', '130 SOL → 140 SOL'],
    ['eur', '€130.00 → €140.00'],
  ] as const)
    it(`asks for the price chart in the currency it shows (${currency})`, async () => {
      const fake = setup({
        settingsGet: async () => ({ ...(await fakeAsk().ask('settingsGet', {})), currency }),
        lookup: answer({ kind: 'token', mint: MINT, token: token() }),
        chart: () => ({
          points: [
            { t: 1_700_000_000_000, o: 1, h: 1, l: 1, c: 130, v: 1 },
            { t: 1_700_000_060_000, o: 1, h: 1, l: 1, c: 140, v: 1 },
          ],
        }),
        tokenOrders: () => page([]),
      });
      search(MINT);
      expect((await screen.findByTestId('price-chart-summary')).textContent).toContain(shown);
      expect(fake.callsOf('chart')).toEqual([{ token: MINT, currency }]);
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
    // the way on: owner, the token sold and the token bought, each its own labelled link
    expect(screen.getByRole('button', { name: 'Sells USDC' }).textContent).toBe('Sells USDC');
    expect(screen.getByRole('button', { name: 'Buys SOL' }).textContent).toBe('Buys SOL');
    fireEvent.click(screen.getByRole('button', { name: "Owner's wallet" }));
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

  it('a Kalshi event says its odds history is Polymarket-only and asks no candles', async () => {
    const fake = setup({ lookup: answer({ kind: 'event', event: event({ exchange: 'kalshi' }) }) });
    search('KXFEDCHAIR-26');
    const view = await screen.findByTestId('view-event');
    expect(view.textContent).toContain('Will it rain tomorrow?');
    expect(screen.getByTestId('odds-history-unavailable').textContent).toContain('Polymarket events only');
    expect(screen.queryByTestId('interval-1h')).toBeNull();
    expect(fake.callsOf('candles')).toHaveLength(0);
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

  it('pool view says what a pool lacks and links the pair on DexScreener, asking nothing more', async () => {
    const fake = setup({ lookup: answer({ kind: 'pool', address: WALLET }) });
    search(`https://dexscreener.com/solana/${WALLET}`);
    const view = await screen.findByTestId('view-pool');
    expect(view.textContent).toContain('Liquidity pool');
    expect(view.textContent).toContain('no DCA orders or PnL');
    const links = [...view.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toContain(`https://dexscreener.com/solana/${WALLET}`);
    expect(links.every((h) => h?.startsWith('https://'))).toBe(true);
    expect(screen.queryByRole('button', { name: /^watch/i })).toBeNull();
    // the whole address one click away (shown short)
    expect(within(view).getByRole('button', { name: `Copy address ${WALLET}` })).toBeTruthy();
    const asked = new Set(fake.calls.map((c) => c.name));
    for (const name of ['walletOrders', 'tokenOrders', 'chart', 'candles'] as const)
      expect(asked.has(name)).toBe(false);
  });

  it('program view shows its label', async () => {
    setup({ lookup: answer({ kind: 'program', address: WALLET, label: 'Jupiter DCA' }) });
    search(WALLET);
    const view = await screen.findByTestId('view-program');
    expect(view.textContent).toContain('Jupiter DCA');
    expect(within(view).getByRole('button', { name: `Copy address ${WALLET}` })).toBeTruthy();
  });

  it('renders hostile text as text', async () => {
    setup({ lookup: answer({ kind: 'program', address: WALLET, label: '<img src=x onerror=alert(1)>' }) });
    search(WALLET);
    const view = await screen.findByTestId('view-program');
    expect(view.querySelector('img')).toBeNull();
    expect(view.textContent).toContain('<img src=x');
  });
});
