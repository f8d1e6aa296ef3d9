/** Key, plan, live connection and credits in one line; refreshed while the popup is open. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { formatNumber, truncateText } from '../../lib/format';
import type { StatusView } from '../../lib/views';
import { useAsk } from '../lookup/ask';

const POLL_MS = 5000;

export function liveText(status: StatusView, now: number): string {
  switch (status.live) {
    case 'live':
      return 'Live';
    case 'reconnecting': {
      if (status.liveRetryAt === null) return 'Reconnecting…';
      const s = Math.max(0, Math.ceil((status.liveRetryAt - now) / 1000));
      return s > 0 ? `Reconnecting in ${s} s` : 'Reconnecting…';
    }
    case 'connecting':
      return 'Connecting…';
    case 'needs-plan':
      return 'Live updates need a Premium plan';
    case 'bad-key':
      return 'Live: key refused';
    case 'offline':
      return 'Offline';
    default:
      return 'Live off';
  }
}

const KEY_TEXT: Record<StatusView['key'], string> = {
  missing: 'No API key',
  unchecked: 'Key not checked yet',
  valid: 'Key valid',
  invalid: 'Key invalid',
};

function openOptions() {
  void browser.runtime.openOptionsPage?.();
}

export function StatusLine() {
  const ask = useAsk();
  const [status, setStatus] = useState<StatusView | null>(null);
  const [failed, setFailed] = useState(false);
  const [, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    const poll = () =>
      ask('status', {}).then(
        (s) => {
          if (!alive) return;
          setStatus(s);
          setFailed(false);
        },
        () => alive && setFailed(true),
      );
    void poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [ask]);

  // only while "reconnecting in N s" is shown does a one-second tick re-render it between polls
  const countingDown = status?.live === 'reconnecting' && status.liveRetryAt !== null;
  useEffect(() => {
    if (!countingDown) return;
    const tick = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(tick);
  }, [countingDown]);

  // A failed poll means the last answer may no longer hold ("Live" of a background that has stopped):
  // say so instead of showing it, until the polls get answers again.
  if (!status || failed) {
    return (
      <footer class="status-line muted small" data-testid="status-line" role="status">
        {failed ? 'Background not answering.' : 'Checking status…'}
      </footer>
    );
  }
  return (
    <footer class="status-line small" data-testid="status-line" role="status">
      <span data-testid="status-key" class={`key-${status.key}`}>
        {KEY_TEXT[status.key]}
      </span>
      {(status.key === 'missing' || status.key === 'invalid') && (
        <>
          {' '}
          <button type="button" class="link" onClick={openOptions}>
            Open options
          </button>
        </>
      )}
      {/* The spaces between parts are outside them: a narrow line wraps there, never inside a part. */}
      {status.plan && (
        <>
          {' '}
          <span data-testid="status-plan">· {truncateText(status.plan, 20)}</span>
        </>
      )}{' '}
      <span data-testid="status-live" class={`live-${status.live}`}>
        · {liveText(status, Date.now())}
      </span>
      {status.credits !== null && (
        <>
          {' '}
          <span data-testid="status-credits">
            · {formatNumber(status.credits, { compact: true })} credits left
          </span>
        </>
      )}
      {/* notifications of watched wallets may be missing: say why, until a poll succeeds again */}
      {status.watchError && status.watched > 0 && (
        <>
          {' '}
          <span data-testid="status-watch" class="key-invalid" title={status.watchError.message}>
            · Watchlist not updating: {truncateText(status.watchError.message, 60)}
          </span>
        </>
      )}
    </footer>
  );
}
