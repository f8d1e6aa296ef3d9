/**
 * Test builds only (BUILD_TEST_HOOKS): the scanner's own work time, published on <html> for the
 * benchmark (bench/), which compares its detection time with a bare TreeWalker pass over the same
 * page. Store builds never create a probe, so they carry none of this.
 */

/**
 * JSON `{ ms, anchorMs, overlayMs, passes, found, startedAt, idleAt }` on documentElement, updated
 * whenever the scanner goes idle: `ms` is the detection pass (reading text and links, finding,
 * validating and classifying addresses), `anchorMs` the wrapping of text hits in anchor spans (DOM
 * writes), `overlayMs` the time inside the overlay's onFound (badge mounting), all summed over slices.
 */
export const PROBE_ATTR = 'data-onchain-lens-scan';
/** Set by the benchmark on its heavy page: the per-page cap to use, so the whole page is read. */
export const PROBE_CAP_ATTR = 'data-onchain-lens-bench-cap';

export type ProbePart = 'detect' | 'anchor' | 'overlay';

export interface ScanProbe {
  /** Time spent in one step of a slice. */
  add(part: ProbePart, ms: number, at: number): void;
  /** The queue is empty: publish the totals. */
  idle(found: number, at: number): void;
}

export function capOverride(doc: Document): number | undefined {
  const value = Number(doc.documentElement.getAttribute(PROBE_CAP_ATTR));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function createProbe(doc: Document): ScanProbe {
  const spent: Record<ProbePart, number> = { detect: 0, anchor: 0, overlay: 0 };
  let passes = 0;
  let startedAt = -1;
  return {
    add(part, ms, at) {
      spent[part] += ms;
      if (startedAt < 0) startedAt = at;
    },
    idle(found, at) {
      passes++;
      const value = JSON.stringify({
        ms: spent.detect,
        anchorMs: spent.anchor,
        overlayMs: spent.overlay,
        passes,
        found,
        startedAt,
        idleAt: at,
      });
      doc.documentElement.setAttribute(PROBE_ATTR, value);
    },
  };
}
