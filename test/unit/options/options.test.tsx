// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { precheckImport } from '../../../components/options/WatchlistSection';
import { STORAGE_DOWN_TEXT } from '../../../lib/errors';
import { defaultSettings } from '../../../lib/settings';
import type { StatusView } from '../../../lib/views';
import { createWatchlist } from '../../../lib/watch/watchlist';
import { type Handlers, lensError } from '../popup/fake-ask';
import { addr } from '../watch/fixtures';
import { renderOptions, settingsStore, statusOf } from './options-page';

const KEY = 'sk-test-1234567890';

function setup(handlers: Handlers = {}, granted = false) {
  const store = settingsStore();
  let key: StatusView['key'] = 'missing';
  const fake = renderOptions(
    {
      ...store.handlers,
      status: () => statusOf({ key }),
      keyCheck: () => ({ plan: 'Advanced', credits: 50_000, live: false }),
      keySet: () => {
        key = 'valid';
        return { plan: 'Advanced', credits: 50_000, live: false };
      },
      keyClear: () => {
        key = 'missing';
        return { cleared: true };
      },
      cacheStats: () => ({ entries: 120, bytes: 2_097_152, hits: 30, misses: 10 }),
      cacheClear: () => ({ cleared: true }),
      ...handlers,
    },
    granted,
  );
  return { ...fake, settings: store.settings };
}

const patches = (fake: ReturnType<typeof setup>) =>
  fake.callsOf('settingsSet').map((d) => (d as { patch: Record<string, unknown> }).patch);

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

