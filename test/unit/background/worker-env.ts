/**
 * The service worker as the browser starts it, for tests that run startBackground() in WXT's fake
 * browser: its global scope (startBackground listens there for 'online'), stand-ins for the APIs the
 * fake browser leaves unimplemented, and a message sent the way the messenger sends one.
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { messenger } from '../../../lib/messenger';

export const EXT = fakeBrowser.runtime.id;
export const optionsPage = { id: EXT, url: `chrome-extension://${EXT}/options.html` };
export const contentScript = { id: EXT, url: 'https://solscan.io/account/x', tab: { id: 5 }, frameId: 0 };

// biome-ignore lint/suspicious/noExplicitAny: stubbing the APIs the fake browser leaves unimplemented
export const fake = fakeBrowser as any;
const hadSelf = Object.hasOwn(globalThis, 'self');

/** For beforeEach: a fresh fake browser with the worker's scope; a test file stubs more after it. */
export function fakeWorker(): void {
  messenger.removeAllListeners(); // (one listener per message name per context)
  fakeBrowser.reset();
  (globalThis as { self?: unknown }).self = new EventTarget();
  fake.storage.local.setAccessLevel = vi.fn(async () => {});
  fake.contextMenus.create = vi.fn();
  fake.contextMenus.onClicked = { addListener: vi.fn() };
  fake.permissions.onAdded = { addListener: vi.fn() };
  fake.permissions.onRemoved = { addListener: vi.fn() };
  fake.permissions.contains = vi.fn(async () => false);
  fake.scripting.getRegisteredContentScripts = vi.fn(async () => []);
  fake.runtime.openOptionsPage = vi.fn(async () => {});
}

/** For afterEach. */
export function endFakeWorker(): void {
  vi.restoreAllMocks();
  if (!hadSelf) delete (globalThis as { self?: unknown }).self;
}

/** A message as the messenger sends it, from `sender`; resolves with the messenger's reply. */
export async function send(
  type: string,
  data: unknown,
  sender: object,
): Promise<{ res?: unknown; err?: unknown }> {
  let answer!: (r: { res?: unknown; err?: unknown }) => void;
  const reply = new Promise<{ res?: unknown; err?: unknown }>((r) => {
    answer = r;
  });
  await fakeBrowser.runtime.onMessage.trigger({ id: 1, type, data, timestamp: Date.now() }, sender, answer);
  return reply;
}
