// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { validateLookupInput } from '../../../components/lookup/validate';
import { PopupApp } from '../../../components/popup/PopupApp';
import { pairOfInput } from '../../../lib/lookup';
import { fakeAsk } from './fake-ask';
import { MINT, WALLET } from './fixtures';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('pairOfInput', () => {
  it('reads two mints joined by a space, slash, arrow or comma, in order', () => {
    for (const sep of [' ', '/', ' -> ', ', '])
      expect(pairOfInput(`${MINT}${sep}${WALLET}`)).toEqual({ inputMint: MINT, outputMint: WALLET });
  });
  it('is null for one address, three, or words between two', () => {
    expect(pairOfInput(MINT)).toBeNull();
    expect(pairOfInput(`${MINT} and ${WALLET}`)).toBeNull();
    expect(pairOfInput(`${MINT} ${WALLET} ${MINT}`)).toBeNull();
  });
});

describe('local input validation', () => {
  it.each([
    ['', /Type a wallet/],
    ['0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae', /Ethereum \(0x\) address/],
    ['7JsiQTZz8wJq7bYx3ZfK4Wc9g1mNnVfXUv5pR2sHcT0O', /outside base58/],
    ['7JsiQTZz8wJq7bYx3ZfK4Wc9g1mNnV', /too short/],
    ['x', /at least 2 characters/],
    ['https://example.com/whatever', /does not point to a Solana address/],
    ['a'.repeat(2049), /Input is too long/],
  ])('%s is refused with a specific message', (input, message) => {
    const r = validateLookupInput(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it.each([
    WALLET,
    MINT,
    '250000000',
    'bonk',
    `https://solscan.io/account/${WALLET}`,
    'will-it-rain-tomorrow',
    `${MINT} ${WALLET}`,
    `${MINT}/${WALLET}`,
    `${MINT} -> ${WALLET}`,
  ])('%s is accepted as typed', (input) => {
    expect(validateLookupInput(` ${input} `)).toEqual({ ok: true, input });
  });

  it('shows the message in the popup without asking the background, and clears it on typing', () => {
    const fake = fakeAsk({});
    render(<PopupApp ask={fake.ask} />);
    const box = screen.getByTestId('search-input');
    fireEvent.input(box, { target: { value: '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('search-invalid').textContent).toMatch(/Ethereum \(0x\) address/);
    expect(fake.callsOf('lookup')).toHaveLength(0);
    fireEvent.input(box, { target: { value: 'bonk' } });
    expect(screen.queryByTestId('search-invalid')).toBeNull();
  });
});
