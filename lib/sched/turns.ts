/**
 * Jobs that must not interleave (a read-modify-write of stored state): each starts once the one
 * before it has settled, failed or not, and a failure is its own caller's alone.
 */
export type InTurn = <T>(fn: () => Promise<T>) => Promise<T>;

export function createTurns(): InTurn {
  let tail: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Turns per key (one wallet's stored list): keys run apart, and a key is let go once idle. */
export function createKeyedTurns(): <T>(key: string, fn: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, fn) => {
    const run = (tails.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => tails.get(key) === tail && tails.delete(key));
    return run;
  };
}
