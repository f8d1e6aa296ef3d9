import { findAddresses } from '../detect/address';
import { kindInText, parseLink } from '../detect/links';
import type { AddressKind, LinkTarget, PredictionEvent } from '../detect/types';
import { BUILD_TEST_HOOKS } from '../env';
import type { SiteAdapter } from '../sites/types';
import { ANCHOR_ATTR, isSkippedTag, OWN_UI_ATTR, wrapHits } from './dom';
import { capOverride, createProbe } from './probe';
import { createSlicer, whenFrame, whenIdle, yieldToIdle } from './schedule';
import type { Found } from './types';

export interface ScannerOptions {
  /** Subtree to read and watch; default document.body. */
  root?: Element;
  adapter: SiteAdapter;
  /** Aborting stops everything: observers disconnected, pending work dropped. */
  signal?: AbortSignal;
  /** Called with each batch of new occurrences (at most once per time slice). */
  onFound(items: Found[]): void;
  /** Called when found anchors first come into view (fetch these first). */
  onVisible?(items: Found[]): void;
  /**
   * Called when an anchor no longer shows what it was reported for: a link whose href the page
   * changed, an element whose text (the address) it rewrote in place, as virtualized lists and
   * framework re-renders do with recycled rows. What it shows now, if anything, is reported again.
   */
  onLost?(anchor: Element): void;
  /**
   * Called with an element of the overlay's own UI (a badge host) the page took out: a framework
   * rewriting the text of the paragraph a badge sits at the end of takes the badge with it. Not for
   * one moved (on the page still when the records are read).
   */
  onUiRemoved?(el: Element): void;
  /**
   * Occurrences on the page at a time at most (default 300): at the cap the scanner pauses, and
   * resumes where it stopped once the page has removed some of them (a virtualized list scrolling).
   */
  maxPerPage?: number;
  /** Work per task before yielding to the page, in ms (default 8). */
  budgetMs?: number;
  /** Clock hook (tests). */
  now?: () => number;
  /** Waits between slices of one pass (tests; default: until the page is idle, yieldToIdle). */
  yieldToPage?: () => Promise<void>;
}

