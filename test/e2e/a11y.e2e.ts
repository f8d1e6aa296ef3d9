/**
 * Accessibility of the extension pages, end to end: axe-core (the devDependency's axe.min.js) runs in
 * the built extension's popup, lookup tab and options page, in the light and the dark theme, on each
 * state a user meets: the popup with recent searches and a watched wallet, a wallet, a token and an
 * event result, a refused (malformed) address, the options page, and the lookup tab with a wallet.
 * Rules: WCAG 2.0/2.1 A and AA, WCAG 2.2 AA, best practices, and the opt-in WCAG 2.2 `target-size`
 * (2.5.8). Any violation fails, listed as its rule, its help text and the selectors of its elements.
 * What axe leaves for a person to review (its `incomplete` results) is not read here; run over these
 * same states (session 27), it named only glyph-only controls: the Back button's arrow, the order
 * rows' and explorer links' arrows and the icon buttons (`color-contrast`, whose colour it cannot
 * measure for a lone glyph, and `label-content-name-mismatch`, the glyph against the button's
 * label). Their colours are the muted text's and the link colour, which axe measures and passes as
 * text elsewhere on these pages, and a symbol is not a label that 2.5.3 asks to match.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luminance } from '../../lib/overlay/theme';
import { type Lens, launchLens } from './harness';
import { lookupIn, openPopup, watchWalletInPopup } from './ui';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
  },
  // off by default in axe 4.14: WCAG 2.2 target size (24 x 24 px, or that much space around)
  rules: { 'target-size': { enabled: true } },
  resultTypes: ['violations'],
};

interface Violation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

let lens: Lens;
let popup: Page;
beforeAll(async () => {
  lens = await launchLens();
  // a watched wallet and a few recent searches: the popup's empty state shows both lists
  const watching = await watchWalletInPopup(lens.context, lens.extensionId, lens.catalog.wallets[1]!);
  await lookupIn(watching, lens.catalog.mints[2]!, 'view-token');
  await lookupIn(watching, lens.catalog.events.polymarket[1]!, 'view-event');
  await watching.close();
  popup = await openPopup(lens.context, lens.extensionId);
});
afterAll(async () => {
  await lens?.close();
});

/** Runs axe on the whole document; one line per violation: rule, help, then its elements' selectors. */
async function violations(page: Page): Promise<string[]> {
  // axe's own source as a DevTools-protocol evaluation: the extension pages' CSP does not apply to it
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(`${AXE_SOURCE};0`);
  const found = (await page.evaluate(
    (options) =>
      (globalThis as unknown as { axe: { run(c: Document, o: unknown): Promise<unknown> } }).axe
        .run(document, options)
        .then((r) => (r as { violations: Violation[] }).violations),
    AXE_OPTIONS,
  )) as Violation[];
  return found.map(
    (v) =>
      `${v.id}: ${v.help}\n      ${v.nodes.map((n) => n.target.map(String).join(' >>> ')).join('\n      ')}`,
  );
}

/**
 * Checks `page` in the light and the dark theme (the theme follows prefers-color-scheme: setting
 * 'auto'), with a screenshot of each (test-artifacts/a11y-NAME-light.png, -dark.png), and expects no
 * violation in either.
 */
async function expectAccessible(name: string, page: Page): Promise<void> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
    await page.waitForTimeout(150); // let the chart canvases repaint
    await lens.screenshot(`a11y-${name}-${scheme}`, page);
    found.push(...(await violations(page)).map((v) => `[${scheme}] ${v}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // the message lists each violation once: rule, help, then the selectors of its elements
  expect(found.length, `axe violations in ${name}:\n  ${found.join('\n  ')}\n`).toBe(0);
}

describe('accessibility (axe-core, WCAG 2.2 AA and best practices, light and dark)', () => {
  it('the popup with recent searches and the watchlist', async () => {
    await expect.poll(() => popup.getByTestId('recent-item').count()).toBeGreaterThanOrEqual(3);
    await popup.getByTestId('watch-row').first().waitFor();
    await expectAccessible('popup-empty', popup);
    // the pointer's × (no control, so axe's target-size does not see it) is a 24 x 24 px target too
    for (const box of await popup
      .getByTestId('recent-forget')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    // an entry reached with the arrows: the active option, and the hint that Shift+Delete forgets it
    await popup.getByTestId('search-input').press('ArrowDown');
    await popup.getByTestId('recent-hint').waitFor();
    await expectAccessible('popup-recent-active', popup);
    await popup.getByTestId('search-input').press('Escape');
  });

  it('the popup with a wallet result', async () => {
    const view = await lookupIn(popup, lens.catalog.wallets[0]!, 'view-wallet');
    await expect.poll(() => view.getByTestId('order-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectAccessible('popup-wallet', popup);
  });

  it('the popup with a token result (its top DCA users with their tools)', async () => {
    const view = await lookupIn(popup, lens.catalog.mints[2]!, 'view-token');
    await view.getByTestId('price-chart').waitFor({ timeout: 15_000 });
    await expect.poll(() => view.locator('.addr-tools').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => view.getByTestId('order-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectAccessible('popup-token', popup);
  });

  it('the popup with a prediction-market event', async () => {
    const view = await lookupIn(
      popup,
      `https://polymarket.com/event/${lens.catalog.events.polymarket[0]}`,
      'view-event',
    );
    await view.getByTestId('odds-chart').waitFor({ timeout: 15_000 });
    await expectAccessible('popup-event', popup);
  });

  it('the popup refusing a malformed address', async () => {
    const box = popup.getByTestId('search-input');
    await box.fill('CT5vZjVFsSLrj3JqrBHrRVmYdcTetW1eq7QNKsh3CnD0');
    await box.press('Enter');
    await expect.poll(() => popup.getByTestId('search-invalid').textContent()).toMatch(/outside base58/);
    await expectAccessible('popup-invalid', popup);
  });

  it('the options page', async () => {
    const options = await lens.context.newPage();
    await options.goto(lens.extensionPage('options.html'));
    await options.getByTestId('options-display').waitFor();
    await expect
      .poll(() => options.getByTestId('key-saved-state').textContent(), { timeout: 10_000 })
      .toBe('A key is saved and works.');
    await expectAccessible('options', options);
    await options.close();
  });

  it('the lookup tab with a wallet result', async () => {
    const tab = await lens.context.newPage();
    await tab.goto(`${lens.extensionPage('lookup.html')}#q=${lens.catalog.wallets[4]}`);
    const view = tab.getByTestId('view-wallet');
    await view.waitFor({ timeout: 15_000 });
    await expect.poll(() => view.getByTestId('order-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expectAccessible('lookup-wallet', tab);
    await tab.close();
  });
});

