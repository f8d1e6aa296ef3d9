import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** The extension API as seen inside the browser (worker and extension worlds). */
export type ChromeApi = typeof import('wxt/browser').browser;

/** A protocol message sent from an extension page (the wire format @webext-core/messaging uses): the answer. */
export async function askFrom<T = unknown>(
  page: Page,
  type: string,
  data: unknown,
): Promise<{ ok: boolean; value?: T; error?: unknown }> {
  const answer = await page.evaluate(
    ([type, data]) =>
      (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.sendMessage({
        id: Date.now(),
        type,
        data,
        timestamp: Date.now(),
      }),
    [type, data] as const,
  );
  return (answer as { res: { ok: boolean; value?: T; error?: unknown } }).res;
}

/** Debian's Chromium, or CHROMIUM_PATH. Playwright's own browser download is not available here. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  throw new Error(
    'Chromium not found: install it with `sudo apt-get install chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.',
  );
}

/** Flags that keep Chromium quiet on a closed network and let the unpacked extension (if any) start. */
function chromiumArgs(extensionDir: string | null, headless: boolean): string[] {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-features=Translate,MediaRouter,OptimizationHints',
    ...(extensionDir
      ? [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`]
      : []),
    ...(headless ? ['--headless=new'] : []),
  ];
}

/**
 * Chromium on a fresh temporary profile, with the unpacked extension (or none: `null`); close()
 * also deletes the profile. Shared by the e2e harness, the demo and the benchmark.
 */
export async function launchChromium(
  extensionDir: string | null,
  headless = true,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'lens-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless,
    args: chromiumArgs(extensionDir, headless),
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
