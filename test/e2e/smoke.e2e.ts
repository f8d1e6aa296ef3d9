import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lens, launchLens } from './harness';

let lens: Lens;
beforeAll(async () => {
  lens = await launchLens();
});
afterAll(async () => {
  await lens?.close();
});

describe('the extension in Chromium', () => {
  it('loads with a running service worker and the manifest we built', async () => {
    expect(lens.extensionId).toMatch(/^[a-p]{32}$/);
    const manifest = await lens.worker.evaluate(() =>
      (
        globalThis as unknown as { chrome: typeof import('wxt/browser').browser }
      ).chrome.runtime.getManifest(),
    );
    expect(manifest.name).toBe('Onchain Lens');
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).not.toContain('tabs');
    expect(manifest.optional_host_permissions).toEqual(['https://*/*']);
  });

  it('renders the popup', async () => {
    const page = await lens.context.newPage();
    await page.setViewportSize({ width: 380, height: 560 });
    await page.goto(lens.extensionPage('popup.html'));
    await expect.poll(() => page.getByTestId('search-input').count()).toBeGreaterThan(0);
    await lens.screenshot('popup', page);
    await page.close();
  });

  it('renders the options page', async () => {
    const page = await lens.context.newPage();
    await page.goto(lens.extensionPage('options.html'));
    await expect.poll(() => page.getByRole('heading').count()).toBeGreaterThan(0);
    await lens.screenshot('options', page);
    await page.close();
  });

  it('runs the content script on a fixture page served from 127.0.0.1', async () => {
    await lens.page.goto(lens.fixture('index'));
    await expect
      .poll(() => lens.page.evaluate(() => document.documentElement.dataset.onchainLensOverlay ?? null))
      .not.toBeNull();
  });
});
