// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createOverlay } from '../../../lib/overlay/runtime';
import { createScanner } from '../../../lib/page';
import { adapterFor } from '../../../lib/sites';
import { badges, fakeBackground } from './harness';

const WALLET = '7JsiQWfj8Vn1YqwjcNEPq4uv3R4DDgm2dLVYwxTMTZz8';
const MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

let overlay: ReturnType<typeof createOverlay> | null = null;
afterEach(() => overlay?.destroy());

/** The runtime with the real scanner and site adapter: badges land after the links it finds. */
describe('overlay with the real scanner', () => {
  it('badges the addresses a solscan page links to, and never reads its own badges', async () => {
    document.body.innerHTML = `
      <table><tr><td><a href="/account/${WALLET}">${WALLET.slice(0, 8)}</a></td></tr>
      <tr><td><a href="/token/${MINT}">BONK</a></td></tr></table>`;
    const bg = fakeBackground({ classify: () => ({ [WALLET]: 'wallet', [MINT]: 'mint' }) });
    const adapter = adapterFor('https://solscan.io/account/x')!;
    overlay = createOverlay({
      ask: bg.ask,
      onPush: bg.onPush,
      document,
      config: { maxBadges: 300, theme: 'auto', currency: 'usd' },
      adapter,
      createScanner,
      testHooks: true,
      lazyMs: 50,
    });
    overlay.startPage();
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
});
