// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hashForQuery, LookupApp, queryFromHash } from '../../../components/lookup/LookupApp';
import { PopupApp } from '../../../components/popup/PopupApp';
import { liveText } from '../../../components/popup/StatusLine';
import { errorMessage, STORAGE_DOWN_TEXT } from '../../../lib/errors';
import { recentItem } from '../../../lib/recent';
import { defaultSettings, type Settings, settingsItem } from '../../../lib/settings';
import type { StatusView } from '../../../lib/views';
import type { WatchEntry } from '../../../lib/watch/watchlist';
import { fakeAsk, type Handlers, lensError } from './fake-ask';
import { MINT, WALLET, wallet } from './fixtures';

const status = (patch: Partial<StatusView>): StatusView => ({
  key: 'valid',
  plan: 'Premium',
  credits: 12_345,
  live: 'live',
  liveRetryAt: null,
  watched: 0,
  unread: 0,
  ...patch,
});

function popup(handlers: Handlers = {}) {
  const fake = fakeAsk({ lookup: () => ({ kind: 'program', address: WALLET, label: 'P' }), ...handlers });
  render(<PopupApp ask={fake.ask} />);
  return fake;
}

beforeEach(() => {
  fakeBrowser.reset();
  delete document.documentElement.dataset.theme;
});
afterEach(cleanup);

