/**
 * The setup the developer tools (debug-burst, profile-scan, world-floor, load-tasks, load-frames;
 * not `npm run bench`) share: the simulator, the benchmark's address pools, a local server for their
 * pages, the extension's build (the directory given, or a simulator build in
 * `LENS_OUT_DIR/<buildName>`), and (startDevBench) a fresh browser with it or without.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildForSim } from '../test/e2e/build';
import { type Sim, startSim } from '../test/sim';
import { type Browser, launch } from './browser';
import type { PagePools } from './pages';

/** The simulator, the pools and the pages' server, and the extension's build: no browser yet. */
export interface DevPages {
  sim: Sim;
  pools: PagePools;
  /** http://127.0.0.1:PORT serving the pages by path (e.g. `${origin}/heavy.html`). */
  origin: string;
  /** The extension's build directory (null: no extension). */
  dir: string | null;
  close(): Promise<void>;
}

export interface DevBench extends DevPages {
  /** A fresh browser, with the extension when `dir` is set. */
  b: Browser;
}

/**
 * `pagesOf` names each page by its path; `extension` is null for no extension, or the build's
 * folder name under LENS_OUT_DIR (argv[2], when given, is an existing build to use). For the tools
 * that launch their own browsers (one per variant they compare).
 */
export async function startDevPages(
  pagesOf: (pools: PagePools) => Record<string, string>,
  extension: string | null,
): Promise<DevPages> {
  const sim = await startSim({ port: 0, seed: 42, eventsPerSecond: 0, pingIntervalMs: 5000 });
  const pools: PagePools = { plain: sim.catalog.wallets, mints: sim.catalog.mints };
  const pages = pagesOf(pools);
  const server = createServer((req, res) => {
    const body = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let dir: string | null = null;
  if (extension !== null) {
    dir = process.argv[2] ?? null;
    if (!dir) {
      process.env.LENS_OUT_DIR = `${process.env.LENS_OUT_DIR ?? '.output'}/${extension}`;
      dir = buildForSim({ simUrl: sim.url, key: 'demo', testHooks: true });
    }
  }
  return {
    sim,
    pools,
    origin,
    dir,
    async close() {
      await sim.close();
      server.close();
    },
  };
}

/**
 * startDevPages, and a fresh browser with the extension (or without). With the extension, the
 * overlay may show 300 badges (the benchmark's setting).
 */
export async function startDevBench(
  pagesOf: (pools: PagePools) => Record<string, string>,
  extension: string | null,
): Promise<DevBench> {
  const pages = await startDevPages(pagesOf, extension);
  const b = await launch(pages.dir);
  if (pages.dir) await b.setSettings({ maxBadges: 300 });
  return {
    ...pages,
    b,
    async close() {
      await b.close();
      await pages.close();
    },
  };
}

/** A Chromium trace event (the fields the developer tools read). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    beginData?: { stackTrace?: TraceFrame[] };
    data?: { stackTrace?: TraceFrame[]; url?: string };
  };
}
export interface TraceFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

/** `during`'s result and the trace of the browser's page (the renderer's categories given) while it ran. */
export async function traceWhile<T>(
  b: Browser,
  categories: string[],
  during: () => Promise<T>,
): Promise<{ events: TraceEvent[]; result: T }> {
  const cdp = await b.context.newCDPSession(b.page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: [...categories, '__metadata'] } });
  const result = await during();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return { events, result };
}

/** The page's main thread in a trace: the renderer main thread that ran the idle callbacks (our slices). */
export function pageMainThread(events: TraceEvent[]): TraceEvent[] {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const idle = (thread: TraceEvent[]) => thread.filter((e) => e.name === 'FireIdleCallback').length;
  return mains
    .map((t) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X'))
    .sort((x, y) => idle(y) - idle(x))[0]!;
}

/**
 * A thread's tasks, each once: a task is traced as two events, one inside the other, and a nested
 * run loop as one event around many tasks; the innermost.
 */
export function tasksOf(thread: TraceEvent[]): TraceEvent[] {
  const runs = thread.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
  return runs.filter(
    (t) => !runs.some((o) => o !== t && t.ts <= o.ts && end(o) <= end(t) && (o.dur ?? 0) < (t.dur ?? 0)),
  );
}