export interface Scanner {
  /** Resolves when everything queued so far (including pending mutations) has been read. */
  idle(): Promise<void>;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const SHOW_TEXT = 0x4;
/** The shortest address: shorter text cannot hold one. */
const MIN_TEXT = 32;
/** Time is read every this many text nodes while walking (reading the clock per node costs more). */
const CLOCK_EVERY = 16;
/** Items handed to the overlay at a time, so its mounting work is time-sliced too. */
const DELIVER_CHUNK = 16;
/** Text hits gathered before they are anchored (so badges appear progressively on long pages). */
const ANCHOR_BATCH = 128;

/** What the ancestors of an element imply (the old `closest()` questions, answered once per element). */
interface Context {
  /** Inside an ignored region (our UI, inputs, editable regions, scripts, the adapter's ignore). */
  skip: boolean;
  /** Not read as text: `skip`, or inside a button (a control's label). */
  textSkip: boolean;
  /** Inside the adapter's text scope. */
  inScope: boolean;
  /** The nearest `a[href]` ancestor (or self). */
  link: Element | null;
}

/** Text hits of one text node, found by the detection pass, anchored later. */
interface PendingText {
  node: Text;
  data: string;
  hits: { address: string; index: number; kind: AddressKind }[];
}

/** A walk in progress over one queued subtree (kept across time slices). */
interface Walk {
  el: Element;
  links: NodeListOf<Element> | null;
  linkIndex: number;
  walker: TreeWalker | null;
}

/**
 * The one scanner behind every site adapter: a walk over the root, then a MutationObserver that
 * reads only what was added or changed. Work runs in time slices of `budgetMs`, each in an idle
 * callback but for the page's changes, read in the MutationObserver's callback and the next frame
 * (see there), so it never makes a long task; each node is read once.
 *
 * Three steps per slice, each measured on its own by the test-build probe:
 * 1. detection (reads only, but for claiming an anchor an earlier scanner of the page left): text
 *    nodes via a text-only TreeWalker, links and attributes via querySelectorAll; addresses found,
 *    validated and classified; ancestors' skip/scope/link answers cached per element until the page
 *    removes nodes or the drain ends;
 * 2. anchoring (DOM writes): each text hit wrapped in an inline span, the badge's anchor (an
 *    address that is all of its element's text needs none: that element is the anchor);
 * 3. delivery: found items handed to the overlay in small chunks, within the same time budget.
 */
export function createScanner(options: ScannerOptions): Scanner {
  const { adapter, onFound, onVisible, onLost, signal } = options;
  const root = options.root ?? document.body ?? document.documentElement;
  const doc = root.ownerDocument;
  const win = (doc.defaultView ?? globalThis) as typeof globalThis;
  // Test builds only: the benchmark's timing probe (and its cap, so a heavy page is read whole).
  const probe = BUILD_TEST_HOOKS ? createProbe(doc) : null;
  const badgeCap = options.maxPerPage ?? 300;
  const max = (BUILD_TEST_HOOKS && capOverride(doc)) || badgeCap;
  const now = options.now ?? (() => win.performance.now());
  const pause = options.yieldToPage ?? (() => yieldToIdle(win));
  const slicer = createSlicer(now, options.budgetMs ?? 8);

  const { sources } = adapter;
  const wantAddresses = adapter.addresses !== false;
  const wantEvents = adapter.events !== false;
  const linkSelector = sources.links === true ? 'a[href]' : sources.links || null;
  const textScope = sources.text === true ? '' : sources.text || null; // '' = everywhere, null = off
  const readText = textScope !== null && wantAddresses;
  const attributes = wantAddresses ? Object.entries(sources.attributes ?? {}) : [];
  const elementSelector = [linkSelector, ...attributes.map(([name]) => `[${name}]`)]
    .filter(Boolean)
    .join(', ');
  const ignore = adapter.ignore || null;
  const base = adapter.origin ?? doc.baseURI;

  // Which scanner made an anchor is written on it (ANCHOR_ATTR): its text is known to be reported
  // without a weak table entry per occurrence.
  const id = Math.random().toString(36).slice(2, 10);
  // Weak tables keyed by page nodes cost the garbage collector: their entries are ephemerons, traced
  // against the whole DOM in the pause that ends a major GC, which lands in the page's own script (a
  // trace of the heavy page's scroll burst showed 15 of such a pause's 45 ms spent on them). So the
  // page elements reported as anchors (links, attribute holders, elements whose text is an address)
  // are held in a plain Map: at most about the cap of them (badges need them alive anyway; those the
  // page removed are let go when the cap is reached), all let go when the scanner stops. Only
  // anchors watched for visibility are in a weak table (at most the badge cap, unobserved once seen).
  // The value is the address reported there (the event's key for an event).
  const reported = new Map<Element, string>();
  /** Elements reported as anchors because their own text is the address (see scanText). */
  const byText = new Set<Element>();
  const hrefTargets = new Map<string, LinkTarget | null>();
  const foundAt = new WeakMap<Element, Found>();
  // Answers about ancestors hold while the page moves nothing: they are dropped at the start of
  // every drain (attributes may have changed meanwhile) and whenever the page removes nodes (it may
  // have moved them), not when it only adds some.
  // A Map cleared in place, not a WeakMap made anew: weak tables keyed by DOM nodes are ephemerons the
  // garbage collector must trace against the page's whole DOM, and one new table per slice of a burst
  // left hundreds of them to the page's next major GC (which lands in the page's own script).
  const contexts = new Map<Element, Context>();
  let contextsStale = false;
  /**
   * Text nodes split to wrap their addresses, with the pieces made of them. The page's script may
   * hold such a node (React and Vue write updates into the node they made), and after the split it
   * holds only the text before the first address: when the page writes into it, or removes it, the
   * pieces are taken out (the page's text wins, and is read again), and when the scanner stops the
   * node gets its whole text back. Else an update would show the new address beside the old one.
   */
  const splits = new Map<Text, { parent: Node; made: Node[]; data: string }>();
  let pruneSplitsAt = 1024;
  const queue: Node[] = [];
  const queued = new Set<Node>();
  let head = 0;
  let walk: Walk | null = null;
  let pending: PendingText[] = [];
  let pendingHits = 0;
  let batch: Found[] = [];
  let batchHead = 0;
  /** Anchors reported that may still be on the page (the cap counts these). */
  const live: Element[] = [];
  /** Paused at the cap, until the page removes nodes. */
  let full = false;
  /** The page removed nodes since the last count of anchors still on it. */
  let removedSince = false;
  let stopped = false;
  let running = false;
  let cancelScheduled: (() => void) | null = null;
  const idleWaiters: (() => void)[] = [];

  // Anchors watched for visibility at a time: at most the overlay's badge cap (the only ones it can
  // show). Each watched target costs the page's every frame, so a test build reading a whole heavy
  // page (capOverride) must not watch tens of thousands.
  let watching = 0;
  const visibility =
    onVisible && typeof win.IntersectionObserver === 'function'
      ? new win.IntersectionObserver(
          (entries) => {
            const visible: Found[] = [];
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              const item = foundAt.get(entry.target);
              if (item) visible.push(item);
              visibility?.unobserve(entry.target);
              watching--;
            }
            if (visible.length && !stopped) onVisible(visible);
          },
          { rootMargin: '200px' },
        )
      : null;

