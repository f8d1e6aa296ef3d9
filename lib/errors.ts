/**
 * Every failure the extension can show is a value with a code and the text the UI shows for it. The
 * background picks that text (errorMessage below, in ApiError.toView and the router) as an error's
 * view leaves it; the views show `message` (errorHeadline), so the content script carries no table.
 * Nothing shows a raw exception text to the user.
 */

// The texts the content script and the pages need for failures they make themselves (ask()'s,
// toErrorView's, a missing odds answer) and for INVALID_INPUT's headline: the table's own entries.
export const NETWORK_TEXT = 'Network error: the service could not be reached.';
export const NOT_FOUND_TEXT = 'Not found.';
export const INVALID_INPUT_TEXT = 'Invalid input.';
export const UNKNOWN_TEXT = 'Something went wrong.';
/** The private store's database does not open (StatusView.storageSessionOnly): popup and options say it. */
export const STORAGE_DOWN_TEXT =
  "The browser's storage for extensions is not available: changes to the settings, the watchlist and recent lookups last only until the browser closes, and what was saved before may not show.";

/** Every code the extension knows, with the message the UI shows for it. */
const MESSAGES = {
  // spec codes (DCA API)
  INVALID_WALLET: 'That is not a valid Solana wallet address.',
  INVALID_SORT: 'Unknown sort order.',
  INVALID_STATUS: 'Unknown status filter.',
  INVALID_LIMIT: 'Page size out of range.',
  INVALID_PROGRAM: 'Unsupported DCA program.',
  PROGRAM_PARAM_CONFLICT: 'Conflicting program parameters.',
  INVALID_CURSOR: 'The page cursor no longer matches; start again from the first page.',
  INVALID_ORDER: 'That is not a valid DCA order address.',
  INVALID_MINT: 'That is not a valid token mint address.',
  NOT_FOUND: NOT_FOUND_TEXT,
  TIMEOUT: 'The service took too long to answer.',
  SERVER_ERROR: 'The service had an internal error.',
  // prediction-market API codes
  RATE_LIMITED: 'Rate limited by the API plan; waiting before trying again.',
  SERVICE_BUSY: 'The service is busy; try again shortly.',
  BAD_REQUEST: 'The service rejected the request.',
  INTERNAL: 'The service had an internal error.',
  // client-side codes
  NETWORK: NETWORK_TEXT,
  OFFLINE: 'You are offline.',
  UNAUTHORIZED: 'The API key was refused: check it in the options page.',
  FORBIDDEN: 'Your API plan does not allow this, or its credits ran out.',
  NO_KEY: 'No API key yet: add one in the options page.',
  NEEDS_PLAN: 'Live updates need a Premium plan.',
  SCHEMA_MISMATCH: 'The service answered in an unexpected format.',
  /** A body that is not JSON at all (cut off on the way, a proxy's page): transient, unlike SCHEMA_MISMATCH. */
  BAD_RESPONSE: 'The service sent an incomplete answer; try again shortly.',
  /** An extension page got an answer from the background that does not fit its schema (lib/messaging ANSWERS). */
  BAD_ANSWER: 'The extension sent this page an answer it could not read; close and reopen it.',
  INVALID_INPUT: INVALID_INPUT_TEXT,
  STORAGE_UNAVAILABLE:
    "The browser's storage for extensions is not available, so the API key cannot be saved: it works only until the browser closes.",
  START_FAILED: "The extension could not start because the browser's storage did not answer.",
  FORBIDDEN_SENDER: 'This request is not allowed from a web page.',
  ABORTED: 'Cancelled.',
  UNKNOWN: UNKNOWN_TEXT,
} as const satisfies Record<string, string>;

export type KnownErrorCode = keyof typeof MESSAGES;
/** A server may send a code we have never seen; it is kept verbatim. */
export type ErrorCode = KnownErrorCode | (string & {});

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.hasOwn(MESSAGES, code);
}

export function errorMessage(code: ErrorCode): string {
  return isKnownErrorCode(code) ? MESSAGES[code] : `Service error (${code}).`;
}

/**
 * The serialisable form of an error that crosses the messaging boundary. `message` is the text the
 * UI shows (viewMessage), never a raw exception or server text.
 */
export interface ErrorView {
  code: ErrorCode;
  message: string;
  retryAfterMs?: number;
}

/**
 * An error view's message, chosen where it leaves the background: the code's text, except that
 * INVALID_INPUT keeps its own specific message (a field, a limit: "Watchlist is full (50 wallets)…"),
 * which the extension pages show (components/lookup/states.tsx).
 */
export function viewMessage(code: ErrorCode, message?: string): string {
  return code === 'INVALID_INPUT' && message ? message : errorMessage(code);
}

/**
 * The line a view shows for an error: its message, set by the background. INVALID_INPUT's line is
 * the code's own text; its specific message is a detail only the extension pages add.
 */
export function errorHeadline(error: Pick<ErrorView, 'code' | 'message'>): string {
  if (error.code === 'INVALID_INPUT') return INVALID_INPUT_TEXT;
  return error.message || UNKNOWN_TEXT;
}

/**
 * Codes worth another try: the service or the way to it failed, not the question (the popup's
 * Retry, the overlay's badge retries in lib/overlay/retry.ts). Everything else fails the same way again.
 */
const TRANSIENT_CODES: readonly string[] = [
  'NETWORK',
  'TIMEOUT',
  'SERVER_ERROR',
  'INTERNAL',
  'RATE_LIMITED',
  'SERVICE_BUSY',
  'OFFLINE',
  'BAD_RESPONSE',
];

export function isTransientCode(code: ErrorCode): boolean {
  return TRANSIENT_CODES.includes(code);
}

/** Codes the options page fixes (a key to add or replace, or a plan to change), not a retry. */
export function isKeyCode(code: ErrorCode): boolean {
  return code === 'NO_KEY' || code === 'UNAUTHORIZED' || code === 'FORBIDDEN';
}
