import { type ErrorView, errorMessage } from '../../lib/errors';
import { formatDuration } from '../../lib/format';

/** Why something failed, in the words of lib/errors (never a raw exception text). */
export function errorTitle(error: Pick<ErrorView, 'code' | 'retryAfterMs'>): string {
  const retry =
    error.retryAfterMs && error.retryAfterMs > 0 ? ` Retry in ${formatDuration(error.retryAfterMs)}.` : '';
  return errorMessage(error.code) + retry;
}

export function ErrorLine({ error }: { error: Pick<ErrorView, 'code' | 'retryAfterMs'> }) {
  return (
    <div class="ol-err" role="alert" data-code={error.code}>
      <span aria-hidden="true">⚠</span>
      <span>{errorTitle(error)}</span>
    </div>
  );
}
