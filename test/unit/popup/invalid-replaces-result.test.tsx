// @vitest-environment happy-dom
/**
 * A search the local check refuses replaces the result on screen: its message never sits on top of
 * the previous lookup's result (a wallet with its Watch button, "No tokens match …"), which would
 * read as the answer to it. The refused text stays in the box; Back shows the result again.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { validateLookupInput } from '../../../components/lookup/validate';
import { WALLET, wallet } from './fixtures';
import { search, setup } from './panel';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

const SIGNATURE = 'Z'.repeat(44) + 'k'.repeat(43);
const TRUNCATED = '7xKX...AsU';

const input = () => screen.getByTestId('search-input') as HTMLInputElement;

describe('an input refused by the local check', () => {
  it('(the inputs are refused with the messages the reviewer saw)', () => {
    expect(validateLookupInput(SIGNATURE)).toEqual({
      ok: false,
      message: 'Looks like a transaction signature, not an address',
    });
    expect(validateLookupInput(TRUNCATED)).toMatchObject({ ok: false, message: /is a truncated address/ });
  });

  it('replaces the previous wallet, its Watch button included; the text stays; Back shows it again', async () => {
    const fake = setup({ lookup: () => ({ kind: 'wallet', wallet: wallet() }) });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    expect(screen.getByTestId('watch-button')).toBeTruthy();
    search(SIGNATURE);
    expect(screen.getByTestId('search-invalid').textContent).toBe(
      'Looks like a transaction signature, not an address',
    );
    expect(screen.queryByTestId('view-wallet')).toBeNull();
    expect(screen.queryByTestId('watch-button')).toBeNull();
    expect(screen.queryByTestId('lookup-result')).toBeNull();
    expect(screen.getByTestId('lookup-status').textContent).toBe('');
    expect(input().value).toBe(SIGNATURE);
    expect(fake.callsOf('lookup')).toHaveLength(1);
    // editing the text clears the message; the old result does not come back under it
    fireEvent.input(input(), { target: { value: `${SIGNATURE}x` } });
    expect(screen.queryByTestId('search-invalid')).toBeNull();
    expect(screen.queryByTestId('view-wallet')).toBeNull();
    // Back returns to the result the refused search replaced
    fireEvent.click(screen.getByTestId('lookup-back'));
    expect(await screen.findByTestId('view-wallet')).toBeTruthy();
    expect(input().value).toBe(WALLET);
    expect(fake.callsOf('lookup')).toHaveLength(1);
  });

  it('replaces "No tokens match …" of the previous search', async () => {
    setup({ lookup: () => ({ kind: 'search', query: 'zzz', hits: [] }) });
    search('zzz');
    await waitFor(() => expect(screen.getByTestId('lookup-result').textContent).toContain('No tokens match'));
    search(TRUNCATED);
    expect(screen.getByTestId('search-invalid').textContent).toMatch(/is a truncated address/);
    expect(screen.queryByText(/No tokens match/)).toBeNull();
    expect(input().value).toBe(TRUNCATED);
  });

  it('a valid search after it shows its own result', async () => {
    const fake = setup({ lookup: () => ({ kind: 'wallet', wallet: wallet() }) });
    search(WALLET);
    await screen.findByTestId('view-wallet');
    search(SIGNATURE);
    expect(screen.queryByTestId('view-wallet')).toBeNull();
    search(WALLET);
    expect(await screen.findByTestId('view-wallet')).toBeTruthy();
    expect(screen.queryByTestId('search-invalid')).toBeNull();
    await waitFor(() => expect(fake.callsOf('lookup')).toHaveLength(2));
  });
});
