// @vitest-environment happy-dom
/**
 * What a failure offers next: "Open options" for a key problem, Retry when another try may help
 * (a whole lookup, or the half of a wallet that failed), and a watchlist-full message said once.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '../../../components/popup/PopupApp';
import { errorMessage } from '../../../lib/errors';
import { fakeAsk, lensError } from './fake-ask';
import { WALLET, wallet } from './fixtures';
import { answer, search, setup } from './panel';

let openOptionsPage: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fakeBrowser.reset();
  openOptionsPage = vi.fn(async () => {});
  // biome-ignore lint/suspicious/noExplicitAny: the fake browser leaves openOptionsPage unimplemented
  (fakeBrowser.runtime as any).openOptionsPage = openOptionsPage;
});
afterEach(cleanup);

describe('a failed lookup offers what fixes it', () => {
  for (const code of ['NO_KEY', 'UNAUTHORIZED', 'FORBIDDEN'])
    it(`${code}: "Open options" opens the options page; no Retry (it would fail the same way)`, async () => {
      setup({ lookup: () => Promise.reject(lensError(code)) });
      search(WALLET);
      const err = await screen.findByTestId('state-error');
      expect(err.textContent).toContain(errorMessage(code));
      expect(within(err).queryByRole('button', { name: 'Retry' })).toBeNull();
      fireEvent.click(within(err).getByRole('button', { name: 'Open options' }));
      expect(openOptionsPage).toHaveBeenCalledTimes(1);
    });

  for (const code of ['SERVICE_BUSY', 'RATE_LIMITED', 'OFFLINE', 'NETWORK', 'TIMEOUT'])
    it(`${code}: Retry, no "Open options"`, async () => {
      let n = 0;
      const fake = setup({
        lookup: () => {
          n += 1;
          if (n === 1) throw lensError(code);
          return { kind: 'wallet', wallet: wallet() };
        },
      });
      search(WALLET);
      const err = await screen.findByTestId('state-error');
      expect(within(err).queryByRole('button', { name: 'Open options' })).toBeNull();
      fireEvent.click(within(err).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByTestId('view-wallet')).toBeTruthy();
      expect(fake.callsOf('lookup')).toHaveLength(2);
    });

  it('a failure another try cannot fix (not found) offers no Retry', async () => {
    setup({ lookup: () => Promise.reject(lensError('NOT_FOUND')) });
    search(WALLET);
    const err = await screen.findByTestId('state-error');
    expect(within(err).queryByRole('button')).toBeNull();
  });

  it('the status line\'s "Open options" opens the options page the same way', async () => {
    const fake = fakeAsk({
      status: () => ({
        key: 'invalid',
        plan: null,
        credits: null,
        live: 'bad-key',
        liveRetryAt: null,
        watched: 0,
        unread: 0,
      }),
    });
    render(<PopupApp ask={fake.ask} />);
    await screen.findByTestId('status-key');
    fireEvent.click(within(screen.getByTestId('status-line')).getByRole('button', { name: 'Open options' }));
    expect(openOptionsPage).toHaveBeenCalledTimes(1);
  });
});

describe('a wallet with one half failed', () => {
  const busy = { code: 'SERVICE_BUSY', message: errorMessage('SERVICE_BUSY') };

  it('DCA failed for a transient reason: Retry runs the lookup again', async () => {
    let n = 0;
    const fake = setup({
      lookup: () => {
        n += 1;
        return {
          kind: 'wallet',
          wallet: n === 1 ? wallet({ dcaError: busy, summary: null, orders: null }) : wallet(),
        };
      },
    });
    search(WALLET);
    const view = await screen.findByTestId('view-wallet');
    expect(view.textContent).toContain(errorMessage('SERVICE_BUSY'));
    // (the card's PnL is above its DCA section, this Retry after both: it names its half)
    fireEvent.click(
      within(screen.getByTestId('wallet-retry')).getByRole('button', { name: 'Retry DCA orders' }),
    );
    await waitFor(() => expect(fake.callsOf('lookup')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('wallet-retry')).toBeNull());
    expect(screen.getByTestId('view-wallet').textContent).not.toContain(errorMessage('SERVICE_BUSY'));
  });

  it('PnL failed for a transient reason (rate limited): Retry', async () => {
    setup({
      lookup: answer({
        kind: 'wallet',
        wallet: wallet({ pnl: { state: 'error', error: { code: 'RATE_LIMITED', message: '' } } }),
      }),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    expect(
      within(screen.getByTestId('wallet-retry')).getByRole('button', { name: 'Retry PnL' }),
    ).toBeTruthy();
  });

  it('a half failed for a reason a retry cannot fix (the plan): no Retry', async () => {
    setup({
      lookup: answer({
        kind: 'wallet',
        wallet: wallet({ pnl: { state: 'error', error: { code: 'FORBIDDEN', message: '' } } }),
      }),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    expect(screen.queryByTestId('wallet-retry')).toBeNull();
  });
});

describe('watching a wallet when the watchlist is full', () => {
  it('says so once, with the limit', async () => {
    setup({
      lookup: answer({ kind: 'wallet', wallet: wallet() }),
      // what lib/watch/watchlist.ts refuses with
      watchAdd: () =>
        Promise.reject(lensError('INVALID_INPUT', 'Watchlist is full (50 wallets): remove one first')),
    });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    fireEvent.click(screen.getByTestId('watch-button'));
    const text = (await screen.findByTestId('watch-error')).textContent ?? '';
    expect(text).toBe('Watchlist is full (50 wallets): remove a wallet first.');
    expect(text.match(/full/gi)).toHaveLength(1);
  });
});
