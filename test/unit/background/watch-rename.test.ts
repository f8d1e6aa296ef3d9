/**
 * watchRename through the router and the real handlers: only extension pages may send it, its label
 * is bounded as watchAdd's is, and it relabels a watched wallet without watching one again.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Services } from '../../../lib/background/services';
import { PAGE_INPUTS } from '../../../lib/messaging';
import type { WatchChange, WatchService } from '../../../lib/watch';
import { LABEL_MAX } from '../../../lib/watch/watchlist';
import { addr, watchService } from '../watch/fixtures';
import { pageSender, tabSender, testHandlers, testRouter } from './helpers';

const options = pageSender('options');
const contentScript = tabSender('https://solscan.io/account/x');

let watch: WatchService;
let onChange: ReturnType<typeof vi.fn<(change: WatchChange) => void>>;
let dispatch: ReturnType<typeof testRouter>;
beforeEach(async () => {
  fakeBrowser.reset();
  onChange = vi.fn<(change: WatchChange) => void>();
  watch = watchService({ onChange }).svc;
  await watch.start();
  // the watch messages use no service: none is built (no simulator, no network)
  dispatch = testRouter(testHandlers({} as Services, { watch }));
});

const labels = async () => (await watch.list()).map((e) => [e.wallet, e.label]);

describe('watchRename', () => {
  it('relabels a watched wallet from an extension page, trimmed; an empty label clears it', async () => {
    await watch.add(addr(1), 'old');
    await watch.add(addr(2));
    onChange.mockClear();
    const r = await dispatch('watchRename', { wallet: addr(1), label: '  Whale  one ' }, options);
    expect(r.ok && r.value.map((e) => [e.wallet, e.label])).toEqual([
      [addr(1), 'Whale one'],
      [addr(2), null],
    ]);
    expect(await labels()).toEqual([
      [addr(1), 'Whale one'],
      [addr(2), null],
    ]);
    const cleared = await dispatch('watchRename', { wallet: addr(1), label: '   ' }, options);
    expect(cleared.ok && cleared.value[0]?.label).toBeNull();
    // a label is no room: the watch service (rooms, catch-up, .sol names) is not told
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is refused to a content script, and changes nothing', async () => {
    await watch.add(addr(1), 'mine');
    const r = await dispatch('watchRename', { wallet: addr(1), label: 'pwned' }, contentScript);
    expect(r).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(await labels()).toEqual([[addr(1), 'mine']]);
  });

  it('takes labels up to the watchlist limit, as watchAdd does, and refuses longer ones', async () => {
    await watch.add(addr(1), 'keep');
    const longest = 'x'.repeat(LABEL_MAX);
    expect(await dispatch('watchRename', { wallet: addr(1), label: longest }, options)).toMatchObject({
      ok: true,
    });
    for (const name of ['watchRename', 'watchAdd'] as const) {
      const r = await dispatch(name, { wallet: addr(1), label: `${longest}y` }, options);
      expect(r, name).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'label: at most 40 characters' },
      });
    }
    expect(PAGE_INPUTS.watchRename.safeParse({ wallet: addr(1), label: ` ${longest} ` }).success).toBe(true);
    expect(await labels()).toEqual([[addr(1), longest]]);
  });

  it('never watches again a wallet removed meanwhile (watchAdd would)', async () => {
    await watch.add(addr(1), 'gone soon');
    await watch.remove(addr(1));
    const r = await dispatch('watchRename', { wallet: addr(1), label: 'renamed' }, options);
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'That wallet is no longer watched: it was removed meanwhile.',
      },
    });
    expect(await watch.list()).toEqual([]);
    expect(await dispatch('watchRename', { wallet: 'not-a-wallet', label: 'x' }, options)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });
});