  // The page's own changes are read at once, in one slice right after the page's script (the
  // observer's callback), and what is left in the next frame, before its style and layout: the
  // anchors we write are laid out together with the page's change. An idle callback runs after the
  // frame, so its writes cost the page one more layout of what just changed (on a huge table, all
  // of it), and work done inside the frame makes the frame itself longer.
  const mutations = new win.MutationObserver((records) => {
    takeRecords(records);
    if (!running && !cancelScheduled && !stopped) runNow();
    else schedule(true);
  });

  function takeRecords(records: MutationRecord[]): void {
    for (const record of records) {
      if (record.type === 'characterData') {
        if (splits.size) unsplit(record.target as Text, false);
        enqueue(record.target);
      } else if (record.type === 'attributes') {
        // An href or an address attribute changed (only those are watched): read it again.
        if (!isOwnUi(record.target)) enqueue(record.target);
      } else {
        for (const node of record.addedNodes) {
          // The overlay's own badges are never read (their text is ours).
          if (node.nodeType === TEXT_NODE || (node.nodeType === ELEMENT_NODE && !isOwnUi(node)))
            enqueue(node);
        }
        // Only a removal can change what an element already answered (a node moved elsewhere is
        // removed, then added): added nodes are new to the table, and the overlay's own badges,
        // added and removed next to anchors, change no one's ancestors.
        for (const node of record.removedNodes) {
          if (splits.size) unsplit(node as Text, false);
          if (isOwnUi(node)) {
            // (ours moved, by the overlay or the page, is on the page still: not reported)
            if (!node.isConnected) options.onUiRemoved?.(node as Element);
          } else contextsStale = removedSince = true;
        }
      }
    }
    if (full && removedSince) full = false; // some anchors may be gone from the page: try again
  }

  /** Takes out the pieces made of a split node (see splits); `restore`: its whole text back too. */
  function unsplit(node: Text, restore: boolean): void {
    const split = splits.get(node);
    if (!split) return;
    splits.delete(node);
    for (const piece of split.made) {
      if (piece.parentNode !== split.parent) continue;
      split.parent.removeChild(piece);
      if (piece.nodeType === ELEMENT_NODE && !stopped) forget(piece as Element);
    }
    if (restore && node.parentNode === split.parent) node.data = split.data;
  }

  function enqueue(node: Node): void {
    if (stopped || queued.has(node)) return;
    queued.add(node);
    queue.push(node);
  }

