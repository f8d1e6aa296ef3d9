import type { ErrorView } from '../../lib/errors';

/** What a card or badge knows about its data: still coming, failed with a code, or here. */
export type Loadable<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ErrorView }
  | { status: 'ready'; value: T };

/** Any thrown value as an ErrorView: a LensError keeps its code, anything else is UNKNOWN. */
export function toErrorView(e: unknown): ErrorView {
  if (e && typeof e === 'object' && typeof (e as { code?: unknown }).code === 'string') {
    const { code, message, retryAfterMs } = e as ErrorView;
    return { code, message: typeof message === 'string' ? message : '', retryAfterMs };
  }
  return { code: 'UNKNOWN', message: '' };
}
