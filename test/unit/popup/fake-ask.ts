/** A fake `ask` for component tests: per-message handlers, every call recorded, unknown messages fail loudly. */
import type { AskFn } from '../../../components/lookup/ask';
import { toErrorResult } from '../../../lib/background/router';
import { errorMessage } from '../../../lib/errors';
import type { Outputs, PageMessage } from '../../../lib/messaging';
import { LensError } from '../../../lib/messenger';
import { defaultSettings } from '../../../lib/settings';
import type { StatusView } from '../../../lib/views';

export type Handlers = {
  [K in PageMessage]?: (data: never) => Outputs[K] | Promise<Outputs[K]>;
};

export interface FakeAsk {
  ask: AskFn;
  calls: { name: PageMessage; data: unknown }[];
  callsOf: (name: PageMessage) => unknown[];
}

/** A status answer: a valid Premium key, live, nothing watched, unless patched. */
export const statusView = (patch: Partial<StatusView> = {}): StatusView => ({
  key: 'valid',
  plan: 'Premium',
  credits: 1000,
  live: 'live',
  liveRetryAt: null,
  watched: 0,
  unread: 0,
  ...patch,
});

/** settingsGet, status, markRead and watchList answer sensible defaults unless overridden. */
export function fakeAsk(handlers: Handlers = {}): FakeAsk {
  const calls: FakeAsk['calls'] = [];
  const defaults: Handlers = {
    settingsGet: () => defaultSettings(),
    markRead: () => ({ unread: 0 }),
    watchList: () => [],
    status: () => statusView(),
  };
  const all = { ...defaults, ...handlers } as Record<string, (data: unknown) => unknown>;
  const ask = (async (name: PageMessage, data: unknown) => {
    calls.push({ name, data });
    const h = all[name];
    if (!h) throw new LensError('UNKNOWN', `fake ask: no handler for ${name}`);
    try {
      return await h(data);
    } catch (e) {
      // what the router and the real ask make of a handler's throw (an ApiError from lib/watch, say)
      if (e instanceof LensError) throw e;
      const r = toErrorResult(e);
      throw r.ok ? e : new LensError(r.error.code, r.error.message, r.error.retryAfterMs);
    }
  }) as AskFn;
  return { ask, calls, callsOf: (name) => calls.filter((c) => c.name === name).map((c) => c.data) };
}

/** A failed answer as the background sends it: with the code's text unless told otherwise. */
export const lensError = (code: string, message = errorMessage(code), retryAfterMs?: number) =>
  new LensError(code, message, retryAfterMs);

/** A promise that never settles: keeps a view in its loading state. */
export const pending = <T>() => new Promise<T>(() => {});

/** A handler that fails with `error` on its first call and answers `then()` on the later ones. */
export function failsOnce<T>(error: Error, then: () => T): () => T {
  let calls = 0;
  return () => {
    calls += 1;
    if (calls === 1) throw error;
    return then();
  };
}
