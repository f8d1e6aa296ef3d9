// @vitest-environment happy-dom
/**
 * The search box is a combobox with list autocomplete: what is typed narrows Recent to the entries
 * whose input or name holds it, and the keyboard (arrows, Enter, Shift+Delete, Esc) works on what is
 * left. An empty box shows them all; a paste and Enter still looks the paste up.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { matchingRecent } from '../../../components/lookup/RecentList';
import { type RecentMetaMap, recentMetaItem } from '../../../components/lookup/recentMeta';
import { recentItem } from '../../../lib/recent';
import { MINT, ORDER, USDC, WALLET } from './fixtures';
import { recentRows, setup } from './panel';

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const META: RecentMetaMap = {
  [BONK]: { kind: 'token', label: 'BONK', thing: `token:${BONK}` },
  [WALLET]: { kind: 'wallet', label: 'alice.sol', thing: `wallet:${WALLET}` },
  [`https://solscan.io/token/${USDC}`]: { kind: 'token', label: 'USDC', thing: `token:${USDC}` },
};
const RECENT = [WALLET, BONK, `https://solscan.io/token/${USDC}`, 'bonk inu', ORDER];

beforeEach(async () => {
  fakeBrowser.reset();
  await recentItem.setValue(RECENT);
  await recentMetaItem.setValue(META);
});
afterEach(cleanup);

const lookups: string[] = [];
async function panel() {
  lookups.length = 0;
  setup({
    lookup: (d: { input: string }) => {
      lookups.push(d.input);
      return { kind: 'program', address: WALLET, label: 'P' };
    },
  });
  // the notes are in: the names show
  await waitFor(() => expect(recentRows()[0]).toEqual(['Wallet', 'alice.sol']));
  return screen.getByTestId('search-input') as HTMLInputElement;
}
const type = (box: HTMLElement, value: string) => fireEvent.input(box, { target: { value } });
const key = (box: HTMLElement, k: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(box, { key: k, ...init });
const labels = () => recentRows().map(([, label]) => label);
/** The option aria-activedescendant names, which must be on screen. */
const activeOption = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id === null ? null : document.getElementById(id);
};

describe('typing narrows Recent', () => {
  it('by name, whatever the case: "bonk" finds the token looked up by its mint', async () => {
    const box = await panel();
    type(box, 'BoNk');
    expect(recentRows()).toEqual([
      ['Token', 'BONK'],
      ['Search', 'bonk inu'],
    ]);
    type(box, 'alice');
    expect(recentRows()).toEqual([['Wallet', 'alice.sol']]);
    type(box, 'usdc');
    expect(recentRows()).toEqual([['Token', 'USDC']]);
  });

  it('by the start or any part of the input, an address or a link', async () => {
    const box = await panel();
    type(box, WALLET.slice(0, 6));
    expect(labels()).toEqual(['alice.sol']);
    type(box, ORDER.slice(10, 20).toLowerCase());
    expect(labels()).toEqual(['9xQe…VFin']);
    type(box, 'solscan.io');
    expect(labels()).toEqual(['USDC']);
    type(box, `  ${BONK}  `);
    expect(labels()).toEqual(['BONK']);
  });

  it('the whole list comes back when the box is emptied', async () => {
    const box = await panel();
    type(box, 'bonk');
    expect(labels()).toHaveLength(2);
    type(box, '');
    expect(labels()).toEqual(['alice.sol', 'BONK', 'USDC', 'bonk inu', '9xQe…VFin']);
  });

  it('with nothing matching, no list and a collapsed combobox, nothing announced', async () => {
    const box = await panel();
    key(box, 'ArrowDown');
    type(box, 'nothing like it');
    expect(screen.queryByTestId('recent-searches')).toBeNull();
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-controls')).toBeNull();
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.getByTestId('lookup-status').textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    key(box, 'ArrowDown');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
  });
});

