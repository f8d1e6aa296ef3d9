import { render } from 'preact';
import { Badge } from '../../components/shared/Badge';
import {
  type BadgeData,
  type BadgeFace,
  badgeText,
  describeBadge,
  hostState,
} from '../../components/shared/badgeFace';
import type { Loadable } from '../../components/shared/Loadable';
import { BUILD_TEST_HOOKS, MIRROR_HOOKS } from '../env';
import type { Found, ScannerOptions } from '../page';
import { afterFrame, whenFrame } from '../page/schedule';
import type { SiteAdapter } from '../sites/types';
import type { AddressKind } from '../views';
import {
  badgeSlot,
  createBadgeHost,
  cutBy,
  hasBadge,
  placeBadgeHost,
  type ShadowMount,
  type Slot,
  slotParent,
} from './host';
import { BADGED, itemOf } from './items';
import { type BadgeRef, createPopover, progressed } from './popover';
import { createRequestQueue } from './queue';
import { createRetrier, errorsOf, transientError } from './retry';
import { createThemePicker } from './theme';
import { type Item, type OnPush, type OverlayConfig, realTimers, type Timers, type ViewAsk } from './types';

export interface OverlayDeps {
  ask: ViewAsk;
  onPush: OnPush;
  document: Document;
  config: Pick<OverlayConfig, 'maxBadges' | 'theme' | 'currency'>;
  adapter?: SiteAdapter;
  createScanner?: (options: ScannerOptions) => unknown;
  timers?: Timers;
  now?: () => number;
  /** mirror each badge's text into data-text (e2e builds only: the shadow roots are closed) */
  testHooks?: boolean;
  gatherMs?: number;
  lazyMs?: number;
  hoverOpenMs?: number;
  hoverCloseMs?: number;
  /** The wait before a failed badge's first retry (default 15 s; test builds shorten it). */
  retryFirstMs?: number;
  /**
   * New badges, and new data for badges already on the page, are written together, in the first
   * animation frame after this many ms (default 120; new badges at once when the cap is reached),
   * and not sooner than twice the time the last commit kept the page busy (its layout: busyMs).
   * 0: each at once (unit tests). Live order updates, rare and watched, are painted at once.
   */
  commitMs?: number;
  /**
   * Test builds: told of each stretch of the overlay's own work outside the scanner's slices
   * (answers and live events painted), for the benchmark's long-task attribution.
   */
  onWork?(start: number, ms: number, what: string): void;
}

interface Entry {
  item: Item;
  model: BadgeData;
  /** the memo: asked once per page, whatever the number of places the address appears */
  requested: boolean;
  mounts: Set<BadgeMount>;
  /** When its data came (answer or live update): kept across page views for ANSWER_KEPT_MS. */
  at?: number;
  /** Its data came from a live update: newer than any answer still on its way (maybe cached). */
  live?: boolean;
}

/**
 * How long answers are reused across page views of a single-page site (X, DEX apps), where a tab
 * may live for hours: then asked again (the background's cache answers at once while fresh).
 */
const ANSWER_KEPT_MS = 60_000;

/** A table cell: its row grows with a badge, so the badge is never made a dot for room. */
const TABLE_CELL = /^T[DH]$/;
/**
 * A text block grew a line when its content is this much taller (px): a pill's border sticks out of
 * its line by up to 3 px (host.ts), which a block's content height counts on its last line.
 */
const GROWN = 4;
/** Pills of one grown text block tried one at a time as the only dot, before all of them are. */
const MAX_SINGLE_DOTS = 3;

/**
 * The dots a text block that grew a line tries, in turn: each of its last pills alone (the last
 * first: a post naming two addresses keeps the pill that did not add the line, whichever it is),
 * then all of them.
 */
