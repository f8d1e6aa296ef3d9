// @vitest-environment happy-dom
/**
 * The options page's list of watched wallets over a real watchlist (what the background's handlers
 * call): names, count and empty state; rename inline (Enter or Save saves, Esc cancels) and remove,
 * with focus kept where a keyboard user can go on; the popup's watchlist shows a rename.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '../../../components/popup/PopupApp';
import { shortAddress } from '../../../lib/format';
import { createWatchlist, LABEL_MAX, WATCH_LIMIT, type Watchlist } from '../../../lib/watch/watchlist';
import { fakeAsk, type Handlers, lensError } from '../popup/fake-ask';
import { addr } from '../watch/fixtures';
import { renderOptions } from './options-page';

const ADDED = Date.UTC(2025, 2, 3, 12);

let list: Watchlist;
/** The watch handlers as lib/background/handlers.ts wires them, over `list`. */
const watchHandlers = () =>
  ({
    watchList: () => list.list(),
    watchRename: ({ wallet, label }: { wallet: string; label: string }) => list.rename(wallet, label),
    watchRemove: ({ wallet }: { wallet: string }) => list.remove(wallet),
    watchImport: ({ json }: { json: string }) => list.importJson(json),
  }) satisfies Handlers;

async function setup(labels: (string | null)[], handlers: Handlers = {}) {
  for (const [i, label] of labels.entries()) await list.add(addr(i + 1), label);
  const fake = renderOptions({ ...watchHandlers(), ...handlers });
  await screen.findByTestId('watched-wallets');
  return fake;
}

const section = () => screen.getByTestId('options-watchlist');
const rows = () => within(section()).queryAllByTestId('watched-row');
const names = () =>
  within(section())
    .queryAllByTestId('watch-name')
    .map((n) => n.title);
const count = () => screen.getByTestId('watch-count').textContent;

beforeEach(() => {
  fakeBrowser.reset();
  list = createWatchlist({ now: () => ADDED });
});
afterEach(cleanup);

