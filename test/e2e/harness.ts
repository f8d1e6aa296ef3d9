import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { inject } from 'vitest';
import type { Catalog } from '../sim';
import { launchChromium } from './chromium';
import { type SimClient, simClient } from './sim-client';

export type { ChromeApi } from './chromium';

export const ARTIFACTS = join(process.cwd(), 'test-artifacts');

export interface Lens extends SimClient {
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  page: Page;
  simUrl: string;
  catalog: Catalog;
  fixture(name: string): string;
  extensionPage(path: string): string;
  screenshot(name: string, page?: Page): Promise<string>;
  /** The install opened the options page (then closed by the harness: see launchLens). */
  installOpenedOptions: boolean;
  close(): Promise<void>;
}

/**
 * A first install opens the options page (lib/background/start.ts). Waits for that tab and closes
 * it: a test opening the options page itself would otherwise race Chrome, which focuses and
 * navigates an open options tab again. Returns whether it came.
 */
async function closeInstallTab(context: BrowserContext, extensionId: string): Promise<boolean> {
  const url = `chrome-extension://${extensionId}/options.html`;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const tab = context.pages().find((p) => p.url().startsWith(url));
    if (tab) {
      await tab.close();
      return true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Launches Debian's Chromium with the simulator build of the extension and a fresh profile. */
export async function launchLens(): Promise<Lens> {
  const extensionDir = inject('extensionDir');
  const simUrl = inject('simUrl');
  const fixturesUrl = inject('fixturesUrl');
  const { context, close } = await launchChromium(extensionDir);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const installOpenedOptions = await closeInstallTab(context, extensionId);
  const page = context.pages()[0] ?? (await context.newPage());
  const client = simClient(simUrl);
  const catalog = await client.sim<Catalog>('catalog');
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    context,
    extensionId,
    worker,
    page,
    simUrl,
    catalog,
    fixture: (name) => `${fixturesUrl}/${name}.html`,
    extensionPage: (path) => `chrome-extension://${extensionId}/${path}`,
    installOpenedOptions,
    ...client,
    async screenshot(name, target = page) {
      const file = join(ARTIFACTS, `${name}.png`);
      await target.screenshot({ path: file });
      return file;
    },
    close,
  };
}
