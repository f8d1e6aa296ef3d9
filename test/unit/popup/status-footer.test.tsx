// @vitest-environment happy-dom
/**
 * The footer never contradicts what the page shows: no plan or credits beside a refused key, a key
 * check that failed for a service reason says so (not "not checked yet"), a running check says
 * "Checking key…", and a lookup's answer (a 401 among them) makes the footer ask again at once
 * rather than at its next 5 s poll.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '../../../components/popup/PopupApp';
import { errorMessage } from '../../../lib/errors';
import type { StatusView } from '../../../lib/views';
import { fakeAsk, type Handlers, lensError } from './fake-ask';
import { WALLET } from './fixtures';
import { search } from './panel';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

const status = (patch: Partial<StatusView>): StatusView => ({
  key: 'valid',
  plan: 'premium',
  credits: 250_000,
  live: 'idle',
  liveRetryAt: null,
  watched: 0,
  unread: 0,
  ...patch,
});

function popup(handlers: Handlers) {
  const fake = fakeAsk(handlers);
  render(<PopupApp ask={fake.ask} />);
  return fake;
}

const line = () => screen.getByTestId('status-line').textContent ?? '';

describe('the footer and the key', () => {
  it('a refused key shows no plan or credits (read before it was refused)', async () => {
    popup({ status: () => status({ key: 'invalid' }) });
    await waitFor(() => expect(line()).toMatch(/^Key invalid Open options/));
    expect(screen.queryByTestId('status-plan')).toBeNull();
    expect(screen.queryByTestId('status-credits')).toBeNull();
    expect(line()).not.toContain('premium');
    expect(line()).not.toContain('credits');
  });

  it('a valid key still shows them', async () => {
    popup({ status: () => status({}) });
    await waitFor(() => expect(line()).toBe('Key valid · premium · Live off · 250K credits left'));
  });

  it('a key check that failed for a service reason says so, in the words of its code', async () => {
    popup({
      status: () =>
        status({
          key: 'unchecked',
          plan: null,
          credits: null,
          keyCheck: { checking: true, error: { code: 'SERVER_ERROR', message: 'boom (req 1)' } },
        }),
    });
    await waitFor(() =>
      expect(screen.getByTestId('status-key').textContent).toBe(
        'Key check failed: the service had an internal error.',
      ),
    );
    expect(line()).not.toContain('Key not checked yet');
    expect(line()).not.toContain('boom');
  });

  it('a key check still running says so', async () => {
    popup({
      status: () =>
        status({ key: 'unchecked', plan: null, credits: null, keyCheck: { checking: true, error: null } }),
    });
    await waitFor(() => expect(screen.getByTestId('status-key').textContent).toBe('Checking key…'));
  });

  it('a lookup refused with 401 makes the footer ask again at once: it agrees with the error', async () => {
    let refused = false;
    popup({
      status: () => (refused ? status({ key: 'invalid', plan: null, credits: null }) : status({})),
      lookup: () => {
        refused = true; // the background's noteVerdict saw the 401
        throw lensError('UNAUTHORIZED');
      },
    });
    await waitFor(() => expect(line()).toContain('Key valid'));
    search(WALLET);
    const err = await screen.findByTestId('state-error');
    expect(err.textContent).toContain(errorMessage('UNAUTHORIZED'));
    // well before the next 5 s poll
    await waitFor(() => expect(line()).toMatch(/^Key invalid Open options/), { timeout: 1_000 });
    expect(line()).not.toContain('credits');
  });
});
