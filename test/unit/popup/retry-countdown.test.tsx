// @vitest-environment happy-dom
/**
 * A failure with a Retry-After: its "Retry in …" counts down while shown, and at 0 the lookup is
 * tried again by itself, once per lookup the user started (the Retry button stays). While the
 * background waits out a short Retry-After, the loading line says so; a slow service gets "still
 * waiting" after 10 s. A wallet whose PnL half failed names the half its Retry is for.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PageShell } from '../../../components/lookup/PageShell';
import { TokenResult } from '../../../components/lookup/TokenResult';
import { errorMessage } from '../../../lib/errors';
import { failsOnce, fakeAsk, lensError, pending, statusView } from './fake-ask';
import { MINT, token, WALLET, wallet } from './fixtures';
import { search, setup } from './panel';

beforeEach(() => {
  fakeBrowser.reset();
  // (IndexedDB's own timers, setImmediate, stay real: Recent is kept there)
  vi.useFakeTimers({ shouldAdvanceTime: true, toNotFake: ['setImmediate', 'clearImmediate'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const errorText = () => screen.getByTestId('state-error').textContent ?? '';

describe('a lookup refused with a Retry-After', () => {
  it('counts down while shown and retries by itself once at 0; the Retry button stays', async () => {
    const fake = setup({ lookup: () => Promise.reject(lensError('RATE_LIMITED', undefined, 90_000)) });
    search(WALLET);
    await screen.findByTestId('state-error');
    expect(errorText()).toContain(errorMessage('RATE_LIMITED'));
    expect(errorText()).toContain('Retry in 1 min 30 s.');
    await advance(30_000);
    expect(errorText()).toContain('Retry in 1 min.');
    await advance(45_000);
    expect(errorText()).toContain('Retry in 15 s.');
    expect(fake.callsOf('lookup')).toHaveLength(1);
    expect(within(screen.getByTestId('state-error')).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await advance(15_000);
    await waitFor(() => expect(fake.callsOf('lookup')).toHaveLength(2));
    // refused again: it counts down again, but the automatic retry was the one for this lookup
    await screen.findByTestId('state-error');
    expect(errorText()).toContain('Retry in 1 min 30 s.');
    await advance(200_000);
    expect(fake.callsOf('lookup')).toHaveLength(2);
    expect(errorText()).not.toContain('Retry in');
    // a Retry the user asks for gets its own automatic retry
    fireEvent.click(within(screen.getByTestId('state-error')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.callsOf('lookup')).toHaveLength(3));
    await screen.findByTestId('state-error');
    await advance(91_000);
    await waitFor(() => expect(fake.callsOf('lookup')).toHaveLength(4));
  });

  it('the automatic retry brings the result when the service has recovered', async () => {
    setup({
      lookup: failsOnce(lensError('SERVICE_BUSY', undefined, 5_000), () => ({
        kind: 'wallet',
        wallet: wallet(),
      })),
    });
    search(WALLET);
    await screen.findByTestId('state-error');
    expect(errorText()).toContain('Retry in 5 s.');
    await advance(2_000);
    expect(errorText()).toContain('Retry in 3 s.');
    await advance(3_000);
    expect(await screen.findByTestId('view-wallet')).toBeTruthy();
  });

  it('a failure without a Retry-After is not retried by itself', async () => {
    const fake = setup({ lookup: () => Promise.reject(lensError('SERVICE_BUSY')) });
    search(WALLET);
    await screen.findByTestId('state-error');
    await advance(120_000);
    expect(fake.callsOf('lookup')).toHaveLength(1);
  });

  it('the price chart counts down and retries by itself too', async () => {
    const fake = fakeAsk({
      chart: failsOnce(lensError('RATE_LIMITED', undefined, 10_000), () => ({ points: [] })),
      tokenOrders: () => pending(),
    });
    render(
      <PageShell ask={fake.ask} page="popup">
        <TokenResult mint={MINT} token={token()} />
      </PageShell>,
    );
    await screen.findByTestId('state-error');
    expect(errorText()).toContain('Retry in 10 s.');
    await advance(4_000);
    expect(errorText()).toContain('Retry in 6 s.');
    await advance(6_000);
    await waitFor(() => expect(fake.callsOf('chart')).toHaveLength(2));
  });
});

describe('while the lookup runs', () => {
  it('says the background is waiting out a rate limit, and when it retries', async () => {
    let waitMs = 5_000;
    setup({
      lookup: () => pending(),
      // what lib/background/handlers.ts adds: the request queue's pause after a 429
      status: () => statusView({ rateLimitedMs: waitMs }),
    });
    search(WALLET);
    expect((await screen.findByTestId('state-loading')).textContent).toBe('Looking up…');
    await advance(1_000);
    await waitFor(() =>
      expect(screen.getByTestId('state-loading').textContent).toBe('Rate limited; retrying in 5 s…'),
    );
    waitMs = 0;
    await advance(1_000);
    await waitFor(() => expect(screen.getByTestId('state-loading').textContent).toBe('Looking up…'));
  });

  it('says it is still waiting for the service after 10 s', async () => {
    setup({ lookup: () => pending() });
    search(WALLET);
    const loading = await screen.findByTestId('state-loading');
    expect(loading.textContent).toBe('Looking up…');
    await advance(9_000);
    expect(screen.getByTestId('state-loading').textContent).toBe('Looking up…');
    await advance(1_500);
    expect(screen.getByTestId('state-loading').textContent).toBe('Still waiting for the service…');
  });
});

describe('a wallet with one half failed', () => {
  const pnlFailed = (retryAfterMs?: number) =>
    wallet({
      pnl: {
        state: 'error',
        error: { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED'), retryAfterMs },
      },
    });

  it('only the PnL failed: its Retry says it is for the PnL', async () => {
    setup({ lookup: () => ({ kind: 'wallet', wallet: pnlFailed() }) });
    search(WALLET);
    const retry = await screen.findByTestId('wallet-retry');
    expect(within(retry).getByRole('button', { name: 'Retry PnL' })).toBeTruthy();
  });

  it('only the DCA orders failed: its Retry says so', async () => {
    const busy = { code: 'SERVICE_BUSY', message: errorMessage('SERVICE_BUSY') };
    setup({
      lookup: () => ({ kind: 'wallet', wallet: wallet({ dcaError: busy, summary: null, orders: null }) }),
    });
    search(WALLET);
    const retry = await screen.findByTestId('wallet-retry');
    expect(within(retry).getByRole('button', { name: 'Retry DCA orders' })).toBeTruthy();
  });

  it("the PnL's Retry-After counts down beside its Retry, and the lookup runs again at 0, once", async () => {
    let n = 0;
    const fake = setup({
      lookup: () => {
        n += 1;
        return { kind: 'wallet', wallet: n === 1 ? pnlFailed(30_000) : wallet() };
      },
    });
    search(WALLET);
    const retry = await screen.findByTestId('wallet-retry');
    expect(retry.textContent).toBe('Retry in 30 s. Retry PnL');
    // the card's own line has no frozen "Retry in" of its own
    expect(screen.getByTestId('view-wallet').textContent?.match(/Retry in/g)).toHaveLength(1);
    await advance(20_000);
    expect(screen.getByTestId('wallet-retry').textContent).toBe('Retry in 10 s. Retry PnL');
    await advance(10_000);
    await waitFor(() => expect(fake.callsOf('lookup')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('wallet-retry')).toBeNull());
    expect(screen.getByTestId('view-wallet').textContent).toContain('+$1.2K');
  });
});
