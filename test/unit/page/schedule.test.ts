import { describe, expect, it, vi } from 'vitest';
import { afterFrame, whenFrame, yieldToIdle } from '../../../lib/page/schedule';

/** A window with hand-driven animation frames and idle callbacks (records which one ran the task). */
function fakeWindow() {
  const frames = new Map<number, () => void>();
  const idles: (() => void)[] = [];
  let next = 1;
  const win = {
    requestAnimationFrame: (cb: () => void) => {
      frames.set(next, cb);
      return next++;
    },
    cancelAnimationFrame: (id: number) => frames.delete(id),
    requestIdleCallback: (cb: () => void) => idles.push(cb),
    cancelIdleCallback: () => {},
  };
  const frame = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const cb of due) cb();
  };
  return { win: win as unknown as typeof globalThis, frame, idles };
}

describe('whenFrame', () => {
  it('runs the task once in the next animation frame, not in an idle callback', () => {
    vi.useFakeTimers();
    const { win, frame, idles } = fakeWindow();
    const task = vi.fn();
    whenFrame(task, win, 100);
    expect(task).not.toHaveBeenCalled();
    frame();
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(200); // the fallback timer was cleared
    expect(task).toHaveBeenCalledTimes(1);
    expect(idles).toHaveLength(0);
    vi.useRealTimers();
  });

  it('falls back to a timer when no frame comes (hidden tab), and cancels both', () => {
    vi.useFakeTimers();
    const { win, frame } = fakeWindow();
    const late = vi.fn();
    whenFrame(late, win, 100);
    vi.advanceTimersByTime(100);
    expect(late).toHaveBeenCalledTimes(1);
    frame();
    expect(late).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenFrame(cancelled, win, 100)();
    frame();
    vi.advanceTimersByTime(200);
    expect(cancelled).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});

describe('afterFrame', () => {
  it('resolves in a task after the next frame (after its style and layout), not in the frame', async () => {
    vi.useFakeTimers();
    const { win, frame } = fakeWindow();
    let done = false;
    void afterFrame(win, 100).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false); // no frame yet
    frame();
    await Promise.resolve();
    expect(done).toBe(false); // the frame's own rendering comes first
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    vi.useRealTimers();
  });

  it('resolves after the fallback when frames do not run (a hidden tab)', async () => {
    vi.useFakeTimers();
    const { win } = fakeWindow();
    let done = false;
    void afterFrame(win, 100).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(101);
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});

describe('yieldToIdle', () => {
  it('resolves in an idle callback, not in the next task or frame', async () => {
    vi.useFakeTimers();
    const { win, frame, idles } = fakeWindow();
    let done = false;
    void yieldToIdle(win).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(20);
    frame();
    await Promise.resolve();
    expect(done).toBe(false); // tasks and frames go first
    expect(idles).toHaveLength(1);
    idles[0]!();
    await Promise.resolve();
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});
