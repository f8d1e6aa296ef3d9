/**
 * The messaging library's error serializer as built (wxt.config.ts aliases it to
 * lib/serialize-error.ts): an error thrown by a message handler still reaches the sender as an
 * Error with its message, through the real @webext-core/messaging on the fake browser.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deserializeError, serializeError } from '../../lib/serialize-error';

describe('serializeError / deserializeError', () => {
  it('keeps an error message across a JSON round trip; other values pass as they are', () => {
    const back = deserializeError(JSON.parse(JSON.stringify(serializeError(new TypeError('boom')))));
    expect(back).toBeInstanceOf(Error);
    expect((back as Error).message).toBe('boom');
    for (const value of [null, 'text', 3, { code: 'X' }])
      expect(deserializeError(serializeError(value))).toEqual(value);
  });

  it('reads what the original library sent (name, message, stack): the message survives', () => {
    const sent = { name: 'Error', message: 'late', stack: 'Error: late\n    at x' };
    expect((deserializeError(sent) as Error).message).toBe('late');
  });
});

describe('through the messaging library', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a handler that throws rejects the send with its message, through the shim (no other field crosses)', async () => {
    const { onMessage, sendMessage } = defineExtensionMessaging<{ ping(x: number): number }>();
    onMessage('ping', () => {
      throw Object.assign(new TypeError('handler failed'), { code: 'X1' });
    });
    const error = await sendMessage('ping', 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('handler failed');
    // (the library's own serializer would have sent the name and the code along)
    expect(error).not.toHaveProperty('code');
    expect((error as Error).name).toBe('Error');
  });
});
