import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { inject } from 'vitest';
import type { Catalog } from '../sim';
import { launchChromium } from './chromium';

/** The extension API as seen inside the browser (worker and extension worlds). */
export type ChromeApi = typeof import('wxt/browser').browser;

export const ARTIFACTS = join(process.cwd(), 'test-artifacts');

export interface Lens {
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  page: Page;
  simUrl: string;
  catalog: Catalog;
  fixture(name: string): string;
  extensionPage(path: string): string;
  /** Calls the simulator's data API with the demo key (what the extension should show). */
  api<T = unknown>(path: string, init?: RequestInit): Promise<T>;
  sim<T = unknown>(path: string, body?: unknown): Promise<T>;
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
  const catalog = (await (await fetch(`${simUrl}/__sim/catalog`)).json()) as Catalog;
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
    async api(path, init) {
      const res = await fetch(`${simUrl}${path}`, {
        ...init,
        headers: { 'x-api-key': 'demo', ...init?.headers },
      });
      return (await res.json()) as never;
    },
    async sim(path, body) {
      const res = await fetch(`${simUrl}/__sim/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as never;
    },
    async screenshot(name, target = page) {
      const file = join(ARTIFACTS, `${name}.png`);
      await target.screenshot({ path: file });
      return file;
    },
    close,
  };
}
