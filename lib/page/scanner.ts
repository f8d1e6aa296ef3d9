import { findAddresses } from '../detect/address';
import { classify } from '../detect/classify';
import { kindInText, parseLink } from '../detect/links';
import type { AddressKind, LinkTarget } from '../detect/types';
import { BUILD_TEST_HOOKS } from '../env';
import type { SiteAdapter } from '../sites/types';
import { ANCHOR_ATTR, isSkippedElement, SKIP_SELECTOR, TEXT_SKIP_SELECTOR, wrapHits } from './dom';
import { capOverride, createProbe } from './probe';
import { whenIdle, yieldToPage } from './schedule';
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
  /** Occurrences reported per page at most (default 300). */
  maxPerPage?: number;
  /** Work per task before yielding to the page, in ms (default 8). */
  budgetMs?: number;
  /** Clock and yield hooks (tests). */
  now?: () => number;
  yieldToPage?: () => Promise<void>;
}

export interface Scanner {
  /** Resolves when everything queued so far (including pending mutations) has been read. */
  idle(): Promise<void>;
  /** Occurrences reported so far. */
  readonly found: number;
  /** Times the scanner gave the main thread back in the middle of work. */
  readonly slices: number;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const SHOW_ELEMENT_AND_TEXT = 0x1 | 0x4;

function inSkipped(el: Element, selector: string): boolean {
  return el.closest(selector) !== null;
}

/**
 * The one scanner behind every site adapter: a TreeWalker pass over the root, then a
 * MutationObserver that reads only what was added or changed. Work runs in idle callbacks, in slices
 * of `budgetMs`, so it never makes a long task; each node is read once.
 */
export function createScanner(options: ScannerOptions): Scanner {
  const { adapter, onFound, onVisible, signal } = options;
  const root = options.root ?? document.body ?? document.documentElement;
  const doc = root.ownerDocument;
  const win = (doc.defaultView ?? globalThis) as typeof globalThis;
  // Test builds only: the benchmark's timing probe (and its cap, so a heavy page is read whole).
  const probe = BUILD_TEST_HOOKS ? createProbe(doc) : null;
  const max = (BUILD_TEST_HOOKS && capOverride(doc)) || (options.maxPerPage ?? 300);
  const budget = options.budgetMs ?? 8;
  const now = options.now ?? (() => win.performance.now());
  const pause = options.yieldToPage ?? (() => yieldToPage(win));

  const { sources } = adapter;
  const wantAddresses = adapter.addresses !== false;
  const wantEvents = adapter.events !== false;
  const linkSelector = sources.links === true ? 'a[href]' : sources.links || null;
  const textScope = sources.text === true ? '' : sources.text || null; // '' = everywhere, null = off
  const attributes = wantAddresses ? Object.entries(sources.attributes ?? {}) : [];
  const elementSelector = [linkSelector, ...attributes.map(([name]) => `[${name}]`)]
    .filter(Boolean)
    .join(', ');
  const skip = adapter.ignore ? `${SKIP_SELECTOR}, ${adapter.ignore}` : SKIP_SELECTOR;
  const textSkip = adapter.ignore ? `${TEXT_SKIP_SELECTOR}, ${adapter.ignore}` : TEXT_SKIP_SELECTOR;
  const base = adapter.origin ?? doc.baseURI;

  const doneText = new WeakSet<Text>();
  const reported = new WeakSet<Element>();
  const linkTargets = new WeakMap<Element, LinkTarget | null>();
  const foundAt = new WeakMap<Element, Found>();
  const queue: Node[] = [];
  const queued = new WeakSet<Node>();
  let head = 0;
  let batch: Found[] = [];
  let found = 0;
  let slices = 0;
  let stopped = false;
  let running = false;
  let cancelScheduled: (() => void) | null = null;
  const idleWaiters: (() => void)[] = [];

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
            }
            if (visible.length && !stopped) onVisible(visible);
          },
          { rootMargin: '200px' },
        )
      : null;

  const mutations = new win.MutationObserver((records) => {
    takeRecords(records);
    schedule();
  });

  function takeRecords(records: MutationRecord[]): void {
    for (const record of records) {
      if (record.type === 'characterData') {
        const text = record.target as Text;
        doneText.delete(text);
        enqueue(text);
      } else {
        for (const node of record.addedNodes) {
          if (node.nodeType === ELEMENT_NODE || node.nodeType === TEXT_NODE) enqueue(node);
        }
      }
    }
  }

  /** Our own DOM writes must not come back as mutations to read. */
  function mutate<T>(write: () => T): T {
    takeRecords(mutations.takeRecords());
    const result = write();
    mutations.takeRecords();
    return result;
  }

  function enqueue(node: Node): void {
    if (stopped || queued.has(node)) return;
    queued.add(node);
    queue.push(node);
  }

  function report(item: Found): boolean {
    if (found >= max || reported.has(item.anchor)) return false;
    found++;
    reported.add(item.anchor);
    foundAt.set(item.anchor, item);
    batch.push(item);
    visibility?.observe(item.anchor);
    if (found >= max) {
      queue.length = 0;
      head = 0;
      mutations.disconnect();
    }
    return true;
  }

  function flush(): void {
    if (!batch.length || stopped) return;
    const items = batch;
    batch = [];
    onFound(items);
  }

  function addressKind(address: string, hint: AddressKind, source: Found['source'], element: Element) {
    if (!adapter.classify) return classify(address, hint);
    const kind = adapter.classify({ type: 'address', address, kind: hint }, { source, element });
    return kind === null ? null : classify(address, kind);
  }

  function linkTarget(link: Element): LinkTarget | null {
    let target = linkTargets.get(link);
    if (target === undefined) {
      const href = adapter.linkHref ? adapter.linkHref(link) : link.getAttribute('href');
      target = href ? parseLink(href, base) : null;
      linkTargets.set(link, target);
    }
    return target;
  }

  /** The address of the link around `el` when that link is read as a link (it covers the address). */
  function enclosingLinkAddress(el: Element): string | undefined {
    if (!linkSelector) return undefined;
    const link = el.closest('a[href]');
    if (!link?.matches(linkSelector)) return undefined;
    const target = linkTarget(link);
    return target?.type === 'address' ? target.address : undefined;
  }

  function scanLink(link: Element): boolean {
    const target = linkTarget(link);
    if (!target || inSkipped(link, skip)) return false;
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

  function scanAttributes(el: Element): void {
    for (const [name, hint] of attributes) {
      const value = el.getAttribute(name);
      if (!value || value.length < 32) continue;
      const hits = findAddresses(value);
      const address = hits[0]?.address;
      if (!address || hits.some((h) => h.address !== address)) continue;
      if (enclosingLinkAddress(el) === address) return;
      // A full address in the element's own text is read (and anchored precisely) by the text pass.
      if (textScope !== null && el.textContent?.includes(address) && (!textScope || el.closest(textScope)))
        return;
      if (inSkipped(el, skip)) return;
      const kind = addressKind(address, hint, 'attribute', el);
      if (kind) report({ kind, address, source: 'attribute', anchor: adapter.anchor?.(el) ?? el });
      return;
    }
  }

  function scanElement(el: Element): void {
    if (reported.has(el)) return;
    if (linkSelector && el.matches(linkSelector) && scanLink(el)) return;
    if (attributes.length) scanAttributes(el);
  }

  function scanText(node: Text): void {
    if (doneText.has(node)) return;
    doneText.add(node);
    const data = node.data;
    const parent = node.parentElement;
    if (data.length < 32 || !parent || textScope === null || !wantAddresses) return;
    const hits = findAddresses(data);
    if (!hits.length) return;
    if (textScope && !parent.closest(textScope)) return;
    if (inSkipped(parent, textSkip)) return;
    if (parent.hasAttribute(ANCHOR_ATTR) && hits.length === 1 && hits[0]!.address === data) {
      reportText(data, data, 0, parent); // an anchor left by a previous scanner of this page
      return;
    }
    const covered = enclosingLinkAddress(parent);
    const keep = hits.filter((h) => h.address !== covered).slice(0, Math.max(0, max - found));
    if (!keep.length) return;
    const spans = mutate(() => wrapHits(node, keep, (t) => doneText.add(t)));
    for (let i = 0; i < keep.length; i++) reportText(data, keep[i]!.address, keep[i]!.index, spans[i]!);
  }

  function reportText(data: string, address: string, index: number, anchor: Element): void {
    const kind = addressKind(address, kindInText(data, index, address), 'text', anchor);
    if (kind) report({ kind, address, source: 'text', anchor });
  }

  function skipSubtree(walker: TreeWalker): Node | null {
    let next = walker.nextSibling();
    while (!next) {
      if (!walker.parentNode()) return null;
      next = walker.nextSibling();
    }
    return next;
  }

  function* visit(node: Node): Generator<void> {
    if (node.nodeType === TEXT_NODE) {
      const parent = node.parentElement;
      if (parent && !isSkippedElement(parent)) scanText(node as Text);
      return;
    }
    const el = node as Element;
    if (inSkipped(el, skip)) return;
    if (elementSelector) {
      if (el.matches(elementSelector)) scanElement(el);
      const list = el.querySelectorAll(elementSelector);
      for (let i = 0; i < list.length; i++) {
        scanElement(list[i]!);
        yield;
      }
    }
    if (textScope === null || !wantAddresses) return;
    const walker = doc.createTreeWalker(el, SHOW_ELEMENT_AND_TEXT);
    let current = walker.nextNode();
    while (current) {
      if (current.nodeType === TEXT_NODE) {
        scanText(current as Text);
        yield;
        if (!root.contains(el)) return;
        // The page may have moved nodes while we yielded: restart; read nodes are skipped fast.
        if (!el.contains(walker.currentNode)) walker.currentNode = el;
        current = walker.nextNode();
      } else if (isSkippedElement(current as Element)) {
        current = skipSubtree(walker);
      } else {
        current = walker.nextNode();
      }
    }
  }

  async function drain(): Promise<void> {
    cancelScheduled = null;
    running = true;
    let sliceStart = now();
    try {
      while (!stopped && head < queue.length) {
        const node = queue[head++]!;
        queued.delete(node);
        if (!root.contains(node)) continue;
        const work = visit(node);
        while (!stopped && !work.next().done) {
          const t = now();
          if (t - sliceStart < budget) continue;
          probe?.slice(t - sliceStart, sliceStart);
          flush();
          slices++;
          await pause();
          sliceStart = now();
        }
      }
      if (head >= queue.length) {
        queue.length = 0;
        head = 0;
      }
      probe?.slice(now() - sliceStart, sliceStart);
      flush();
    } finally {
      running = false;
    }
    if (head < queue.length) schedule();
    else {
      probe?.idle(found, now());
      settle();
    }
  }

  function settle(): void {
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  function schedule(): void {
    if (stopped || running || cancelScheduled || head >= queue.length) return;
    cancelScheduled = whenIdle(() => void drain(), win);
  }

  function stop(): void {
    stopped = true;
    mutations.disconnect();
    visibility?.disconnect();
    cancelScheduled?.();
    cancelScheduled = null;
    queue.length = 0;
    head = 0;
    batch = [];
    settle();
  }

  if (signal?.aborted) stop();
  else {
    signal?.addEventListener('abort', stop, { once: true });
    mutations.observe(root, { childList: true, subtree: true, characterData: true });
    enqueue(root);
    schedule();
  }

  return {
    idle() {
      if (!stopped && found < max) takeRecords(mutations.takeRecords());
      if (stopped || (!running && head >= queue.length)) return Promise.resolve();
      schedule();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get found() {
      return found;
    },
    get slices() {
      return slices;
    },
  };
}
