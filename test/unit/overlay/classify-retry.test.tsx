// @vitest-environment happy-dom
/**
 * A failed `classify` message (the service down, an RPC 500, a refused key) is retried like a failed
 * badge (lib/overlay/retry.ts): on the backoff for a transient failure, at once when the network is
 * back, and for a key failure only on the next page view (a new key: configChanged -> startPage).
 * Before, the addresses were forgotten and asked about again only "when found again", which on a
 * static page never happens: their wallet and order badges never came.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/errors';
import { RETRY_DELAYS_MS } from '../../../lib/overlay/retry';
import type { createOverlay, OverlayDeps } from '../../../lib/overlay/runtime';
import { createScanner } from '../../../lib/page';
import { adapterFor } from '../../../lib/sites';
import { addr } from '../api/helpers';
import { badges, type fakeBackground, found, overlayPerTest, startOverlay } from './harness';

const W = (i: number) => `Wallet${String(i).padStart(3, '0')}${'x'.repeat(30)}`;
const O = (i: number) => `Order${String(i).padStart(3, '0')}${'z'.repeat(32)}`;

let bg: ReturnType<typeof fakeBackground>;
let overlay: ReturnType<typeof createOverlay>;

/** A classify handler failing with `code` while `failing()` says so, then naming W(..) wallets and O(..) orders. */
function flakyClassify(code: string, failing: () => boolean) {
  return (d: { addresses: string[] }) => {
    if (failing()) throw { code, message: errorMessage(code) };
    return Object.fromEntries(
      d.addresses.map((a) => [
        a,
        a.startsWith('Wallet') ? 'wallet' : a.startsWith('Order') ? 'order' : 'pool',
      ]),
    );
  };
}

function start(handlers: Parameters<typeof fakeBackground>[0], extra: Partial<OverlayDeps> = {}) {
  ({ bg, overlay } = startOverlay(handlers, extra));
}

/** Unknown-kind anchors for `addresses`, found and visible (a page's links of unknown kind). */
function show(addresses: string[]) {
  const items = addresses.map((a) => found('unknown', a));
  overlay.found(items);
  overlay.visible(items);
  return items;
}

const kinds = () => badges().map((b) => `${b.getAttribute('data-kind')}:${b.getAttribute('data-state')}`);
const classifyCalls = () => bg.calls.filter(([name]) => name === 'classify').map(([, d]) => d);

describe('a failed classification is retried like a failed badge', () => {
  overlayPerTest(() => overlay);

  it('a transient failure (SERVER_ERROR) is asked again after the backoff, and the wallet and order badges mount', async () => {
    let down = true;
    start({ classify: flakyClassify('SERVER_ERROR', () => down) });
    show([W(1), O(1)]);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('classify')).toBe(1);
    expect(badges()).toHaveLength(0); // no badge on a guess
    down = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! - 100);
    expect(bg.count('classify')).toBe(1); // the backoff, not a hammering
    await vi.advanceTimersByTimeAsync(200);
    // asked again together, in one message
    expect(classifyCalls()).toEqual([{ addresses: [W(1), O(1)] }, { addresses: [W(1), O(1)] }]);
    await vi.advanceTimersByTimeAsync(100);
    expect(kinds()).toEqual(['wallet:ready', 'order:ready']);
    expect(bg.count('walletBadge')).toBe(1);
    expect(bg.count('order')).toBe(1);
    // Classified: nothing more is asked, not even when the network comes back.
    overlay.retryFailed();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(bg.count('classify')).toBe(2);
  });

  it('still failing: asked again on the backoff schedule, at most RETRY_DELAYS_MS.length times, not when found again', async () => {
    start({ classify: flakyClassify('NETWORK', () => true) });
    const [item] = show([W(1)]);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('classify')).toBe(1);
    // Found again (the scanner reports it once more): it waits for its retry, no message of its own.
    overlay.visible([item!, found('unknown', W(1))]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bg.count('classify')).toBe(1);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(bg.count('classify')).toBe(1 + RETRY_DELAYS_MS.length);
    const at = bg.sentAt.filter(([name]) => name === 'classify').map(([, t]) => t);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i]!);
    expect(badges()).toHaveLength(0);
  });

  it('the network back (retryFailed): the addresses waiting for a class are asked again at once', async () => {
    let down = true;
    start({ classify: flakyClassify('NETWORK', () => down) });
    show([W(1), O(1)]);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('classify')).toBe(1);
    down = false;
    overlay.retryFailed(); // the 'online' event
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('classify')).toBe(2);
    await vi.advanceTimersByTimeAsync(30);
    expect(kinds()).toEqual(['wallet:ready', 'order:ready']);
    // The backoff's retry, due later, asks nothing more.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(bg.count('classify')).toBe(2);
  });

  it('an address whose anchor left the page is not asked about again', async () => {
    let down = true;
    start({ classify: flakyClassify('SERVER_ERROR', () => down) });
    const [gone] = show([W(1)]);
    show([W(2)]);
    await vi.advanceTimersByTimeAsync(30);
    expect(classifyCalls()).toEqual([{ addresses: [W(1), W(2)] }]);
    gone!.anchor.remove();
    down = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! + 100);
    expect(classifyCalls().at(-1)).toEqual({ addresses: [W(2)] });
    expect(badges().map((b) => b.getAttribute('data-address'))).toEqual([W(2)]);
  });

  it('a classification that succeeded and said "no badge" stays dropped', async () => {
    start({ classify: flakyClassify('SERVER_ERROR', () => false) });
    show(['Pool001'.padEnd(40, 'p')]);
    await vi.advanceTimersByTimeAsync(30);
    overlay.retryFailed();
    show(['Pool001'.padEnd(40, 'p')]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(bg.count('classify')).toBe(1);
    expect(badges()).toHaveLength(0);
  });

  for (const code of ['UNAUTHORIZED', 'FORBIDDEN']) {
    it(`a key failure (${code}) is not asked again in a loop, only on the next page view (a new key)`, async () => {
      let refused = true;
      start({ classify: flakyClassify(code, () => refused) });
      show([W(1), O(1)]);
      await vi.advanceTimersByTimeAsync(30);
      expect(bg.count('classify')).toBe(1);
      // No backoff loop, nothing when the network comes back, nothing when found again.
      overlay.retryFailed();
      show([W(1), O(1)]);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(bg.count('classify')).toBe(1);
      expect(badges()).toHaveLength(0);
      // A new key: configChanged -> startPage (lib/overlay/start.ts), and the page's links found anew.
      refused = false;
      overlay.startPage();
      show([W(1), O(1)]);
      await vi.advanceTimersByTimeAsync(60);
      expect(bg.count('classify')).toBe(2);
      expect(kinds()).toEqual(['wallet:ready', 'order:ready']);
    });
  }
});

