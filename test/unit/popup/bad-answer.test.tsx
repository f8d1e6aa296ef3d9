// @vitest-environment happy-dom
/**
 * The pages parse every answer against its schema (components/lookup/ask.tsx): an answer of the
 * wrong shape is a clear error, never a half-drawn card or a crash; the console names the misfit.
 */
import { cleanup, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { errorMessage } from '../../../lib/errors';
import type { LookupResult } from '../../../lib/lookup';
import { WALLET, wallet } from './fixtures';
import { search, setup } from './panel';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fakeBrowser.reset();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  warn.mockRestore();
});

/** A lookup answer as a faulty background might send it: typed as the real one, shaped otherwise. */
const bad = (value: unknown) => () => value as LookupResult;

describe('an answer that does not fit its schema', () => {
  it("a wallet without its PnL half: the page's error, no wallet card", async () => {
    const { pnl: _, ...noPnl } = wallet();
    setup({ lookup: bad({ kind: 'wallet', wallet: noPnl }) });
    search(WALLET);
    const err = await screen.findByTestId('state-error');
    expect(err.textContent).toContain(errorMessage('BAD_ANSWER'));
    expect(screen.queryByTestId('view-wallet')).toBeNull();
    // nothing to retry: the same answer would come back
    expect(within(err).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(String(warn.mock.calls[0]?.[0])).toContain('lookup answer does not fit its schema at wallet.pnl');
  });

  it('a kind the page does not know, and a number sent as text', async () => {
    setup({ lookup: bad({ kind: 'nft', address: WALLET }) });
    search(WALLET);
    expect((await screen.findByTestId('state-error')).textContent).toContain(errorMessage('BAD_ANSWER'));
    cleanup();
    setup({ lookup: bad({ kind: 'wallet', wallet: wallet({ summary: { total: '3' } as never }) }) });
    search(WALLET);
    expect((await screen.findByTestId('state-error')).textContent).toContain(errorMessage('BAD_ANSWER'));
    expect(screen.queryByTestId('view-wallet')).toBeNull();
  });

  it('a good answer with a key the schema does not know still shows', async () => {
    setup({ lookup: bad({ kind: 'wallet', wallet: { ...wallet(), injected: '<img src=x>' } }) });
    search(WALLET);
    expect(await screen.findByTestId('view-wallet')).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
  });
});
