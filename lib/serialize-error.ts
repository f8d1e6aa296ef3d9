/**
 * Stands in for `@aklinker1/zero-serialize-error`, which @webext-core/messaging uses to send an
 * error thrown by a message handler (wxt.config.ts aliases it here, in every bundle): bytes off the
 * content script, whose size budget is 30 KiB. Our handlers never throw across a message (the router
 * answers every failure as a result, lib/background/router.ts) and every `ask` turns a thrown send
 * into its own error, so an error's message is all that needs to cross.
 */
export function serializeError(error: unknown): unknown {
  return error instanceof Error ? { message: error.message } : error;
}

export function deserializeError(value: unknown): unknown {
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? Error(message) : value;
}
