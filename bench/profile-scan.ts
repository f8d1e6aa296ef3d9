/**
 * `npx tsx bench/profile-scan.ts [extensionDir]`: a CPU profile of the content script's full scan of
 * the benchmark's heavy page (real Chromium, the simulator build), printed as self time per function.
 * A developer tool for the detection pass; `npm run bench` does not run it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForScan } from './browser';
import { startDevBench } from './dev';
import { tablePage } from './pages';

interface Node {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const dev = await startDevBench(
  (pools) => ({ '/heavy.html': tablePage('Heavy page', 2500, pools, 1) }),
  'bench-profile',
);
const { b } = dev;
const dir = dev.dir!;
const cdp = await b.context.newCDPSession(b.page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
// PROFILE_RUNS loads of the page in one profile (default 1): more samples, steadier self times.
const runs = Math.max(1, Number(process.env.PROFILE_RUNS) || 1);
let probe = null as Awaited<ReturnType<typeof waitForScan>> | null;
for (let run = 0; run < runs; run++) {
  await b.page.goto(`${dev.origin}/heavy.html`);
  probe = await waitForScan(b.page, 1);
}
const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };

// The build is minified: name each function of the content script by the start of its source.
const sources = new Map<string, string[]>();
function excerpt(f: Node['callFrame']): string {
  if (!f.url.startsWith('chrome-extension://')) return '';
  const file = f.url.replace(/^chrome-extension:\/\/[^/]+\//, '');
  let lines = sources.get(file);
  if (!lines) {
    lines = readFileSync(join(dir, file), 'utf8').split('\n');
    sources.set(file, lines);
  }
  return ` «${(lines[f.lineNumber] ?? '').slice(f.columnNumber, f.columnNumber + 60)}»`;
}
const keyOf = (n: Node) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}${excerpt(n.callFrame)}`;
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]!)!;
  const key = keyOf(n);
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}
// Inclusive time per function (each sample counted once per function on its stack).
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = new Map<string, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const seen = new Set<string>();
  for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
    const key = keyOf(byId.get(id)!);
    if (seen.has(key)) continue;
    seen.add(key);
    total.set(key, (total.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
}
console.log('inclusive:');
for (const [k, ms] of [...total.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
// Children of a chosen function (PROFILE_FN, e.g. a minified name): where its time goes.
const focus = process.env.PROFILE_FN;
if (focus) {
  const under = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const stack: string[] = [];
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id))
      stack.push(keyOf(byId.get(id)!));
    const at = stack.findIndex((k) => k.startsWith(`${focus} `));
    if (at < 0) continue;
    const child = at === 0 ? '(self)' : stack[at - 1]!;
    under.set(child, (under.get(child) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  console.log(`inside ${focus}:`);
  for (const [k, ms] of [...under.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
}
console.log('self:');
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
console.log(`probe: ${JSON.stringify(probe)}`);
for (const [k, ms] of top) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
await dev.close();
process.exit(0);