describe('popup', () => {
  it('marks events read when it opens', async () => {
    const fake = popup();
    await waitFor(() => expect(fake.callsOf('markRead')).toEqual([{}]));
  });

  it('marks them read only once the watchlist has shown each wallet its unread count', async () => {
    let answer: (list: WatchEntry[]) => void = () => {};
    const entry: WatchEntry = { wallet: WALLET, label: 'Whale', addedAt: 1, unread: 4, domain: null };
    const fake = popup({ watchList: () => new Promise((r) => (answer = r)) });
    // the list is still loading: nothing is read yet (read first, it could come back all zero)
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.callsOf('markRead')).toEqual([]);
    answer([entry]);
    expect((await screen.findByTestId('watch-unread')).textContent).toMatch(/^4/);
    await waitFor(() => expect(fake.callsOf('markRead')).toEqual([{}]));
  });

  it('the lookup tab lists the watched wallets with their unread counts, and leaves them unread', async () => {
    const entry: WatchEntry = { wallet: WALLET, label: 'Whale', addedAt: 1, unread: 4, domain: null };
    const fake = fakeAsk({ watchList: () => [entry] });
    render(<LookupApp ask={fake.ask} />);
    expect((await screen.findByTestId('watch-unread')).textContent).toMatch(/^4/);
    expect(screen.getByTestId('watch-row').textContent).toContain('Whale');
    expect(fake.callsOf('markRead')).toEqual([]);
  });

  it('applies the theme from settings', async () => {
    popup({ settingsGet: async () => ({ ...(await fakeAsk().ask('settingsGet', {})), theme: 'dark' }) });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(screen.getByTestId('page-popup').getAttribute('data-theme')).toBe('dark');
  });

  it('an open lookup tab follows a theme saved in the options page, without a reload', async () => {
    let settings: Settings = { ...defaultSettings(), theme: 'light' };
    const fake = fakeAsk({ settingsGet: () => settings });
    render(<LookupApp ask={fake.ask} />);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    // The options page's save: the background stores it (the tab reads it from the background).
    settings = { ...settings, theme: 'dark' };
    await settingsItem.setValue(settings as unknown as Record<string, unknown>);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(screen.getByTestId('page-tab').getAttribute('data-theme')).toBe('dark');
  });

  it('shows the status line: key, plan, live, credits', async () => {
    popup({ status: () => status({}) });
    const line = await screen.findByTestId('status-line');
    await waitFor(() => expect(line.textContent).toContain('Key valid'));
    expect(screen.getByTestId('status-plan').textContent).toContain('Premium');
    expect(screen.getByTestId('status-live').textContent).toContain('Live');
    expect(screen.getByTestId('status-credits').textContent).toContain('12.3K credits left');
  });

  it('status line: missing key offers the options page', async () => {
    popup({ status: () => status({ key: 'missing', plan: null, credits: null, live: 'idle' }) });
    expect((await screen.findByTestId('status-key')).textContent).toBe('No API key');
    expect(screen.getByRole('button', { name: 'Open options' })).toBeTruthy();
    // the words stay apart ("No API key Open options"), not "No API keyOptions"
    expect(screen.getByTestId('status-line').textContent).toMatch(
      /^No API key: add your Solana Tracker key to start · Open options · /,
    );
    expect(screen.queryByTestId('status-credits')).toBeNull();
  });

  it('status line says why watched wallets stopped updating, until a poll succeeds', async () => {
    // the server's own text is never shown: the code's message is, as on every other surface
    const error = { code: 'UNAUTHORIZED', message: 'invalid api key: sk_live_9f… (req 8c1e)' };
    popup({ status: () => status({ watched: 2, watchError: error }) });
    const watch = await screen.findByTestId('status-watch');
    expect(watch.textContent).toBe(
      '· Watchlist not updating: The API key was refused: check it in the options page.',
    );
    expect(watch.getAttribute('title')).toBe('The API key was refused: check it in the options page.');
    cleanup();
    // no Retry-After countdown either: a stored error's would not tick
    popup({
      status: () =>
        status({
          watched: 2,
          watchError: { code: 'RATE_LIMITED', message: 'slow down', retryAfterMs: 30_000 },
        }),
    });
    expect((await screen.findByTestId('status-watch')).textContent).toBe(
      `· Watchlist not updating: ${errorMessage('RATE_LIMITED')}`,
    );
    cleanup();
    popup({ status: () => status({ watched: 2, watchError: null }) });
    await screen.findByTestId('status-live');
    expect(screen.queryByTestId('status-watch')).toBeNull();
  });

  it('status line says how many live updates could not be read, and nothing when all could', async () => {
    popup({ status: () => status({ liveInvalid: 3 }) });
    expect((await screen.findByTestId('status-live-invalid')).textContent).toBe(
      '· 3 live updates unreadable',
    );
    cleanup();
    popup({ status: () => status({ liveInvalid: 0 }) });
    await screen.findByTestId('status-live');
    expect(screen.queryByTestId('status-live-invalid')).toBeNull();
  });

  it('status line says when the browser blocks the notifications of watched wallets', async () => {
    popup({ status: () => status({ watched: 2, notificationsBlocked: true }) });
    expect((await screen.findByTestId('status-notifications')).textContent).toBe(
      "· Notifications are blocked in the browser's settings",
    );
    cleanup();
    popup({ status: () => status({ watched: 2, notificationsBlocked: false }) });
    await screen.findByTestId('status-live');
    expect(screen.queryByTestId('status-notifications')).toBeNull();
  });

  it('status line says when the extension cannot keep changes past this browser session', async () => {
    popup({ status: () => status({ storageSessionOnly: true }) });
    const part = await screen.findByTestId('status-storage');
    expect(part.textContent).toBe('· Storage unavailable: changes last until the browser closes');
    expect(part.getAttribute('title')).toBe(STORAGE_DOWN_TEXT);
    cleanup();
    popup({ status: () => status({ storageSessionOnly: false }) });
    await screen.findByTestId('status-live');
    expect(screen.queryByTestId('status-storage')).toBeNull();
  });

  it('status line says when the background does not answer', async () => {
    popup({ status: () => Promise.reject(lensError('UNKNOWN')) });
    await waitFor(() => expect(screen.getByTestId('status-line').textContent).toContain('not answering'));
  });

  it('live states read as text', () => {
    const now = 1_000_000;
    expect(liveText(status({ live: 'reconnecting', liveRetryAt: now + 4200 }), now)).toBe(
      'Reconnecting in 5 s',
    );
    expect(liveText(status({ live: 'needs-plan' }), now)).toBe('Live updates need a Premium plan');
    expect(liveText(status({ live: 'offline' }), now)).toBe('Offline');
    expect(liveText(status({ live: 'reconnecting', liveRetryAt: null }), now)).toBe('Reconnecting…');
  });

  it('lists the watchlist with unread counts, opens and removes entries', async () => {
    const entries = [
      { wallet: WALLET, label: 'alice', addedAt: 1, unread: 3 },
      { wallet: MINT, label: null, addedAt: 2, unread: 0 },
    ];
    const fake = popup({
      watchList: () => entries,
      watchRemove: () => entries.slice(1),
      lookup: () => ({ kind: 'wallet', wallet: wallet() }),
    });
    const list = await screen.findByTestId('watchlist');
    await waitFor(() => expect(within(list).getAllByTestId('watch-row')).toHaveLength(2));
    expect(within(list).getByTestId('watch-unread').textContent).toContain('3');
    fireEvent.click(within(list).getByRole('button', { name: 'Remove alice from watchlist' }));
    await waitFor(() => expect(within(list).getAllByTestId('watch-row')).toHaveLength(1));
    expect(fake.callsOf('watchRemove')).toEqual([{ wallet: WALLET }]);
    fireEvent.click(within(list).getByTitle(MINT));
    expect(await screen.findByTestId('view-wallet')).toBeTruthy();
    expect(fake.callsOf('lookup')).toEqual([{ input: MINT }]);
  });

  it('names a watched wallet by its label, else its .sol name (as notifications do), else its address', async () => {
    const third = `${MINT.slice(0, -1)}X`;
    const entries = [
      { wallet: WALLET, label: 'alice', domain: 'alice.sol', addedAt: 1, unread: 0 },
      { wallet: MINT, label: null, domain: 'brightwhale0.sol', addedAt: 2, unread: 0 },
      { wallet: third, label: null, domain: null, addedAt: 3, unread: 0 },
    ];
    popup({ watchList: () => entries });
    const list = await screen.findByTestId('watchlist');
    await waitFor(() => expect(within(list).getAllByTestId('watch-row')).toHaveLength(3));
    const names = within(list)
      .getAllByTestId('watch-row')
      .map((row) => row.querySelector('button')!.textContent);
    expect(names).toEqual(['alice', 'brightwhale0.sol', `${third.slice(0, 6)}…${third.slice(-6)}`]);
    expect(within(list).getByRole('button', { name: 'Remove brightwhale0.sol from watchlist' })).toBeTruthy();
  });

  it('watching from a wallet view shows the wallet in the watchlist below it at once', async () => {
    let list: { wallet: string; label: string | null; addedAt: number; unread: number }[] = [];
    const fake = popup({
      lookup: () => ({ kind: 'wallet', wallet: wallet() }),
      watchList: () => list,
      watchAdd: ({ wallet: w }: { wallet: string }) => {
        list = [{ wallet: w, label: null, addedAt: 1, unread: 0 }];
        return list;
      },
    });
    const box = screen.getByRole('combobox');
    fireEvent.input(box, { target: { value: WALLET } });
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('view-wallet');
    fireEvent.click(screen.getAllByRole('button', { name: /^watch/i })[0]!);
    await waitFor(() => expect(screen.getAllByTestId('watch-row')).toHaveLength(1));
    expect(fake.callsOf('watchAdd')).toEqual([{ wallet: WALLET }]);
  });

  it('an empty watchlist says how to add one; a failing one can be retried', async () => {
    let n = 0;
    popup({
      watchList: () => {
        n += 1;
        if (n === 1) throw lensError('OFFLINE');
        return [];
      },
    });
    const err = await screen.findByTestId('state-error');
    expect(err.textContent).toContain('offline');
    fireEvent.click(within(err).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('state-empty')).textContent).toContain('No watched wallets');
  });
});

