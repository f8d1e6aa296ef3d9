// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { badgeSlot, cutBy, hasBadge, placeBadgeHost } from '../../../lib/overlay/host';
import type { createOverlay, OverlayDeps } from '../../../lib/overlay/runtime';
import type { Found } from '../../../lib/page';
import {
  badgeButton,
  badges,
  type fakeBackground,
  overlayPerTest,
  popoverHost,
  popoverRoot,
  startOverlay,
} from './harness';

const WALLET = `Wallet001${'x'.repeat(30)}`;

let bg: ReturnType<typeof fakeBackground>;
let overlay: ReturnType<typeof createOverlay>;

function start(extra: Partial<OverlayDeps> = {}) {
  ({ bg, overlay } = startOverlay({}, extra));
}

overlayPerTest(() => overlay);

/** An attribute hit on an element, the way the scanner reports `<td data-owner="...">`. */
function attributeHit(anchor: Element): Found {
  return { kind: 'wallet', address: WALLET, source: 'attribute', anchor } as Found;
}

describe('badge placement next to block-level anchors', () => {
  it('puts the badge inside a table cell (after its text), not in a new cell of the row', () => {
    document.body.innerHTML = `<table><tbody><tr><td>5m</td><td id="maker" data-owner="${WALLET}">Wall...xxxx</td><td>—</td></tr></tbody></table>`;
    start();
    const cell = document.getElementById('maker')!;
    overlay.found([attributeHit(cell)]);
    const host = badges()[0]!;
    expect(host.parentElement).toBe(cell);
    expect(cell.lastElementChild).toBe(host);
    expect(cell.textContent).toBe('Wall...xxxx');
    expect(cell.parentElement!.children).toHaveLength(3); // the row keeps its three cells
    expect(hasBadge(cell)).toBe(true);
    // Found again (a re-scan): still one badge.
    overlay.found([attributeHit(cell)]);
    expect(badges()).toHaveLength(1);
  });

  it('puts it inside list items too, and right after inline anchors as before', () => {
    document.body.innerHTML = `<ul><li id="li">holder</li></ul><p><a id="a" href="#">link</a> text</p>`;
    start();
    const li = document.getElementById('li')!;
    const a = document.getElementById('a')!;
    overlay.found([attributeHit(li), { ...attributeHit(a), source: 'link' } as Found]);
    const [inLi, afterA] = badges();
    expect(inLi!.parentElement).toBe(li);
    expect(afterA!.previousElementSibling).toBe(a);
    expect(li.parentElement!.children).toHaveLength(1);
  });

  it('puts it inside a block-level link (an event card) so no line opens between the blocks', () => {
    document.body.innerHTML = `<a id="card" href="#" style="display:block"><p>Fed decision?</p></a><a id="inline" href="#">x</a><input id="in"><div style="display:flex"><a id="item" href="#" style="display:block">y</a></div>`;
    start();
    const card = document.getElementById('card')!;
    const inline = document.getElementById('inline')!;
    const input = document.getElementById('in')!;
    const item = document.getElementById('item')!;
    overlay.found([card, inline, input, item].map((a) => ({ ...attributeHit(a), source: 'link' }) as Found));
    const [inCard, afterInline, afterInput, afterItem] = badges();
    // A flex item computes as block, but a sibling badge is just one more item in the row.
    expect(afterItem!.previousElementSibling).toBe(item);
    expect(inCard!.parentElement!.parentElement).toBe(card); // (in its paragraph: see below)
    expect(afterInline!.previousElementSibling).toBe(inline);
    expect(afterInput!.previousElementSibling).toBe(input);
    expect(hasBadge(card) && hasBadge(inline) && hasBadge(input)).toBe(true);
  });

  it('puts it at the end of the last paragraph of a card link, so the card grows no line', () => {
    document.body.innerHTML = `<a id="card" href="#" style="display:block"><p id="title">Bitcoin 150k?</p>
      </a><a id="clipped" href="#" style="display:block"><p id="cut" style="overflow-x:hidden">Super Bowl</p></a><a id="tail" href="#" style="display:block"><p>Fed?</p> 62% Hold</a><li id="li">Holders<ul><li>one</li></ul></li>`;
    start();
    const [card, clipped, tail, li] = ['card', 'clipped', 'tail', 'li'].map(
      (id) => document.getElementById(id)!,
    );
    overlay.found([card, clipped, tail, li].map((a) => ({ ...attributeHit(a!), source: 'link' }) as Found));
    const [inTitle, inClipped, inTail, inLi] = badges();
    expect(inTitle!.parentElement).toBe(document.getElementById('title'));
    // A paragraph that clips would cut the badge off; text after the paragraph is a line already;
    // a nested list would take the badge as one more line.
    expect(inClipped!.parentElement).toBe(clipped);
    expect(inTail!.parentElement).toBe(tail);
    expect(inLi!.parentElement).toBe(li);
    expect([card, clipped, tail, li].every((a) => hasBadge(a!))).toBe(true);
    overlay.found([card].map((a) => ({ ...attributeHit(a!), source: 'link' }) as Found));
    expect(badges()).toHaveLength(4);
  });

  it('goes into no last child but a paragraph or heading of text in the flow', () => {
    document.body.innerHTML = [
      '<a id="bar" href="#" style="display:block"><p>Raise</p><progress value="3" max="9"></progress></a>',
      '<a id="det" href="#" style="display:block"><p>Odds</p><details><summary>More</summary></details></a>',
      '<a id="nowrap" href="#" style="display:block"><h3 style="white-space:nowrap">A long title</h3></a>',
      '<a id="abs" href="#" style="display:block"><p style="position:absolute">Overlay</p></a>',
      '<a id="empty" href="#" style="display:block"><p>Title</p><p> </p></a>',
      '<a id="flexed" href="#" style="display:flex"><img alt="">BONK</a>',
    ].join('');
    start();
    const ids = ['bar', 'det', 'nowrap', 'abs', 'empty', 'flexed'];
    const anchors = ids.map((id) => document.getElementById(id)!);
    overlay.found(anchors.map((a) => ({ ...attributeHit(a), source: 'link' }) as Found));
    const hosts = badges();
    expect(hosts.map((h) => h.parentElement!.id)).toEqual(ids);
    // Found again (a re-scan): each anchor knows its badge, none gets a second.
    expect(anchors.every((a) => hasBadge(a))).toBe(true);
    overlay.found(anchors.map((a) => ({ ...attributeHit(a), source: 'link' }) as Found));
    expect(badges()).toHaveLength(ids.length);
  });

  it('a paragraph the page replaced before the badge went on: into the card, not after it', () => {
    document.body.innerHTML =
      '<div id="grid"><a id="card" href="#" style="display:block"><p id="t">Title</p></a></div>';
    const card = document.getElementById('card')!;
    const slot = badgeSlot(card);
    expect(slot[0].id).toBe('t');
    // (the badge goes on at the next commit; the page re-renders the title first)
    slot[0].replaceWith(Object.assign(document.createElement('p'), { textContent: 'Title' }));
    const host = document.createElement('span');
    placeBadgeHost(card, host, slot);
    expect(host.parentElement).toBe(card); // not a cell of its own in the page's grid
  });

  it('knows what would cut a badge off at its end (an ellipsis cell), and puts a badge first there', () => {
    // (happy-dom computes no overflow-x from the overflow shorthand, and lays nothing out: the e2e
    // suite checks the move itself, in real cells)
    const cut = 'white-space:nowrap;overflow-x:hidden;text-overflow:ellipsis;width:80px';
    document.body.innerHTML = [
      `<table><tbody><tr><td id="cell" style="${cut}"><i>W</i> ${WALLET}</td></tr></tbody></table>`,
      `<div id="box" style="${cut}">Maker <span><a id="link" href="#">${WALLET}</a></span> x</div>`,
      `<div style="white-space:nowrap"><a id="wide" href="#">${WALLET}</a></div>`,
      `<div style="overflow-x:hidden"><a id="wraps" href="#">${WALLET}</a></div>`,
      `<pre style="overflow-x:auto"><a id="code" href="#">${WALLET}</a></pre>`,
      `<div id="outer" style="${cut}"><div><div><div><span><a id="deep" href="#">${WALLET}</a></span></div></div></div></div>`,
    ].join('');
    const [cell, link, wide, wraps, code, deep] = ['cell', 'link', 'wide', 'wraps', 'code', 'deep'].map(
      (id) => document.getElementById(id)!,
    );
    expect(badgeSlot(cell!)).toEqual([cell, 'append']);
    expect(cutBy(badgeSlot(cell!))).toBe(cell);
    expect(cutBy(badgeSlot(link!))).toBe(document.getElementById('box'));
    // One line that does not clip, or clipping that wraps: the end shows.
    expect(cutBy(badgeSlot(wide!))).toBeNull();
    expect(cutBy(badgeSlot(wraps!))).toBeNull();
    // A box that scrolls sideways (a code block) cuts nothing off: its end is there to scroll to.
    expect(cutBy(badgeSlot(code!))).toBeNull();
    // Table components nest their cells deep: five boxes up is still found.
    expect(cutBy(badgeSlot(deep!))).toBe(document.getElementById('outer'));
    // A box that wraps ends the search (white-space is inherited): one style read on most pages.
    const slot = badgeSlot(wraps!);
    const read = vi.spyOn(window, 'getComputedStyle');
    expect(cutBy(slot)).toBeNull();
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
    // Put first (cutOff's move): before the link, first in the cell (before its label).
    const [inCell, beforeLink] = [document.createElement('span'), document.createElement('span')];
    placeBadgeHost(cell!, inCell, [cell!, 'prepend']);
    placeBadgeHost(link!, beforeLink, [link!, 'before']);
    expect(cell!.firstElementChild).toBe(inCell);
    expect(link!.previousElementSibling).toBe(beforeLink);
    // Found there again (the page re-rendered its link): marked first by cutOff, it is this
    // anchor's; a room-check dot after the address before it is that address's.
    for (const h of [inCell, beforeLink]) h.setAttribute('data-onchain-lens', 'badge');
    beforeLink.setAttribute('data-fit', '');
    expect(hasBadge(link!)).toBe(false);
    for (const h of [inCell, beforeLink]) h.setAttribute('data-fit', 'first');
    expect(hasBadge(cell!) && hasBadge(link!)).toBe(true);
  });

  it('puts it inside the address of a spread or stacked flex row: one more item would move the address', () => {
    document.body.innerHTML = `<div id="spread" style="display:flex;justify-content:space-between"><span>Owner</span><span id="s">w</span></div><div id="stack" style="display:flex;flex-direction:column"><span>Owner</span><span id="c">w</span></div>`;
    start();
    const s = document.getElementById('s')!;
    const c = document.getElementById('c')!;
    overlay.found([s, c].map((a) => ({ ...attributeHit(a), source: 'text' }) as Found));
    const [inSpread, inStack] = badges();
    expect(inSpread!.parentElement).toBe(s);
    expect(inStack!.parentElement).toBe(c);
    expect(document.getElementById('spread')!.children).toHaveLength(2);
    expect(document.getElementById('stack')!.children).toHaveLength(2);
  });

  it('but never inside a link there (its name would take the badge), nor inside an address that clips: ending the row, the badge goes before it and takes the free space', () => {
    document.body.innerHTML = `<div class="row" style="display:flex;justify-content:space-between"><span>Owner</span><a id="l" href="#">w</a></div><div class="row" style="display:flex;justify-content:space-between"><span>Mint</span><span id="o" style="overflow-x:hidden;text-overflow:ellipsis">w</span></div><div class="row" style="display:flex;justify-content:space-between"><a id="m" href="#">w</a><span>12.5 SOL</span></div><div class="row" style="display:flex;justify-content:space-between"><span>Holder</span><span>31.2%</span><a id="t" href="#">w</a></div>`;
    start();
    const l = document.getElementById('l')!;
    const o = document.getElementById('o')!;
    const m = document.getElementById('m')!;
    const t = document.getElementById('t')!;
    overlay.found([
      { ...attributeHit(l), source: 'link' } as Found,
      { ...attributeHit(o), source: 'text' } as Found,
      { ...attributeHit(m), source: 'link' } as Found,
      { ...attributeHit(t), source: 'link' } as Found,
    ]);
    const [beforeLink, beforeClipped, afterFirst, afterThird] = badges();
    // [label][badge, margin-left auto][address]: the address stays at the row's end.
    expect(beforeLink!.nextElementSibling).toBe(l);
    expect(beforeClipped!.nextElementSibling).toBe(o);
    for (const h of [beforeLink, beforeClipped]) expect(h!.style.marginLeft).toBe('auto');
    // An address that does not end its row, or ends one with items between it and the label
    // (that margin would pack them against the label): after it, as in any row.
    expect(afterFirst!.previousElementSibling).toBe(m);
    expect(afterThird!.previousElementSibling).toBe(t);
    for (const h of [afterFirst, afterThird]) expect(h!.style.marginLeft).toBe('4px');
    // Found again (a re-scan, a re-render): the badge before it is its own, not a second one.
    expect([l, o, m, t].map((a) => hasBadge(a))).toEqual([true, true, true, true]);
    overlay.found([{ ...attributeHit(l), source: 'link' } as Found]);
    expect(badges()).toHaveLength(4);
  });

  it('puts it inside a card of a grid (a token board): a sibling would take a cell and move the rest', () => {
    document.body.innerHTML = `<div id="board" style="display:grid;grid-template-columns:1fr 1fr"><a id="c1" href="#" style="display:block">A</a><a id="c2" href="#" style="display:block">B</a></div>`;
    start();
    const board = document.getElementById('board')!;
    const c1 = document.getElementById('c1')!;
    overlay.found([{ ...attributeHit(c1), source: 'link' } as Found]);
    expect(badges()[0]!.parentElement).toBe(c1);
    expect([...board.children].map((c) => c.id)).toEqual(['c1', 'c2']);
  });
});

