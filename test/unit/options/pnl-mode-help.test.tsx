// @vitest-environment happy-dom
/** The PnL mode's explanation on the options page: plain words, true to the API's modes (spec). */
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { renderOptions } from './options-page';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

const setup = () => renderOptions();

describe('PnL mode explanation', () => {
  it('says what each mode does in plain words', async () => {
    setup();
    const help = (await screen.findByTestId('pnl-mode-help')).textContent!.replace(/\s+/g, ' ');
    // strict (the default): flagged positions count as 0 realized
    expect(help).toContain('Strict (the default): a flagged position counts as zero realized profit.');
    // adjusted: flagged positions kept, profit capped by a safer cost-basis rule
    expect(help).toContain(
      'Adjusted: flagged positions are kept, but their profit is capped by a safer cost-basis rule.',
    );
    // raw: no filtering
    expect(help).toContain('Raw: nothing is filtered');
    // the old wording, hard to parse, is gone
    expect(help).not.toContain('count as no realized profit');
  });

  it('keeps the note that badges show Strict PnL in USD only', async () => {
    setup();
    const help = (await screen.findByTestId('pnl-mode-help')).textContent!.replace(/\s+/g, ' ');
    expect(help).toContain('Badges on pages always show Strict PnL in USD');
    expect(help).toContain('with another mode or currency they show no PnL');
  });
});
