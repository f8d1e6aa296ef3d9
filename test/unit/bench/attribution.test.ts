import { describe, expect, it } from 'vitest';
import { causedByUs, ourLongTaskCount, overlap } from '../../../bench/browser';

const t = (start: number, duration: number) => ({ start, duration });

describe('benchmark long-task attribution', () => {
  it('sums only the part of each stretch of work inside the task', () => {
    const task = t(100, 60);
    expect(overlap(task, [t(90, 20), t(150, 30), t(200, 5), t(120, 10)])).toBe(10 + 10 + 10);
    expect(overlap(task, [])).toBe(0);
  });

  it('counts a long task as ours when it would be under 50 ms without our work', () => {
    const tasks = [t(0, 200), t(1000, 58), t(2000, 70), t(3000, 55)];
    const work = [
      t(10, 8), // 8 ms in a 200 ms task of the page's own layout: the page's
      t(1000, 8), // 58 - 8 = 50: without us it would not be long
      t(2005, 8), // 70 - 8 = 62: the page's own
      t(3000, 30),
      t(3035, 20), // 55 - 50: ours
    ];
    expect(causedByUs(tasks, work).map((c) => [c.task.start, c.ours])).toEqual([
      [1000, 8],
      [3000, 50],
    ]);
  });

  it('never counts a long task with none of our work in it', () => {
    expect(causedByUs([t(0, 51), t(100, 400)], [t(60, 10)])).toEqual([]);
  });

  it('also counts a stretch of our own work over 50 ms that no reported long task holds', () => {
    const tasks = [t(0, 200), t(1000, 58)];
    const work = [t(1000, 8), t(500, 60), t(50, 70), t(2000, 40)];
    // 1000 (ours by causedByUs) + 500 (a 60 ms stretch nobody reported); 50 is inside the page's task.
    expect(ourLongTaskCount(tasks, work)).toBe(2);
    expect(ourLongTaskCount([], [t(0, 51), t(100, 50)])).toBe(1);
  });
});
