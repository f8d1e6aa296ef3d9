/**
 * Every failure the extension can show is a value with a code. The UI maps each code to a message
 * (errorMessage below); nothing shows a raw exception text to the user.
 */

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
  NOT_FOUND: 'Not found.',
  TIMEOUT: 'The service took too long to answer.',
  SERVER_ERROR: 'The service had an internal error.',
  // prediction-market API codes
  RATE_LIMITED: 'Rate limited by the API plan; waiting before trying again.',
  SERVICE_BUSY: 'The service is busy; try again shortly.',
  BAD_REQUEST: 'The service rejected the request.',
  INTERNAL: 'The service had an internal error.',
  // client-side codes
  NETWORK: 'Network error: the service could not be reached.',
  OFFLINE: 'You are offline.',
  UNAUTHORIZED: 'The API key was refused: check it in the options page.',
  FORBIDDEN: 'Your API plan does not allow this, or its credits ran out.',
  NO_KEY: 'No API key yet: add one in the options page.',
  NEEDS_PLAN: 'Live updates need a Premium plan.',
  SCHEMA_MISMATCH: 'The service answered in an unexpected format.',
  /** A body that is not JSON at all (cut off on the way, a proxy's page): transient, unlike SCHEMA_MISMATCH. */
  BAD_RESPONSE: 'The service sent an incomplete answer; try again shortly.',
  INVALID_INPUT: 'Invalid input.',
  FORBIDDEN_SENDER: 'This request is not allowed from a web page.',
  ABORTED: 'Cancelled.',
  UNKNOWN: 'Something went wrong.',
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

/** The serialisable form of an error that crosses the messaging boundary. */
export interface ErrorView {
  code: ErrorCode;
  message: string;
  retryAfterMs?: number;
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
