/**
 * Test builds only (BUILD_TEST_HOOKS): the scanner's own work time, published on <html> for the
 * benchmark (bench/), which compares its detection time with a bare TreeWalker pass over the same
 * page. Store builds never create a probe, so they carry none of this.
 */

/**
 * JSON `{ ms, anchorMs, overlayMs, passes, found, busy, startedAt, idleAt }` on documentElement,
 * updated whenever the scanner goes idle (`busy: false`) and when work arrives while it was idle
 * (`busy: true`, the totals as of the last idle): a reader waits for `busy: false`, since a
 * scanner draining a long backlog publishes nothing until it is done. Totals: `ms` is the detection pass (reading text and links, finding,
 * validating and classifying addresses), `anchorMs` the wrapping of text hits in anchor spans (DOM
 * writes), `overlayMs` the time inside the overlay's onFound (badge mounting), all summed over slices.
 */
export const PROBE_ATTR = 'data-onchain-lens-scan';
/** Set by the benchmark on its heavy page: the per-page cap to use, so the whole page is read. */
export const PROBE_CAP_ATTR = 'data-onchain-lens-bench-cap';

export type ProbePart = 'detect' | 'anchor' | 'overlay';

/**
 * Every stretch of the content script's own main-thread work, as flat `[start, ms, what, ...]`
 * triples (the scanner's slice steps and the overlay's handling of answers): the benchmark tells
 * the page's own long tasks from those this work made long. Published on <html> as JSON when the
 * page dispatches WORK_EVENT on the document (the event reaches the content script's listener
 * synchronously).
 */
export const WORK_ATTR = 'data-onchain-lens-work';
export const WORK_EVENT = 'onchain-lens-bench-work';
const work: (number | string)[] = [];
let publishing = false;

export function recordWork(start: number, ms: number, what: string): void {
  if (work.length < 600_000) work.push(start, ms, what);
}

function publishWorkOnRequest(doc: Document): void {
  if (publishing) return;
  publishing = true;
  doc.addEventListener(WORK_EVENT, () => doc.documentElement.setAttribute(WORK_ATTR, JSON.stringify(work)));
}

export interface ScanProbe {
  /** Time spent in one step of a slice. */
  add(part: ProbePart, ms: number, at: number): void;
  /** An occurrence was reported. */
  reported(): void;
  /** Work was queued: publish that the totals are not final (once per idle → busy change). */
  busy(): void;
  /** The queue is empty: publish the totals. */
  idle(at: number): void;
}

export function capOverride(doc: Document): number | undefined {
  const value = Number(doc.documentElement.getAttribute(PROBE_CAP_ATTR));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function createProbe(doc: Document): ScanProbe {
  const spent: Record<ProbePart, number> = { detect: 0, anchor: 0, overlay: 0 };
  let passes = 0;
  let found = 0;
  let startedAt = -1;
  let busy = false;
  let last: Record<string, unknown> = {};
  const publish = () => doc.documentElement.setAttribute(PROBE_ATTR, JSON.stringify({ ...last, busy }));
  publishWorkOnRequest(doc);
  return {
    add(part, ms, at) {
      spent[part] += ms;
      recordWork(at, ms, part);
      if (startedAt < 0) startedAt = at;
    },
    reported() {
      found++;
    },
    busy() {
      if (busy) return;
      busy = true;
      publish();
    },
    idle(at) {
      passes++;
      busy = false;
      last = {
        ms: spent.detect,
        anchorMs: spent.anchor,
        overlayMs: spent.overlay,
        passes,
        found,
        startedAt,
        idleAt: at,
      };
      publish();
    },
  };
}
