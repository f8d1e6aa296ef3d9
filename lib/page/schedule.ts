type Win = typeof globalThis & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  scheduler?: { yield?: () => Promise<void> };
};

/** Runs `task` when the page is idle (or at the next frame), returning a cancel function. */
export function whenIdle(task: () => void, win: Win = globalThis as Win): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(task, { timeout: 200 });
    return () => win.cancelIdleCallback?.(handle);
  }
  if (typeof win.requestAnimationFrame === 'function') {
    const handle = win.requestAnimationFrame(() => task());
    return () => win.cancelAnimationFrame(handle);
  }
  const handle = setTimeout(task, 16);
  return () => clearTimeout(handle);
}

/** Gives the main thread back to the page between slices of work. */
export function yieldToPage(win: Win = globalThis as Win): Promise<void> {
  const yieldFn = win.scheduler?.yield;
  if (typeof yieldFn === 'function') return yieldFn.call(win.scheduler);
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A time budget for one slice of work: `start()` when the slice begins, `due()` says when to give
 * the main thread back (checked every few units of work, since reading the clock costs too).
 */
export function createSlicer(now: () => number, budgetMs: number) {
  let deadline = 0;
  return {
    start(): void {
      deadline = now() + budgetMs;
    },
    due(): boolean {
      return now() >= deadline;
    },
  };
}
