import type { BrowserContext, Page } from 'playwright-core';

/** Watches a wallet the way a user does: popup, paste the wallet, Enter, press Watch. */
export async function watchWalletInPopup(
  context: BrowserContext,
  extensionId: string,
  wallet: string,
): Promise<Page> {
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByTestId('search-input').fill(wallet);
  await popup.getByTestId('search-input').press('Enter');
  await popup
    .getByRole('button', { name: /^watch/i })
    .first()
    .click();
  await popup.getByTestId('watch-row').first().waitFor({ timeout: 10_000 });
  return popup;
}
