/**
 * `npx tsx bench/world-floor.ts`: a developer tool (not run by `npm run bench`): the bare TreeWalker
 * pass of the heavy page (the detection figure's floor) timed in the page's main world and in an
 * isolated world (where content scripts run, created over CDP), alternately, in the same page.
 * Shows how much of the detection ratio is the isolated world's price for every DOM call.
 */
import { startDevBench } from './dev';
import { tablePage } from './pages';
import { median } from './stats';

const dev = await startDevBench(
  (pools) => ({ '/heavy.html': tablePage('Heavy page', 2500, pools, 1) }),
  null,
);
const { b } = dev;
await b.page.goto(`${dev.origin}/heavy.html`);
const cdp = await b.context.newCDPSession(b.page);
const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
const { executionContextId } = (await cdp.send('Page.createIsolatedWorld', {
  frameId: frameTree.frame.id,
  worldName: 'bench-isolated',
})) as { executionContextId: number };
// A bare pass, plus the same pass reading each long text's parent and its tag (what detection asks on a hit).
const pass = (withParent: boolean) => `(() => {
  const t0 = performance.now();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let chars = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const d = n.data; chars += d.length;
    ${withParent ? 'if (d.length >= 32) chars += n.parentElement.localName.length;' : ''}
  }
  return performance.now() - t0;
})()`;
const times: Record<string, number[]> = { main: [], isolated: [], mainParent: [], isolatedParent: [] };
for (let i = 0; i < 7; i++) {
  for (const [name, ctx, parent] of [
    ['main', undefined, false],
    ['isolated', executionContextId, false],
    ['mainParent', undefined, true],
    ['isolatedParent', executionContextId, true],
  ] as const) {
    const r = (await cdp.send('Runtime.evaluate', {
      expression: pass(parent),
      returnByValue: true,
      ...(ctx ? { contextId: ctx } : {}),
    })) as { result: { value: number } };
    times[name]!.push(r.result.value);
  }
}
for (const [name, t] of Object.entries(times))
  console.log(
    `${name.padEnd(16)} median ${median(t).toFixed(1)} ms  (${t.map((x) => x.toFixed(1)).join(' ')})`,
  );
await dev.close();
process.exit(0);
