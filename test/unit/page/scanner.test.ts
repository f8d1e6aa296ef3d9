// @vitest-environment happy-dom
import bs58 from 'bs58';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScanner, type Found, type ScannerOptions } from '../../../lib/page';
import { ANCHOR_ATTR, OWN_UI_ATTR } from '../../../lib/page/dom';
import { adapterById } from '../../../lib/sites';
import type { SiteAdapter } from '../../../lib/sites/types';

const generic = adapterById('generic')!;
const addressAt = (i: number) => {
  const bytes = new Uint8Array(32);
  bytes[0] = 0x80;
  bytes[1] = i & 0xff;
  bytes[2] = (i >> 8) & 0xff;
  return bs58.encode(bytes);
};

/** 10,000 rows (20,000 nodes), an address after every `every`-th row's label. */
function longPage(every: number): string {
  const rows: string[] = [];
  for (let i = 0; i < 10_000; i++)
    rows.push(`<div><span>row ${i}</span>${i % every === 0 ? ` ${addressAt(i)}` : ''}</div>`);
  return rows.join('');
}

let controller: AbortController;
let found: Found[];

function scan(extra: Partial<ScannerOptions> = {}, adapter: SiteAdapter = generic) {
  return createScanner({
    root: document.body,
    adapter,
    signal: controller.signal,
    onFound: (items) => found.push(...items),
    ...extra,
  });
}

/**
 * A scanner that yields after every few units of work (a clock that ticks on each read, no budget);
 * at its first yield the page runs `move` (e.g. moves a node into an editor). Resolves when it is idle.
 */
async function scanMovingAtFirstYield(move: () => void) {
  let clock = 0;
  let moved = false;
  const scanner = scan({
    budgetMs: 0,
    now: () => clock++,
    yieldToPage: async () => {
      if (moved) return;
      moved = true;
      move();
    },
  });
  await scanner.idle();
  expect(moved).toBe(true);
  return scanner;
}

beforeEach(() => {
  controller = new AbortController();
  found = [];
  document.body.innerHTML = '';
});
afterEach(() => controller.abort());

