/**
 * `npx tsx bench/dom-calls.ts`: a developer tool (not run by `npm run bench`). What the DOM calls the
 * detection pass makes cost in a content script's world: each variant walks the heavy page in a fresh
 * isolated world on a freshly loaded page (cold wrappers, as in a first pass), 5 loads each; medians.
 */
import { startDevBench } from './dev';
import { tablePage } from './pages';
import { median } from './stats';

const dev = await startDevBench(
  (pools) => ({ '/heavy.html': tablePage('Heavy page', 2500, pools, 1) }),
  null,
);
const { b } = dev;
const walk = (body: string) => `for (let n = w.nextNode(); n; n = w.nextNode()) { ${body} }`;
const VARIANTS: Record<string, string> = {
  floor: walk('x += n.data.length;'),
  lengthThenData: walk('if (n.length >= 32) x += n.data.length;'),
  parent: walk('const d = n.data; if (d.length >= 32) x += n.parentElement ? 1 : 0;'),
  parentTag: walk('const d = n.data; if (d.length >= 32) x += n.parentElement.localName.length;'),
  parentAttrs: walk(
    'const d = n.data; if (d.length >= 32) { const p = n.parentElement; x += p.localName.length + (p.hasAttributes() ? 1 : 0) + (p.parentElement ? 1 : 0); }',
  ),
  links: `${walk('x += n.data.length;')} for (const a of document.body.querySelectorAll('a[href]')) x += a.getAttribute('href').length;`,
};
const times: Record<string, number[]> = {};
for (let i = 0; i < 5; i++) {
  for (const [name, body] of Object.entries(VARIANTS)) {
    await b.page.goto(`${dev.origin}/heavy.html`);
    const cdp = await b.context.newCDPSession(b.page);
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: `dom-calls-${i}-${name}`,
    });
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `(() => { const t0 = performance.now(); const w = document.createTreeWalker(document.body, 4); let x = 0; ${body} return performance.now() - t0; })()`,
      returnByValue: true,
      contextId: executionContextId,
    });
    times[name] ??= [];
    times[name].push(result.value as number);
    await cdp.detach();
  }
}
for (const [name, t] of Object.entries(times))
  console.log(
    `${name.padEnd(16)} median ${median(t).toFixed(1)} ms  (${t.map((x) => x.toFixed(1)).join(' ')})`,
  );
await dev.close();
process.exit(0);
