/**
 * `npx tsx bench/debug-burst.ts [extensionDir]`: a developer tool (not run by `npm run bench`): the
 * heavy and the small page's scroll burst with the probe read before and after, and each long task
 * of the full scan and of the burst with the frame around it (its scripts, its style + layout).
 */
import { attribute, burst, longFrames, longTasks, waitForScan } from './browser';
import { startDevBench } from './dev';
import { tablePage } from './pages';

const dev = await startDevBench(
  (pools) => ({
    '/heavy.html': tablePage('Heavy page', 2500, pools, 1),
    '/small.html': tablePage('Small page', 12, pools, 1),
  }),
  'bench-debug',
);
const { b, pools, origin } = dev;
for (const name of (process.env.PAGES ?? 'heavy,small').split(',')) {
  await b.page.goto(`${origin}/${name}.html`);
  // the long tasks and blocking frames the page records (pages.ts) since the last call, one line each
  let seenTasks = 0;
  let seenFrames = 0;
  const longSince = async () => {
    const tasks = (await longTasks(b.page)).slice(seenTasks);
    const frames = (await longFrames(b.page)).slice(seenFrames);
    seenTasks += tasks.length;
    seenFrames += frames.length;
    return attribute(tasks, frames);
  };
  const before = await waitForScan(b.page, 1);
  console.log(name, 'scan', JSON.stringify(before));
  for (const line of await longSince()) console.log(`  ${line}`);
  // TRACE=1: a Chromium trace of the burst; each task over 50 ms is printed with what it spent its time on.
  const trace = process.env.TRACE ? await startTrace(b) : null;
  const w = await burst(b.page, pools, 2500);
  const after = await waitForScan(b.page, before.passes + 1, 600);
  if (trace) printLongTasks(await trace());
  const dom = await b.page.evaluate(() => document.querySelectorAll('tr').length);
  console.log(name, 'burst', JSON.stringify(w), JSON.stringify(after), 'rows', dom);
  for (const line of await longSince()) console.log(`  ${line}`);
  console.log(
    `  cost detect ${(after.ms - before.ms).toFixed(1)} anchor ${(after.anchorMs - before.anchorMs).toFixed(1)} overlay ${(after.overlayMs - before.overlayMs).toFixed(1)} found +${after.found - before.found}`,
  );
}
await dev.close();

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

async function startTrace(br: typeof b): Promise<() => Promise<TraceEvent[]>> {
  const cdp = await br.context.newCDPSession(br.page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,v8,disabled-by-default-v8.gc,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  return async () => {
    const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
    return events;
  };
}

/** Each main-thread task over 50 ms: the events inside it, by name, summed (inclusive time). */
function printLongTasks(events: TraceEvent[]): void {
  // Tasks over 50 ms, and over 30 ms when they ran the page's timer (where the counted long tasks were).
  const timers = events.filter((e) => e.name === 'TimerFire' && e.ph === 'X');
  const tasks = events.filter(
    (e) =>
      e.name.endsWith('RunTask') &&
      e.ph === 'X' &&
      ((e.dur ?? 0) > 50_000 ||
        ((e.dur ?? 0) > 30_000 &&
          timers.some((t) => t.tid === e.tid && t.ts >= e.ts && t.ts <= e.ts + (e.dur ?? 0)))),
  );
  for (const t of tasks) {
    const by = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || e.pid !== t.pid || e.tid !== t.tid || e === t) continue;
      if (e.ts < t.ts || e.ts + (e.dur ?? 0) > t.ts + (t.dur ?? 0)) continue;
      const url = e.args?.data?.url;
      const key = url ? `${e.name} ${url.split('/').slice(-1)[0]}` : e.name;
      by.set(key, (by.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = [...by].sort((x, y) => y[1] - x[1]).slice(0, 12);
    console.log(
      `  TASK ${((t.dur ?? 0) / 1000).toFixed(0)} ms:`,
      top.map(([k, v]) => `${k}=${v.toFixed(1)}`).join(', '),
    );
  }
}
process.exit(0);
