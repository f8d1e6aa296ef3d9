// @vitest-environment happy-dom
/** Before a key is saved the popup's footer says what to do first, and stands out; after, it does not. */
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '../../../components/popup/PopupApp';
import type { StatusView } from '../../../lib/views';
import { fakeAsk } from './fake-ask';

const status = (key: StatusView['key']): StatusView => ({
  key,
  plan: key === 'missing' ? null : 'Premium',
  credits: key === 'missing' ? null : 1000,
  live: 'idle',
  liveRetryAt: null,
  watched: 0,
  unread: 0,
});

const popup = (key: StatusView['key']) =>
  render(<PopupApp ask={fakeAsk({ status: () => status(key) }).ask} />);

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('popup: no key yet', () => {
  it('says to add a Solana Tracker key to start, with the way to the options', async () => {
    popup('missing');
    const line = await screen.findByTestId('status-line');
    await waitFor(() =>
      expect(line.textContent).toMatch(/^No API key: add your Solana Tracker key to start · Open options · /),
    );
    expect(line.classList.contains('needs-key')).toBe(true);
    expect(screen.getByRole('button', { name: 'Open options' })).toBeTruthy();
  });

  it.each(['valid', 'invalid', 'unchecked'] as const)(
    'says nothing of the kind with a key (%s)',
    async (key) => {
      popup(key);
      const line = await screen.findByTestId('status-line');
      await waitFor(() => expect(screen.getByTestId('status-key').className).toBe(`key-${key}`));
      expect(line.textContent).not.toContain('to start');
      expect(line.classList.contains('needs-key')).toBe(false);
    },
  );
});