function dotTries(hosts: HTMLElement[]): HTMLElement[][] {
  // (document order: a host before the next one, DOCUMENT_POSITION_FOLLOWING)
  hosts.sort((a, b) => (a.compareDocumentPosition(b) & 4 ? -1 : 1));
  const tries = hosts
    .slice(-MAX_SINGLE_DOTS)
    .reverse()
    .map((host) => [host]);
  if (hosts.length > 1) tries.push(hosts);
  return tries;
}

interface BadgeMount {
  entry: Entry;
  shadow: ShadowMount;
  ref: BadgeRef;
  anchor: Element;
  /** Where the host goes (badgeSlot). */
  slot: Slot;
  /** What would cut the badge off at the end of its slot (cutBy), watched for it (cutOff). */
  cut: Element | null;
  watched?: true;
  /** Cut off at the end of its box (cutOff): put first, as a dot, at the next commit. */
  first?: true;
  /** New data for a badge on the page, rendered off the page, swapped in at the next commit. */
  next?: { container: HTMLElement; face: BadgeFace };
}

/**
 * The overlay of one document: badges after found anchors, their data gathered into few messages,
 * one popover. Everything the outside world provides is injected, so tests drive it with a fake ask.
 */
export function createOverlay(deps: OverlayDeps) {
  const doc = deps.document;
  const win = doc.defaultView ?? window;
  const timers = deps.timers ?? realTimers;
  const now = deps.now ?? Date.now;
  const currency = deps.config.currency;
  const pickTheme = createThemePicker(deps.config.theme, win);
  const onWork = deps.onWork;
  /** `fn`, reporting its run time to onWork when there is one (test builds; gone from store builds). */
  const timed = <A extends unknown[]>(what: string, fn: (...args: A) => void): ((...args: A) => void) =>
    BUILD_TEST_HOOKS && onWork
      ? (...args) => {
          const t = win.performance.now();
          try {
            fn(...args);
          } finally {
            onWork(t, win.performance.now() - t, what);
          }
        }
      : fn;
  const entries = new Map<string, Entry>();
  const mounts = new Set<BadgeMount>();
  const byAnchor = new WeakMap<Element, BadgeMount>();
  const classified = new Map<string, AddressKind | 'pending'>();
  const waiting = new Map<string, { found: Found; visible: boolean }[]>();
  let adapter = deps.adapter;
  let page: AbortController | null = null;
  let hoverTimer: unknown = null;
  let closeTimer: unknown = null;
  let expanded: BadgeMount | null = null;

  // Live: a badge of it on the page, or (an address whose classification failed) an anchor still
  // waiting for its class.
  const isLive = (key: string) => {
    const e = entries.get(key);
    return (
      !!e &&
      ([...e.mounts].some(onPage) || !!waiting.get(e.item.address)?.some((w) => w.found.anchor.isConnected))
    );
  };
  // Transient failures are asked again later, on their own, grouped and bounded (lib/overlay/retry.ts).
  // The badge keeps its error (reason on hover) meanwhile: a retry never flips it back to loading.
  const retrier = createRetrier({
    timers,
    firstMs: deps.retryFirstMs,
    isLive,
    tabVisible: () => doc.visibilityState !== 'hidden',
    retry: timed('retry', (keys: string[]) => {
      for (const key of keys) {
        const entry = entries.get(key);
        if (entry) queue.want(entry.item, true);
      }
    }),
  });
  const onVisibility = () => {
    if (doc.visibilityState !== 'hidden') retrier.resume();
  };
  doc.addEventListener('visibilitychange', onVisibility);

  const queue = createRequestQueue({
    ask: deps.ask,
    timers,
    gatherMs: deps.gatherMs,
    lazyMs: deps.lazyMs,
    onResult: timed('answer', (item: Item, data: Loadable<unknown>) => {
      // A failed classification: an entry without badges carries the error, so the retrier, a
      // network back (retryFailed) and a new page view (stopPage: a new key) treat it as a badge's.
      // The address stays 'pending' meanwhile, its anchors waiting: found again, it is not re-asked.
      if (item.kind === 'unknown') entries.set(item.key, { item, mounts: new Set() } as Entry);
      const entry = entries.get(item.key);
      // A live update came while this was asked: it is the newer (the answer may be a cached one).
      if (!entry || entry.live) return;
      entry.model = { kind: entry.item.kind, data } as BadgeData;
      entry.at = now();
      retrier.settled(item.key, data);
      for (const m of entry.mounts) write(m);
      // A popover opened before the data came shows it now (an event's odds are the badge's).
      if (expanded?.entry === entry) popover.paint();
    }),
    onClassified: timed('classified', (address: string, kind?: AddressKind) => {
      const list = waiting.get(address) ?? [];
      waiting.delete(address);
      // Left out of the answer (its lookup failed): forgotten, so asked about again when found again.
      if (!kind) return void classified.delete(address);
      classified.set(address, kind);
      if (!BADGED.has(kind)) return;
      mayPrune = true;
      for (const w of list) add({ ...w.found, kind, address } as Found, w.visible);
    }),
  });

  const popover = createPopover({
    doc,
    ask: deps.ask,
    timers,
    now,
    currency,
    onChange(open) {
      const before = expanded;
      expanded = open ? ([...mounts].find((m) => m.ref === open) ?? null) : null;
      if (before) paint(before);
      if (expanded) paint(expanded);
    },
    onHover: (inside) => (inside ? clearClose() : scheduleClose()),
    testHooks: MIRROR_HOOKS && deps.testHooks,
  });

  const unlisten = deps.onPush(
    timed('live', (event: Parameters<Parameters<OnPush>[0]>[0]) => {
      popover.live(event);
      const order = event.order;
      const entry = order ? entries.get(`order:${order.address}`) : undefined;
      if (order && entry) {
        entry.model = { kind: 'order', data: { status: 'ready', value: order } };
        entry.live = true;
        entry.at = now();
        retrier.settled(entry.item.key, entry.model.data);
        for (const m of entry.mounts) paint(m);
      }
      const fill = event.fill;
      const filled = fill && !order ? entries.get(`order:${fill.order}`) : undefined;
      if (fill && filled?.model.kind === 'order' && filled.model.data.status === 'ready') {
        filled.model = {
          kind: 'order',
          data: { status: 'ready', value: progressed(filled.model.data.value, fill) },
        };
        for (const m of filled.mounts) paint(m);
      }
    }),
  );

  /** Renders the badge's current data into `container` (its own, or an off-page buffer). */
  function renderInto(m: BadgeMount, container: HTMLElement): BadgeFace {
    const model = m.entry.model;
    const face = describeBadge(model, currency);
    render(
      <Badge
        {...model}
        face={face}
        currency={currency}
        expanded={expanded === m}
        onActivate={() => activate(m)}
        onHoverStart={() => hoverStart(m)}
        onHoverEnd={() => hoverEnd(m)}
      />,
      container,
    );
    return face;
  }

  /** Paints the badge now, where it is (a buffered repaint waiting for the commit is dropped). */
  function paint(m: BadgeMount): void {
    dropNext(m);
    mark(m, renderInto(m, m.shadow.container));
  }

  function dropNext(m: BadgeMount): void {
    if (m.next) render(null, m.next.container);
    m.next = undefined;
  }

  function mark(m: BadgeMount, face: BadgeFace): void {
    const host = m.shadow.host;
    host.setAttribute('data-state', hostState(face));
    if (face.errorCode) host.setAttribute('data-error-code', face.errorCode);
    else host.removeAttribute('data-error-code');
    // Test hook: the shadow root is closed, so e2e tests read the badge's text from here.
    if (MIRROR_HOOKS && deps.testHooks) host.setAttribute('data-text', badgeText(face));
  }

  /**
   * The overlay's writes to the page, gathered: badges made (host, shadow root, first paint) but not
   * on the page yet, with where each goes, and badges on the page whose data changed. They are
   * written together, in an animation frame (before its layout) `commitMs` after the first of them:
   * on a long page every write is followed by a layout of what it touched, and in a big table a
   * cell's new content makes the browser lay the whole table out again (column widths depend on
   * every cell), 100 ms and more on the benchmark's heavy page. Written as they came, the first
   * pass's badges and then their answers cost one such layout per frame they were spread over;
   * gathered, one per commit. Data is asked for as soon as a badge is made (so no request waits),
   * and a badge's own changes on hover or click are painted at once. New data for a badge on the
   * page is rendered off the page when it arrives (rendering 200 badges at once took 30 to 60 ms on
   * a slow machine, one long task), and the commit only swaps the rendered content in.
   */
  const writes = new Set<BadgeMount>();
  const commitMs = deps.commitMs ?? 120;
  /**
   * How long the last commit kept the page busy: from the commit to the first task after its frame
   * (the layout of what it wrote: on the benchmark's heavy table 70 to 650 ms a commit, while
   * answers trickle in for seconds). The next commit waits at least twice that, so such a page has
   * two thirds of the time to itself between them instead of a commit every 120 ms after each
   * frame; on a light page the frame takes a few ms and commitMs decides. Counted as 1 s at most, so
   * no commit waits more than 2 s.
   */
  let busyMs = 0;
  let commitTimer: unknown = null;
  let cancelFrame: (() => void) | null = null;

  /**
   * Badges whose pill or dot the next commit decides again, for a window resized: the text they
   * flow in has more room or less now (commit). Not those in table cells or in boxes that cut them
   * off (flowBlock: cutOff watches those).
   */
  const resized = new Set<BadgeMount>();
  const onResize = () => {
    for (const m of mounts) resized.add(m);
    commitInFrame();
  };
  win.addEventListener('resize', onResize);

  /** The badge is on the page, or will be at the next commit (its anchor still is). */
  function onPage(m: BadgeMount): boolean {
    return m.shadow.host.isConnected || (writes.has(m) && m.anchor.isConnected);
  }

  /**
   * A new badge to put on the page (`place`), or new data for one: painted now while it is off the
   * page (that costs the page nothing), else written at the next commit.
   */
  function write(m: BadgeMount, place = false): void {
    if (!place && !m.shadow.host.isConnected) paint(m);
    else if (commitMs <= 0) apply(m);
    else {
      if (!place) {
        // rendered off the page now, swapped in at the commit
        dropNext(m);
        const container = m.shadow.container.cloneNode() as HTMLElement;
        m.next = { container, face: renderInto(m, container) };
      }
      gather(m, place && mounts.size >= deps.config.maxBadges);
    }
  }

  /**
   * Keeps a write for the next commit: in commitMs, or in the next frame at the cap (no more badges
   * can come); either way not sooner than twice the last commit's busy time (busyMs).
   */
  function gather(m: BadgeMount, atCap: boolean): void {
    writes.add(m);
    if (atCap && !busyMs) commitInFrame();
    else
      commitTimer ??= timers.setTimeout(
        () => {
          commitTimer = null;
          commitInFrame();
        },
        Math.max(commitMs, 2 * busyMs),
      );
  }

  /** One badge's write: put on the page, or (on it already) repainted, from its buffer if any. */
  function apply(m: BadgeMount): void {
    const host = m.shadow.host;
    if (m.first) {
      m.first = undefined;
      placeBadgeHost(m.anchor, host, m.slot);
      // ("first": a re-rendered anchor finds it there, hasBadge)
      host.setAttribute('data-fit', 'first');
      // Moved only: nothing new to show. (Painted again, 300 moved badges took 40 to 60 ms.)
      if (!m.next) return;
    }
    if (!host.isConnected) placeBadgeHost(m.anchor, host, m.slot);
    // A focused badge (keyboard) is repainted in place: swapped, its button would lose the focus.
    else if (!m.next || m.shadow.root.activeElement) paint(m);
    else {
      const { container, face } = m.next;
      const old = m.shadow.container;
      old.replaceWith(container);
      m.shadow.container = container;
      m.next = undefined;
      mark(m, face);
      render(null, old); // off the page now: its effects cleaned up
    }
  }

  function commitInFrame(): void {
    timers.clearTimeout(commitTimer);
    commitTimer = null;
    cancelFrame ??= whenFrame(commit, win);
  }

  /**
   * The text block a badge flows in (a paragraph, a post's text): its nearest box that is not
   * inline, a few boxes up. None for a badge in a table cell (its row grows with it; and the heavy
   * benchmark page's cells, read, made each commit lay out its table), in a box that keeps to one
   * line (cutOff), or a dot already.
   */
  function flowBlock(m: BadgeMount): Element | null {
    const host = m.shadow.host;
    if (m.cut || (host.hasAttribute('data-fit') && !resized.has(m))) return null;
    let box = host.parentElement ?? slotParent(m.anchor, m.slot);
    for (let i = 0; box && box !== doc.body && i < 4; box = box.parentElement, i++) {
      if (TABLE_CELL.test(box.tagName)) return null;
      if (!/^(inline|contents)$/.test(win.getComputedStyle(box).display)) return box;
    }
    return null;
  }

  /**
   * Writes what was gathered since the last commit (in a frame, before its layout). A pill that
   * would add a line to the text it flows in (everything below it on the page moving down: a
   * timeline, an article) is a dot instead, unless a dot adds that line too. Heights are read
   * before the writes and after, in this frame, so the line never shows. The height of its content
   * (scrollHeight), not of its box: a post the page clamps to a few lines (-webkit-line-clamp, a
   * fixed height) keeps its height, and a line added there pushes its last shown line out of sight.
   * Two layouts, and one more per try for a block that grew (most blocks get one badge a commit:
   * one try; four at most), and none for badges in table cells.
   */
  const commit = timed('commit', () => {
    cancelFrame = null;
    const t = now();
    // (at most 1 s: a hidden tab's timers are held back for seconds, even minutes)
    timers.setTimeout(() => (busyMs = Math.min(now() - t, 1000)), 0);
    const flow = new Map<Element, { was: number; hosts: HTMLElement[] }>();
    for (const m of new Set([...writes, ...resized])) {
      const block = flowBlock(m);
      if (block) {
        const seen = flow.get(block);
        if (seen) seen.hosts.push(m.shadow.host);
        else flow.set(block, { was: 0, hosts: [m.shadow.host] });
      } else resized.delete(m);
    }
    // A resized one is measured as a dot, then tried as a pill: a pill again unless it adds a line.
    for (const m of resized) m.shadow.host.setAttribute('data-fit', '');
    for (const [block, seen] of flow) seen.was = block.scrollHeight;
    for (const m of resized) m.shadow.host.removeAttribute('data-fit');
    for (const m of writes) {
      apply(m);
      // (a badge in a box that keeps to one line is watched for being cut off, never wraps)
      if (m.cut) {
        if (!m.watched) cutOff(m);
      } else if (toFit.push(m.shadow.host) === 1) afterFrame(win).then(fit);
    }
    writes.clear();
    resized.clear();
    // A grown block's dots are tried in turn (dotTries), one read per round for all blocks; the
    // first try that keeps it to its height stays. When all its dots still grow it, a dot adds the
    // line too: its pills come back.
    let grown = [...flow]
      .filter(([block, { was }]) => block.scrollHeight > was + GROWN)
      .map(([block, { was, hosts }]) => ({ block, was, hosts, tries: dotTries(hosts) }));
    for (let round = 0; grown.length; round++) {
      for (const g of grown)
        for (const host of g.hosts) host.toggleAttribute('data-fit', g.tries[round]!.includes(host));
      grown = grown.filter(({ block, was, hosts, tries }) => {
        if (block.scrollHeight <= was + GROWN) return false;
        if (round + 1 < tries.length) return true;
        for (const host of hosts) host.removeAttribute('data-fit');
        return false;
      });
    }
  });

  /**
   * A badge cut off at the end of a one-line box that clips (an ellipsis cell holding a whole
   * address, cutBy) goes first instead, before its address, as a dot: it shows, and the address
   * keeps most of the cell. A roomy cell keeps its pill. Measured by an intersection observer rooted
   * at that box, in the frames' own update after layout: read in a task instead, the heavy benchmark
   * page's cells (one line, clipping) made each read lay out its table again (one 318 ms stretch in
   * the scroll burst). A pill that fits stays watched, for a box made narrower later or a wider pill
   * (new data); one not laid out yet (in a hidden panel) is checked once its host has a size. A
   * badge with the keyboard's focus stays where it is (moved, it would lose the focus). The move
   * is written at the next commit, with the other writes: made in the observer's report, it was one
   * more layout of the heavy page's table (a second 200 to 500 ms frame after each commit).
   */
  function cutOff(m: BadgeMount, again = false): void {
    m.watched = true;
    const host = m.shadow.host;
    const io = new win.IntersectionObserver(
      ([e]) => {
        const { width } = e!.boundingClientRect;
        if (!host.isConnected) io.disconnect();
        else if (!width) {
          io.disconnect();
          // Once, and only when the host has a size: a resize observer reports at once, even a
          // zero size, and an observer that still saw none would start this again every frame.
          if (again) return;
          const ro = new win.ResizeObserver(([r]) => {
            if (!r!.contentRect.width) return;
            ro.disconnect();
            cutOff(m, true);
          });
          ro.observe(host);
        } else if (e!.intersectionRect.width < width - 1 && !m.shadow.root.activeElement) {
          io.disconnect();
          m.slot[1] = m.slot[1] === 'append' ? 'prepend' : 'before';
          m.first = true;
          gather(m, false);
        }
      },
      // Cut across only: a pill sticks out of its line by 3 px at the top and bottom, which a
      // one-line box of the line's height clips (and a ratio below 1 from the start would never
      // cross the threshold again when the box is made narrower).
      { root: m.cut, threshold: 1, rootMargin: '8px 0px' },
    );
    io.observe(host);
  }

  /** Badges the last commits wrote, checked for room once the next frame is rendered (fit). */
  const toFit: HTMLElement[] = [];

  /**
   * A badge with no room beside its anchor becomes a dot (its colour; its name and popover as
   * before): in a box of fixed height (a virtualized list's row) a pill that wrapped onto a line
   * below covered the next row or went out of sight, and one that fit pushed the row's own text
   * after it (an amount, a time) onto such a line. Such a box is one whose content is taller than it
   * by about a line: more than the 3 px a pill sticks out of its line box (a paragraph grows around
   * a wrapped badge, which is left as it is), less than a scroller's or the page's overflow; and the
   * badge is on its last line that shows or below it (a badge higher up in a box that overflows,
   * a panel's, pushed nothing out of sight). Up to six boxes up: list rows nest their cells deep. A
   * badge in a table cell is not read at all: a table row grows with its cells (nor one in a box
   * that cuts it off, which keeps to one line: cutOff).
   * Read in a task after the frame is rendered, when the page is laid out. (A resize observer's
   * callback, in the frame itself, made every frame of the benchmark's scroll burst a long one: its
   * 120 ms table layout done again.) Written once everything is read.
   */
  const fit = timed('fit', () => {
    const tight: Element[] = [];
    for (const host of toFit.splice(0)) {
      // (a host the page took out has no parent; nothing is read before this test)
      const parent = host.parentElement;
      if (!parent || TABLE_CELL.test(parent.tagName)) continue;
      // (one not laid out, in a hidden panel, has no box: it pushes nothing yet)
      const bottom = host.getBoundingClientRect().bottom;
      if (!bottom) continue;
      for (
        let box: Element | null = parent, i = 0;
        box && box !== doc.body && i < 6;
        box = box.parentElement, i++
      ) {
        // (an inline box has no client height: Firefox gives it a content height all the same)
        const height = box.clientHeight;
        const over = height && box.scrollHeight - height;
        if (over > 4 && over < 48) {
          if (box.getBoundingClientRect().bottom - bottom < over) tight.push(host);
          break;
        }
      }
    }
    for (const host of tight) host.setAttribute('data-fit', '');
  });

  function cancelCommit(): void {
    timers.clearTimeout(commitTimer);
    commitTimer = null;
    cancelFrame?.();
    cancelFrame = null;
    writes.clear();
    resized.clear();
  }

  /**
   * Lets go of the badges the page has removed (with their rows, in a virtualized list). Once per
   * batch of found items at most: the page runs no script while a batch is handled, so a second
   * pass over every badge would find nothing more (and at the cap it was one pass per item).
   */
  let mayPrune = true;
  function prune(): void {
    if (!mayPrune) return;
    mayPrune = false;
    for (const m of mounts) if (!onPage(m)) unmount(m);
  }

  function unmount(m: BadgeMount): void {
    writes.delete(m);
    dropNext(m);
    if (expanded === m) popover.close(false);
    render(null, m.shadow.container);
    m.shadow.host.remove();
    mounts.delete(m);
    m.entry.mounts.delete(m);
    byAnchor.delete(m.anchor);
  }

  function mountBadge(f: Found, item: Item): BadgeMount | null {
    if (mounts.size >= deps.config.maxBadges) prune();
    if (mounts.size >= deps.config.maxBadges) return null;
    // Reads computed styles: no write to the page comes between these reads (badges are made off
    // the page and put on it together at the next commit), so they force no style recalculation.
    const slot = badgeSlot(f.anchor);
    if (hasBadge(f.anchor, slot)) return null;
    let entry = entries.get(item.key);
    if (!entry) {
      entry = {
        item,
        model: { kind: item.kind, data: { status: 'loading' } } as BadgeData,
        requested: false,
        mounts: new Set(),
      };
      entries.set(item.key, entry);
    }
    const theme = pickTheme(f.anchor);
    if (!f.anchor.parentNode) return null;
    const shadow = createBadgeHost(doc, theme);
    // (before an address ending a spread row: the row's free space goes left of the badge, badgeSlot)
    if (slot[1] === 'before') shadow.host.style.marginLeft = 'auto';
    // Test builds: what the badge is about, for e2e tests. Store builds leave the page no record of
    // what the service said each address is.
    if (MIRROR_HOOKS && deps.testHooks) {
      shadow.host.setAttribute('data-kind', item.kind);
      shadow.host.setAttribute('data-address', item.address);
    }
    const owner = entry;
    const ref: BadgeRef = {
      item,
      get model() {
        return owner.model;
      },
      theme,
      host: shadow.host,
      focus: () => shadow.root.querySelector('button')?.focus(),
    };
    const m: BadgeMount = { entry, shadow, ref, anchor: f.anchor, slot, cut: cutBy(slot) };
    entry.mounts.add(m);
    mounts.add(m);
    byAnchor.set(f.anchor, m);
    paint(m);
    write(m, true);
    return m;
  }

  function add(f: Found, visible: boolean): void {
    const item = itemOf(f);
    if (!item) return;
    if (item.kind === 'unknown') {
      const known = classified.get(item.address);
      if (known && known !== 'pending') {
        if (BADGED.has(known)) add({ ...f, kind: known } as Found, visible);
        return;
      }
      const list = waiting.get(item.address) ?? [];
      list.push({ found: f, visible });
      waiting.set(item.address, list);
      if (!known) classified.set(item.address, 'pending');
      if (!known || (visible && queue.has(item.key))) queue.want(item, visible);
      return;
    }
    const m = byAnchor.get(f.anchor) ?? mountBadge(f, item);
    if (!m) return;
    if (!m.entry.requested) {
      m.entry.requested = true;
      queue.want(m.entry.item, visible);
    } else if (visible && queue.has(item.key)) {
      queue.want(m.entry.item, true); // seen after all: move it ahead of the off-screen ones
    }
  }

  function clearHover(): void {
    timers.clearTimeout(hoverTimer);
    hoverTimer = null;
  }
  function clearClose(): void {
    timers.clearTimeout(closeTimer);
    closeTimer = null;
  }
  function scheduleClose(): void {
    clearClose();
    if (popover.openedBy() !== 'hover') return;
    closeTimer = timers.setTimeout(() => {
      closeTimer = null;
      if (popover.openedBy() === 'hover') popover.close(false);
    }, deps.hoverCloseMs ?? 300);
  }
  function activate(m: BadgeMount): void {
    clearHover();
    clearClose();
    if (popover.current() === m.ref && popover.openedBy() === 'keyboard') popover.close(true);
    else popover.open(m.ref, 'keyboard');
  }
  function hoverStart(m: BadgeMount): void {
    clearClose();
    if (popover.current() === m.ref) return;
    clearHover();
    hoverTimer = timers.setTimeout(() => {
      hoverTimer = null;
      if (m.shadow.host.isConnected) popover.open(m.ref, 'hover');
    }, deps.hoverOpenMs ?? 250);
  }
  function hoverEnd(m: BadgeMount): void {
    clearHover();
    if (popover.current() === m.ref) scheduleClose();
  }

  /** Never let a bug or a strange page turn into an exception in the page's console. */
  const guard =
    (visible: boolean) =>
    (items: Found[]): void => {
      mayPrune = true;
      for (const f of items) {
        try {
          add(f, visible);
        } catch {
          // one odd anchor must not stop the others
        }
      }
    };

  const unpend = (address: string) => classified.get(address) === 'pending' && classified.delete(address);

  function stopPage(): void {
    page?.abort();
    page = null;
    clearHover();
    clearClose();
    popover.close(false);
    retrier.clear();
    for (const item of queue.clear()) {
      const entry = entries.get(item.key);
      if (entry) entry.requested = false;
      unpend(item.address);
    }
    waiting.clear();
    cancelCommit();
    for (const m of [...mounts]) unmount(m);
    for (const [key, entry] of entries) {
      // Failures are worth another try on the next page view; answers are kept a while (the memo);
      // one still loading (no `at`) is kept, its answer on its way.
      const stale = entry.at !== undefined && now() - entry.at > ANSWER_KEPT_MS;
      // (A failed classification too: its address, still pending, is asked about again when found.)
      if (errorsOf(entry.model.data).length || stale) entries.delete(key) && unpend(entry.item.address);
    }
  }

  return {
    /** Starts a page view: a fresh AbortSignal for the scanner, badges from a clean slate. */
    startPage(next?: SiteAdapter): void {
      stopPage();
      if (next) adapter = next;
      page = new AbortController();
      if (!adapter || !deps.createScanner) return;
      deps.createScanner({
        root: doc.body ?? doc.documentElement,
        adapter,
        signal: page.signal,
        maxPerPage: deps.config.maxBadges,
        onFound: guard(false),
        onVisible: guard(true),
        // The anchor shows something else now: its badge goes (what it shows now comes as found).
        onLost(anchor) {
          const m = byAnchor.get(anchor);
          if (m) unmount(m);
        },
        // The page took a badge out but kept its anchor (it rewrote the text the badge ended):
        // the badge goes back at the next commit. (Ours, unmounted, is in no mount any more.)
        onUiRemoved(host) {
          for (const m of mounts) if (m.shadow.host === host && m.anchor.isConnected) write(m, true);
        },
      });
    },
    stopPage,
    /** The network is back: badges showing a failure worth another try are asked again now. */
    retryFailed(): void {
      for (const [key, entry] of entries)
        if (transientError(entry.model.data) && isLive(key)) queue.want(entry.item, true);
    },
    /** Found occurrences (the scanner's onFound); `visible` for its onVisible. */
    found: guard(false),
    visible: guard(true),
    destroy(): void {
      stopPage();
      unlisten();
      doc.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('resize', onResize);
    },
  };
}