describe('the keyboard on the narrowed list', () => {
  it('arrows move within the entries shown, and Enter looks up the active one', async () => {
    const box = await panel();
    type(box, 'bonk');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe('recent-searches');
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    key(box, 'ArrowDown'); // stays on the last one shown
    expect(activeOption(box)?.getAttribute('aria-label')).toBe('Search bonk inu');
    key(box, 'ArrowUp');
    expect(activeOption(box)?.getAttribute('aria-label')).toBe(`Token BONK, ${BONK}`);
    expect(activeOption(box)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('view-program');
    expect(lookups).toEqual([BONK]);
    expect(box.value).toBe(BONK);
  });

  it('typing again drops the active option: Enter looks up what is typed', async () => {
    const box = await panel();
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    expect(activeOption(box)?.getAttribute('aria-label')).toBe(`Token BONK, ${BONK}`);
    // a pasted address that one entry holds: the entry shows, the paste is what Enter looks up
    type(box, WALLET);
    expect(labels()).toEqual(['alice.sol']);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('view-program');
    expect(lookups).toEqual([WALLET]);
  });

  it('Shift+Delete forgets the active entry shown, and the next one shown becomes active', async () => {
    const box = await panel();
    type(box, 'bonk');
    key(box, 'ArrowDown');
    key(box, 'Delete', { shiftKey: true });
    await waitFor(() => expect(labels()).toEqual(['bonk inu']));
    expect(await recentItem.getValue()).toEqual([
      WALLET,
      `https://solscan.io/token/${USDC}`,
      'bonk inu',
      ORDER,
    ]);
    expect(activeOption(box)?.getAttribute('aria-label')).toBe('Search bonk inu');
    key(box, 'Delete', { shiftKey: true });
    await waitFor(() => expect(screen.queryByTestId('recent-searches')).toBeNull());
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    type(box, '');
    expect(labels()).toEqual(['alice.sol', 'USDC', '9xQe…VFin']);
  });

  it('Escape leaves the active option and keeps the narrowed list', async () => {
    const box = await panel();
    type(box, 'bonk');
    key(box, 'ArrowDown');
    key(box, 'Escape');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(labels()).toEqual(['BONK', 'bonk inu']);
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('view-program');
    expect(lookups).toEqual(['bonk']);
  });

  it('a × that removes the active entry leaves no option named that is not shown', async () => {
    const box = await panel();
    type(box, 'bonk');
    key(box, 'ArrowDown');
    key(box, 'ArrowDown');
    // the pointer's × of the entry 'bonk inu' (aria-hidden: no control nested in the option)
    const entry = screen
      .getAllByTestId('recent-item')
      .find((o) => within(o).getByTestId('recent-label').getAttribute('title') === 'bonk inu')!;
    fireEvent.click(within(entry).getByTestId('recent-forget'));
    await waitFor(() => expect(labels()).toEqual(['BONK']));
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    key(box, 'ArrowDown');
    expect(activeOption(box)?.getAttribute('aria-label')).toBe(`Token BONK, ${BONK}`);
  });
});

describe('matchingRecent', () => {
  it('keeps the order, and keeps everything for an empty or blank box', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string(), (items, typed) => {
        const out = matchingRecent(items, {}, typed);
        if (!typed.trim()) expect(out).toEqual(items);
        // a subsequence of the entries, each holding the typed text (no notes: its label is from its text)
        let at = 0;
        for (const item of out) {
          at = items.indexOf(item, at) + 1;
          expect(at).toBeGreaterThan(0);
        }
        for (const item of items) {
          if (item.toLowerCase().includes(typed.trim().toLowerCase())) expect(out).toContain(item);
        }
      }),
    );
  });

  it('an input named like an Object.prototype member is matched by its text, not a member', () => {
    expect(matchingRecent(['constructor', 'toString', MINT], {}, 'str')).toEqual(['constructor', 'toString']);
  });
});
