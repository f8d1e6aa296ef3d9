/** The four states every result view can be in besides "ready", each with a stable test id. */
import type { ComponentChildren } from 'preact';
import { browser } from 'wxt/browser';
import { type ErrorView, INVALID_INPUT_TEXT, isKeyCode, isTransientCode } from '../../lib/errors';
import { ErrorLine } from '../shared/ErrorLine';
import { toErrorView } from '../shared/Loadable';
import { focusContainer } from './focus';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p class="state state-loading" data-testid="state-loading" role="status">
      {label}…
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

/**
 * Shows the message for the code (never a raw exception), when it helps the service's detail, and
 * the way on: "Open options" for a key problem, Retry for a failure another try may fix.
 */
export function ErrorState({ error, onRetry }: { error: ErrorView; onRetry?: () => void }) {
  // INVALID_INPUT carries the background's field message, which says what exactly is wrong (its
  // line, ErrorLine's, is the code's text)
  const detail =
    error.code === 'INVALID_INPUT' && error.message && error.message !== INVALID_INPUT_TEXT
      ? error.message
      : null;
  return (
    <div class="state state-error" data-testid="state-error" data-code={error.code}>
      <ErrorLine error={error} />
      {detail && <span class="detail">{detail}</span>}
      {isKeyCode(error.code) && (
        <button type="button" class="link" onClick={openOptions}>
          Open options
        </button>
      )}
      {onRetry && retryHelps(error.code) && (
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
