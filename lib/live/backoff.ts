/**
 * Reconnect schedule: exponential backoff with FULL jitter (delay uniform in [0, ceiling)), so a
 * fleet of browsers that lost the service at the same moment does not come back in lock-step.
 * Pure functions: the hub keeps the attempt counter, tests check the bounds with fast-check.
 */
export interface BackoffPolicy {
  /** First ceiling. */
  baseMs: number;
  /** Largest ceiling. */
  capMs: number;
  /** A connection that stayed open this long counts as healthy: the next failure starts over. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 60_000, stableMs: 60_000 };

/** Upper bound of the delay before retry number `attempt` (0-based). */
export function backoffCeiling(attempt: number, p: BackoffPolicy = DEFAULT_BACKOFF): number {
  // Clamp the exponent: 2 ** 1100 is Infinity, and a long outage must not overflow into NaN.
  const exp = Math.min(Math.max(0, Math.floor(attempt)), 40);
  return Math.min(p.capMs, p.baseMs * 2 ** exp);
}

/** Delay before retry number `attempt`; `random` returns [0, 1) like Math.random. */
export function backoffDelay(
  attempt: number,
  random: () => number,
  p: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const r = random();
  // A misbehaving injected random must not produce a negative or over-cap delay.
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  const ceiling = backoffCeiling(attempt, p);
  return Math.min(Math.floor(unit * ceiling), Math.max(0, ceiling - 1));
}

/**
 * The attempt counter to use after a connection ends. `openForMs` is null when it never opened.
 * A stable minute connected resets the schedule; anything shorter keeps growing it, so a server that
 * accepts and immediately drops us is still backed off.
 */
export function attemptAfterClose(
  attempt: number,
  openForMs: number | null,
  p: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  return openForMs !== null && openForMs >= p.stableMs ? 0 : attempt;
}
