// @vitest-environment happy-dom
/** First run: the options page says where an API key is had, right under the key field. */
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { renderOptions } from './options-page';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('options: where to get a key', () => {
  it('links to solanatracker.io in a new tab, without opener or referrer, under the field', async () => {
    renderOptions();
    const link = (await screen.findByRole('link', {
      name: 'Get a key at solanatracker.io',
    })) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('https://www.solanatracker.io');
    expect(link.target).toBe('_blank');
    expect(link.rel.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    expect(link.textContent).toBe('Get a key at solanatracker.io ↗');
    // under the key field: after the field's form, in the key section
    const form = screen.getByTestId('key-input').closest('form')!;
    expect(form.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('options-key').contains(link)).toBe(true);
  });
});
