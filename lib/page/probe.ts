/**
 * Test builds only (BUILD_TEST_HOOKS): the scanner's own work time, published on <html> for the
 * benchmark (bench/), which compares it with a bare TreeWalker pass over the same page. Store builds
 * never create a probe, so they carry none of this.
 */

/** JSON `{ ms, passes, found, startedAt, idleAt }` on documentElement, updated whenever the scanner goes idle. */
export const PROBE_ATTR = 'data-onchain-lens-scan';
/** Set by the benchmark on its heavy page: the per-page cap to use, so the whole page is read. */
export const PROBE_CAP_ATTR = 'data-onchain-lens-bench-cap';

export interface ScanProbe {
  /** Work time of one slice (busy time between yields, callbacks to the overlay excluded). */
  slice(ms: number, startedAt: number): void;
  /** The queue is empty: publish the totals. */
  idle(found: number, at: number): void;
}

export function capOverride(doc: Document): number | undefined {
  const value = Number(doc.documentElement.getAttribute(PROBE_CAP_ATTR));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function createProbe(doc: Document): ScanProbe {
  let ms = 0;
  let passes = 0;
  let startedAt = -1;
  return {
    slice(spent, at) {
      ms += spent;
      if (startedAt < 0) startedAt = at;
    },
    idle(found, at) {
      passes++;
      const value = JSON.stringify({ ms, passes, found, startedAt, idleAt: at });
      doc.documentElement.setAttribute(PROBE_ATTR, value);
    },
  };
}
