/**
 * A way for the page to ask its status line to poll now rather than at its next tick: after a lookup
 * answered, the footer agrees with it at once (a 401 the lookup shows makes the key "invalid" in the
 * background; a lookup spends credits), not up to a poll interval later.
 */
const pollers = new Set<() => void>();

/** Registers a status line's poll; returns the function that removes it. */
export function onStatusRefresh(poll: () => void): () => void {
  pollers.add(poll);
  return () => pollers.delete(poll);
}

/** Every status line on this page polls now. */
export function refreshStatus(): void {
  for (const poll of pollers) poll();
}
