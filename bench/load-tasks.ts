/**
 * `npx tsx bench/load-tasks.ts` (N=8, VARIANTS=plain,ext,noop-document_idle,noop-document_start):
 * a developer tool (not run by `npm run bench`). Loads the heavy page N times per variant and lists
 * the long tasks from its end of parsing on (start in ms after it, duration): the page alone
 * (`plain`), the simulator build (`ext`), and that build with a content script that does nothing,
 * injected at `noop-<run_at>` (document_start, document_end or document_idle). Shows which long
 * tasks at load come with any content script, whatever it does, and which run time avoids them.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, longTasks, parsedAtOf, waitForScan } from './browser';
import { startDevPages } from './dev';
import { tablePage } from './pages';

const N = Number(process.env.N ?? 8);
const variants = (process.env.VARIANTS ?? 'plain,ext,noop-document_idle,noop-document_start').split(',');
const dev = await startDevPages(
  (pools) => ({ '/heavy.html': tablePage('Heavy page', 2500, pools, 1) }),
  'bench-load',
);

/** The simulator build with its content script emptied and run at `runAt`. */
function noopBuild(runAt: string): string {
  const dir = join(dev.dir!, `../noop-${runAt}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(dev.dir!, dir, { recursive: true });
  writeFileSync(join(dir, 'content-scripts/overlay.js'), '(function () {})();\n');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  for (const script of manifest.content_scripts) script.run_at = runAt;
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

for (const variant of variants) {
  const dir = variant === 'plain' ? null : variant === 'ext' ? dev.dir : noopBuild(variant.slice(5));
  const b = await launch(dir);
  const loads: string[] = [];
  for (let i = 0; i < N; i++) {
    await b.page.goto(`${dev.origin}/heavy.html`);
    if (variant === 'ext') await waitForScan(b.page, 1);
    await new Promise((r) => setTimeout(r, 1500));
    const parsedAt = await parsedAtOf(b.page);
    const tasks = (await longTasks(b.page)).filter((t) => t.start + t.duration > parsedAt);
    loads.push(
      `${tasks.length} [${tasks.map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.start - parsedAt)}`).join(', ')}]`,
    );
  }
  console.log(`${variant}:\n  ${loads.join('\n  ')}`);
  await b.close();
}
await dev.close();
process.exit(0);