  /** Nodes are left to read (and the scanner is not paused at the cap). */
  function reading(): boolean {
    return !full && (head < queue.length || walk !== null);
  }

  function hasWork(): boolean {
    return reading() || pending.length > 0 || batchHead < batch.length;
  }

  /**
   * True at the cap (and then paused): anchors on the page plus hits waiting for theirs reach it,
   * once those the page removed are let go.
   */
  function atCap(): boolean {
    if (live.length + pendingHits < max) return false;
    if (removedSince) {
      removedSince = false;
      let kept = 0;
      for (const anchor of live) {
        if (anchor.isConnected) live[kept++] = anchor;
        else {
          // Put back later (a virtualized list re-attaching the row), it is reported again: an
          // anchor span of ours is unmarked, so it is claimed like one a previous scanner left.
          if (!reported.delete(anchor)) anchor.setAttribute(ANCHOR_ATTR, '');
          byText.delete(anchor);
        }
      }
      live.length = kept;
      if (kept + pendingHits < max) return false;
    }
    full = true;
    return true;
  }

  function ownContext(el: Element, parent: Context | undefined): Context {
    const tag = el.localName;
    // Most elements carry no attribute at all: one call answers the three attribute questions.
    const attrs = el.hasAttributes();
    const skip =
      (parent?.skip ?? false) ||
      isSkippedTag(tag) ||
      (attrs && (el.hasAttribute(OWN_UI_ATTR) || isEditable(el))) ||
      (ignore !== null && el.matches(ignore));
    const textSkip = skip || (parent?.textSkip ?? false) || tag === 'button';
    const inScope = textScope === '' || (parent?.inScope ?? false) || (!!textScope && el.matches(textScope));
    const link = tag === 'a' && attrs && el.hasAttribute('href') ? el : (parent?.link ?? null);
    // Most elements imply what their parent does: they share its answers (no allocation).
    if (
      parent &&
      skip === parent.skip &&
      textSkip === parent.textSkip &&
      inScope === parent.inScope &&
      link === parent.link
    )
      return parent;
    return { skip, textSkip, inScope, link };
  }

  /** The elements contextOf climbs through, deepest first (one array for every call, emptied after). */
  const chain: (Element | null)[] = [];

  /** The context of `el` (its ancestors and itself), computed once per element while answers hold. */
  function contextOf(el: Element): Context {
    const known = contexts.get(el);
    if (known) return known;
    // Asked for every row a burst appends: no array is made per call (a burst's 10,000 rows made
    // 3 MB of them), and none keeps a page element once answered.
    let n = 0;
    let at: Element | null = el;
    let parent: Context | undefined;
    while (at) {
      parent = contexts.get(at);
      if (parent) break;
      chain[n++] = at;
      at = at.parentElement;
    }
    while (n > 0) {
      const next = chain[--n]!;
      chain[n] = null;
      parent = ownContext(next, parent);
      contexts.set(next, parent);
    }
    return parent!;
  }

  /**
   * Reports an occurrence; `span` for an anchor span this scanner made (marked, not in a table). The
   * cap is checked before each node is read (atCap), not here.
   */
  function report(item: Found, span = false): void {
    if (!span) {
      if (reported.has(item.anchor)) return;
      reported.set(item.anchor, shown(item));
    }
    probe?.reported();
    live.push(item.anchor);
    batch.push(item);
  }

  /** Lets go of an anchor that no longer shows what it was reported for (the overlay drops its badge). */
  function forget(el: Element): void {
    reported.delete(el);
    byText.delete(el);
    const at = live.indexOf(el);
    if (at >= 0) live.splice(at, 1);
    if (!stopped) onLost?.(el);
  }

  /**
   * The kind the place of an address implies (its URL, the adapter's say). Known programs and mints
   * are not told apart here: the list is the background's (an 'unknown' address is classified
   * there, by that list first), which keeps it out of every page's script.
   */
  function addressKind(address: string, hint: AddressKind, source: Found['source'], element: Element) {
    return adapter.classify
      ? adapter.classify({ type: 'address', address, kind: hint }, { source, element })
      : hint;
  }

