/**
 * Real Chromium with the simulator build of the extension (playwright-core, headless): the page
 * figures (detection, long tasks, mutation cost, naive reference) and the request economy.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { PROBE_ATTR, WORK_ATTR, WORK_EVENT } from '../lib/page/probe';
import { askFrom, launchChromium } from '../test/e2e/chromium';
import type { PagePools } from './pages';

export interface Probe {
  /** The detection pass: reading text and links, finding, validating and classifying addresses. */
  ms: number;
  /** Wrapping text hits in anchor spans (DOM writes, after detection, time-sliced). */
  anchorMs: number;
  /** Inside the overlay's onFound (badge mounting), time-sliced by the scanner. */
  overlayMs: number;
  passes: number;
  found: number;
  /** Work arrived since the last idle: the totals are not final yet. */
  busy: boolean;
  startedAt: number;
  idleAt: number;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Patches the stored settings, then restarts the worker so it starts from them. */
  setSettings(patch: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/** A fresh profile with the extension (or without: the naive reference and the page's own baseline). */
export async function launch(extensionDir: string | null): Promise<Browser> {
  const { context, close } = await launchChromium(extensionDir);
  if (extensionDir && !context.serviceWorkers().length) await context.waitForEvent('serviceworker');
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async setSettings(patch) {
      const workers = context.serviceWorkers();
      const sw = workers[workers.length - 1];
      if (!sw) throw new Error('no extension worker');
      // Saved as the options page saves them: a settingsSet message from an extension page. The
      // settings live in the extension's private store.
      const ext = await context.newPage();
      await ext.goto(`chrome-extension://${new URL(sw.url()).host}/options.html`);
      const saved = await askFrom(ext, 'settingsSet', { patch });
      await ext.close();
      if (!saved.ok) throw new Error(`settings not saved: ${JSON.stringify(saved.error)}`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    },
    close,
  };
}

export async function readProbe(page: Page): Promise<Probe | null> {
  const raw = await page.evaluate((attr) => document.documentElement.getAttribute(attr), PROBE_ATTR);
  return raw ? (JSON.parse(raw) as Probe) : null;
}

/**
 * Waits until the scanner has gone idle at least `passes` times, has no work left (`busy` false: a
 * scanner draining a backlog publishes nothing until it is done, so quiet alone proves nothing) and
 * stayed so for `quietMs`.
 */
export async function waitForScan(page: Page, passes: number, quietMs = 400, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  let since = Date.now();
  for (;;) {
    const probe = await readProbe(page);
    const sig = JSON.stringify(probe);
    if (sig !== last) {
      last = sig;
      since = Date.now();
    }
    if (probe && probe.passes >= passes && !probe.busy && Date.now() - since >= quietMs) return probe;
    if (Date.now() > deadline) throw new Error(`scanner did not settle (${sig})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface LongTask {
  start: number;
  duration: number;
}

export async function longTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => (window as unknown as { __bench: { longTasks: LongTask[] } }).__bench.longTasks);
}

/** A blocking long animation frame (see pages.ts): its scripts and its style + layout time. */
export interface LongFrame {
  start: number;
  duration: number;
  layout: number;
  scripts: { invoker: string; duration: number; forced: number }[];
}

export async function longFrames(page: Page): Promise<LongFrame[]> {
  return page.evaluate(() => (window as unknown as { __bench: { frames: LongFrame[] } }).__bench.frames);
}

/** One line per long task: the frame around it (its scripts, its style + layout), to say whose it was. */
export function attribute(tasks: LongTask[], frames: LongFrame[]): string[] {
  return tasks.map((t) => {
    const frame = frames.find((f) => f.start <= t.start + t.duration && f.start + f.duration >= t.start);
    const scripts = frame?.scripts.length
      ? frame.scripts
          .map((s) => `${s.invoker} ${s.duration.toFixed(0)} ms (forced layout ${s.forced.toFixed(0)})`)
          .join(', ')
      : 'no page script (rendering, or the extension: its scripts are not listed)';
    return `long task ${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}: ${
      frame ? `frame ${frame.duration.toFixed(0)} ms, style+layout ${frame.layout.toFixed(0)} ms; ` : ''
    }${scripts}`;
  });
}

export interface Work extends LongTask {
  /** What the work was: a scanner step (detect, anchor, overlay) or the overlay's (answer, ...). */
  what: string;
}

/** The content script's own work so far, stretch by stretch (test builds: lib/page/probe.ts). */
export async function ourWork(page: Page): Promise<Work[]> {
  const flat = await page.evaluate(
    ([attr, event]) => {
      document.dispatchEvent(new Event(event));
      return JSON.parse(document.documentElement.getAttribute(attr) ?? '[]') as (number | string)[];
    },
    [WORK_ATTR, WORK_EVENT] as const,
  );
  const out: Work[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3)
    out.push({ start: Number(flat[i]), duration: Number(flat[i + 1]), what: String(flat[i + 2]) });
  return out;
}

export const LONG_TASK_MS = 50;

/** How much of `work` falls inside `task`. */
export function overlap(task: LongTask, work: readonly LongTask[]): number {
  const end = task.start + task.duration;
  let ms = 0;
  for (const w of work)
    ms += Math.max(0, Math.min(end, w.start + w.duration) - Math.max(task.start, w.start));
  return ms;
}

/**
 * The long tasks the content script caused: those that would have stayed under 50 ms without its
 * own work inside them (every slice of the scanner and the overlay's handling of answers, as the
 * test build records them). A long task the page makes on its own (its script plus its style and
 * layout already over 50 ms) is the page's; one with our work in it that the page alone would not
 * have made long is ours.
 */
export function causedByUs(tasks: readonly LongTask[], work: readonly LongTask[]) {
  return tasks
    .map((task) => ({ task, ours: overlap(task, work) }))
    .filter(({ task, ours }) => task.duration - ours <= LONG_TASK_MS);
}

/**
 * How many long tasks our work caused: causedByUs, plus each stretch of our own work over 50 ms
 * that starts in no reported long task (it is one of ours even where the page's observer saw none).
 */
export function ourLongTaskCount(tasks: readonly LongTask[], work: readonly LongTask[]): number {
  const unreported = work.filter(
    (w) =>
      w.duration > LONG_TASK_MS && !tasks.some((t) => t.start <= w.start && t.start + t.duration >= w.start),
  );
  return causedByUs(tasks, work).length + unreported.length;
}

/** When the page finished parsing (its floor script ran): the start of the full scan's window. */
export async function parsedAtOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __bench: { parsedAt: number } }).__bench.parsedAt);
}

export async function floorOf(page: Page): Promise<{ ms: number; nodes: number; chars: number }> {
  return page.evaluate(() => (window as unknown as { __bench: { floor: never } }).__bench.floor);
}

/** Where the isolated-world floor is published for the page (bench only). */
const ISOLATED_FLOOR_ATTR = 'data-bench-isolated-floor';

/**
 * For reference, not a figure: the same bare TreeWalker pass in an isolated world, where content
 * scripts run (every DOM object needs a wrapper of that world, made on first touch), on the same
 * pristine page. A CDP script in a world of its own runs it at DOMContentLoaded, before the
 * extension's content script (document_idle), and publishes the time on <html>.
 */
export async function watchIsolatedFloor(b: Browser): Promise<void> {
  const cdp = await b.context.newCDPSession(b.page);
  await cdp.send('Page.enable');
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
    worldName: 'bench-isolated-floor',
    source: `document.addEventListener('DOMContentLoaded', () => {
      const t0 = performance.now();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let chars = 0;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) chars += n.data.length;
      document.documentElement.setAttribute('${ISOLATED_FLOOR_ATTR}', String(performance.now() - t0));
    });`,
  });
}

export async function isolatedFloorOf(page: Page): Promise<number> {
  const raw = await page.evaluate((a) => document.documentElement.getAttribute(a), ISOLATED_FLOOR_ATTR);
  return raw === null ? Number.NaN : Number(raw);
}

export const BURST = { rows: 200, everyMs: 100, times: 50 };

export async function burst(page: Page, pools: PagePools, firstIndex: number) {
  return page.evaluate(
    ([p, b, first]) =>
      (
        window as unknown as {
          __benchBurst(
            pools: PagePools,
            rows: number,
            everyMs: number,
            times: number,
            first: number,
          ): Promise<{ startedAt: number; endedAt: number }>;
        }
      ).__benchBurst(p, b.rows, b.everyMs, b.times, first),
    [pools, BURST, firstIndex] as const,
  );
}

/**
 * The naive approach many overlays take, in the page: on every mutation, re-read
 * `document.body.innerText` and run one regex over it. Returns its total time for the burst.
 */
export async function naiveBurst(page: Page, pools: PagePools, firstIndex: number) {
  await page.evaluate(() => {
    const w = window as unknown as { __naive: { ms: number; runs: number; hits: number } };
    w.__naive = { ms: 0, runs: 0, hits: 0 };
    const re = /\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/g;
    new MutationObserver(() => {
      const t0 = performance.now();
      const text = document.body.innerText;
      w.__naive.hits = (text.match(re) ?? []).length;
      w.__naive.ms += performance.now() - t0;
      w.__naive.runs++;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const window_ = await burst(page, pools, firstIndex);
  await new Promise((r) => setTimeout(r, 300));
  const naive = await page.evaluate(
    () => (window as unknown as { __naive: { ms: number; runs: number; hits: number } }).__naive,
  );
  return { ...naive, window: window_ };
}
