import { formatDuration } from '../../lib/format';

/**
 * How old a card's data (or one part's) is when the service is failing to refresh it (the view's
 * `asOf`, lib/views.ts, always past: the cache's own fetch time), so old figures are never read as
 * current; nothing without one.
 */
export function StaleNote({ asOf, now }: { asOf?: number; now: number }) {
  return asOf ? (
    <p class="ol-err" role="status">
      {`As of ${formatDuration(now - asOf)} ago: the service has sent nothing newer.`}
    </p>
  ) : null;
}
