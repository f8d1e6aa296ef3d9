import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Lens } from './harness';

/** The popup as Chrome sizes it: the page's own 380 x 560 px (theme.css `.app.popup`). */
export async function openPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 560 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByTestId('search-input').waitFor();
  return popup;
}

/** Watches a wallet the way a user does: popup, paste the wallet, Enter, press Watch. */
export async function watchWalletInPopup(
  context: BrowserContext,
  extensionId: string,
  wallet: string,
): Promise<Page> {
  const popup = await openPopup(context, extensionId);
  await popup.getByTestId('search-input').fill(wallet);
  await popup.getByTestId('search-input').press('Enter');
  await popup
    .getByRole('button', { name: /^watch/i })
    .first()
    .click();
  await popup.getByTestId('watch-row').first().waitFor({ timeout: 10_000 });
  return popup;
}

/** Types `input` into the search box, presses Enter and waits for the view `testId` to show. */
export async function lookupIn(page: Page, input: string, testId: string): Promise<Locator> {
  // the shown result is marked, so the wait below is for the answer to this input, not the last one
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-testid="lookup-result"] > *'))
      el.setAttribute('data-e2e-stale', '');
  });
  const box = page.getByTestId('search-input');
  await box.fill(input);
  await box.press('Enter');
  const view = page.locator(
    `[data-testid="lookup-result"] > [data-testid="${testId}"]:not([data-e2e-stale])`,
  );
  await view.waitFor({ timeout: 20_000 });
  return view;
}

/** The order addresses of the order rows in `scope`, in display order (from each row's "Order details" button). */
export async function orderAddresses(scope: Locator): Promise<string[]> {
  const labels = await scope
    .getByTestId('order-row')
    .evaluateAll((rows) =>
      rows.map(
        (r) => r.querySelector('button[aria-label^="Order details"]')?.getAttribute('aria-label') ?? '',
      ),
    );
  return labels.map((l) => l.split(' ').at(-1) ?? '');
}

/** Screenshots a page in the light and the dark colour scheme: NAME-light.png, NAME-dark.png. */
export async function shootBoth(lens: Lens, name: string, page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
    await page.waitForTimeout(150); // let the chart canvases repaint
    await lens.screenshot(`${name}-${scheme}`, page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
