type Win = typeof globalThis & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `task` when the page is idle, returning a cancel function. Both browsers the extension ships
 * for have idle callbacks; a window without them (a test DOM) gets a short timer.
 */
export function whenIdle(task: () => void, win: Win = globalThis as Win): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(task, { timeout: 200 });
    return () => win.cancelIdleCallback?.(handle);
  }
  const handle = setTimeout(task, 16);
  return () => clearTimeout(handle);
}

/**
 * Runs `task` in the next animation frame, before that frame's style and layout (or after
 * `fallbackMs` when frames do not run, e.g. in a hidden tab), returning a cancel function. DOM
 * writes made there join the layout the frame does anyway for the page's own changes, instead of
 * dirtying a layout the page had just finished (on a huge table, one more full table layout each).
 */
export function whenFrame(task: () => void, win: Win = globalThis as Win, fallbackMs = 100): () => void {
  let done = false;
  const cancel = () => {
    done = true;
    win.cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  const run = () => {
    if (done) return;
    cancel();
    task();
  };
  const frame = win.requestAnimationFrame(run);
  const timer = setTimeout(run, fallbackMs);
  return cancel;
}

/**
 * Resolves once the next frame has been rendered (its style, layout and paint done: a task queued
 * from its animation frame callback runs after them), or after `fallbackMs` when frames do not run.
 */
export function afterFrame(win: Win = globalThis as Win, fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => whenFrame(() => setTimeout(resolve, 0), win, fallbackMs));
}

/**
 * Gives the main thread back until the page is idle (an idle callback; on a busy page, at most the
 * idle timeout later), between the slices of a long pass: the page's own tasks and the browser's
 * housekeeping run in the gaps, not inside our next slice. Garbage collection above all: V8 runs a
 * due collection inside whatever script is allocating, and a slice continued at once (a yielded
 * task runs before most others) is where it landed.
 */
export function yieldToIdle(win: Win = globalThis as Win): Promise<void> {
  return new Promise((resolve) => whenIdle(() => resolve(), win));
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
