/**
 * Failures made in a page or the content script itself (no answer from the background, an exception
 * in the view code) carry a proper text of their own: the code's, never the exception's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toErrorView } from '../../../components/shared/Loadable';
import { errorMessage } from '../../../lib/errors';
import { ask, LensError, messenger } from '../../../lib/messenger';

afterEach(() => vi.restoreAllMocks());

/** What the rejected ask() shows, as the views take it. */
async function shown(p: Promise<unknown>) {
  const e = await p.then(
    () => {
      throw new Error('expected ask to fail');
    },
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(LensError);
  return toErrorView(e);
}

describe('ask: failures of its own', () => {
  it('a background it cannot reach is NETWORK with its text, not the browser’s', async () => {
    vi.spyOn(messenger, 'sendMessage').mockRejectedValue(
      new Error('Could not establish connection. Receiving end does not exist.'),
    );
    expect(await shown(ask('walletBadge', { address: 'x' }))).toEqual({
      code: 'NETWORK',
      message: errorMessage('NETWORK'),
      retryAfterMs: undefined,
    });
  });

  it('no answer at all is UNKNOWN with its text', async () => {
    vi.spyOn(messenger, 'sendMessage').mockResolvedValue(undefined as never);
    expect((await shown(ask('walletBadge', { address: 'x' }))).message).toBe(errorMessage('UNKNOWN'));
  });

  it('a failed answer keeps the background’s text and Retry-After', async () => {
    const error = { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED'), retryAfterMs: 3000 };
    vi.spyOn(messenger, 'sendMessage').mockResolvedValue({ ok: false, error } as never);
    expect(await shown(ask('walletBadge', { address: 'x' }))).toEqual(error);
  });

  it('a failed answer without a text gets a plain one, not an empty line', async () => {
    vi.spyOn(messenger, 'sendMessage').mockResolvedValue({ ok: false, error: { code: 'TIMEOUT' } } as never);
    expect((await shown(ask('walletBadge', { address: 'x' }))).message).toBe(errorMessage('UNKNOWN'));
  });
});

describe('toErrorView', () => {
  it('an exception of the view code is UNKNOWN with its text: its own message is never shown', () => {
    const raw = 'x is undefined at https://data.example/v2/pnl?api_key=secret';
    expect(toErrorView(new TypeError(raw))).toEqual({ code: 'UNKNOWN', message: errorMessage('UNKNOWN') });
    // an exception with a code of its own (not one the background sent) is no different
    const coded = Object.assign(new Error(raw), { code: 'ECONNRESET' });
    expect(toErrorView(coded)).toEqual({ code: 'UNKNOWN', message: errorMessage('UNKNOWN') });
    expect(toErrorView('boom')).toEqual({ code: 'UNKNOWN', message: errorMessage('UNKNOWN') });
    expect(toErrorView(null)).toEqual({ code: 'UNKNOWN', message: errorMessage('UNKNOWN') });
  });

  it('a LensError (or an error view) keeps its code and the background’s text', () => {
    expect(toErrorView(new LensError('OFFLINE', errorMessage('OFFLINE')))).toEqual({
      code: 'OFFLINE',
      message: errorMessage('OFFLINE'),
      retryAfterMs: undefined,
    });
    expect(toErrorView({ code: 'NOT_FOUND', message: '' }).message).toBe(errorMessage('UNKNOWN'));
  });
});
