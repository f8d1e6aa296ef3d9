/**
 * The runtime side of the protocol map: the messenger, `ask` and the error it throws. Kept free of
 * zod at run time (only types come from lib/messaging.ts) so the content script can use the same
 * `ask` as the extension pages without carrying the schemas in its bundle.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod';
import { NETWORK_TEXT, UNKNOWN_TEXT } from './errors';
import type { INPUTS, MessageName, Outputs, ProtocolMap, Pushes } from './messaging';
import type { Result } from './views';

export const messenger = defineExtensionMessaging<ProtocolMap>();

/**
 * A failed answer from the background, with a code lib/errors knows and the text the UI shows for
 * it (the background's, or, for a failure to get an answer at all, the code's own).
 */
export class LensError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'LensError';
  }
}

/** Sends a message and unwraps its Result: the value, or a thrown LensError. */
export async function ask<K extends MessageName>(
  name: K,
  data: z.input<(typeof INPUTS)[K]>,
): Promise<Outputs[K]> {
  let result: Result<Outputs[K]> | undefined;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the overloads of sendMessage cannot follow K here
    result = (await (messenger.sendMessage as any)(name, data)) as Result<Outputs[K]> | undefined;
  } catch {
    // The extension was reloaded or the worker is unreachable.
    throw new LensError('NETWORK', NETWORK_TEXT);
  }
  if (!result || typeof result !== 'object') throw new LensError('UNKNOWN', UNKNOWN_TEXT);
  if (result.ok) return result.value;
  throw new LensError(result.error.code, result.error.message || UNKNOWN_TEXT, result.error.retryAfterMs);
}

/** Listens for live pushes from the background; returns the function that removes the listener. */
export function onPush(listener: (event: Pushes['liveEvent']) => void): () => void {
  return messenger.onMessage('liveEvent', (message) => {
    listener(message.data);
  });
}
