import { BADGE_CSS, CARD_CSS } from '../../components/shared/styles';
import type { Theme } from './theme';

/**
 * Left to right on a right-to-left page too (`all` resets neither direction nor unicode-bidi:
 * "+$616K" read "$616K+", and progress bars filled from the right).
 */
const LTR = 'direction:ltr;unicode-bidi:isolate';

/**
 * Inline host: resets whatever the page styles spans with, sits on the text's middle, and its
 * negative vertical margins keep an 18px pill from growing the line box of the page's text (4px each
 * side: a page's next element in a flex row would touch it). A flex
 * container itself: where a page's flex row stretches it, the pill stays in its middle. Its
 * height is a minimum: larger text (zoom, a minimum font size) grows the pill rather than being cut. No
 * layout containment: it would make every badge a stacking context with a paint layer of its own,
 * and a page that lays out a long table again each frame (an infinite scroll) then pays for all of
 * them in each frame's pre-paint and paint (8 to 13 ms and 3 to 5 ms more per frame on the heavy
 * benchmark page, traced; an inline-block or inline-flex box already keeps the badge's insides from the page's layout).
 */
const BADGE_HOST_STYLE =
  'all:initial;display:inline-flex;align-items:center;vertical-align:middle;margin:-3px 4px;' +
  'line-height:0;min-height:18px;max-width:260px;contain:style;' +
  // Not copied with the page's text (a trader copying "CA: <mint>" got the pill's lines too).
  'user-select:none;' +
  // Hidden with a panel the page hides by visibility (a menu, a tab): all:initial made it visible.
  'visibility:inherit;' +
  LTR;

const POPOVER_HOST_STYLE = `all:initial;position:fixed;top:0;left:0;z-index:2147483647;display:block;contain:layout style;${LTR}`;

export interface ShadowMount {
  host: HTMLElement;
  /** the closed shadow root: page scripts cannot reach into it, we keep the only reference */
  root: ShadowRoot;
  container: HTMLElement;
}

function shadowMount(doc: Document, tag: string, hostStyle: string, css: string, theme: Theme): ShadowMount {
  const host = doc.createElement(tag);
  host.style.cssText = hostStyle;
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = css;
  const container = doc.createElement(tag === 'span' ? 'span' : 'div');
  container.className = 'ol';
  container.setAttribute('data-theme', theme);
  root.append(style, container);
  return { host, root, container };
}

/**
 * Where a badge cannot simply follow its anchor. A span after a table cell becomes an anonymous extra
 * cell (the badge lands in the next column); after a list item it sits between the items; after a
 * block-level link (an event card, a row) it opens a line of its own between two blocks and pushes
 * the page down. In these the badge goes inside, after the anchor's content.
 */
const INSIDE_TAGS = new Set(['TD', 'TH', 'LI', 'DT', 'DD', 'CAPTION']);
const BLOCK_DISPLAY = /^(block|flex|grid|flow-root|list-item|table-cell)$/;
/** Elements that cannot hold a badge (void or replaced, or form controls the page owns). */
const NO_CHILDREN = new Set(['INPUT', 'IMG', 'BR', 'HR', 'TEXTAREA', 'SELECT', 'BUTTON', 'VIDEO', 'IFRAME']);

/** Where a badge goes beside its anchor, or nothing: inside it (badgeSlot). */
function besideSlot(anchor: Element, view: Window): 'after' | 'before' | undefined {
  const tag = anchor.tagName.toUpperCase();
  if (INSIDE_TAGS.has(tag)) return;
  if (NO_CHILDREN.has(tag)) return 'after';
  const own = view.getComputedStyle(anchor);
  // A hidden anchor (a [hidden] panel, a closed dialog) hides and shows its badge with it: beside
  // it, the badge showed alone.
  if (own.display === 'none') return;
  // Children of flex containers compute as block whatever they are; a sibling badge is just one more
  // item in the row (the row's own gap spaces it), so it stays after them: but not where the row
  // spreads its items (space-between: a label left, the address right, which one more item would move
  // to the middle) or stacks them (a column: the badge would open a line of its own). In a grid a
  // sibling would take a cell of its own and move every card after it: there it goes inside too.
  const parent = anchor.parentElement;
  // (Not inside a link: its name would take the badge's, and a button in a link is invalid; nor
  // inside an element that clips what overflows it, where the badge would be cut off. Such an
  // address ending a row that spreads two items, "Creator … <address>", gets its badge before it,
  // the badge's left margin (auto, set by the runtime) taking the row's free space: the address
  // stays at the row's end, its label at the start (space-around or -evenly had left both a little
  // in). With items between them, that margin would pack those against the label: the badge
  // follows the address as before.)
  const flex = parent && view.getComputedStyle(parent);
  if (flex && /flex$/.test(flex.display)) {
    const column = /^column/.test(flex.flexDirection);
    if (!column && !/^space-/.test(flex.justifyContent)) return 'after';
    if (tag !== 'A' && !CLIPS.test(own.overflowX)) return;
    // (two items: nothing after the address, and before it one item at most, or our badge; one
    // before the item before it is an item between)
    return column ||
      anchor.nextElementSibling ||
      anchor.previousElementSibling?.matches('* ~ :not([data-onchain-lens])')
      ? 'after'
      : 'before';
  }
  if (!BLOCK_DISPLAY.test(own.display)) return 'after';
}