describe('popover test hook', () => {
  async function openWallet() {
    document.body.innerHTML = `<p><a id="a" href="#">w</a></p>`;
    overlay.visible([{ ...attributeHit(document.getElementById('a')!), source: 'link' } as Found]);
    await vi.advanceTimersByTimeAsync(30);
    badgeButton(badges()[0]!).click();
    await vi.advanceTimersByTimeAsync(0);
  }

  it('mirrors the open popover text, kind, address and state onto its host in test builds', async () => {
    start();
    await openWallet();
    const host = popoverHost()!;
    expect(host.getAttribute('data-kind')).toBe('wallet');
    expect(host.getAttribute('data-address')).toBe(WALLET);
    expect(host.getAttribute('data-state')).toBe('ready');
    const shown = popoverRoot()!.querySelector('[role=dialog]')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(host.getAttribute('data-text')).toBe(shown);
    expect(host.getAttribute('data-text')).toContain('Trader Joe');
  });

  it('leaves the host bare outside test builds', async () => {
    start({ testHooks: false });
    await openWallet();
    const host = popoverHost()!;
    expect(popoverRoot()!.textContent).toContain('Trader Joe');
    for (const name of ['data-kind', 'data-address', 'data-state', 'data-text'])
      expect(host.hasAttribute(name)).toBe(false);
  });
});

