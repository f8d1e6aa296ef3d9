/**
 * The real messaging for the content script. It deliberately does not import lib/messaging.ts at
 * run time: that module builds zod schemas at load, which would put zod in the content-script bundle.
 * Only types come from there, so the protocol map stays the one source of truth; messages are
 * compatible because @webext-core/messaging matches them by name.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from '../messaging';
import type { Result } from '../views';
import type { OnPush, ViewAsk } from './types';

const messenger = defineExtensionMessaging<ProtocolMap>();

/** A failed answer, with the code lib/errors knows. */
export class OverlayError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export const ask: ViewAsk = async (name, data) => {
  let result: Result<unknown> | undefined;
  try {
    // biome-ignore lint/suspicious/noExplicitAny: sendMessage's overloads cannot follow a generic name
    result = (await (messenger.sendMessage as any)(name, data)) as Result<unknown> | undefined;
  } catch {
    // The extension was reloaded or the worker is unreachable: not the page's problem.
    throw new OverlayError('NETWORK', 'extension unreachable');
  }
  if (!result || typeof result !== 'object') throw new OverlayError('UNKNOWN', 'no answer');
  if (result.ok) return result.value as never;
  throw new OverlayError(result.error.code, result.error.message, result.error.retryAfterMs);
};

export const onPush: OnPush = (listener) =>
  messenger.onMessage('liveEvent', (message) => {
    listener(message.data);
  });