const CLIPS = /hid|clip|auto|scroll/;
/** white-space that keeps text to one line (or to the lines it was written with) */
const ONE_LINE = /nowrap|pre/;

/**
 * The element that cuts off the end of a badge in `slot`, if any: one that keeps its content to one
 * line and clips what overflows it (an ellipsis cell holding a whole address), from the slot's
 * element up, six at most (table components nest their cells deep). Not a box
 * that scrolls (a code block, a scrolling row): the end is there to scroll to. Such a badge is
 * checked once laid out (the runtime's cutOff) and, cut off, put first.
 */
export function cutBy([at, how]: Slot): Element | null {
  const view = at.ownerDocument.defaultView!;
  for (
    let el = how === 'append' || how === 'prepend' ? at : at.parentElement, i = 0;
    el && i < 6;
    el = el.parentElement, i++
  ) {
    const style = view.getComputedStyle(el);
    // white-space is inherited: a box that wraps is not inside a one-line box that could cut it
    // across (and on most pages this first read is the only one).
    if (!ONE_LINE.test(style.whiteSpace)) return null;
    if (/hid|clip/.test(style.overflowX)) return el;
  }
  return null;
}

/**
 * A badge host, not on the page yet (placeBadgeHost puts it there). `data-onchain-lens` also tells
 * the scanner to skip it.
 */
export function createBadgeHost(doc: Document, theme: Theme): ShadowMount {
  const mount = shadowMount(doc, 'span', BADGE_HOST_STYLE, BADGE_CSS, theme);
  mount.host.setAttribute('data-onchain-lens', 'badge');
  return mount;
}

/**
 * Where a badge goes: an element, and the DOM method that puts the host there (named so:
 * `el[how](host)`). Right after its anchor, or before it (an address ending a spread row), or
 * appended to the anchor (besideSlot says which); at the end of a paragraph or a heading that ends
 * a block anchor (a card link ending with its title), where after it the badge would open a line of
 * its own and push the page down: only into such text, laid out in the flow, that neither clips nor
 * keeps to one line (where the badge would be cut off or pushed past the card's edge). Before the
 * anchor, or first in it, where a badge at the end would be cut off (cutBy).
 */
export type Slot = [Element, 'after' | 'append' | 'before' | 'prepend'];

export function badgeSlot(anchor: Element): Slot {
  const view = anchor.ownerDocument.defaultView!;
  const beside = besideSlot(anchor, view);
  if (beside) return [anchor, beside];
  const last = anchor.lastElementChild;
  if (!last || !/^(P|H[1-6])$/.test(last.tagName) || !last.textContent?.trim()) return [anchor, 'append'];
  // (only what ends the anchor: text after it is on a line of its own, which the badge can follow)
  for (let n = last.nextSibling; n; n = n.nextSibling) if (n.textContent?.trim()) return [anchor, 'append'];
  const style = view.getComputedStyle(last);
  return [
    style.display !== 'block' ||
    /abs|fix/.test(style.position) ||
    ONE_LINE.test(style.whiteSpace) ||
    CLIPS.test(style.overflowX)
      ? anchor
      : last,
    'append',
  ];
}

/**
 * Puts a badge host in its slot (in the anchor itself when the page has replaced the slot's element
 * since); nothing when the anchor has no parent any more (its badge is let go by the next prune).
 */
export function placeBadgeHost(anchor: Element, host: Element, [at, how]: Slot): void {
  if (anchor.parentNode) slotTarget(anchor, at)[how](host);
}

/** The element a slot places its badge against: the slot's own, or the anchor once the page replaced it. */
function slotTarget(anchor: Element, at: Element): Element {
  return anchor.contains(at) ? at : anchor;
}

/** The element a badge in this slot is (or will be) a child of. */
export function slotParent(anchor: Element, [at, how]: Slot): Element | null {
  const target = slotTarget(anchor, at);
  return how === 'append' || how === 'prepend' ? target : target.parentElement;
}

/**
 * True when the anchor already has our badge in its slot (a re-scan or a re-render by the site):
 * at the slot's end, or first, where the runtime's cutOff puts a badge the slot's box cuts off
 * (marked so: a dot of the room check after the anchor before is another's), or right before it
 * (an address ending a spread row, whose slot is there). `slot` is
 * badgeSlot(anchor) when the caller has it already (each answer reads computed styles, which
 * forces a style recalc of a page that just changed: ask once per badge).
 */
export function hasBadge(anchor: Element, [at, how] = badgeSlot(anchor)): boolean {
  const [end, first] =
    how === 'after'
      ? [anchor.nextElementSibling, anchor.previousElementSibling]
      : how === 'before'
        ? [anchor.previousElementSibling]
        : [at.lastElementChild, at.firstElementChild];
  const badge = '[data-onchain-lens=badge]';
  return !!(end?.matches(badge) || first?.matches(`${badge}[data-fit=first]`));
}

/** The popover host: fixed to the viewport above everything on the page. */
export function mountPopoverHost(doc: Document, theme: Theme): ShadowMount {
  const mount = shadowMount(doc, 'div', POPOVER_HOST_STYLE, CARD_CSS, theme);
  mount.host.setAttribute('data-onchain-lens', 'popover');
  doc.documentElement.append(mount.host);
  return mount;
}
