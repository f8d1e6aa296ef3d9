/**
 * `npx tsx bench/debug-burst.ts [extensionDir]`: a developer tool (not run by `npm run bench`): the
 * heavy and the small page's scroll burst with the probe read before and after, and every long
 * animation frame's scripts (invoker, source, duration) during the full scan and the burst.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildForSim } from '../test/e2e/build';
import { startSim } from '../test/sim';
import { burst, launch, waitForScan } from './browser';
import { type PagePools, tablePage } from './pages';

const sim = await startSim({ port: 0, seed: 42, eventsPerSecond: 0, pingIntervalMs: 5000 });
const pools: PagePools = { plain: sim.catalog.wallets, mints: sim.catalog.mints };
const pages: Record<string, string> = {
  '/heavy.html': tablePage('Heavy page', 2500, pools, 1),
  '/small.html': tablePage('Small page', 12, pools, 1),
};
const server = createServer((req, res) =>
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end(pages[new URL(req.url ?? '/', 'http://x').pathname]),
);
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
let dir = process.argv[2];
if (!dir) {
  process.env.LENS_OUT_DIR = `${process.env.LENS_OUT_DIR ?? '.output'}/bench-debug`;
  dir = buildForSim({ simUrl: sim.url, key: 'demo', testHooks: true });
}
const b = await launch(dir);
await b.setSettings({ maxBadges: 300 });
await b.page.addInitScript(() => {
  const w = window as unknown as { __loaf: unknown[] };
  w.__loaf = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        startTime: number;
        duration: number;
        blockingDuration: number;
        scripts: {
          invoker: string;
          sourceURL: string;
          sourceFunctionName: string;
          duration: number;
          forcedStyleAndLayoutDuration: number;
          startTime: number;
        }[];
      }[]) {
        if (e.blockingDuration <= 0) continue;
        w.__loaf.push({
          start: Math.round(e.startTime),
          dur: Math.round(e.duration),
          blocking: Math.round(e.blockingDuration),
          scripts: e.scripts.map((s) => ({
            inv: s.invoker,
            src: s.sourceURL.split('/').pop(),
            fn: s.sourceFunctionName,
            dur: Math.round(s.duration),
            layout: Math.round(s.forcedStyleAndLayoutDuration),
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
});
for (const name of (process.env.PAGES ?? 'heavy,small').split(',')) {
  await b.page.goto(`${origin}/${name}.html`);
  const before = await waitForScan(b.page, 1);
  const loafScan = await b.page.evaluate(() => (window as unknown as { __loaf: unknown[] }).__loaf.splice(0));
  const lt = () =>
    b.page.evaluate(() =>
      (
        window as unknown as { __bench: { longTasks: { start: number; duration: number }[] } }
      ).__bench.longTasks.splice(0),
    );
  console.log(name, 'scan', JSON.stringify(before), 'long tasks', JSON.stringify(await lt()));
  for (const l of loafScan) console.log('  LoAF', JSON.stringify(l));
  const w = await burst(b.page, pools, 2500);
  const after = await waitForScan(b.page, before.passes + 1, 600);
  const dom = await b.page.evaluate(() => document.querySelectorAll('tr').length);
  console.log(name, 'burst', JSON.stringify(w), JSON.stringify(after), 'rows', dom);
  console.log('  long tasks', JSON.stringify(await lt()));
  console.log(
    `  cost detect ${(after.ms - before.ms).toFixed(1)} anchor ${(after.anchorMs - before.anchorMs).toFixed(1)} overlay ${(after.overlayMs - before.overlayMs).toFixed(1)} found +${after.found - before.found}`,
  );
  const loafBurst = await b.page.evaluate(() =>
    (window as unknown as { __loaf: unknown[] }).__loaf.splice(0),
  );
  for (const l of loafBurst) console.log('  LoAF', JSON.stringify(l));
}
await b.close();
await sim.close();
server.close();
process.exit(0);