  function linkTarget(link: Element): LinkTarget | null {
    const href = adapter.linkHref ? adapter.linkHref(link) : link.getAttribute('href');
    if (!href) return null;
    // Pages repeat the same links (a token's page linked from every row): parse each href once.
    let target = hrefTargets.get(href);
    if (target === undefined) {
      target = parseLink(href, base);
      if (hrefTargets.size >= 4096) hrefTargets.clear();
      hrefTargets.set(href, target);
    }
    return target;
  }

  /** The address `link` points to when it is read as a link (its own text naming it is covered). */
  function linkAddress(link: Element): string | undefined {
    if (!linkSelector || (linkSelector !== 'a[href]' && !link.matches(linkSelector))) return undefined;
    const target = linkTarget(link);
    return target?.type === 'address' ? target.address : undefined;
  }

  /** The address of the link around an element (its context), if any. */
  function enclosingLinkAddress(context: Context): string | undefined {
    return context.link ? linkAddress(context.link) : undefined;
  }

  function scanLink(link: Element): boolean {
    const target = linkTarget(link);
    if (!target || contextOf(link).skip) return false;
    const anchor = adapter.anchor?.(link) ?? link;
    if (target.type === 'event') {
      if (wantEvents) report({ kind: 'event', event: target.event, source: 'link', anchor });
      return true;
    }
    if (!wantAddresses) return true;
    const kind = addressKind(target.address, target.kind, 'link', link);
    if (kind) report({ kind, address: target.address, source: 'link', anchor });
    return true;
  }

  /** The address the first of the adapter's attributes naming one (alone) holds, with its hint. */
  function attributeHit(el: Element): [string, AddressKind] | null {
    for (const [name, hint] of attributes) {
      const value = el.getAttribute(name);
      if (!value || value.length < 32) continue;
      const hits = findAddresses(value);
      const address = hits[0]?.address;
      if (address && !hits.some((h) => h.address !== address)) return [address, hint];
    }
    return null;
  }

  function scanAttributes(el: Element): void {
    const hit = attributeHit(el);
    if (!hit) return;
    const [address, hint] = hit;
    const context = contextOf(el);
    if (context.skip || enclosingLinkAddress(context) === address) return;
    // A full address in the element's own text is read (and anchored precisely) by the text pass,
    // when that text is read: a copy button's label is not.
    if (textScope !== null && context.inScope && !context.textSkip && el.textContent?.includes(address))
      return;
    // A link beside it shows this address already (the row's explorer link next to its copy
    // button), or will (a sibling link after it): the one DOM query, after the checks that cost nothing.
    const parent = el.parentElement;
    for (const a of parent?.querySelectorAll(`a[href*="${address}"]`) ?? [])
      if (
        (reported.get(a) ?? (a.parentElement === parent ? linkAddress(a) : 0)) === address &&
        !contextOf(a).skip
      )
        return;
    const kind = addressKind(address, hint, 'attribute', el);
    if (kind) report({ kind, address, source: 'attribute', anchor: adapter.anchor?.(el) ?? el });
  }

  function scanElement(el: Element): void {
    const before = reported.get(el);
    if (before !== undefined) {
      // Reported for its href or its attribute (both watched): read again only if it now shows
      // something else (a recycled row: another href, another data-* address, or none).
      if (byText.has(el)) return;
      if (linkSelector && el.matches(linkSelector)) {
        const target = linkTarget(el);
        if (target && before === shown(target)) return;
      } else if (attributeHit(el)?.[0] === before) return;
      forget(el);
    }
    if (linkSelector && el.matches(linkSelector) && scanLink(el)) return;
    if (attributes.length) scanAttributes(el);
  }

