import { type ErrorView, errorHeadline } from '../../lib/errors';
import { formatDuration } from '../../lib/format';

type Shown = Pick<ErrorView, 'code' | 'message' | 'retryAfterMs'>;

/** Why something failed, in the words the background gave the error (never a raw exception text). */
export function errorTitle(error: Shown): string {
  const retry =
    error.retryAfterMs && error.retryAfterMs > 0 ? ` Retry in ${formatDuration(error.retryAfterMs)}.` : '';
  return errorHeadline(error) + retry;
}

export function ErrorLine({ error }: { error: Shown }) {
  return (
    <div class="ol-err" role="alert" data-code={error.code}>
      <span aria-hidden="true">⚠</span>
      <span>{errorTitle(error)}</span>
    </div>
  );
}