describe('scanner', () => {
  it('reads nodes added later, once each, and changed text', async () => {
    document.body.innerHTML = `<p>first ${addressAt(1)}</p>`;
    const scanner = scan();
    await scanner.idle();
    expect(found.map((f) => f.address)).toEqual([addressAt(1)]);

    const p = document.createElement('p');
    p.textContent = `later ${addressAt(2)} and ${addressAt(3)}`;
    document.body.appendChild(p);
    await scanner.idle();
    expect(found.map((f) => f.address)).toEqual([addressAt(1), addressAt(2), addressAt(3)]);

    // Moving read nodes around (a re-render that reuses them) reports nothing new.
    document.body.appendChild(document.body.firstElementChild!);
    await scanner.idle();
    expect(found).toHaveLength(3);

    const text = document.createTextNode('nothing yet');
    document.body.appendChild(text);
    await scanner.idle();
    text.data = `now ${addressAt(4)}`;
    await scanner.idle();
    expect(found.map((f) => f.address)).toContain(addressAt(4));
    expect(found).toHaveLength(4);
  });

  it('never reads its own UI, inputs or editable regions', async () => {
    const scanner = scan();
    await scanner.idle();
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div data-onchain-lens>${addressAt(1)}</div><div contenteditable="true"><p>${addressAt(2)}</p></div>
       <textarea>${addressAt(3)}</textarea><input value="${addressAt(4)}"><button>${addressAt(5)}</button>`,
    );
    await scanner.idle();
    // Typing into an editor adds text nodes inside it: still ignored.
    document.querySelector('[contenteditable] p')!.append(` ${addressAt(6)}`);
    await scanner.idle();
    expect(found).toEqual([]);
  });

  it('reads no link in a region never read (site-ignored, editable, our UI, svg), at any depth', async () => {
    const link = (i: number, attrs = '') =>
      `<a ${attrs} href="https://solscan.io/account/${addressAt(i)}">account ${i}</a>`;
    document.body.innerHTML = `<p>${link(1)}</p>
      <div class="sidebar"><ul><li>${link(2)}</li></ul></div>
      <div contenteditable="true"><span>${link(3)}</span></div>
      <div contenteditable="false">${link(4)}</div>
      <div data-onchain-lens="badge">${link(5)}</div>
      ${link(6, 'data-onchain-lens="x"')}
      <svg><a href="https://solscan.io/account/${addressAt(7)}"><text>svg</text></a></svg>
      <p>${link(8)}</p>`;
    await scan({}, { ...generic, ignore: '.sidebar' }).idle();
    expect(found.map((f) => f.address)).toEqual([addressAt(1), addressAt(4), addressAt(8)]);
  });

  it("reads a link naming its own address once, and another address in a link's text as text", async () => {
    document.body.innerHTML =
      `<p><a href="https://solscan.io/token/${addressAt(1)}">${addressAt(1)}</a></p>` +
      `<p><a href="https://solscan.io/token/${addressAt(2)}">${addressAt(3)}</a></p>`;
    await scan().idle();
    expect(found.map((f) => [f.address, f.source])).toEqual([
      [addressAt(1), 'link'],
      [addressAt(2), 'link'],
      [addressAt(3), 'text'],
    ]);
  });

  it('reads no link the page moves into an editor between slices (the links left ask their ancestors)', async () => {
    const links = Array.from(
      { length: 40 },
      (_, i) => `<p><a href="https://solscan.io/token/${addressAt(100 + i)}">token ${i}</a></p>`,
    ).join('');
    document.body.innerHTML = `<div contenteditable="true" id="editor"></div>${links}`;
    // The last link, not read yet, goes into the editor.
    await scanMovingAtFirstYield(() =>
      document.getElementById('editor')!.append(document.body.lastElementChild!),
    );
    const addresses = found.map((f) => f.address);
    expect(addresses).toContain(addressAt(100));
    expect(addresses).toContain(addressAt(138));
    expect(addresses).not.toContain(addressAt(139));
  });

  it('rereads what a moved element implies: text moved into an editor between slices is not read', async () => {
    // The scanner keeps what each element implies (skip, link, scope) across slices, and drops it
    // when the page removes (or moves) nodes. Here the page moves a paragraph whose link was already
    // read into an editable region while the scanner has yielded: its text must not be read.
    const links = Array.from(
      { length: 40 },
      (_, i) => `<a href="https://solscan.io/token/${addressAt(100 + i)}">token ${i}</a>`,
    ).join(' ');
    document.body.innerHTML = `<p id="moved"><a href="https://solscan.io/token/${addressAt(1)}">view</a>
      <span>${addressAt(2)}</span></p><div>${links}</div><div contenteditable="true" id="editor"></div>
      <p>${addressAt(3)}</p>`;
    const scanner = await scanMovingAtFirstYield(() =>
      document.getElementById('editor')!.append(document.getElementById('moved')!),
    );
    const addresses = found.map((f) => f.address);
    expect(addresses).toContain(addressAt(1)); // read (and badged) before the move
    expect(addresses).toContain(addressAt(3));
    expect(addresses).not.toContain(addressAt(2));
    // Adding nodes alone keeps what was learnt, and what is added is still read.
    document.body.insertAdjacentHTML('beforeend', `<p>${addressAt(4)}</p>`);
    await scanner.idle();
    expect(found.map((f) => f.address)).toContain(addressAt(4));
  });

  it('wraps text hits in an unstyled inline span and keeps the text', async () => {
    document.body.innerHTML = `<p>a ${addressAt(1)} b ${addressAt(2)} c</p>`;
    const before = document.body.textContent;
    await scan().idle();
    expect(document.body.textContent).toBe(before);
    const spans = [...document.querySelectorAll('span[data-onchain-lens-anchor]')];
    expect(spans.map((s) => s.textContent)).toEqual([addressAt(1), addressAt(2)]);
    for (const s of spans) expect(s.attributes).toHaveLength(1);
    expect(found.map((f) => f.anchor)).toEqual(spans);
  });

  it("anchors an address that is all of its element's text on that element, its text node left whole", async () => {
    document.body.innerHTML =
      `<table><tr><td>${addressAt(1)}</td><td>\n  ${addressAt(2)}\n</td></tr></table>` +
      `<div><span class="addr">${addressAt(3)}</span></div>`;
    const holders = [...document.querySelectorAll('td, span.addr')];
    const texts = holders.map((el) => el.firstChild);
    await scan().idle();
    expect(document.querySelectorAll('[data-onchain-lens-anchor]')).toHaveLength(0);
    expect(found.map((f) => [f.address, f.source, f.anchor])).toEqual([
      [addressAt(1), 'text', holders[0]],
      [addressAt(2), 'text', holders[1]],
      [addressAt(3), 'text', holders[2]],
    ]);
    // The page's own text nodes, still the only children: a framework writing an update into the
    // node it keeps changes what is shown (a split node would keep showing the old address).
    holders.forEach((el, i) => {
      expect(el.childNodes).toHaveLength(1);
      expect(el.firstChild).toBe(texts[i]);
    });
    (texts[0] as Text).data = addressAt(4);
    expect(holders[0]!.textContent).toBe(addressAt(4));
  });

  it("counts our own badge beside an element's address as nothing: read again, it is the same anchor", async () => {
    document.body.innerHTML = `<p>${addressAt(1)}</p>`;
    const scanner = scan();
    await scanner.idle();
    const p = document.querySelector('p')!;
    const badge = document.createElement('span');
    badge.setAttribute('data-onchain-lens', 'badge');
    p.append(badge);
    // The page re-renders the text: it is read again, and neither wrapped nor reported twice.
    (p.firstChild as Text).data = `${addressAt(1)} `;
    await scanner.idle();
    expect(found.map((f) => f.anchor)).toEqual([p]);
    expect(document.querySelectorAll('[data-onchain-lens-anchor]')).toHaveLength(0);
  });

  it('stops at the per-page cap', async () => {
    document.body.innerHTML = Array.from({ length: 40 }, (_, i) => `<p>${addressAt(i)}</p>`).join('');
    const scanner = scan({ maxPerPage: 7 });
    await scanner.idle();
    expect(found).toHaveLength(7);
    document.body.insertAdjacentHTML('beforeend', `<p>${addressAt(99)}</p>`);
    await scanner.idle();
    expect(found).toHaveLength(7);
  });

  it('resumes where it paused at the cap once the page removes found occurrences (a virtualized list)', async () => {
    document.body.innerHTML = Array.from({ length: 40 }, (_, i) => `<p>${addressAt(i)}</p>`).join('');
    const scanner = scan({ maxPerPage: 7 });
    await scanner.idle();
    expect(found.map((f) => f.address)).toEqual(Array.from({ length: 7 }, (_, i) => addressAt(i)));
    // The list scrolls: its first three rows leave the page, a new row arrives at its end.
    for (const p of [...document.querySelectorAll('p')].slice(0, 3)) p.remove();
    document.body.insertAdjacentHTML('beforeend', `<p>${addressAt(99)}</p>`);
    await scanner.idle();
    // Three places freed: the walk goes on from where it paused (rows 7, 8, 9), and stops again.
    expect(found.map((f) => f.address).slice(7)).toEqual([addressAt(7), addressAt(8), addressAt(9)]);
    expect(found.filter((f) => f.anchor.isConnected)).toHaveLength(7);
    // Nothing leaves: nothing more is read, however much arrives.
    document.body.insertAdjacentHTML('beforeend', `<p>${addressAt(100)}</p>`);
    await new Promise((r) => setTimeout(r, 0));
    await scanner.idle();
    expect(found).toHaveLength(10);
  });

  it('stops everything when the signal aborts', async () => {
    document.body.innerHTML = `<p>${addressAt(1)}</p>`;
    const scanner = scan();
    controller.abort();
    await scanner.idle();
    document.body.insertAdjacentHTML('beforeend', `<p>${addressAt(2)}</p>`);
    await scanner.idle();
    await new Promise((r) => setTimeout(r, 30));
    expect(found).toEqual([]);
  });

  it('a fresh scanner after SPA navigation reuses existing anchors instead of wrapping again', async () => {
    document.body.innerHTML = `<p>x ${addressAt(1)} y</p>`;
    await scan().idle();
    controller.abort();
    controller = new AbortController();
    found = [];
    await scan().idle();
    expect(found).toHaveLength(1);
    expect(document.querySelectorAll('span[data-onchain-lens-anchor]')).toHaveLength(1);
    expect(found[0]!.anchor).toBe(document.querySelector('span[data-onchain-lens-anchor]'));
  });

  it('slices a 20,000-node page into tasks within the budget', async () => {
    document.body.innerHTML = longPage(50);
    let clock = 0;
    let resumedAt = 0;
    const sliceLengths: number[] = [];
    const scanner = scan({
      maxPerPage: 1000,
      budgetMs: 8,
      now: () => ++clock, // every check costs one fake millisecond
      yieldToPage: async () => {
        sliceLengths.push(clock - resumedAt);
        resumedAt = clock;
      },
    });
    await scanner.idle();
    expect(found).toHaveLength(200);
    // Every clock read costs a fake millisecond: the 20,000 nodes take dozens of 8 ms slices.
    expect(sliceLengths.length).toBeGreaterThan(50);
    // The 8 ms budget, plus the slice's start and the few reads (one fake ms each) made after the
    // check that ends a step (a batch of anchors written mid-page, then the slice's own check).
    expect(Math.max(...sliceLengths)).toBeLessThanOrEqual(11);
  });

  it('waits for the page to be idle between the slices of a long pass (an idle callback each)', async () => {
    document.body.innerHTML = longPage(50);
    const win = window as unknown as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
    const saved = { request: win.requestIdleCallback, cancel: win.cancelIdleCallback };
    let clock = 0;
    /** The fake clock when each idle callback ran (the start of a slice). */
    const idleAt: number[] = [];
    win.requestIdleCallback = (cb: () => void) =>
      setTimeout(() => {
        idleAt.push(clock);
        cb();
      }, 0);
    win.cancelIdleCallback = (id: number) => clearTimeout(id);
    try {
      const scanner = scan({ maxPerPage: 1000, budgetMs: 8, now: () => ++clock });
      await scanner.idle();
      expect(found).toHaveLength(200);
      // Dozens of slices (the 20,000 nodes take dozens of 8 ms budgets), each begun by an idle
      // callback: between two of them, one slice's work at most (the budget and the few reads after
      // its last check, as above). Slices continued in plain tasks would run many budgets per callback.
      expect(idleAt.length).toBeGreaterThan(50);
      const gaps = idleAt.slice(1).map((at, i) => at - idleAt[i]!);
      expect(Math.max(...gaps, clock - idleAt.at(-1)!)).toBeLessThanOrEqual(11);
    } finally {
      win.requestIdleCallback = saved.request;
      win.cancelIdleCallback = saved.cancel;
    }
  });

  it('writes the anchors of hits spread over a long page together, not slice by slice', async () => {
    document.body.innerHTML = longPage(100);
    let clock = 0;
    const spansAtEachYield: number[] = [];
    const scanner = scan({
      maxPerPage: 1000,
      budgetMs: 8,
      now: () => ++clock,
      yieldToPage: async () => {
        spansAtEachYield.push(document.querySelectorAll(`[${ANCHOR_ATTR}]`).length);
      },
    });
    await scanner.idle();
    expect(found).toHaveLength(100);
    expect(document.querySelectorAll(`[${ANCHOR_ATTR}]`)).toHaveLength(100);
    // Many slices of reading, and no anchor written until the reading was done: then all of them,
    // in the few slices writing 100 anchors takes at one fake ms per clock read (the clock is read
    // every 8 writes). Written as the reading reached them, the count grew in 84 of the slices.
    expect(spansAtEachYield.length).toBeGreaterThan(20);
    const partial = spansAtEachYield.filter((n) => n > 0 && n < 100);
    expect(partial.length).toBeLessThanOrEqual(3);
    expect(spansAtEachYield.indexOf(partial[0] ?? 100)).toBeGreaterThan(spansAtEachYield.length - 6);
  });

  it('reports anchors that come into view', async () => {
    const observed: Element[] = [];
    let callback: (entries: { target: Element; isIntersecting: boolean }[]) => void = () => {};
    class FakeIntersectionObserver {
      constructor(cb: typeof callback) {
        callback = cb;
      }
      observe(el: Element) {
        observed.push(el);
      }
      unobserve() {}
      disconnect() {}
    }
    const win = window as unknown as { IntersectionObserver: unknown };
    const original = win.IntersectionObserver;
    win.IntersectionObserver = FakeIntersectionObserver;
    try {
      document.body.innerHTML = `<p>${addressAt(1)}</p><p>${addressAt(2)}</p>`;
      const visible: Found[] = [];
      await scan({ onVisible: (items) => visible.push(...items) }).idle();
      expect(observed).toHaveLength(2);
      callback([
        { target: observed[1]!, isIntersecting: true },
        { target: observed[0]!, isIntersecting: false },
      ]);
      expect(visible.map((f) => f.address)).toEqual([addressAt(2)]);
    } finally {
      win.IntersectionObserver = original;
    }
  });

  it('reads one badge per link even when the address also sits in its text and attributes', async () => {
    const a = addressAt(1);
    document.body.innerHTML = `<a href="https://solscan.io/account/${a}" title="${a}"><span data-address="${a}">${a}</span></a>`;
    await scan().idle();
    expect(found.map((f) => `${f.source} ${f.address}`)).toEqual([`link ${a}`]);
  });
});

describe('time slices', () => {
  it('createSlicer says due once the budget is spent, and again after each start', async () => {
    const { createSlicer } = await import('../../../lib/page/schedule');
    let clock = 100;
    const slicer = createSlicer(() => clock, 8);
    slicer.start();
    clock += 7;
    expect(slicer.due()).toBe(false);
    clock += 1;
    expect(slicer.due()).toBe(true);
    slicer.start();
    expect(slicer.due()).toBe(false);
  });

  it('hands found items to the overlay in chunks, time-sliced with the rest of the work', async () => {
    const rows: string[] = [];
    for (let i = 0; i < 400; i++) rows.push(`<p>${addressAt(i)}</p>`);
    document.body.innerHTML = rows.join('');
    let clock = 0;
    const chunks: number[] = [];
    let yields = 0;
    const scanner = createScanner({
      root: document.body,
      adapter: generic,
      signal: controller.signal,
      maxPerPage: 1000,
      budgetMs: 8,
      now: () => clock,
      yieldToPage: async () => {
        yields++;
      },
      onFound: (items) => {
        chunks.push(items.length);
        found.push(...items);
        clock += 3; // each chunk costs the overlay 3 ms
      },
    });
    await scanner.idle();
    expect(found.map((f) => f.address)).toEqual(rows.map((_, i) => addressAt(i)));
    expect(Math.max(...chunks)).toBeLessThanOrEqual(16);
    // 3 chunks (9 ms) fill a slice: the overlay's work is given back to the page in between.
    expect(yields).toBeGreaterThanOrEqual(Math.floor(chunks.length / 3) - 1);
    // Anchors are spans around the address text, the text itself unchanged.
    expect(found.every((f) => f.anchor.textContent === f.address)).toBe(true);
  });
});

describe("a text node the page's script holds (React, Vue): split to wrap an address", () => {
  const A = addressAt(11);
  const B = addressAt(12);
  const lost: Element[] = [];
  /**
   * A paragraph `before` + a text node the framework holds, scanned until idle. JSX
   * `<p>Owner: {address}</p>` gives two text nodes, the framework keeping the second.
   */
  async function framework(held: string, before?: string) {
    const p = document.createElement('p');
    const node = document.createTextNode(held);
    if (before) p.append(before);
    p.append(node);
    document.body.append(p);
    const scanner = scan({ onLost: (el) => lost.push(el) });
    await scanner.idle();
    return { p, held: node, scanner };
  }
  beforeEach(() => {
    lost.length = 0;
  });

  it('an update written into the node shows the new text alone, read again; the old badge anchor goes', async () => {
    const { p, held, scanner } = await framework(A, 'Owner: ');
    expect(found.map((f) => f.address)).toEqual([A]);
    const oldAnchor = found[0]!.anchor;

    held.data = B; // the route changed to another wallet: the framework writes into its node
    await scanner.idle();
    expect(p.textContent).toBe(`Owner: ${B}`); // not "Owner: B A"
    expect(lost).toEqual([oldAnchor]);
    expect(oldAnchor.isConnected).toBe(false);
    expect(found.map((f) => f.address)).toEqual([A, B]);
  });

  it('an update of the text around the address (CA: <mint> buy) replaces all of it', async () => {
    const { p, held, scanner } = await framework(`CA: ${A} buy`);
    held.data = `CA: ${B} sell`;
    await scanner.idle();
    expect(p.textContent).toBe(`CA: ${B} sell`);
  });

  it('a node the page removes leaves no piece of it behind', async () => {
    const { p, held, scanner } = await framework(A, 'Owner: ');
    p.removeChild(held);
    await scanner.idle();
    expect(p.textContent).toBe('Owner: ');
    expect(lost).toHaveLength(1);
  });

  it('a stopped scanner gives every split node its whole text back', async () => {
    const { p, held } = await framework(`CA: ${A} buy`);
    expect(p.childNodes.length).toBeGreaterThan(1);
    controller.abort();
    expect([...p.childNodes]).toEqual([held]);
    expect(held.data).toBe(`CA: ${A} buy`);
  });
});

describe('recycled rows: an anchor that shows something else now', () => {
  it('a link whose href the page removed loses its badge', async () => {
    const A = addressAt(21);
    document.body.innerHTML = `<p><a id="l" href="https://solscan.io/account/${A}">${A.slice(0, 4)}…</a></p>`;
    const lost: Element[] = [];
    const scanner = scan({ onLost: (el) => lost.push(el) });
    await scanner.idle();
    expect(found.map((f) => f.address)).toEqual([A]);
    const link = document.getElementById('l')!;
    link.removeAttribute('href');
    link.textContent = 'n/a';
    await scanner.idle();
    expect(lost).toEqual([link]);
  });

  it('a row whose address attribute the page rewrote (a recycled row) is read again', async () => {
    const [A, B] = [addressAt(22), addressAt(23)];
    const dexscreener = adapterById('dexscreener')!;
    document.body.innerHTML = `<div id="row" data-maker="${A}">${A.slice(0, 4)}…</div>`;
    const lost: Element[] = [];
    const scanner = scan({ onLost: (el) => lost.push(el) }, dexscreener);
    await scanner.idle();
    const row = document.getElementById('row')!;
    expect(found.map((f) => [f.source, f.address])).toEqual([['attribute', A]]);
    row.setAttribute('data-maker', B);
    row.textContent = `${B.slice(0, 4)}…`;
    await scanner.idle();
    expect(lost).toEqual([row]);
    expect(found.map((f) => f.address)).toEqual([A, B]);
  });

  it('a copy button beside a link to the same address adds no second badge', async () => {
    const A = addressAt(25);
    document.body.innerHTML = `<div><a href="https://solscan.io/token/${A}">Solscan</a><button data-token-address="${A}"></button></div>`;
    const scanner = scan({}, adapterById('dexscreener')!);
    await scanner.idle();
    expect(found.map((f) => [f.source, f.address])).toEqual([['link', A]]);
  });

  it('a copy button before a link to the same address adds no second badge either', async () => {
    const A = addressAt(26);
    document.body.innerHTML = `<div><button data-token-address="${A}"></button><a href="https://solscan.io/token/${A}">Solscan</a></div>`;
    const scanner = scan({}, adapterById('dexscreener')!);
    await scanner.idle();
    expect(found.map((f) => [f.source, f.address])).toEqual([['link', A]]);
  });

  it('a copy button holding the address in an attribute and as its label is found (button text is not read)', async () => {
    const A = addressAt(24);
    document.body.innerHTML = `<p>Mint <button data-mint="${A}">${A}</button></p>`;
    const scanner = scan({}, adapterById('pumpfun')!);
    await scanner.idle();
    expect(found.map((f) => [f.source, f.address])).toEqual([['attribute', A]]);
  });

  const kinds = () => found.map((f) => (f.kind === 'event' ? f.kind : f.address));

  it('an element whose address text is rewritten in place is lost, then found with the new one', async () => {
    document.body.innerHTML = `<table><tr><td id="cell">${addressAt(1)}</td></tr></table>`;
    const lost: Element[] = [];
    const scanner = scan({ onLost: (a) => lost.push(a) });
    await scanner.idle();
    const cell = document.getElementById('cell')!;
    expect(found.map((f) => f.anchor)).toEqual([cell]);
    // A framework re-render writes the new row's address into the same text node.
    (cell.firstChild as Text).data = addressAt(2);
    await scanner.idle();
    expect(lost).toEqual([cell]);
    expect(kinds()).toEqual([addressAt(1), addressAt(2)]);
    expect(found[1]!.anchor).toBe(cell);
    expect(cell.childNodes).toHaveLength(1); // still the element as anchor: no span split
    // Then text that is no address: lost, nothing found.
    (cell.firstChild as Text).data = 'n/a';
    await scanner.idle();
    expect(lost).toEqual([cell, cell]);
    expect(found).toHaveLength(2);
    // The same address written again is nothing new.
    (cell.firstChild as Text).data = addressAt(3);
    await scanner.idle();
    (cell.firstChild as Text).data = ` ${addressAt(3)} `;
    await scanner.idle();
    expect(kinds()).toEqual([addressAt(1), addressAt(2), addressAt(3)]);
    expect(lost).toHaveLength(2);
  });

  it('a link whose href is changed to another address is lost, then found with the new one', async () => {
    document.body.innerHTML = `<p><a id="l" href="https://solscan.io/account/${addressAt(1)}">trader</a></p>`;
    const lost: Element[] = [];
    const scanner = scan({ onLost: (a) => lost.push(a) });
    await scanner.idle();
    const link = document.getElementById('l')!;
    link.setAttribute('href', `https://solscan.io/account/${addressAt(1)}`); // same target
    await scanner.idle();
    expect(lost).toEqual([]);
    link.setAttribute('href', `https://solscan.io/account/${addressAt(2)}`);
    await scanner.idle();
    expect(lost).toEqual([link]);
    expect(kinds()).toEqual([addressAt(1), addressAt(2)]);
    expect(found[1]!.anchor).toBe(link);
    link.setAttribute('href', '/about');
    await scanner.idle();
    expect(lost).toEqual([link, link]);
    expect(found).toHaveLength(2);
  });
});

