// @vitest-environment happy-dom
/**
 * The search box cut a paste at 500 characters (its maxLength) before any check: a post with the
 * wallet at character 458 looked up the wallet less its last character, another valid address.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '../../../components/popup/PopupApp';
import { fakeAsk } from './fake-ask';

/** The lookup's input limit (LOOKUP_INPUT_MAX in lib/detect/lookup.ts). */
const LOOKUP_INPUT_MAX = 2048;
const W = 'CT5vZjVFsSLrj3JqrBHrRVmYdcTetW1eq7QNKsh3CnDC';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('a long paste in the search box', () => {
  it('has no maxLength to cut it (the browser cuts a paste to it silently)', () => {
    render(<PopupApp ask={fakeAsk({}).ask} />);
    expect(screen.getByTestId('search-input').hasAttribute('maxlength')).toBe(false);
  });

  it('is sent whole', () => {
    const fake = fakeAsk({});
    render(<PopupApp ask={fake.ask} />);
    const post = `${'x '.repeat(229)}dev wallet ${W} more text after the address so the paste is long`;
    const box = screen.getByTestId('search-input');
    fireEvent.input(box, { target: { value: post } });
    fireEvent.submit(box.closest('form')!);
    expect(fake.callsOf('lookup')).toEqual([{ input: post.trim() }]);
  });

  it('over the limit is refused with a message, the text left as pasted', () => {
    const fake = fakeAsk({});
    render(<PopupApp ask={fake.ask} />);
    const over = `${W} ${'x'.repeat(LOOKUP_INPUT_MAX)}`;
    const box = screen.getByTestId('search-input') as HTMLInputElement;
    fireEvent.input(box, { target: { value: over } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('search-invalid').textContent).toMatch(/Input is too long .*at most 2048/);
    expect(fake.callsOf('lookup')).toHaveLength(0);
    expect(box.value).toBe(over);
  });
});
