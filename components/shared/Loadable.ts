import { type ErrorView, UNKNOWN_TEXT } from '../../lib/errors';

/** What a card or badge knows about its data: still coming, failed with a code, or here. */
export type Loadable<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ErrorView }
  | { status: 'ready'; value: T };

/**
 * Any thrown value as an ErrorView: a LensError (or an ErrorView value) keeps its code and the text
 * the background gave it; any other exception is UNKNOWN, its own message (raw, maybe with URLs) unshown.
 */
export function toErrorView(e: unknown): ErrorView {
  if (e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string') {
    const foreign = e instanceof Error && e.name !== 'LensError';
    if (!foreign) {
      const { code, message, retryAfterMs } = e as ErrorView;
      return { code, message: typeof message === 'string' && message ? message : UNKNOWN_TEXT, retryAfterMs };
    }
  }
  return { code: 'UNKNOWN', message: UNKNOWN_TEXT };
}
