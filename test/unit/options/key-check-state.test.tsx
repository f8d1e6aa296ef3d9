// @vitest-environment happy-dom
/**
 * The options page's saved-key line while the background's check of the key is slow or failed: the
 * status answers without waiting for the check (lib/background/handlers.ts), so the page says a
 * check runs and reads the verdict again shortly, and a check that failed for a reason of the service
 * says so instead of a bare "A key is saved.".
 */
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { StatusView } from '../../../lib/views';
import { renderOptions, statusOf } from './options-page';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

const answer = (patch: Partial<StatusView>): StatusView => statusOf({ key: 'unchecked', ...patch });

const setup = (status: () => StatusView) => renderOptions({ status });

describe('options: the saved key while its check is slow or failed', () => {
  it('says a check runs, and shows its verdict once it is in', async () => {
    let checking = true;
    const fake = setup(() =>
      checking
        ? answer({ keyCheck: { checking: true, error: null } })
        : answer({ key: 'valid', plan: 'premium' }),
    );
    const state = await screen.findByTestId('key-saved-state');
    await waitFor(() => expect(state.textContent).toBe('A key is saved; checking it…'));
    checking = false;
    await waitFor(() => expect(state.textContent).toBe('A key is saved and works.'), { timeout: 3_000 });
    expect(fake.callsOf('status').length).toBeGreaterThanOrEqual(2);
  });

  it('a key the browser could not save (kept for this session) is not called saved', async () => {
    setup(() => answer({ key: 'valid', plan: 'premium', keySessionOnly: true }));
    const state = await screen.findByTestId('key-saved-state');
    await waitFor(() =>
      expect(state.textContent).toBe(
        "A key works, but only until the browser closes: the browser's storage for extensions is not available, so it could not be saved.",
      ),
    );
  });

  it('a check that failed for a reason of the service says why', async () => {
    setup(() => answer({ keyCheck: { checking: false, error: { code: 'TIMEOUT', message: 'x' } } }));
    const state = await screen.findByTestId('key-saved-state');
    await waitFor(() =>
      expect(state.textContent).toBe(
        'A key is saved, but it could not be checked: the service took too long to answer.',
      ),
    );
  });
});
