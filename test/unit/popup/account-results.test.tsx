// @vitest-environment happy-dom
/**
 * What the lookup shows for an address that is not an ordinary wallet: one with no account on
 * mainnet (a note, no "try again"), and a token account (what it holds, for whom, and the way on to
 * either).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MINT, ORDER, page, WALLET, wallet } from './fixtures';
import { answer, search, setup } from './panel';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('an address with no account on mainnet', () => {
  it('shows its data with a note that no account exists, and no "try again"', async () => {
    setup({
      lookup: answer({
        kind: 'wallet',
        noAccount: true,
        wallet: wallet({
          identity: null,
          pnl: { state: 'none' },
          orders: page([]),
          summary: { total: 0, active: 0, paused: 0, completed: 0, pending: 0 },
        }),
      }),
    });
    search(WALLET);
    const view = await screen.findByTestId('view-wallet');
    expect(screen.getByTestId('wallet-no-account').textContent).toBe(
      'No account exists at this address on mainnet (never funded, or closed): check you copied it whole.',
    );
    expect(view.textContent).toContain('No DCA orders');
    expect(view.textContent).not.toMatch(/try again shortly/);
    expect(screen.queryByRole('button', { name: 'Check PnL again' })).toBeNull();
  });

  it('offers no "Check PnL again" even if the PnL answer was "indexing"', async () => {
    setup({
      lookup: answer({
        kind: 'wallet',
        noAccount: true,
        wallet: wallet({ pnl: { state: 'queued', message: 'queued' } }),
      }),
    });
    search(WALLET);
    await screen.findByTestId('wallet-no-account');
    expect(screen.queryByRole('button', { name: 'Check PnL again' })).toBeNull();
  });

  it('an ordinary wallet has no such note', async () => {
    setup({ lookup: answer({ kind: 'wallet', wallet: wallet() }) });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    expect(screen.queryByTestId('wallet-no-account')).toBeNull();
  });
});

describe('a token account', () => {
  it('says what it holds for whom, looks either up, and copies each address; no Watch', async () => {
    const fake = setup({
      lookup: (req: { input: string }) =>
        req.input === ORDER
          ? { kind: 'tokenAccount', address: ORDER, mint: MINT, owner: WALLET }
          : { kind: 'program', address: req.input, label: 'Other' },
    });
    search(ORDER);
    const view = await screen.findByTestId('view-token-account');
    expect(view.querySelector('h2')?.textContent).toBe('Token account');
    const parties = screen.getByTestId('token-account-parties');
    expect(parties.textContent).toMatch(/^Holds So1111…111112 ?Copy ?for 7JsiQT…sHcTZz ?Copy/);
    for (const address of [ORDER, MINT, WALLET]) {
      expect(screen.getByRole('button', { name: `Copy address ${address}` })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: /watch/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Owner's wallet" }));
    await waitFor(() => expect(fake.callsOf('lookup')).toEqual([{ input: ORDER }, { input: WALLET }]));
  });

  it('its Token button looks the mint up', async () => {
    const fake = setup({
      lookup: answer({ kind: 'tokenAccount', address: ORDER, mint: MINT, owner: WALLET }),
    });
    search(ORDER);
    await screen.findByTestId('view-token-account');
    fireEvent.click(screen.getByRole('button', { name: 'Token' }));
    await waitFor(() => expect(fake.callsOf('lookup')).toEqual([{ input: ORDER }, { input: MINT }]));
  });
});