describe("the page taking out the overlay's own UI", () => {
  it("reports a badge host the page removed, and none of the page's own nodes", async () => {
    const removed: Element[] = [];
    const p = document.createElement('p');
    p.textContent = 'Fed decision in March?';
    const host = document.createElement('span');
    host.setAttribute(OWN_UI_ATTR, 'badge');
    p.append(host);
    document.body.append(p);
    const scanner = scan({ onUiRemoved: (el) => removed.push(el) });
    await scanner.idle();
    p.textContent = 'Fed decision in March 2027?'; // a framework re-rendering the title
    await scanner.idle();
    expect(removed).toEqual([host]);
    p.remove(); // the page's own node, with nothing of ours in it now
    await scanner.idle();
    expect(removed).toEqual([host]);
  });

  it('does not report a badge host moved on the page (the overlay putting a cut-off badge first)', async () => {
    const removed: Element[] = [];
    const cell = document.createElement('div');
    const link = Object.assign(document.createElement('a'), { textContent: 'Maker' });
    const host = document.createElement('span');
    host.setAttribute(OWN_UI_ATTR, 'badge');
    cell.append(link, host);
    document.body.append(cell);
    const scanner = scan({ onUiRemoved: (el) => removed.push(el) });
    await scanner.idle();
    link.before(host); // removed, then added, in one task
    await scanner.idle();
    expect(removed).toEqual([]);
    host.remove();
    await scanner.idle();
    expect(removed).toEqual([host]);
  });
});
