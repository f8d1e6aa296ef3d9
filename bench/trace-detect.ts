/**
 * `npx tsx bench/trace-detect.ts` (RUNS=3): a developer tool (not run by `npm run bench`). Loads the
 * heavy page with a simulator build and traces the renderer's main thread: for the tasks holding the
 * detection slices, wall time against thread time (is the pass CPU work on the page's thread, or a
 * wait for the other processes of a small machine?).
 */
import { ourWork, waitForScan } from './browser';
import { pageMainThread, startDevBench, tasksOf, traceWhile } from './dev';
import { tablePage } from './pages';

const dev = await startDevBench(
  (pools) => ({ '/heavy.html': tablePage('Heavy page', 2500, pools, 1) }),
  'bench-trace',
);
const { b } = dev;
const runs = Number(process.env.RUNS ?? 3);
for (let r = 0; r < runs; r++) {
  const { events, result } = await traceWhile(
    b,
    ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
    async () => {
      await b.page.goto(`${dev.origin}/heavy.html`);
      const probe = await waitForScan(b.page, 1);
      return { probe, work: (await ourWork(b.page)).filter((w) => w.what === 'detect') };
    },
  );
  const { probe, work } = result;
  const main = pageMainThread(events);
  const tasks = tasksOf(main);
  const idle = main.filter((e) => e.name === 'FireIdleCallback');
  // performance.now() and trace time differ by an offset: the one that puts every detection slice
  // inside a task, trying each idle callback as the first slice's start.
  let report = 'no alignment found';
  for (const first of idle) {
    const offset = first.ts / 1000 - work[0]!.start;
    const holding = work.map((w) => {
      const from = (w.start + offset) * 1000;
      const to = from + w.duration * 1000;
      return tasks.find((t) => t.ts <= from + 200 && t.ts + (t.dur ?? 0) >= to - 200);
    });
    if (holding.every(Boolean)) {
      const wall = holding.reduce((sum, t) => sum + (t!.dur ?? 0), 0) / 1000;
      const thread = holding.reduce((sum, t) => sum + (t!.tdur ?? 0), 0) / 1000;
      report = `the tasks holding them: wall ${wall.toFixed(1)} ms, thread ${thread.toFixed(1)} ms`;
      break;
    }
  }
  console.log(`run ${r + 1}: detection ${probe.ms.toFixed(1)} ms in ${work.length} slices; ${report}`);
}
await dev.close();
process.exit(0);