describe('the in-page badge', () => {
  /** Contrast ratio (WCAG) of each [r, g, b] against `bg`: the largest. */
  const bestContrast = (pixels: number[][], bg: readonly number[]) => {
    const l = (c: readonly number[]) => luminance({ r: c[0]!, g: c[1]!, b: c[2]! });
    return Math.max(...pixels.map((p) => (Math.max(l(p), l(bg)) + 0.05) / (Math.min(l(p), l(bg)) + 0.05)));
  };

  /** The pixels of the 6 px above and below `box` (its own width): where a focus ring shows, page text does not. */
  async function around(page: Page, box: { x: number; y: number; width: number; height: number }) {
    const png = await page.screenshot({
      clip: { x: box.x, y: box.y - 6, width: box.width, height: box.height + 12 },
    });
    const blank = await lens.context.newPage();
    const pixels = await blank.evaluate(async (b64) => {
      const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      const canvas = new OffscreenCanvas(image.width, image.height);
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      const { data, width, height } = g.getImageData(0, 0, image.width, image.height);
      const out: number[][] = [];
      for (let y = 0; y < height; y++) {
        if (y >= 6 && y < height - 6) continue;
        for (let x = 0; x < width; x++)
          out.push([...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)]);
      }
      return out;
    }, png.toString('base64'));
    await blank.close();
    return pixels;
  }

  it("its keyboard focus ring stands out (3:1) from a page whose background the overlay's theme does not match", async () => {
    const options = await lens.context.newPage();
    await options.goto(lens.extensionPage('options.html'));
    const page = lens.page;
    try {
      for (const [theme, bg] of [
        ['dark', [255, 255, 255]],
        ['light', [13, 17, 23]],
      ] as const) {
        await options.getByTestId('opt-theme').selectOption(theme);
        await page.goto(lens.fixture('generic'));
        // a row in the page's colours holding one wallet, and a button before it to Tab from
        await page.evaluate(
          ({ wallet, bg }) => {
            const row = document.createElement('p');
            row.id = 'ring-row';
            row.style.cssText = `position:fixed;top:0;left:0;right:0;margin:0;padding:24px;z-index:2147483646;font:14px sans-serif;background:rgb(${bg});color:rgb(${bg.map((c) => 255 - c)})`;
            const from = Object.assign(document.createElement('button'), {
              id: 'ring-from',
              textContent: 'before',
            });
            const address = Object.assign(document.createElement('span'), { textContent: wallet });
            row.append(from, ' ', address);
            document.body.append(row);
          },
          { wallet: lens.catalog.wallets[9]!, bg: [...bg] },
        );
        const host = page.locator('#ring-row [data-onchain-lens="badge"]');
        await expect.poll(() => host.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
        const box = (await host.boundingBox())!;
        // unfocused, the strips above and below the badge are the page's background alone
        expect(bestContrast(await around(page, box), bg)).toBeLessThan(1.1);
        await page.focus('#ring-from');
        await page.keyboard.press('Tab');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-onchain-lens')))
          .toBe('badge');
        await lens.screenshot(`a11y-badge-focus-${theme}-on-${theme === 'dark' ? 'light' : 'dark'}`, page);
        expect(bestContrast(await around(page, box), bg), `${theme} overlay`).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await options.getByTestId('opt-theme').selectOption('auto');
      await options.close();
    }
  });
});
