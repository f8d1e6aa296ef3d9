/** Key, plan, live connection and credits in one line; refreshed while the popup is open. */
import { useEffect, useState } from 'preact/hooks';
import { errorMessage, STORAGE_DOWN_TEXT } from '../../lib/errors';
import { countOf, formatNumber, lowerFirst, truncateText } from '../../lib/format';
import type { StatusView } from '../../lib/views';
import { useAsk } from '../lookup/ask';
import { openOptions } from '../lookup/states';
import { onStatusRefresh } from './statusRefresh';

const POLL_MS = 5000;

/** The live connection's state as text: its word (liveWord) and, while reconnecting, when. */
export function liveText(status: StatusView, now: number): string {
  return liveWord(status) + liveWhen(status, now);
}

/** "Reconnecting"'s countdown (" in 5 s", or "…" once due): ticks each second, so it is never announced. */
function liveWhen(status: StatusView, now: number): string {
  if (status.live !== 'reconnecting') return '';
  const s = status.liveRetryAt === null ? 0 : Math.max(0, Math.ceil((status.liveRetryAt - now) / 1000));
  return s > 0 ? ` in ${s} s` : '…';
}

/** The part of the live state worth announcing when it changes (no countdown). */
function liveWord(status: StatusView): string {
  switch (status.live) {
    case 'live':
      return 'Live';
    case 'reconnecting':
      return 'Reconnecting';
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

/**
 * The key's part: its state, and for a key not checked yet why (the last check failed for a reason
 * of the service, its code's text: nothing was said of the key), or that a check is running.
 */
function keyText(status: StatusView): string {
  if (status.key !== 'unchecked') return KEY_TEXT[status.key];
  const failed = status.keyCheck?.error;
  if (failed) {
    return `Key check failed: ${lowerFirst(errorMessage(failed.code))}`;
  }
  return status.keyCheck?.checking ? 'Checking key…' : KEY_TEXT.unchecked;
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
    const off = onStatusRefresh(() => void poll());
    return () => {
      alive = false;
      clearInterval(timer);
      off();
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
  // Live regions hold only the state words: the footer re-renders each second while a countdown
  // runs, and credits change with every lookup; neither is worth an announcement.
  if (!status || failed) {
    return (
      <footer class="status-line muted small" data-testid="status-line">
        <span role="status">{failed ? 'Background not answering.' : 'Checking status…'}</span>
      </footer>
    );
  }
  const keyHasPlan = status.key === 'valid' || status.key === 'unchecked';
  // before a key is saved nothing works: the line says what to do first, and stands out (theme.css)
  const noKey = status.key === 'missing';
  return (
    <footer class={noKey ? 'status-line small needs-key' : 'status-line small'} data-testid="status-line">
      <span data-testid="status-key" class={`key-${status.key}`} role="status">
        {keyText(status)}
      </span>
      {noKey && <span data-testid="status-key-start">: add your Solana Tracker key to start ·</span>}
      {(status.key === 'missing' || status.key === 'invalid') && (
        <>
          {' '}
          <button type="button" class="link" onClick={openOptions}>
            Open options
          </button>
        </>
      )}
      {/* The spaces between parts are outside them: a narrow line wraps there, never inside a part.
          A refused or missing key has no plan or credits to show (an older answer's would contradict it). */}
      {status.plan && keyHasPlan && (
        <>
          {' '}
          <span data-testid="status-plan">· {truncateText(status.plan, 20)}</span>
        </>
      )}{' '}
      <span data-testid="status-live" class={`live-${status.live}`}>
        · <span role="status">{liveWord(status)}</span>
        {liveWhen(status, Date.now())}
      </span>
      {/* live updates this worker could not read (a field the service changed): not passed over while
          the line says Live; watched wallets are caught up through REST instead */}
      {!!status.liveInvalid && (
        <>
          {' '}
          <span
            data-testid="status-live-invalid"
            class="key-invalid"
            title="The datastream sent updates in a format this version cannot read; watched wallets are caught up through REST instead."
          >
            · {countOf(status.liveInvalid, 'live update')} unreadable
          </span>
        </>
      )}
      {status.credits !== null && keyHasPlan && (
        <>
          {' '}
          <span data-testid="status-credits">
            · {formatNumber(status.credits, { compact: true })} credits left
          </span>
        </>
      )}
      {/* notifications of watched wallets may be missing: say why, until a poll succeeds again. In the
          words of its code, as everywhere else (never the server's text), without a Retry-After
          countdown: the error is stored, its countdown would not tick. */}
      {status.notificationsBlocked && (
        <>
          {' '}
          <span data-testid="status-notifications" class="key-invalid">
            · Notifications are blocked in the browser's settings
          </span>
        </>
      )}
      {/* the extension's own database does not open: what is changed now is gone when the browser closes */}
      {status.storageSessionOnly && (
        <>
          {' '}
          <span data-testid="status-storage" class="key-invalid" title={STORAGE_DOWN_TEXT}>
            · Storage unavailable: changes last until the browser closes
          </span>
        </>
      )}
      {status.watchError && status.watched > 0 && (
        <>
          {' '}
          <span data-testid="status-watch" class="key-invalid" title={errorMessage(status.watchError.code)}>
            · Watchlist not updating: {truncateText(errorMessage(status.watchError.code), 60)}
          </span>
        </>
      )}
    </footer>
  );
}