describe('options: watched wallets', () => {
  it('follows changes made elsewhere (a wallet watched from the popup) while the page is open', async () => {
    await setup(['Whale one']);
    expect(count()).toBe(`1 of ${WATCH_LIMIT} watched`);
    await list.add(addr(7), 'From the popup'); // what the background stores for the popup's Watch
    await waitFor(() => expect(count()).toBe(`2 of ${WATCH_LIMIT} watched`));
    expect(names()).toContain(addr(7));
    await list.remove(addr(1));
    await waitFor(() => expect(names()).toEqual([addr(7)]));
    expect(await list.list()).toHaveLength(1); // (following it watches nothing again)
  });

  it('lists each wallet by label or short address, with its full address and when it was added', async () => {
    await setup(['Whale one', null]);
    expect(count()).toBe(`2 of ${WATCH_LIMIT} watched`);
    const [first, second] = rows();
    const name1 = within(first as HTMLElement).getByTestId('watch-name');
    expect(name1.title).toBe(addr(1));
    // what a screen reader reads: the name, then the full address
    expect(name1.textContent).toBe(`Whale one, wallet ${addr(1)}`);
    expect(within(second as HTMLElement).getByTestId('watch-name').textContent).toBe(
      `${shortAddress(addr(2), 6, 6)}, wallet ${addr(2)}`,
    );
    expect(first?.textContent).toContain('Added Mar 3, 2025');
    expect(first?.querySelector('time')?.getAttribute('datetime')).toBe(new Date(ADDED).toISOString());
    expect(screen.getByRole('button', { name: 'Rename Whale one' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Whale one from watchlist' })).toBeTruthy();
  });

  it('says when nothing is watched, and when the list is full', async () => {
    await setup([]);
    expect(count()).toBe(`0 of ${WATCH_LIMIT} watched`);
    expect(within(section()).getByTestId('state-empty').textContent).toContain('No watched wallets yet');
    cleanup();
    await setup(Array.from({ length: WATCH_LIMIT }, () => null));
    expect(rows()).toHaveLength(WATCH_LIMIT);
    expect(count()).toBe(`${WATCH_LIMIT} of ${WATCH_LIMIT} watched: remove one to watch another.`);
  });

  it('renames with Enter: trimmed, saved, shown, and focus back on Rename', async () => {
    const fake = await setup(['Whale one', null]);
    fireEvent.click(screen.getByRole('button', { name: 'Rename Whale one' }));
    const input = screen.getByLabelText(`Label for ${shortAddress(addr(1), 6, 6)}`) as HTMLInputElement;
    expect(input.value).toBe('Whale one');
    expect(input.maxLength).toBe(LABEL_MAX);
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.input(input, { target: { value: '  Big fish  ' } });
    fireEvent.submit(input.form as HTMLFormElement); // what Enter in the field does
    await waitFor(() => expect(names()).toEqual([addr(1), addr(2)]));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Big fish'));
    expect(fake.callsOf('watchRename')).toEqual([{ wallet: addr(1), label: 'Big fish' }]);
    expect((await list.list())[0]?.label).toBe('Big fish');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Big fish' })),
    );
    expect(fake.callsOf('watchAdd')).toEqual([]); // a rename never goes through watchAdd
  });

  it('Save with an empty label clears it: the short address shows again', async () => {
    const fake = await setup(['Whale one']);
    fireEvent.click(screen.getByRole('button', { name: 'Rename Whale one' }));
    fireEvent.input(screen.getByTestId('watch-label-input'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    const short = shortAddress(addr(1), 6, 6);
    await screen.findByRole('button', { name: `Rename ${short}` });
    expect(fake.callsOf('watchRename')).toEqual([{ wallet: addr(1), label: '' }]);
    expect((await list.list())[0]?.label).toBeNull();
  });

  it('Esc and Cancel leave the label as it was, asking nothing', async () => {
    const fake = await setup(['Whale one']);
    fireEvent.click(screen.getByRole('button', { name: 'Rename Whale one' }));
    const input = screen.getByTestId('watch-label-input');
    fireEvent.input(input, { target: { value: 'typo' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('watch-label-input')).toBeNull();
    const rename = screen.getByRole('button', { name: 'Rename Whale one' });
    await waitFor(() => expect(document.activeElement).toBe(rename));

    fireEvent.click(rename);
    fireEvent.input(screen.getByTestId('watch-label-input'), { target: { value: 'typo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel rename' }));
    expect(await screen.findByRole('button', { name: 'Rename Whale one' })).toBeTruthy();
    expect(fake.callsOf('watchRename')).toEqual([]);
    expect((await list.list())[0]?.label).toBe('Whale one');
  });

  it("the background's refusal is shown on the field, which stays open to fix or cancel", async () => {
    // Removed from the popup in the moment before Save (the page has not seen it yet): the
    // background refuses, as list.rename does for a wallet no longer watched.
    await setup(['Whale one'], {
      watchRename: () => {
        throw lensError('INVALID_INPUT', 'That wallet is no longer watched: it was removed meanwhile.');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Whale one' }));
    fireEvent.input(screen.getByTestId('watch-label-input'), { target: { value: 'new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    const error = await screen.findByTestId('watch-label-error');
    expect(error.textContent).toBe('That wallet is no longer watched: it was removed meanwhile.');
    expect(error.getAttribute('role')).toBe('alert');
    const input = screen.getByTestId('watch-label-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('a transport failure says so too', async () => {
    await setup(['Whale one'], {
      watchRename: () => {
        throw lensError('UNKNOWN', 'The extension did not answer.');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Whale one' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save label' })); // unchanged: nothing asked
    expect(screen.queryByTestId('watch-label-input')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rename Whale one' }));
    fireEvent.input(screen.getByTestId('watch-label-input'), { target: { value: 'new' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    expect((await screen.findByTestId('watch-label-error')).textContent).toBe(
      'The extension did not answer.',
    );
  });

  it('removes a wallet: focus goes to the next row, the row above at the end, the list when none is left', async () => {
    await setup(['one', 'two', 'three']);
    const remove = (name: string) =>
      fireEvent.click(screen.getByRole('button', { name: `Remove ${name} from watchlist` }));
    screen.getByRole('button', { name: 'Remove one from watchlist' }).focus();
    remove('one');
    await waitFor(() => expect(names()).toEqual([addr(2), addr(3)]));
    expect(count()).toBe(`2 of ${WATCH_LIMIT} watched`);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove two from watchlist' })),
    );
    screen.getByRole('button', { name: 'Remove three from watchlist' }).focus();
    remove('three');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove two from watchlist' })),
    );
    remove('two');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('watched-wallets')));
    expect(within(section()).getByTestId('state-empty')).toBeTruthy();
    expect(count()).toBe(`0 of ${WATCH_LIMIT} watched`);
    expect(await list.list()).toEqual([]);
  });

  it('an import shows the wallets it added, and the export still holds the renamed labels', async () => {
    const fake = await setup(['one']);
    const file = new File([JSON.stringify([addr(7)])], 'list.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('watch-import'), { target: { files: [file] } });
    await waitFor(() => expect(names()).toEqual([addr(1), addr(7)]));
    expect(count()).toBe(`2 of ${WATCH_LIMIT} watched`);

    fireEvent.click(screen.getByRole('button', { name: 'Rename one' }));
    fireEvent.input(screen.getByTestId('watch-label-input'), { target: { value: 'renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    await screen.findByRole('button', { name: 'Rename renamed' });
    fireEvent.click(screen.getByTestId('watch-export'));
    await waitFor(() => expect(fake.download).toHaveBeenCalledTimes(1));
    const json = JSON.parse(fake.download.mock.calls[0]?.[1] as string);
    expect(json.wallets).toEqual([
      { wallet: addr(1), label: 'renamed' },
      { wallet: addr(7), label: null },
    ]);
  });

  it("the popup's watchlist, read when it opens, shows the new label", async () => {
    await setup(['Whale one']);
    fireEvent.click(screen.getByRole('button', { name: 'Rename Whale one' }));
    fireEvent.input(screen.getByTestId('watch-label-input'), { target: { value: 'Big fish' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save label' }));
    await screen.findByRole('button', { name: 'Rename Big fish' });
    cleanup();
    render(<PopupApp ask={fakeAsk(watchHandlers()).ask} />);
    const popupList = await screen.findByTestId('watchlist');
    await waitFor(() => expect(within(popupList).getByTestId('watch-row').textContent).toContain('Big fish'));
  });
});
