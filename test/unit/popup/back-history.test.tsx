// @vitest-environment happy-dom
/**
 * Back shows the previous result as it was left: no new lookup (no API call, no credit), the order
 * list with its filter, sort, side and loaded pages, and Recent in the order the user made it. Recent
 * holds one entry per thing looked up, whatever input led to it.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LookupResult } from '../../../lib/lookup';
import { recentItem } from '../../../lib/recent';
import { MINT, order, page, token, USDC, WALLET, wallet } from './fixtures';
import { recentRows, search, setup } from './panel';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

/** The fake background: a wallet for any input naming WALLET, a token for any naming MINT. */
function answerFor({ input }: { input: string }): LookupResult {
  if (input.includes(WALLET)) return { kind: 'wallet', wallet: wallet({ orders: page([order(1)], 'C1') }) };
  if (input.includes(MINT)) return { kind: 'token', mint: MINT, token: token() };
  throw new Error(`no answer for ${input}`);
}

const handlers = {
  lookup: answerFor,
  walletOrders: (p: { status?: string; cursor?: string }) =>
    p.status === 'active'
      ? p.cursor === 'A1'
        ? page([order(12)])
        : page([order(11)], 'A1')
      : page([order(2)]),
  tokenOrders: (p: { side: string }) => page(p.side === 'sellers' ? [order(21), order(22)] : [order(20)]),
  chart: () => ({
    points: [
      { t: 1_700_000_000_000, o: 1, h: 1, l: 1, c: 130, v: 1 },
      { t: 1_700_000_060_000, o: 1, h: 1, l: 1, c: 140, v: 1 },
    ],
  }),
};

const rows = () => screen.getAllByTestId('order-row');
const back = () => fireEvent.click(screen.getByTestId('lookup-back'));

describe('Back', () => {
  it('shows the previous results again without a request, as they were left', async () => {
    const fake = setup(handlers);
    // a wallet, its list filtered to active orders with a second page loaded
    search(WALLET);
    await screen.findByTestId('view-wallet');
    fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'active' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(await screen.findByTestId('load-more'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(screen.getByTestId('sort-select'), { target: { value: 'volume' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(await screen.findByTestId('load-more'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    // then a token, on its sellers side
    search(MINT);
    await screen.findByTestId('view-token');
    await screen.findByTestId('price-chart');
    fireEvent.click(screen.getByTestId('side-sellers'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    // then a wallet again (an order's owner, a link)
    search(`https://solscan.io/account/${WALLET}`);
    await screen.findByTestId('view-wallet');
    await waitFor(async () =>
      expect(await recentItem.getValue()).toEqual([`https://solscan.io/account/${WALLET}`, MINT]),
    );
    const asked = fake.calls.length;

    back();
    expect(screen.getByTestId('view-token')).toBeTruthy();
    expect(screen.getByTestId('side-sellers').getAttribute('aria-pressed')).toBe('true');
    expect(rows()).toHaveLength(2);
    expect(screen.getByTestId('price-chart')).toBeTruthy();
    expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe(MINT);

    back();
    const view = screen.getByTestId('view-wallet');
    expect((within(view).getByTestId('status-filter') as HTMLSelectElement).value).toBe('active');
    expect((within(view).getByTestId('sort-select') as HTMLSelectElement).value).toBe('volume');
    expect(rows()).toHaveLength(2);
    expect(within(view).queryByTestId('load-more')).toBeNull();

    // nothing was asked meanwhile (a lookup, a page, a chart), nor after
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.calls.slice(asked).map((c) => c.name)).toEqual([]);
    expect(fake.callsOf('lookup')).toHaveLength(3);
    // Recent is as the lookups left it: Back moved nothing to the top
    expect(await recentItem.getValue()).toEqual([`https://solscan.io/account/${WALLET}`, MINT]);
  });

  it('Back from one wallet to another shows the first one’s list, not the second one’s', async () => {
    const other = wallet({ address: USDC, identity: null, orders: page([order(31), order(32)]) });
    const fake = setup({
      ...handlers,
      lookup: (data: { input: string }) =>
        data.input === USDC ? { kind: 'wallet', wallet: other } : answerFor(data),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'active' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    search(USDC);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect((screen.getByTestId('status-filter') as HTMLSelectElement).value).toBe('all');
    back();
    expect((screen.getByTestId('status-filter') as HTMLSelectElement).value).toBe('active');
    expect(rows()).toHaveLength(1);
    expect(fake.callsOf('walletOrders')).toHaveLength(1);
  });

  it('a reload of a result shown by Back asks again, for fresh data', async () => {
    const fake = setup({
      ...handlers,
      lookup: (data: { input: string }) =>
        data.input === WALLET
          ? { kind: 'wallet', wallet: wallet({ pnl: { state: 'queued', message: 'Indexing' } }) }
          : answerFor(data),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    search(MINT);
    await screen.findByTestId('view-token');
    back();
    expect(fake.callsOf('lookup')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Check PnL again' }));
    await waitFor(() =>
      expect(fake.callsOf('lookup')).toEqual([{ input: WALLET }, { input: MINT }, { input: WALLET }]),
    );
    await screen.findByTestId('view-wallet');
  });
});

describe('Recent', () => {
  it('keeps one entry per thing looked up: the newest input that led to it', async () => {
    await recentItem.setValue([]);
    setup(handlers);
    const inputs = [
      WALLET,
      MINT,
      `https://solscan.io/account/${WALLET}`,
      `CA: ${MINT}`,
      `https://gmgn.ai/sol/address/${WALLET}`,
    ];
    for (const input of inputs) {
      search(input);
      await waitFor(async () => expect((await recentItem.getValue())[0]).toBe(input));
    }
    expect(await recentItem.getValue()).toEqual([`https://gmgn.ai/sol/address/${WALLET}`, `CA: ${MINT}`]);
    for (const _ of inputs) back();
    await waitFor(() => expect(screen.queryByTestId('lookup-back')).toBeNull());
    expect(recentRows()).toEqual([
      ['Wallet', 'alice.sol'],
      ['Token', 'SOL'],
    ]);
  });
});