describe('live fills move order progress', () => {
  const ORDER = `Order001${'z'.repeat(32)}`;
  const fill = (progressPercent: number | null, orderAddress = ORDER) => ({
    id: `sig:${progressPercent}`,
    eventName: 'Filled',
    timestamp: Date.UTC(2025, 0, 10, 12),
    owner: WALLET,
    order: orderAddress,
    inAmount: 50,
    inSymbol: 'USDC',
    outAmount: 0.3,
    outSymbol: 'SOL',
    usd: 50,
    progressPercent,
  });

  it('updates an open order popover and the order badge from the fill, and ignores other orders', async () => {
    start();
    document.body.innerHTML = `<p><a id="o" href="#">o</a></p>`;
    const anchor = document.getElementById('o')!;
    overlay.visible([{ kind: 'order', address: ORDER, source: 'link', anchor } as Found]);
    await vi.advanceTimersByTimeAsync(30);
    const host = badges()[0]!;
    expect(host.getAttribute('data-text')).toBe('active 40%');
    badgeButton(host).click();
    await vi.advanceTimersByTimeAsync(0);
    bg.push({ topic: { kind: 'order', address: ORDER }, fill: fill(55, 'SomeOtherOrder'), order: null });
    expect(popoverHost()!.getAttribute('data-text')).toContain('40%');
    bg.push({ topic: { kind: 'order', address: ORDER }, fill: fill(55), order: null });
    expect(popoverHost()!.getAttribute('data-text')).toContain('55%');
    expect(popoverHost()!.getAttribute('data-text')).not.toContain('40%');
    expect(host.getAttribute('data-text')).toBe('active 55%');
    // A fill without progress changes nothing.
    bg.push({ topic: { kind: 'order', address: ORDER }, fill: fill(null), order: null });
    expect(host.getAttribute('data-text')).toBe('active 55%');
  });

  it('moves the matching order of an open wallet popover', async () => {
    start();
    document.body.innerHTML = `<p><a id="a" href="#">w</a></p>`;
    overlay.visible([{ ...attributeHit(document.getElementById('a')!), source: 'link' } as Found]);
    await vi.advanceTimersByTimeAsync(30);
    badgeButton(badges()[0]!).click();
    await vi.advanceTimersByTimeAsync(0);
    const first = popoverRoot()!.querySelector('[data-order]')!;
    const address = first.getAttribute('data-order')!;
    bg.push({ topic: { kind: 'wallet', address: WALLET }, fill: fill(91, address), order: null });
    expect(popoverRoot()!.querySelector(`[data-order="${address}"]`)!.textContent).toContain('91%');
  });
});
