// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { createOverlay } from '../../../lib/overlay/runtime';
import { createScanner } from '../../../lib/page';
import { adapterFor } from '../../../lib/sites';
import { addr } from '../api/helpers';
import { badges, type fakeBackground, startOverlay } from './harness';

const WALLET = '7JsiQWfj8Vn1YqwjcNEPq4uv3R4DDgm2dLVYwxTMTZz8';
const MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

let overlay: ReturnType<typeof createOverlay> | null = null;
afterEach(() => overlay?.destroy());

/** The harness's overlay, on real timers, with the real scanner and the adapter of `pageUrl`. */
function startWithScanner(
  pageUrl: string,
  handlers: Parameters<typeof fakeBackground>[0] = {},
  maxBadges = 300,
) {
  const started = startOverlay(handlers, {
    config: { maxBadges, theme: 'auto', currency: 'usd' },
    adapter: adapterFor(pageUrl)!,
    createScanner,
    lazyMs: 50,
  });
  overlay = started.overlay;
  return started.bg;
}

/** The runtime with the real scanner and site adapter: badges land after the links it finds. */
describe('overlay with the real scanner', () => {
  it('badges the addresses a solscan page links to, and never reads its own badges', async () => {
    document.body.innerHTML = `
      <table><tr><td><a href="/account/${WALLET}">${WALLET.slice(0, 8)}</a></td></tr>
      <tr><td><a href="/token/${MINT}">BONK</a></td></tr></table>`;
    const bg = startWithScanner('https://solscan.io/account/x', {
      classify: () => ({ [WALLET]: 'wallet', [MINT]: 'mint' }),
    });
    await expect.poll(() => badges().filter((b) => b.getAttribute('data-state') === 'ready').length).toBe(2);
    expect(
      badges()
        .map((b) => b.getAttribute('data-address'))
        .sort(),
    ).toEqual([MINT, WALLET].sort());
    for (const b of badges()) expect(b.previousElementSibling?.tagName).toBe('A');
    const asked = bg.names().filter((n) => n !== 'classify');
    expect(asked.sort()).toEqual(['tokenFlow', 'walletBadge']);
  });

  it('follows a recycled row: a link repointed and a cell rewritten in place get the new badge', async () => {
    const wallet = (i: number) => addr(0x8100 + i); // each test's wallets its own
    document.body.innerHTML = `<table><tr><td><a id="l" href="https://birdeye.so/profile/${wallet(1)}">trader</a></td>
      <td id="c">${wallet(2)}</td></tr></table>`;
    startWithScanner('https://birdeye.so/profile/x', {
      classify: () => ({ [wallet(2)]: 'wallet', [wallet(4)]: 'wallet' }),
    });
    const shown = () => badges().map((b) => [b.getAttribute('data-address'), b.getAttribute('data-state')]);
    await expect.poll(shown).toEqual([
      [wallet(1), 'ready'],
      [wallet(2), 'ready'],
    ]);
    // The list reuses the row for other traders: the framework rewrites its href and its text.
    document.getElementById('l')!.setAttribute('href', `https://birdeye.so/profile/${wallet(3)}`);
    (document.getElementById('c')!.firstChild as Text).data = wallet(4);
    await expect.poll(shown).toEqual([
      [wallet(3), 'ready'],
      [wallet(4), 'ready'],
    ]);
    expect(document.getElementById('c')!.firstChild).toBeInstanceOf(Text); // the cell's text is whole
  });

  it('keeps badging a virtualized list past the cap: rows the page removes free their places', async () => {
    const wallet = (i: number) => addr(0x8000 + i); // each test's wallets its own
    const row = (i: number) => `<li><a href="https://birdeye.so/profile/${wallet(i)}">trader ${i}</a></li>`;
    document.body.innerHTML = `<ol>${Array.from({ length: 30 }, (_, i) => row(i)).join('')}</ol>`;
    startWithScanner('https://birdeye.so/profile/x', {}, 10);
    const shown = () => badges().map((b) => b.getAttribute('data-address'));
    await expect.poll(() => badges().length).toBe(10);
    expect(shown()).toEqual(Array.from({ length: 10 }, (_, i) => wallet(i)));
    // Scrolling on: the first five rows leave the page and five new ones arrive at its end. The
    // badges go on from where they stopped, still ten in all.
    const list = document.querySelector('ol')!;
    for (const li of [...list.children].slice(0, 5)) li.remove();
    list.insertAdjacentHTML('beforeend', Array.from({ length: 5 }, (_, i) => row(100 + i)).join(''));
    await expect.poll(() => shown().at(-1)).toBe(wallet(14));
    expect(shown()).toEqual(Array.from({ length: 10 }, (_, i) => wallet(i + 5)));
  });

  it('badges a row the list puts back after it left past the cap, an address in running text too', async () => {
    const wallet = (i: number) => addr(0x8200 + i); // each test's wallets its own
    // An address inside a sentence: the scanner wraps it in an anchor span of its own.
    const row = (i: number) => `<li>trader ${wallet(i)} bought</li>`;
    document.body.innerHTML = `<ol>${Array.from({ length: 30 }, (_, i) => row(i)).join('')}</ol>`;
    const wallets = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [wallet(i), 'wallet']));
    startWithScanner('https://birdeye.so/profile/x', { classify: () => wallets }, 10);
    const shown = () => badges().map((b) => b.getAttribute('data-address'));
    await expect.poll(() => badges().length).toBe(10);
    // Scrolling down: the first five rows leave the page (a virtualized list keeps the elements),
    // the next ones take their badges.
    const list = document.querySelector('ol')!;
    const top = [...list.children].slice(0, 5);
    for (const li of top) li.remove();
    await expect.poll(() => shown().at(-1)).toBe(wallet(14));
    // Scrolling back up: the last five rows leave and the same five elements come back on top.
    for (const li of [...list.children].slice(-20)) li.remove();
    list.prepend(...top);
    await expect.poll(() => shown().slice(0, 5)).toEqual(Array.from({ length: 5 }, (_, i) => wallet(i)));
    expect(badges()).toHaveLength(10);
    for (const li of top) expect(li.querySelectorAll('[data-onchain-lens="badge"]')).toHaveLength(1);
  });
});