/** The reviewer's case, with the real scanner over a Solscan-like page (real timers, short backoff). */
describe('a Solscan-like page loaded while classify fails', () => {
  afterEach(() => overlay?.destroy());

  const WALLETS = [1, 2, 3, 4].map((i) => addr(0x9300 + i));
  const ORDER = addr(0x9310);
  const MINTS = [1, 2, 3, 4, 5].map((i) => addr(0x9320 + i));

  function page(code: string, failing: () => boolean) {
    document.body.innerHTML = `<table>${[...WALLETS, ORDER]
      .map((a) => `<tr><td><a href="/account/${a}">${a.slice(0, 8)}</a></td></tr>`)
      .join('')}${MINTS.map((m) => `<tr><td><a href="/token/${m}">TOK</a></td></tr>`).join('')}</table>`;
    ({ bg, overlay } = startOverlay(
      {
        classify: (d: { addresses: string[] }) => {
          if (failing()) throw { code, message: errorMessage(code) };
          return Object.fromEntries(d.addresses.map((a) => [a, a === ORDER ? 'order' : 'wallet']));
        },
        tokenFlow: () => {
          throw { code: 'SERVER_ERROR', message: errorMessage('SERVER_ERROR') };
        },
      },
      {
        adapter: adapterFor('https://solscan.io/account/x')!,
        createScanner,
        lazyMs: 50,
        retryFirstMs: 100,
      },
    ));
  }
  const count = (kind: string) => badges().filter((b) => b.getAttribute('data-kind') === kind).length;

  it('RPC 500 at load, then the service recovers: the 4 wallet and 1 order badges come', async () => {
    let down = true;
    page('SERVER_ERROR', () => down);
    await expect.poll(() => count('mint')).toBe(5);
    await expect.poll(() => bg.count('classify')).toBeGreaterThanOrEqual(1);
    expect(count('wallet') + count('order')).toBe(0);
    down = false;
    await expect.poll(() => [count('wallet'), count('order')]).toEqual([4, 1]);
  });

  it('401 at load: nothing asked in a loop; the new key (configChanged -> startPage) brings the badges', async () => {
    let refused = true;
    page('UNAUTHORIZED', () => refused);
    await expect.poll(() => bg.count('classify')).toBeGreaterThanOrEqual(1);
    const asked = bg.count('classify');
    await new Promise((go) => setTimeout(go, 400)); // several backoffs' worth (retryFirstMs 100)
    expect(bg.count('classify')).toBe(asked);
    refused = false;
    overlay.startPage(); // the new scanner finds the page's links again
    await expect.poll(() => [count('wallet'), count('order')]).toEqual([4, 1]);
  });
});
