/**
 * The benchmark's pages, generated as static HTML (so building them is parsing, before the content
 * script runs, and never counted as its work):
 *  - heavy: ~20,000 text nodes, 5,000 address occurrences, ~2 MB of text (an explorer's long list);
 *  - small: the same rows, ~1,000 nodes;
 *  - wallets: 500 distinct wallets, one per row (request economy).
 * Each page records long tasks from its first script on, and the heavy/small pages time a bare
 * TreeWalker pass over their own pristine DOM (the floor) before the extension sees them.
 */
import { PROBE_CAP_ATTR } from '../lib/page/probe';
import { Rng } from '../test/sim/rng';

export interface PagePools {
  /** Addresses written as plain text (the extension classifies them). */
  plain: string[];
  /** Mints written as explorer token links. */
  mints: string[];
}

const WORDS =
  'swap route pool fee slot vault order cycle filled opened deposit withdraw amount price impact liquidity market maker taker spread volume signer program account token balance'.split(
    ' ',
  );

function prose(rng: Rng, length: number): string {
  let out = '';
  while (out.length < length) {
    const r = rng.next();
    if (r < 0.08) out += `${(rng.next() * 1e6).toFixed(2)} `;
    else if (r < 0.1) {
      // a transaction signature (88 base58 characters): never an address
      let sig = '';
      while (sig.length < 88) sig += rng.address();
      out += `${sig.slice(0, 88)} `;
    } else out += `${rng.pick(WORDS)} `;
  }
  return out.slice(0, length);
}

/** Valid Solana addresses (32 random bytes), deterministic from the seed. */
export function syntheticAddresses(count: number, seed: number): string[] {
  const rng = new Rng(seed);
  return Array.from({ length: count }, () => rng.address());
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * One row: 8 text nodes, 2 address occurrences (one plain-text address, one token link), ~800
 * characters. The page's burst script builds the very same rows with DOM calls.
 */
function rowHtml(i: number, pools: PagePools, rng: Rng): string {
  const plain = pools.plain[i % pools.plain.length]!;
  const mint = pools.mints[i % pools.mints.length]!;
  return (
    `<tr><td>${i}</td><td>Transfer</td><td>${plain}</td>` +
    `<td><a href="https://solscan.io/token/${mint}">${mint}</a></td>` +
    `<td>${escapeHtml(prose(rng, 480))}</td><td>${escapeHtml(prose(rng, 190))}</td>` +
    `<td>${(rng.next() * 1000).toFixed(4)} SOL</td><td>${rng.int(0, 58)} min ago</td></tr>`
  );
}

/**
 * Runs first in <head>: long tasks from here on are recorded (startTime, duration), and the long
 * animation frames that block (their scripts and how long style and layout took), so a long task
 * can be attributed: the page's script, ours (scripts of the extension are not listed in the page's
 * frames), or rendering.
 */
const HEAD_SCRIPT = `
window.__bench = { longTasks: [], frames: [] };
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
} catch {}
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.blockingDuration <= 0) continue;
      const end = e.startTime + e.duration;
      window.__bench.frames.push({
        start: e.startTime, duration: e.duration,
        layout: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
        scripts: e.scripts.map((s) => ({ invoker: s.invoker, duration: s.duration, forced: s.forcedStyleAndLayoutDuration })),
      });
    }
  }).observe({ type: 'long-animation-frame' });
} catch {}
`;

/**
 * Runs at the end of <body>, before DOMContentLoaded and so before the content script (document_idle):
 * a bare TreeWalker pass reading every text node of the pristine page, in the page's own world.
 */
const FLOOR_SCRIPT = `
(() => {
  const t0 = performance.now();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let chars = 0, nodes = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) { chars += n.data.length; nodes++; }
  const t1 = performance.now();
  window.__bench.floor = { ms: t1 - t0, nodes, chars };
  window.__bench.parsedAt = t1;
})();
`;

/** The infinite-scroll burst: `rows` rows appended every `everyMs`, `times` times (page world). */
export const BURST_SCRIPT = `
window.__benchBurst = (pools, rows, everyMs, times, firstIndex) => new Promise((done) => {
  const tbody = document.querySelector('tbody');
  const words = ${JSON.stringify(WORDS)};
  let seed = 7;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const prose = (n) => { let s = ''; while (s.length < n) s += words[Math.floor(rand() * words.length)] + ' '; return s.slice(0, n); };
  const cell = (tr, text) => { const td = document.createElement('td'); td.textContent = text; tr.appendChild(td); return td; };
  let i = firstIndex, round = 0;
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const frag = document.createDocumentFragment();
    for (let r = 0; r < rows; r++, i++) {
      const tr = document.createElement('tr');
      cell(tr, String(i)); cell(tr, 'Transfer'); cell(tr, pools.plain[i % pools.plain.length]);
      const mint = pools.mints[i % pools.mints.length];
      const a = document.createElement('a'); a.href = 'https://solscan.io/token/' + mint; a.textContent = mint;
      tr.appendChild(document.createElement('td')).appendChild(a);
      cell(tr, prose(480)); cell(tr, prose(190)); cell(tr, (rand() * 1000).toFixed(4) + ' SOL'); cell(tr, '1 min ago');
      frag.appendChild(tr);
    }
    tbody.appendChild(frag);
    if (++round >= times) { clearInterval(timer); done({ startedAt, endedAt: performance.now() }); }
  }, everyMs);
});
`;

/**
 * A page of `rows` table rows (the heavy page: 2,500). `liftCap`: the test build's badge cap is lifted
 * on it, so the detection figures read the whole page; without it the shipped cap (300) holds.
 */
export function tablePage(
  title: string,
  rows: number,
  pools: PagePools,
  seed: number,
  liftCap = true,
): string {
  const rng = new Rng(seed);
  const body: string[] = [];
  for (let i = 0; i < rows; i++) body.push(rowHtml(i, pools, rng));
  return `<!doctype html>
<html lang="en"${liftCap ? ` ${PROBE_CAP_ATTR}="1000000"` : ''}><head><meta charset="utf-8"><title>${title}</title>
<script>${HEAD_SCRIPT}</script><script>${BURST_SCRIPT}</script>
<style>body{font:13px sans-serif} td{padding:2px 6px;max-width:420px;overflow:hidden;white-space:nowrap}</style>
</head><body><h1>${title}</h1><table><tbody>
${body.join('')}
</tbody></table>
<script>${FLOOR_SCRIPT}</script></body></html>`;
}

/** 500 distinct wallets, each a profile link (read as a wallet without any lookup). */
export function walletsPage(wallets: readonly string[]): string {
  const rows = wallets
    .map((w, i) => `<li>Trader ${i + 1}: <a href="https://birdeye.so/profile/${w}">${w}</a></li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Wallets</title></head>
<body><h1>Top traders</h1><ol>
${rows}
</ol></body></html>`;
}
