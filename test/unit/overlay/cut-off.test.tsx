// @vitest-environment happy-dom
/**
 * cutOff (lib/overlay/runtime.tsx): the runtime side of badges cut off by an ellipsis cell, with
 * observers that behave as the browsers' do (happy-dom lays nothing out): an intersection
 * observer's first report always comes, with zero boxes for a target not laid out; a resize
 * observer's first report always comes too, even for a zero size (Chromium starts from an
 * impossible size). The e2e suite checks the placement itself in real cells.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { createOverlay } from '../../../lib/overlay/runtime';
import { createScanner } from '../../../lib/page';
import { adapterFor } from '../../../lib/sites';
import { countBadgeRenders, roots, startOverlay } from './harness';

const WALLET = '7JsiQWfj8Vn1YqwjcNEPq4uv3R4DDgm2dLVYwxTMTZz8';
const CELL = `<div id="cell" style="overflow-x:hidden;white-space:nowrap;width:100px"><a href="/account/${WALLET}">${WALLET}</a></div>`;

/** What the fake observers see: laid out unless inside .hidden; cut off unless `fits` (cutOff's). */
const world = { fits: false, ios: 0, ros: 0, hold: false };
/** cutOff's reports kept back while `hold` (sent by the test). */
const held: (() => void)[] = [];
const laidOut = (el: Element) => el.isConnected && !el.closest('.hidden');
type Callback = (entries: unknown[]) => void;
const resizeObservers = new Set<{ cb: Callback; target?: Element }>();

class FakeIO {
  private on = true;
  private mine: boolean;
  constructor(
    private cb: Callback,
    options?: { root?: Element },
  ) {
    this.mine = !!options?.root; // (cutOff's: the scanner's own visibility observer has none)
    if (this.mine) world.ios++;
  }
  observe(target: Element) {
    const send = () => {
      if (!this.on) return;
      const width = laidOut(target) ? 40 : 0;
      const seen = width && (world.fits ? 40 : 10);
      this.cb([{ target, boundingClientRect: { width }, intersectionRect: { width: seen } }]);
    };
    if (world.hold && this.mine) held.push(send);
    else setTimeout(send, 5);
  }
  disconnect() {
    this.on = false;
  }
}
class FakeRO {
  private entry: { cb: Callback; target?: Element };
  constructor(cb: Callback) {
    world.ros++;
    this.entry = { cb };
  }
  observe(target: Element) {
    this.entry.target = target;
    resizeObservers.add(this.entry);
    setTimeout(() => report(this.entry), 5);
  }
  disconnect() {
    resizeObservers.delete(this.entry);
  }
}
function report(entry: { cb: Callback; target?: Element }) {
  if (resizeObservers.has(entry))
    entry.cb([{ target: entry.target, contentRect: { width: laidOut(entry.target!) ? 40 : 0 } }]);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let overlay: ReturnType<typeof createOverlay> | null = null;
const saved = { io: window.IntersectionObserver, ro: window.ResizeObserver };
beforeEach(() => {
  Object.assign(world, { fits: false, ios: 0, ros: 0, hold: false });
  held.length = 0;
  resizeObservers.clear();
  Object.assign(window, { IntersectionObserver: FakeIO, ResizeObserver: FakeRO });
});
afterEach(() => {
  overlay?.destroy();
  overlay = null;
  Object.assign(window, { IntersectionObserver: saved.io, ResizeObserver: saved.ro });
});

function start(commitMs = 1) {
  ({ overlay } = startOverlay(
    { classify: () => ({ [WALLET]: 'wallet' }) },
    { adapter: adapterFor('https://solscan.io/account/x')!, createScanner, lazyMs: 10, commitMs },
  ));
}
const hosts = () => [...document.querySelectorAll('[data-onchain-lens="badge"]')];
/** The page set to `html`, the overlay started on it, its badges once written and checked. */
async function badgesOf(html: string, ms = 600) {
  document.body.innerHTML = html;
  start();
  await sleep(ms);
  return hosts();
}

describe('cutOff', () => {
  it('puts a cut-off badge first, as a dot, and never measures it with rect reads', async () => {
    let reads = 0;
    const rect = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      if (this.hasAttribute('data-onchain-lens')) reads++;
      return rect.call(this);
    };
    let host: Element | undefined;
    try {
      [host] = await badgesOf(CELL);
    } finally {
      HTMLElement.prototype.getBoundingClientRect = rect;
    }
    expect(host!.getAttribute('data-fit')).toBe('first');
    expect(host!.nextElementSibling?.tagName).toBe('A');
    // (the move is no removal: it is not written again, nor read by fit)
    expect(reads).toBe(0);
  });

  it('moves it at the next commit with the other writes, not in the report (each write lays out a big table again)', async () => {
    world.hold = true;
    document.body.innerHTML = CELL;
    start(300);
    await sleep(600);
    const [host] = hosts();
    expect(host!.previousElementSibling?.tagName).toBe('A');
    const button = roots.get(host!)!.querySelector('button');
    const renders = countBadgeRenders();
    try {
      for (const send of held.splice(0)) send();
      expect(host!.hasAttribute('data-fit')).toBe(false); // still a pill at the end after the report
      expect(host!.previousElementSibling?.tagName).toBe('A');
      await sleep(600);
      expect(host!.getAttribute('data-fit')).toBe('first');
      expect(host!.nextElementSibling?.tagName).toBe('A');
      // Moved, not rendered again (300 such renders in one commit took 40 to 60 ms).
      expect(renders.count()).toBe(0);
      expect(roots.get(host!)!.querySelector('button')).toBe(button);
    } finally {
      renders.stop();
    }
  });

  it('a badge the page re-renders the link of keeps one dot (the new link finds it first)', async () => {
    await badgesOf(CELL);
    const cell = document.getElementById('cell')!;
    const a = cell.querySelector('a')!;
    a.replaceWith(a.cloneNode(true)); // React re-creating the link
    await sleep(800);
    expect(cell.querySelectorAll('[data-onchain-lens="badge"]')).toHaveLength(1);
  });

  it('a badge in a hidden panel waits for a size: no observers made frame after frame, checked once shown', async () => {
    expect(await badgesOf(`<div class="hidden">${CELL}</div>`, 1200)).toHaveLength(1);
    // One check, one resize observer waiting (it reported a zero size first: ignored).
    expect(world.ios).toBe(1);
    expect(world.ros).toBe(1);
    expect(hosts()[0]!.hasAttribute('data-fit')).toBe(false);
    document.querySelector('.hidden')!.classList.remove('hidden');
    for (const entry of resizeObservers) report(entry); // (the browser reports the new size)
    await sleep(100);
    expect(world.ios).toBe(2);
    expect(hosts()[0]!.getAttribute('data-fit')).toBe('first');
  });

  it('a badge with the keyboard focus is not moved (it would lose the focus)', async () => {
    world.hold = true;
    const [host] = await badgesOf(CELL);
    const button = roots.get(host!)!.querySelector('button')!;
    button.focus();
    expect(roots.get(host!)!.activeElement).toBe(button);
    for (const send of held.splice(0)) send();
    await sleep(50);
    expect(host!.hasAttribute('data-fit')).toBe(false);
    expect(host!.previousElementSibling?.tagName).toBe('A');
    expect(roots.get(host!)!.activeElement).toBe(button);
  });

  it('a pill that fits stays at the end', async () => {
    world.fits = true;
    const [host] = await badgesOf(CELL);
    expect(host!.hasAttribute('data-fit')).toBe(false);
    expect(host!.previousElementSibling?.tagName).toBe('A');
  });
});
