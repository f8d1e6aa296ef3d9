/**
 * `npm run demo`: the extension on the simulator. Starts the simulator, builds the extension pointed
 * at it (key `demo`), watches a wallet, opens Chromium with a fresh profile on the fixture start page.
 * With a display it stays open until Ctrl-C; without one (or with --headless) it saves screenshots of
 * the surfaces to demo-output/ and exits.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { buildForSim } from '../test/e2e/build';
import { chromiumArgs, chromiumPath } from '../test/e2e/chromium';
import { startFixtureServer } from '../test/e2e/fixture-server';
import { watchWalletInPopup } from '../test/e2e/ui';
import { startSim } from '../test/sim';

const headless = process.argv.includes('--headless') || !process.env.DISPLAY;
const out = resolve('demo-output');

async function main(): Promise<void> {
  const browserPath = chromiumPath();
  const sim = await startSim({ port: 0, seed: 42, eventsPerSecond: 2 });
  const fixtures = await startFixtureServer(sim.catalog);
  console.log(`simulator: ${sim.url}   fixture pages: ${fixtures.url}`);
  const extension = buildForSim({ simUrl: sim.url, key: 'demo', testHooks: false });
  const profile = mkdtempSync(join(tmpdir(), 'lens-demo-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath,
    headless,
    args: chromiumArgs(extension, headless),
    viewport: { width: 1280, height: 800 },
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  const cleanup = async () => {
    await context.close().catch(() => {});
    await fixtures.close();
    await sim.close();
    rmSync(profile, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(0)));

  // Watch a wallet through the popup, as a user would, so its live DCA room notifies.
  const wallet = sim.catalog.wallets[0]!;
  const popup = await watchWalletInPopup(context, id, wallet);

  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${fixtures.url}/index.html`);
  if (!headless) {
    console.log('Chromium is open with the extension; press Ctrl-C to stop.');
    return;
  }

  mkdirSync(out, { recursive: true });
  const shots: string[] = [];
  const shoot = async (name: string, target = page) => {
    const file = join(out, `${name}.png`);
    await target.screenshot({ path: file });
    shots.push(file);
  };
  await shoot('popup-wallet', popup);
  for (const site of [
    'solscan',
    'birdeye',
    'dexscreener',
    'jupiter',
    'pumpfun',
    'gmgn',
    'x',
    'polymarket-links',
  ]) {
    await page.goto(`${fixtures.url}/${site}.html`);
    await page
      .waitForFunction(
        () => document.querySelectorAll('[data-onchain-lens="badge"][data-state="loading"]').length === 0,
        null,
        {
          timeout: 15_000,
        },
      )
      .catch(() => {});
    await page.waitForTimeout(300);
    await shoot(`site-${site}`);
  }
  await page.goto(`${fixtures.url}/solscan.html`);
  const walletBadge = page.locator('[data-onchain-lens="badge"][data-kind="wallet"]').first();
  await walletBadge.hover();
  await page.waitForTimeout(1500);
  await shoot('popover-wallet');
  const options = await context.newPage();
  await options.goto(`chrome-extension://${id}/options.html`);
  await options.waitForTimeout(800);
  await shoot('options', options);
  await cleanup();
  console.log(`screenshots:\n${shots.map((s) => `  ${s}`).join('\n')}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
