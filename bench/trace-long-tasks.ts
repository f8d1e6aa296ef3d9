/**
 * `npx tsx bench/trace-long-tasks.ts` (RUNS=4): a developer tool (not run by `npm run bench`). Loads
 * the heavy page with a simulator build, traces the renderer (timeline and V8 categories) through
 * the scan and 7 s of answers and commits, and lists our longest stretches and, for each task over
 * 50 ms on the page's main thread, what ran inside it (script, style, layout, garbage collection),
 * with the script that forced a style or layout update when the trace names one.
 */
import { ourWork, waitForScan } from './browser';
import { pageMainThread, startDevBench, tasksOf, traceWhile } from './dev';
import { tablePage } from './pages';

const dev = await startDevBench(
  (pools) => ({ '/heavy.html': tablePage('Heavy page', 2500, pools, 1) }),
  'bench-trace',
);
const { b } = dev;
const runs = Number(process.env.RUNS ?? 4);
for (let r = 0; r < runs; r++) {
  const { events, result: work } = await traceWhile(
    b,
    [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.stack',
      'toplevel',
      'v8',
    ],
    async () => {
      await b.page.goto(`${dev.origin}/heavy.html`);
      await waitForScan(b.page, 1);
      await b.page.waitForTimeout(7000);
      return ourWork(b.page);
    },
  );
  const longest = [...work]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 3)
    .map((w) => `${w.what} ${w.duration.toFixed(1)}@${w.start.toFixed(0)}`);
  const main = pageMainThread(events);
  const tasks = tasksOf(main).filter((t) => (t.dur ?? 0) > 50_000);
  console.log(`run ${r + 1}: our longest ${longest.join(', ')}`);
  for (const t of tasks) {
    const inside = main.filter(
      (e) =>
        e !== t &&
        e.ts >= t.ts &&
        e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) &&
        (e.dur ?? 0) > 8_000 &&
        !/RunTask/.test(e.name),
    );
    const desc = inside.slice(0, 14).map((e) => {
      let s = `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}`;
      const st = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
      if (st?.length)
        s += ` [${st
          .slice(0, 3)
          .map((f) => `${f.functionName}@${String(f.url).slice(-30)}:${f.lineNumber}`)
          .join(' < ')}]`;
      if (e.name === 'TimerFire' || e.name === 'FunctionCall')
        s += ` {${String(e.args?.data?.url ?? '').slice(-40)}}`;
      return s;
    });
    console.log(`  task ${(t.dur! / 1000).toFixed(1)} ms: ${desc.join(' | ')}`);
  }
}
await dev.close();
process.exit(0);
