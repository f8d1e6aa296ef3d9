import { describe, expect, it, vi } from 'vitest';
import { whenFrame } from '../../../lib/page/schedule';

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