  /**
   * Detection for one text node of 32+ characters (the caller read `data` once and checked its
   * length): finds, filters and classifies its addresses; no DOM writes. Text without an address
   * (most of a page) costs only the finder: the node's parent and context are read only on a hit.
   */
  function scanText(node: Text, data: string): void {
    const hits = findAddresses(data);
    if (!hits.length) return;
    const parent = node.parentElement;
    if (!parent) return;
    // A link's own text naming the address the link pass reported for it (links are read before
    // the text of their walk): neither its ancestors nor its anchor mark need reading here. A link
    // the link pass left (its region is skipped) is left by the context check below.
    if (hits.length === 1 && reported.get(parent) === hits[0]!.address) return;
    if (isSkippedTag(parent.localName)) return;
    const context = contextOf(parent);
    if (context.textSkip || !context.inScope) return;
    const owner = hits.length === 1 && hits[0]!.address === data ? parent.getAttribute(ANCHOR_ATTR) : null;
    if (owner !== null) {
      // An anchor: this scanner's own (reported already), or left by a previous one: reuse it.
      if (owner === id) return;
      parent.setAttribute(ANCHOR_ATTR, id);
      // The span holds the address alone (its URL context, if any, is outside): 'unknown', which
      // the overlay has classified.
      const kind = addressKind(data, 'unknown', 'text', parent);
      if (kind) report({ kind, address: data, source: 'text', anchor: parent }, true);
      return;
    }
    const covered = enclosingLinkAddress(context);
    if (hits.length === 1) {
      const { address } = hits[0]!;
      if (address === covered) return;
      // An element holding the address alone is its own anchor: nothing is written to the page,
      // and its text node stays whole. Frameworks (React, Vue) keep their text nodes and write
      // updates into them: split, the update would land in a piece and leave the old text shown.
      // (Not an element reported for something else already, e.g. a link to another address
      // showing this one: that address gets a span of its own.)
      const before = reported.get(parent);
      if (before === address) return;
      if (
        before === undefined &&
        (data.length === address.length || data.trim() === address) &&
        isSoleContent(node)
      ) {
        const kind = addressKind(address, 'unknown', 'text', parent);
        if (kind) {
          report({ kind, address, source: 'text', anchor: parent });
          byText.add(parent);
        }
        return;
      }
    }
    const keep: PendingText['hits'] = [];
    for (const hit of hits) {
      if (live.length + pendingHits + keep.length >= max) break; // (a node with more than the cap holds)
      if (hit.address === covered) continue;
      const kind = addressKind(hit.address, kindInText(data, hit.index, hit.address), 'text', parent);
      if (kind) keep.push({ address: hit.address, index: hit.index, kind });
    }
    if (!keep.length) return;
    pending.push({ node, data, hits: keep });
    pendingHits += keep.length;
  }

  function startWalk(node: Node): void {
    if (!root.contains(node)) return;
    if (node.nodeType === TEXT_NODE) {
      const data = (node as Text).data;
      // The text of an element anchored by its text changed (a recycled row, a re-render): the
      // element is let go, then read again like any other.
      const parent = node.parentElement;
      if (
        parent &&
        byText.has(parent) &&
        (data.trim() !== reported.get(parent) || !isSoleContent(node as Text))
      )
        forget(parent);
      if (readText && data.length >= MIN_TEXT) scanText(node as Text, data);
      return;
    }
    const el = node as Element;
    if (contextOf(el).skip) return;
    walk = {
      el,
      links: elementSelector ? el.querySelectorAll(elementSelector) : null,
      linkIndex: -1, // -1: the element itself first
      walker: readText ? doc.createTreeWalker(el, SHOW_TEXT) : null,
    };
  }

