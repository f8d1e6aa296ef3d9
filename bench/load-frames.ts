/**
 * `npx tsx bench/load-frames.ts [build-dir]` (N=6, VARIANTS=plain,ext): a developer tool (not run by
 * `npm run bench`). Loads the heavy page N times per variant, at the shipped badge cap (300, where
 * the benchmark lifts it), and lists the long animation frames (over 50 ms) of the first 7 s after
 * its end of parsing: while the page's badges are placed and their answers come in, each write into
 * its big table makes the next frame lay the whole table out again. The page alone (`plain`) makes
 * none there; `ext` is the simulator build (or the build directory given, e.g. an older version's).
 */
import { launch, longFrames, parsedAtOf } from './browser';
import { startDevPages } from './dev';
import { tablePage } from './pages';
import { median } from './stats';

const N = Number(process.env.N ?? 6);
const variants = (process.env.VARIANTS ?? 'plain,ext').split(',');
const WATCH_MS = 7000;
const dev = await startDevPages(
  // (the shipped cap, as a trader's page has it)
  (pools) => ({ '/heavy.html': tablePage('Heavy page', 2500, pools, 1, false) }),
  'bench-frames',
);

for (const variant of variants) {
  const b = await launch(variant === 'plain' ? null : dev.dir);
  if (variant !== 'plain') await b.setSettings({ maxBadges: 300 });
  const counts: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < N; i++) {
    await b.page.goto(`${dev.origin}/heavy.html`);
    await new Promise((r) => setTimeout(r, WATCH_MS));
    const parsedAt = await parsedAtOf(b.page);
    const frames = (await longFrames(b.page)).filter(
      (f) => f.start >= parsedAt && f.start < parsedAt + WATCH_MS,
    );
    const total = frames.reduce((sum, f) => sum + f.duration, 0);
    counts.push(frames.length);
    totals.push(total);
    console.log(
      `${variant} load ${i + 1}: ${frames.length} frames, ${Math.round(total)} ms [${frames
        .map(
          (f) =>
            `${Math.round(f.duration)} ms at ${Math.round(f.start - parsedAt)} (layout ${Math.round(f.layout)})`,
        )
        .join(', ')}]`,
    );
  }
  console.log(`${variant}: median ${median(counts)} frames, ${Math.round(median(totals))} ms of them`);
  await b.close();
}
await dev.close();
process.exit(0);