describe('recent searches', () => {
  it('are saved after a successful lookup, newest first and de-duplicated', async () => {
    await recentItem.setValue(['bb', 'aa']);
    const fake = popup();
    const box = screen.getByTestId('search-input');
    fireEvent.input(box, { target: { value: 'aa' } });
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('view-program');
    await waitFor(async () => expect(await recentItem.getValue()).toEqual(['aa', 'bb']));
    expect(fake.callsOf('lookup')).toHaveLength(1);
  });

  it('are navigable with arrow keys and Enter', async () => {
    await recentItem.setValue(['first', 'second', 'third']);
    const fake = popup();
    const options = await screen.findAllByTestId('recent-item');
    expect(options.map((o) => within(o).getByTestId('recent-label').textContent)).toEqual([
      'first',
      'second',
      'third',
    ]);
    const box = screen.getByTestId('search-input');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe('recent-option-1');
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('view-program');
    expect(fake.callsOf('lookup')).toEqual([{ input: 'second' }]);
    expect((box as HTMLInputElement).value).toBe('second');
  });

  it('Escape leaves the list and then closes the result', async () => {
    await recentItem.setValue(['first']);
    popup();
    await screen.findAllByTestId('recent-item');
    const box = screen.getByTestId('search-input');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.click(screen.getByTestId('recent-item'));
    await screen.findByTestId('view-program');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(await screen.findByTestId('recent-searches')).toBeTruthy();
  });

  it('the keyboard forgets the active one with Shift+Delete, focus staying in the box', async () => {
    await recentItem.setValue(['first', 'second', 'third']);
    popup();
    await screen.findAllByTestId('recent-item');
    const box = screen.getByTestId('search-input');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Delete' }); // without Shift: the box's own Delete
    expect(screen.getAllByTestId('recent-item')).toHaveLength(3);
    fireEvent.keyDown(box, { key: 'Delete', shiftKey: true });
    await waitFor(() => expect(screen.getAllByTestId('recent-item')).toHaveLength(2));
    expect(await recentItem.getValue()).toEqual(['first', 'third']);
    expect(box.getAttribute('aria-activedescendant')).toBe('recent-option-1'); // now 'third'
  });

  it('can be forgotten one by one', async () => {
    await recentItem.setValue(['first', 'second']);
    popup();
    // the × is the pointer's (aria-hidden, no control inside the option): the one of the entry 'first'
    const [entry] = await screen.findAllByTestId('recent-item');
    expect(within(entry!).getByTestId('recent-label').getAttribute('title')).toBe('first');
    const forget = within(entry!).getByTestId('recent-forget');
    expect(forget.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(forget);
    await waitFor(() => expect(screen.getAllByTestId('recent-item')).toHaveLength(1));
    expect(await recentItem.getValue()).toEqual(['second']);
  });
});

describe('lookup tab', () => {
  it('reads #q= from the hash and runs it', async () => {
    history.replaceState(null, '', `/lookup.html${hashForQuery(WALLET)}`);
    const fake = fakeAsk({ lookup: () => ({ kind: 'wallet', wallet: wallet() }) });
    render(<LookupApp ask={fake.ask} />);
    expect(await screen.findByTestId('view-wallet')).toBeTruthy();
    expect(fake.callsOf('lookup')).toEqual([{ input: WALLET }]);
    expect(screen.getByTestId('page-tab')).toBeTruthy();
  });

  it('writes each new lookup into the hash', async () => {
    history.replaceState(null, '', '/lookup.html');
    const fake = fakeAsk({ lookup: () => ({ kind: 'program', address: WALLET, label: 'P' }) });
    render(<LookupApp ask={fake.ask} />);
    const box = screen.getByTestId('search-input');
    fireEvent.input(box, { target: { value: 'bonk' } });
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('view-program');
    expect(queryFromHash(location.hash)).toBe('bonk');
  });

  it('a hash edited back to the first query shows it again; an empty hash empties the page', async () => {
    history.replaceState(null, '', `/lookup.html${hashForQuery(WALLET)}`);
    const fake = fakeAsk({
      lookup: ({ input }) =>
        input === WALLET
          ? { kind: 'wallet', wallet: wallet() }
          : { kind: 'program', address: WALLET, label: 'P' },
    });
    render(<LookupApp ask={fake.ask} />);
    await screen.findByTestId('view-wallet');
    const box = screen.getByTestId('search-input') as HTMLInputElement;
    fireEvent.input(box, { target: { value: 'bonk' } });
    fireEvent.submit(box.closest('form')!);
    await screen.findByTestId('view-program');
    expect(queryFromHash(location.hash)).toBe('bonk');

    // The user edits the URL back to the wallet (the typed lookup had only replaced the hash).
    history.replaceState(null, '', `/lookup.html${hashForQuery(WALLET)}`);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(await screen.findByTestId('view-wallet')).toBeTruthy();
    expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe(WALLET);
    expect(document.title).toContain(WALLET.slice(0, 10));

    history.replaceState(null, '', '/lookup.html#garbage');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(screen.queryByTestId('view-wallet')).toBeNull());
    expect(document.title).toBe('Onchain Lens');
  });

  it('hash helpers round-trip odd input', () => {
    const q = 'https://polymarket.com/event/a b?x=1&y=#2';
    expect(queryFromHash(hashForQuery(q))).toBe(q);
    expect(queryFromHash('')).toBeNull();
    expect(queryFromHash('#q=%20%20')).toBeNull();
  });
});
