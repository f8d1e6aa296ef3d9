/** The four states every result view can be in besides "ready", each with a stable test id. */
import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { type ErrorView, INVALID_INPUT_TEXT, isKeyCode, isTransientCode } from '../../lib/errors';
import { formatCountdown } from '../../lib/format';
import { ErrorLine } from '../shared/ErrorLine';
import { toErrorView } from '../shared/Loadable';
import { focusContainer } from './focus';

/** How long a load may take before its line says it is still waiting (the API client retries up to a minute). */
export const SLOW_MS = 10_000;

/**
 * "Loading…"; with `slowLabel`, that line instead once the load has taken SLOW_MS, so a slow service
 * (the client's retries) does not look like a stuck page. `after` follows the label outside the live
 * region (a countdown that changes each second is not read out each second).
 */
export function Loading({
  label = 'Loading',
  slowLabel,
  after,
}: {
  label?: string;
  slowLabel?: string;
  after?: string;
}) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p class="state state-loading" data-testid="state-loading">
      <span role="status">{slow && slowLabel ? slowLabel : label}</span>
      {after}…
    </p>
  );
}

export function Empty({ children }: { children: ComponentChildren }) {
  return (
    <p class="state state-empty" data-testid="state-empty">
      {children}
    </p>
  );
}

/**
 * One line for a failed action: the error's message, as the background chose it: INVALID_INPUT's
 * field message ("hosts.data: must use https:"), else the code's text.
 */
export function errorText(e: unknown): string {
  return toErrorView(e).message;
}

/** A retry replaces the control that asked for it: focus moves to the container around it first. */
export function retryFrom(button: Element, retry: () => void): void {
  focusContainer(button);
  retry();
}

/** The one way the extension pages open the options page (a key to add or fix, the status line's link). */
export function openOptions(): void {
  void browser.runtime.openOptionsPage?.();
}

/**
 * Whether a Retry can help: a transient failure; UNKNOWN (the cause is not known, e.g. a background
 * that did not answer); INVALID_CURSOR, whose retry starts the list again from its first page.
 * A missing, refused or limited key (isKeyCode) is fixed in the options page instead.
 */
function retryHelps(code: ErrorView['code']): boolean {
  return isTransientCode(code) || code === 'UNKNOWN' || code === 'INVALID_CURSOR';
}

/** An error as shown while a countdown beside it says its Retry-After: without it (not "Retry in …" twice). */
export const untimed = (e: ErrorView): ErrorView => ({ code: e.code, message: e.message });

/**
 * The time left of an error's Retry-After, counted from when the error came (null: no error, or it
 * has none), re-rendered as each whole second passes. At 0 `onDue` runs, once per error, as a click
 * on the Retry inside `container` would: focus on the control about to go away moves to its container.
 */
export function useRetryCountdown(
  error: ErrorView | null,
  onDue: (() => void) | undefined,
  container: RefObject<HTMLElement>,
): number | null {
  // a new error (a new object) starts its own countdown
  const deadline = useMemo(() => {
    const ms = error?.retryAfterMs;
    return ms && ms > 0 ? Date.now() + ms : null;
  }, [error]);
  const [now, setNow] = useState(() => Date.now());
  const due = useRef(onDue);
  due.current = onDue;
  useEffect(() => {
    if (deadline === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) {
        const onDue = due.current;
        if (!onDue) return;
        const at = document.activeElement;
        if (at && container.current?.contains(at)) focusContainer(at);
        onDue();
        return;
      }
      // the next moment the whole seconds shown change (or the deadline itself)
      timer = setTimeout(step, (deadline - t) % 1000 || 1000);
    };
    step();
    return () => clearTimeout(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, deadline - now);
}

/** useRetryCountdown's time left beside its Retry (outside any alert: it is not read out each second). */
export function RetryCountdown({ left }: { left: number | null }) {
  return left !== null && left > 0 ? (
    <span class="detail" data-testid="retry-countdown">
      Retry in {formatCountdown(left)}.{' '}
    </span>
  ) : null;
}

/**
 * Shows the message for the code (never a raw exception), when it helps the service's detail, and
 * the way on: "Open options" for a key problem, Retry for a failure another try may fix.
 * A Retry-After counts down ("Retry in 45 s", outside the alert: a line that changes every second is
 * not read out every second); at 0 `autoRetry` runs, when given (the owner gives it for one automatic
 * retry per user action: useAsync's third value), and the Retry button stays either way.
 */
export function ErrorState({
  error,
  onRetry,
  autoRetry,
}: {
  error: ErrorView;
  onRetry?: () => void;
  autoRetry?: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const canRetry = !!onRetry && retryHelps(error.code);
  const left = useRetryCountdown(error, canRetry ? autoRetry : undefined, ref);
  // INVALID_INPUT carries the background's field message, which says what exactly is wrong (its
  // line, ErrorLine's, is the code's text)
  const detail =
    error.code === 'INVALID_INPUT' && error.message && error.message !== INVALID_INPUT_TEXT
      ? error.message
      : null;
  return (
    <div ref={ref} class="state state-error" data-testid="state-error" data-code={error.code}>
      {/* the countdown is said below instead of ErrorLine's fixed "Retry in …" */}
      <ErrorLine error={left === null ? error : untimed(error)} />
      {detail && <span class="detail">{detail}</span>}
      <RetryCountdown left={left} />
      {isKeyCode(error.code) && (
        <button type="button" class="link" onClick={openOptions}>
          Open options
        </button>
      )}
      {onRetry && canRetry && (
        <button type="button" class="link" onClick={(e) => retryFrom(e.currentTarget, onRetry)}>
          Retry
        </button>
      )}
    </div>
  );
}

/** The service is still indexing (e.g. a wallet's PnL): not an error, just not ready yet. */
export function Queued({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div class="state state-queued" data-testid="state-queued" role="status">
      <span>Indexing, try again shortly.</span>
      {message && <span class="detail"> {message}</span>}
      {onRetry && (
        <button type="button" class="link" onClick={(e) => retryFrom(e.currentTarget, onRetry)}>
          Try again
        </button>
      )}
    </div>
  );
}
