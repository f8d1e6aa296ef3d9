/**
 * The background decides what a failure says: every error result leaves the router with the text
 * the UI shows for its code (the content script has no table of its own), INVALID_INPUT with what
 * exactly is wrong, and never a server's or an exception's own text.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { type Handlers, toErrorResult } from '../../../lib/background/router';
import { errorMessage } from '../../../lib/errors';
import { pageSender, tabSender, testRouter } from './helpers';

const page = pageSender('popup');
const contentScript = tabSender('https://solscan.io/account/x');
const WALLET = 'So11111111111111111111111111111111111111112';

/** A router whose walletBadge handler throws the given value. */
function throwing(error: unknown) {
  const handlers = {
    walletBadge: async () => {
      throw error;
    },
  } as unknown as Handlers;
  return testRouter(handlers);
}

describe('router: error results carry the text for their code', () => {
  it.each([
    ['SERVICE_BUSY', 503],
    ['RATE_LIMITED', 429],
    ['UNAUTHORIZED', 401],
    ['INVALID_WALLET', 400],
    ['SCHEMA_MISMATCH', 200],
  ])('%s: the code’s text, not the server’s message', async (code, status) => {
    const dispatch = throwing(new ApiError({ code, status, message: `server says: ${code} at /v2/x?raw` }));
    const r = await dispatch('walletBadge', { address: WALLET }, contentScript);
    expect(r).toEqual({ ok: false, error: { code, message: errorMessage(code) } });
  });

  it('keeps the Retry-After with the text', async () => {
    const dispatch = throwing(
      new ApiError({ code: 'RATE_LIMITED', status: 429, message: 'slow', retryAfterMs: 5000 }),
    );
    const r = await dispatch('walletBadge', { address: WALLET }, contentScript);
    expect(r).toEqual({
      ok: false,
      error: { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED'), retryAfterMs: 5000 },
    });
  });

  it('a code it has never seen says so by its code', async () => {
    const dispatch = throwing(new ApiError({ code: 'WEIRD_NEW', status: 400, message: 'odd' }));
    const r = await dispatch('walletBadge', { address: WALLET }, contentScript);
    expect(r).toEqual({ ok: false, error: { code: 'WEIRD_NEW', message: 'Service error (WEIRD_NEW).' } });
  });

  it('an exception that is not an ApiError is UNKNOWN, its text left out', async () => {
    const dispatch = throwing(new TypeError('cannot read x of https://data.example/?api_key=secret'));
    const r = await dispatch('walletBadge', { address: WALLET }, contentScript);
    expect(r).toEqual({ ok: false, error: { code: 'UNKNOWN', message: errorMessage('UNKNOWN') } });
  });

  it('INVALID_INPUT keeps its specific message (the extension pages show it as the detail)', async () => {
    const message = 'Watchlist is full (50 wallets): remove one first';
    const dispatch = throwing(new ApiError({ code: 'INVALID_INPUT', message }));
    const r = await dispatch('walletBadge', { address: WALLET }, contentScript);
    expect(r).toEqual({ ok: false, error: { code: 'INVALID_INPUT', message } });
    // one made without a message says the code's
    expect(toErrorResult(new ApiError({ code: 'INVALID_INPUT' }))).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: errorMessage('INVALID_INPUT') },
    });
  });

  it('refusals: FORBIDDEN_SENDER the code’s text, a bad payload what is wrong with it', async () => {
    const dispatch = throwing(new Error('not reached'));
    expect(await dispatch('keySet', { key: 'x' }, contentScript)).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER', message: errorMessage('FORBIDDEN_SENDER') },
    });
    expect(await dispatch('walletBadge', { address: WALLET }, { id: 'another-extension' })).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER', message: errorMessage('FORBIDDEN_SENDER') },
    });
    const bad = await dispatch('walletBadge', { address: 'not-an-address' }, contentScript);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.code).toBe('INVALID_INPUT');
    expect(bad.error.message).toMatch(/^address: /);
    expect(bad.error.message).not.toBe(errorMessage('INVALID_INPUT'));
    const unknown = await dispatch('noSuchMessage' as 'walletBadge', {}, page);
    expect(unknown).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'Unknown message: noSuchMessage' },
    });
  });
});

describe('ApiError.toView: the errors inside views (a wallet’s failed half) say the same', () => {
  it('the code’s text; the error itself keeps the server’s message for the background', () => {
    const error = new ApiError({ code: 'SERVICE_BUSY', status: 503, message: 'Service busy' });
    expect(error.message).toBe('Service busy');
    expect(error.toView()).toEqual({ code: 'SERVICE_BUSY', message: errorMessage('SERVICE_BUSY') });
    expect(ApiError.from(new Error('raw')).toView()).toEqual({
      code: 'UNKNOWN',
      message: errorMessage('UNKNOWN'),
    });
  });
});