describe('options: API key', () => {
  it('is a password field with a show toggle', async () => {
    setup();
    const input = screen.getByLabelText('Solana Tracker API key') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide API key' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('check shows plan and credits without saving', async () => {
    const fake = setup();
    fireEvent.input(screen.getByLabelText('Solana Tracker API key'), { target: { value: `  ${KEY} ` } });
    fireEvent.click(screen.getByTestId('key-check'));
    const result = await screen.findByTestId('key-result');
    expect(result.textContent).toContain('Plan: Advanced');
    expect(result.textContent).toContain('50,000 credits left');
    expect(fake.callsOf('keyCheck')).toEqual([{ key: KEY }]);
    expect(fake.callsOf('keySet')).toHaveLength(0);
  });

  it('save stores the key, clears the field and never shows it; remove clears it', async () => {
    const fake = setup();
    expect((await screen.findByTestId('key-saved-state')).textContent).toBe('No key saved yet.');
    fireEvent.input(screen.getByLabelText('Solana Tracker API key'), { target: { value: KEY } });
    fireEvent.click(screen.getByTestId('key-save'));
    expect((await screen.findByTestId('key-result')).textContent).toContain('Key saved');
    await waitFor(() =>
      expect(screen.getByTestId('key-saved-state').textContent).toContain('A key is saved'),
    );
    expect((screen.getByLabelText('Solana Tracker API key') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain(KEY);
    expect(fake.callsOf('keySet')).toEqual([{ key: KEY }]);

    fireEvent.click(screen.getByTestId('key-remove'));
    await waitFor(() => expect(screen.getByTestId('key-result').textContent).toBe('Key removed.'));
    await waitFor(() => expect(screen.getByTestId('key-saved-state').textContent).toBe('No key saved yet.'));
    expect(fake.callsOf('keyClear')).toEqual([{}]);
  });

  it('a refused key says so; an empty key is refused locally', async () => {
    const fake = setup({ keyCheck: () => Promise.reject(lensError('UNAUTHORIZED')) });
    const input = screen.getByLabelText('Solana Tracker API key');
    fireEvent.input(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('key-check'));
    expect((await screen.findByTestId('key-result')).textContent).toContain('paste the whole key');
    expect(fake.callsOf('keyCheck')).toHaveLength(0);
    fireEvent.input(input, { target: { value: KEY } });
    fireEvent.click(screen.getByTestId('key-check'));
    await waitFor(() =>
      expect(screen.getByTestId('key-result').textContent).toBe(
        'The service refused this key: check that you pasted the whole key.',
      ),
    );
  });

  it('saving a refused key says it was not saved and keeps the saved state', async () => {
    const fake = setup({ keySet: () => Promise.reject(lensError('UNAUTHORIZED')) });
    await waitFor(() => expect(screen.getByTestId('key-saved-state').textContent).toBe('No key saved yet.'));
    fireEvent.input(screen.getByLabelText('Solana Tracker API key'), { target: { value: KEY } });
    fireEvent.click(screen.getByTestId('key-save'));
    await waitFor(() =>
      expect(screen.getByTestId('key-result').textContent).toBe(
        'The service refused this key, so it was not saved: check that you pasted the whole key.',
      ),
    );
    expect(screen.getByTestId('key-result').getAttribute('role')).toBe('alert');
    expect(fake.callsOf('keySet')).toEqual([{ key: KEY }]);
    expect(screen.getByTestId('key-saved-state').textContent).toBe('No key saved yet.');
  });

  it('a failed key-state check says so, offers a retry and keeps Remove usable', async () => {
    let fail = true;
    const fake = setup({
      status: () => {
        if (fail) throw lensError('INTERNAL');
        return statusOf({ key: 'valid' });
      },
    });
    await waitFor(() => expect(fake.callsOf('status')).toHaveLength(1));
    const state = screen.getByTestId('key-saved-state');
    await waitFor(() => expect(state.textContent).toContain('Could not check'));
    expect((screen.getByTestId('key-remove') as HTMLButtonElement).disabled).toBe(false);
    fail = false;
    fireEvent.click(screen.getByTestId('key-state-retry'));
    await waitFor(() => expect(state.textContent).toBe('A key is saved and works.'));
  });
});

describe('options: settings', () => {
  it('says at the top when the extension cannot keep changes past this browser session', async () => {
    setup({ status: () => statusOf({ key: 'valid', storageSessionOnly: true }) });
    const notice = await screen.findByTestId('storage-down');
    expect(notice.textContent).toBe(STORAGE_DOWN_TEXT);
    expect(notice.getAttribute('role')).toBe('alert');
    cleanup();
    setup({ status: () => statusOf({ key: 'valid' }) });
    await waitFor(() =>
      expect(screen.getByTestId('key-saved-state').textContent).toBe('A key is saved and works.'),
    );
    expect(screen.queryByTestId('storage-down')).toBeNull();
  });

  it('a site switch saves the whole sites map and says Saved', async () => {
    const fake = setup();
    const box = await screen.findByLabelText('Solscan');
    fireEvent.click(box);
    expect(await screen.findByTestId('saved-sites')).toBeTruthy();
    expect(patches(fake)[0]).toEqual({ sites: { ...defaultSettings().sites, solscan: false } });
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('any site asks for the host permission from the click, then saves', async () => {
    const fake = setup({}, true);
    const box = await screen.findByTestId('any-site');
    fireEvent.click(box);
    expect(fake.permissions.request).toHaveBeenCalledWith({ origins: ['https://*/*'] });
    await waitFor(() => expect(patches(fake)).toEqual([{ anySite: true }]));
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    // the box is disabled until the save is answered (one request at a time)
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(box);
    expect(fake.permissions.remove).toHaveBeenCalledWith({ origins: ['https://*/*'] });
    await waitFor(() => expect(patches(fake)).toEqual([{ anySite: true }, { anySite: false }]));
  });

  it("any site stays unchecked while the browser's prompt is open, and shows the answer", async () => {
    const fake = setup({}, true);
    let answer: (ok: boolean) => void = () => {};
    fake.permissions.request.mockImplementationOnce(() => new Promise<boolean>((ok) => (answer = ok)));
    const box = (await screen.findByTestId('any-site')) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(false); // (it looked on while the prompt was still open)
    expect(box.disabled).toBe(true); // (a second click would ask a second time)
    answer(true);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(patches(fake)).toEqual([{ anySite: true }]);
    await waitFor(() => expect(box.disabled).toBe(false));
  });

  it("access removed in the browser's own settings shows at once, without a reload", async () => {
    const fake = setup({}, true);
    const box = (await screen.findByTestId('any-site')) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    fake.revoke();
    await waitFor(() => expect(box.checked).toBe(false));
    expect(screen.getByText(/The permission was removed in the browser/)).toBeTruthy();
  });

  it('a refused permission leaves any-site off and says why', async () => {
    const fake = setup({}, false);
    fireEvent.click(await screen.findByTestId('any-site'));
    expect((await screen.findByTestId('any-site-error')).textContent).toContain('Permission not granted');
    expect(fake.permissions.request).toHaveBeenCalledTimes(1);
    expect(patches(fake)).toEqual([]);
  });

  it('notification rules save as one object', async () => {
    const fake = setup();
    fireEvent.click(await screen.findByLabelText('Deposit'));
    await screen.findByTestId('saved-notifications');
    fireEvent.change(screen.getByLabelText('Minimum value (USD)'), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText('Quiet hours start'), { target: { value: '23:30' } });
    await waitFor(() => expect(patches(fake)).toHaveLength(3));
    const last = fake.settings().notifications;
    expect(last.events.Deposit).toBe(true);
    expect(last.minUsd).toBe(250);
    expect(last.quietHours.start).toBe('23:30');
  });

  it('a refused patch shows the field message next to the form', async () => {
    setup();
    fireEvent.change(await screen.findByLabelText('Minimum value (USD)'), { target: { value: '-5' } });
    const err = await screen.findByTestId('error-notifications');
    expect(err.textContent).toMatch(/^Minimum value \(USD\): /);
  });

  it('theme, currency and PnL mode save and the page follows the theme', async () => {
    const fake = setup();
    fireEvent.change(await screen.findByLabelText('Theme'), { target: { value: 'dark' } });
    await screen.findByTestId('saved-display');
    await waitFor(() => expect(screen.getByTestId('page-options').getAttribute('data-theme')).toBe('dark'));
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'eur' } });
    fireEvent.change(screen.getByLabelText('PnL mode'), { target: { value: 'raw' } });
    fireEvent.change(screen.getByLabelText('Most badges on a page at once'), { target: { value: '500' } });
    await waitFor(() => expect(patches(fake)).toHaveLength(4));
    expect(patches(fake)).toEqual([
      { theme: 'dark' },
      { currency: 'eur' },
      { pnlMode: 'raw' },
      { maxBadges: 500 },
    ]);
  });

  it('host overrides: the background validation message is shown', async () => {
    const fake = setup();
    const data = await screen.findByLabelText('Data API');
    fireEvent.input(data, { target: { value: 'http://example.com' } });
    fireEvent.click(screen.getByTestId('hosts-save'));
    const err = await screen.findByTestId('error-hosts');
    expect(err.textContent).toBe('Data API: http is only allowed for localhost');
    fireEvent.input(data, { target: { value: 'http://127.0.0.1:8787' } });
    fireEvent.click(screen.getByTestId('hosts-save'));
    await screen.findByTestId('saved-hosts');
    expect(fake.settings().hosts.data).toBe('http://127.0.0.1:8787');
  });

  it('reads the settings once for the page shell and the form', async () => {
    const fake = setup();
    await screen.findByTestId('options-sites');
    expect(fake.callsOf('settingsGet')).toHaveLength(1);
  });

  it('shows an error with retry when settings cannot be read', async () => {
    let n = 0;
    setup({
      settingsGet: () => {
        n += 1;
        if (n <= 1) throw lensError('OFFLINE'); // the page shell's one read (the form edits from it)
        return defaultSettings();
      },
    });
    const err = await screen.findByTestId('state-error');
    fireEvent.click(within(err).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('options-sites')).toBeTruthy();
  });
});

describe('options: a refused field is named by its label and marked', () => {
  const described = (input: HTMLElement) =>
    document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

  it('a host: its label in the message, the input invalid and described by it, until saved', async () => {
    setup();
    const ws = await screen.findByLabelText('Datastream (WebSocket)');
    const data = screen.getByLabelText('Data API');
    fireEvent.input(ws, { target: { value: 'https://example.com' } });
    fireEvent.click(screen.getByTestId('hosts-save'));
    const err = await screen.findByTestId('error-hosts');
    expect(err.textContent).toBe('Datastream (WebSocket): must use wss: or ws:');
    expect(ws.getAttribute('aria-invalid')).toBe('true');
    expect(described(ws)).toBe(err.textContent);
    expect(data.getAttribute('aria-invalid')).toBeNull();
    expect(data.getAttribute('aria-describedby')).toBeNull();
    fireEvent.input(ws, { target: { value: 'wss://example.com' } });
    fireEvent.click(screen.getByTestId('hosts-save'));
    await screen.findByTestId('saved-hosts');
    expect(ws.getAttribute('aria-invalid')).toBeNull();
    expect(ws.getAttribute('aria-describedby')).toBeNull();
  });

  it('quiet hours: named in full; a refused minimum value marks its input', async () => {
    setup();
    const start = (await screen.findByLabelText('Quiet hours start')) as HTMLInputElement;
    expect(start.type).toBe('time');
    expect((screen.getByLabelText('Quiet hours end') as HTMLInputElement).type).toBe('time');
    const min = screen.getByLabelText('Minimum value (USD)');
    fireEvent.change(min, { target: { value: '-5' } });
    const err = await screen.findByTestId('error-notifications');
    expect(err.textContent).not.toContain('notifications.');
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(described(min)).toBe(err.textContent);
    expect(start.getAttribute('aria-invalid')).toBeNull();
  });

  it('the cache size and the most badges say their labels', async () => {
    setup();
    const size = await screen.findByLabelText('Maximum size (MB)');
    fireEvent.change(size, { target: { value: '1000' } });
    await screen.findByTestId('error-cache');
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(described(size)).toMatch(/^Maximum size \(MB\): /);
    const most = screen.getByLabelText('Most badges on a page at once');
    fireEvent.change(most, { target: { value: '5' } });
    await screen.findByTestId('error-display');
    expect(most.getAttribute('aria-invalid')).toBe('true');
    expect(described(most)).toMatch(/^Most badges on a page at once: /);
  });

  it('a key that is refused or malformed marks the key input; a network failure does not', async () => {
    let code = 'OFFLINE';
    setup({ keyCheck: () => Promise.reject(lensError(code)) });
    const input = screen.getByLabelText('Solana Tracker API key');
    fireEvent.input(input, { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('key-check'));
    await screen.findByTestId('key-result');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(described(input)).toBe('That does not look like an API key: paste the whole key.');
    fireEvent.input(input, { target: { value: KEY } });
    fireEvent.click(screen.getByTestId('key-check'));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    expect(screen.getByTestId('key-result').textContent).toContain('offline');
    code = 'UNAUTHORIZED';
    fireEvent.click(screen.getByTestId('key-check'));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(described(input)).toContain('The service refused this key');
  });
});

describe('options: cache and watchlist', () => {
  it('says a cache under a megabyte in kilobytes', async () => {
    setup({ cacheStats: () => ({ entries: 66, bytes: 139_674, hits: 9, misses: 4 }) });
    expect((await screen.findByTestId('cache-stats')).textContent).toBe(
      '66 entries · 137 KB of 20 MB · hit rate 69%',
    );
  });

  it('shows cache statistics and clears', async () => {
    const fake = setup();
    expect((await screen.findByTestId('cache-stats')).textContent).toBe(
      '120 entries · 2 MB of 20 MB · hit rate 75%',
    );
    fireEvent.click(screen.getByTestId('cache-clear'));
    await screen.findByText('Cache cleared.');
    expect(fake.callsOf('cacheClear')).toEqual([{}]);
    await waitFor(() => expect(fake.callsOf('cacheStats')).toHaveLength(2));
  });

  it('the maximum size saves the whole cache object, says Saved, and the stats show the new limit', async () => {
    const fake = setup();
    await screen.findByTestId('cache-stats');
    const input = screen.getByLabelText('Maximum size (MB)') as HTMLInputElement;
    expect([input.value, input.min, input.max]).toEqual(['20', '1', '500']);
    fireEvent.change(input, { target: { value: '50' } });
    expect(await screen.findByTestId('saved-cache')).toBeTruthy();
    expect(patches(fake)).toEqual([{ cache: { maxEntries: 5000, maxMB: 50 } }]);
    expect(fake.settings().cache).toEqual({ maxEntries: 5000, maxMB: 50 });
    expect(input.value).toBe('50');
    // read again after the save (a lower limit evicts at once) and shown against the new limit
    await waitFor(() => expect(fake.callsOf('cacheStats')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('cache-stats').textContent).toBe(
        '120 entries · 2 MB of 50 MB · hit rate 75%',
      ),
    );
  });

  it('a size the background refuses shows the field message and puts the saved size back', async () => {
    const fake = setup();
    const input = (await screen.findByLabelText('Maximum size (MB)')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1000' } });
    const err = await screen.findByTestId('error-cache');
    expect(err.textContent).toMatch(/^Maximum size \(MB\): /);
    expect(err.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(input.value).toBe('20'));
    expect(fake.settings().cache.maxMB).toBe(20);
    fireEvent.change(input, { target: { value: '' } }); // empty: the bound's message, not a crash
    await waitFor(() => expect(patches(fake)).toHaveLength(2));
    expect(patches(fake)[1]).toEqual({ cache: { maxEntries: 5000, maxMB: 0 } });
    await waitFor(() =>
      expect(screen.getByTestId('error-cache').textContent).toMatch(/^Maximum size \(MB\): /),
    );
  });

  it('exports the watchlist as a JSON download', async () => {
    const entries = [{ wallet: 'W1', label: 'a', addedAt: 1, unread: 0 }];
    const fake = setup({ watchList: () => entries });
    fireEvent.click(screen.getByTestId('watch-export'));
    await screen.findByText('Exported 1 wallet.');
    const [name, json] = fake.download.mock.calls[0]!;
    expect(name).toBe('onchain-lens-watchlist.json');
    expect(JSON.parse(json).wallets).toEqual([{ wallet: 'W1', label: 'a' }]);
  });

  it('exports a file the real watchlist import reads back (round trip)', async () => {
    const wallet = 'CT5vZjVFsSLrj3JqrBHrRVmYdcTetW1eq7QNKsh3CnDC';
    const entries = [{ wallet, label: 'whale', addedAt: 1, unread: 0, domain: null }];
    const fake = setup({ watchList: () => entries });
    fireEvent.click(screen.getByTestId('watch-export'));
    await screen.findByText('Exported 1 wallet.');
    const json = fake.download.mock.calls[0]![1] as string;
    const list = createWatchlist();
    await list.load();
    const r = await list.importJson(json);
    expect(r).toMatchObject({ added: 1, skipped: 0 });
    expect(r.entries.map((e) => [e.wallet, e.label])).toEqual([[wallet, 'whale']]);
  });

  it('imports a file and shows added/skipped; rejects non-JSON locally', async () => {
    const fake = setup({
      watchImport: () => ({
        added: 2,
        skipped: 12,
        entries: [],
        reasons: { invalid: 0, duplicate: 1, full: 9, notWallet: 2 },
      }),
    });
    const input = screen.getByLabelText('Import JSON');
    fireEvent.change(input, { target: { files: [new File(['not json'], 'w.json')] } });
    expect((await screen.findByTestId('watch-io-result')).textContent).toContain('not JSON');
    expect(fake.callsOf('watchImport')).toHaveLength(0);

    const good = JSON.stringify({ entries: [] });
    fireEvent.change(input, { target: { files: [new File([good], 'w.json')] } });
    await waitFor(() =>
      expect(screen.getByTestId('watch-io-result').textContent).toBe(
        'Added 2, skipped 12: 9 over the limit (50 max), 2 not wallets, 1 already on the list.',
      ),
    );
    expect(fake.callsOf('watchImport')).toEqual([{ json: good }]);
  });

  it('says why the real import skipped items, and names a file with too many entries', async () => {
    const list = createWatchlist();
    await list.add(addr(1));
    setup({ watchImport: ({ json }: { json: string }) => list.importJson(json) });
    const input = screen.getByLabelText('Import JSON');
    const file = JSON.stringify([addr(1), addr(2), 'So11111111111111111111111111111111111111112', 'nope']);
    fireEvent.change(input, { target: { files: [new File([file], 'w.json')] } });
    await waitFor(() =>
      expect(screen.getByTestId('watch-io-result').textContent).toBe(
        'Added 1, skipped 3: 1 not a wallet, 1 not a valid address, 1 already on the list.',
      ),
    );
    const clean = JSON.stringify([addr(3)]);
    fireEvent.change(input, { target: { files: [new File([clean], 'w.json')] } });
    await waitFor(() =>
      expect(screen.getByTestId('watch-io-result').textContent).toBe('Added 1, skipped 0.'),
    );
    const big = JSON.stringify(Array.from({ length: 1001 }, () => addr(2)));
    fireEvent.change(input, { target: { files: [new File([big], 'w.json')] } });
    await waitFor(() =>
      expect(screen.getByTestId('watch-io-result').textContent).toBe(
        'The file has too many entries (1001): a watchlist file holds at most 1000.',
      ),
    );
    expect(screen.getByTestId('watch-io-result').getAttribute('role')).toBe('alert');
  });

  it('shows the background validation message of a bad import', async () => {
    setup({
      watchImport: () =>
        Promise.reject(lensError('INVALID_INPUT', 'entries[0].wallet: not a Solana address')),
    });
    fireEvent.change(screen.getByLabelText('Import JSON'), {
      target: { files: [new File(['[]'], 'w.json')] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('watch-io-result').textContent).toBe(
        'entries[0].wallet: not a Solana address',
      ),
    );
  });

  it('precheck bounds the size', () => {
    expect(precheckImport('', 300_000)).toMatch(/too large/);
    expect(precheckImport('{}', 2)).toBeNull();
  });
});
