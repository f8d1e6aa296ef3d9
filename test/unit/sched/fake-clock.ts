/** A manual clock for schedulers and caches: time moves only when a test says so. */
export interface FakeClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Moves time forward, waking sleepers in deadline order and letting their work settle. */
  advance: (ms: number) => Promise<void>;
  /** Lets pending promise chains run without moving time. */
  settle: () => Promise<void>;
}

export function createFakeClock(start = 1_000_000): FakeClock {
  let t = start;
  let sleepers: { at: number; resolve: () => void }[] = [];
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
  };
  return {
    now: () => t,
    sleep: (ms) => new Promise<void>((resolve) => sleepers.push({ at: t + ms, resolve })),
    settle,
    async advance(ms) {
      const target = t + ms;
      for (;;) {
        const due = sleepers.filter((s) => s.at <= target).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        sleepers = sleepers.filter((s) => s !== due);
        t = Math.max(t, due.at);
        due.resolve();
        await settle();
      }
      t = target;
      await settle();
    },
  };
}
