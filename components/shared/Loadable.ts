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
  const view = e as ErrorView | null;
  // any other exception (a TypeError, a DOMException with a code of its own) is not one of ours
  if (
    !view ||
    typeof view !== 'object' ||
    typeof view.code !== 'string' ||
    (e instanceof Error && e.name !== 'LensError')
  )
    return { code: 'UNKNOWN', message: UNKNOWN_TEXT };
  const { code, message, retryAfterMs } = view;
  return { code, message: typeof message === 'string' && message ? message : UNKNOWN_TEXT, retryAfterMs };
}