  /** Detection until the slice ends or enough text hits wait for anchors; false when nothing is left. */
  function detect(): boolean {
    let count = 0;
    for (;;) {
      if (!walk) {
        if (head >= queue.length) return false;
        if (atCap()) return true;
        const node = queue[head++]!;
        queued.delete(node);
        startWalk(node);
        if (++count % CLOCK_EVERY === 0 && slicer.due()) return true;
        continue;
      }
      const w = walk;
      if (w.links) {
        if (w.linkIndex < 0) {
          if (atCap()) return true;
          w.linkIndex = 0;
          // (one reported before is read even if it matches no more: its href or attribute is gone)
          if (w.el.matches(elementSelector) || reported.has(w.el)) scanElement(w.el);
        }
        while (w.linkIndex < w.links.length) {
          if (atCap()) return true;
          scanElement(w.links[w.linkIndex++]!);
          if (++count % CLOCK_EVERY === 0 && slicer.due()) return true;
        }
        w.links = null;
      }
      const walker = w.walker;
      if (walker) {
        for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
          // Hot loop (every text node of the page): short text is judged by its length alone (no
          // string is made for it), long text is read once.
          if (n.length >= MIN_TEXT) {
            if (atCap()) {
              // Paused: this node is read first when the walk resumes.
              if (!walker.previousNode()) walker.currentNode = w.el;
              return true;
            }
            scanText(n, n.data);
            if (pendingHits >= ANCHOR_BATCH) return true;
          }
          if (++count % CLOCK_EVERY === 0 && slicer.due()) return true;
        }
      }
      walk = null;
    }
  }

  /** A walk resumed in a later slice: the page may have moved or removed nodes meanwhile. */
  function revalidateWalk(): void {
    if (!walk) return;
    if (!root.contains(walk.el) || contextOf(walk.el).skip) walk = null;
    else if (walk.walker && !walk.el.contains(walk.walker.currentNode)) walk.walker.currentNode = walk.el;
  }

  /** Anchoring: wraps pending text hits in spans (our own writes are not read back as mutations). */
  function anchor(): void {
    takeRecords(mutations.takeRecords());
    let i = 0;
    while (i < pending.length) {
      const { node, data, hits } = pending[i++]!;
      pendingHits -= hits.length;
      // Changed or removed since it was read: its own mutation brings it back. Read twice before it
      // was anchored (a walk reaching it again), the first wrap changed it: the second is skipped.
      if (node.data !== data || !node.parentNode || !root.contains(node)) continue;
      const end = node.nextSibling;
      const spans = wrapHits(node, hits, id);
      const made: Node[] = [];
      for (let n = node.nextSibling; n && n !== end; n = n.nextSibling) made.push(n);
      splits.set(node, { parent: node.parentNode, made, data });
      if (splits.size >= pruneSplitsAt) {
        // (nodes the page removed with their row are let go: the list stays about what is shown)
        for (const [n, split] of splits)
          if (n.parentNode !== split.parent || !n.isConnected) splits.delete(n);
        pruneSplitsAt = Math.max(1024, splits.size * 2);
      }
      for (let k = 0; k < hits.length; k++) {
        const hit = hits[k]!;
        report({ kind: hit.kind, address: hit.address, source: 'text', anchor: spans[k]! }, true);
      }
      if (i % 8 === 0 && slicer.due()) break;
    }
    pending = i >= pending.length ? [] : pending.slice(i);
    if (!pending.length) pendingHits = 0;
    mutations.takeRecords();
  }

  /** Delivery to the overlay in chunks, within the slice. */
  function deliver(): void {
    while (batchHead < batch.length && !stopped) {
      const items = batch.slice(batchHead, batchHead + DELIVER_CHUNK);
      batchHead += items.length;
      // Visibility tracking serves the badges (visible ones are fetched first): part of delivery.
      if (visibility)
        for (const item of items) {
          if (watching >= badgeCap) break;
          foundAt.set(item.anchor, item);
          visibility.observe(item.anchor);
          watching++;
        }
      onFound(items);
      if (slicer.due()) break;
    }
    if (batchHead >= batch.length) {
      batch = [];
      batchHead = 0;
    }
  }

  /** One slice: delivery first (what was found reaches the page soonest), then anchors, then reading. */
  function slice(): boolean {
    for (;;) {
      if (stopped) return false;
      if (batchHead < batch.length) {
        const t = now();
        deliver();
        probe?.add('overlay', now() - t, t);
      } else if (pending.length && (pendingHits >= ANCHOR_BATCH || !reading())) {
        // Anchors are written together (a full batch, or when the reading is done or paused), not
        // after every slice that found a few: on a long page each write is followed by a layout of
        // what it touched, so hits spread over a page cost one such layout per frame they span.
        const t = now();
        anchor();
        probe?.add('anchor', now() - t, t);
      } else if (reading()) {
        const t = now();
        detect();
        probe?.add('detect', now() - t, t);
      } else return false;
      if (slicer.due()) return hasWork();
    }
  }

  /** One slice now (inside the observer's callback); the rest, if any, in the next frame. */
  function runNow(): void {
    running = true;
    try {
      slicer.start();
      contexts.clear();
      contextsStale = false;
      revalidateWalk();
      slice();
    } finally {
      running = false;
    }
    finish(true);
  }

  async function drain(): Promise<void> {
    cancelScheduled = null;
    running = true;
    contextsStale = true;
    try {
      for (;;) {
        slicer.start();
        if (contextsStale) {
          contexts.clear();
          contextsStale = false;
        }
        revalidateWalk();
        if (!slice() || stopped) break;
        await pause();
      }
    } finally {
      running = false;
    }
    finish(false);
  }

  /** After a run: the rest is scheduled, or the scanner is idle (and holds no page element). */
  function finish(inFrame: boolean): void {
    if (stopped) return;
    if (head >= queue.length) {
      queue.length = 0;
      head = 0;
    }
    if (hasWork()) schedule(inFrame);
    else {
      contexts.clear();
      probe?.idle(now());
      settle();
    }
  }

  function settle(): void {
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  function schedule(inFrame = false): void {
    if (stopped || !hasWork()) return;
    probe?.busy();
    if (running || cancelScheduled) return;
    cancelScheduled = (inFrame ? whenFrame : whenIdle)(() => void drain(), win);
  }

  function stop(): void {
    stopped = true;
    // The page as it was: each split node gets its whole text back, our pieces go.
    for (const node of [...splits.keys()]) unsplit(node, true);
    queued.clear();
    reported.clear();
    byText.clear();
    contexts.clear();
    mutations.disconnect();
    visibility?.disconnect();
    cancelScheduled?.();
    cancelScheduled = null;
    queue.length = 0;
    head = 0;
    walk = null;
    pending = [];
    pendingHits = 0;
    batch = [];
    batchHead = 0;
    settle();
  }

  if (signal?.aborted) stop();
  else {
    signal?.addEventListener('abort', stop, { once: true });
    mutations.observe(root, {
      childList: true,
      subtree: true,
      characterData: true,
      // Links and address attributes are read again when they change (recycled rows).
      ...(elementSelector
        ? { attributes: true, attributeFilter: ['href', ...attributes.map(([name]) => name)] }
        : {}),
    });
    enqueue(root);
    schedule();
  }

  return {
    idle() {
      if (!stopped) takeRecords(mutations.takeRecords());
      if (stopped || (!running && !hasWork())) return Promise.resolve();
      schedule();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

/** The node is its parent's only content, but for our own badges next to it. */
function isSoleContent(node: Text): boolean {
  const before = node.previousSibling;
  const after = node.nextSibling;
  return (!before || isOwnUi(before)) && (!after || isOwnUi(after));
}

function isOwnUi(node: Node): boolean {
  return node.nodeType === ELEMENT_NODE && (node as Element).hasAttribute(OWN_UI_ATTR);
}

/**
 * What an occurrence or a link target shows (its address, or its event's identity), to tell whether
 * an anchor shows something else now.
 */
function shown(at: { event?: PredictionEvent; address?: string }): string {
  return at.event ? `${at.event.exchange}:${at.event.id}` : (at.address ?? '');
}

function isEditable(el: Element): boolean {
  const editable = el.getAttribute('contenteditable');
  return editable !== null && editable !== 'false';
}
