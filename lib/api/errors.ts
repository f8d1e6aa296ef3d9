import { type ErrorCode, type ErrorView, errorMessage, viewMessage } from '../errors';

export interface ApiErrorInit {
  code: ErrorCode;
  message?: string;
  /** HTTP status; 0 when no response was received or the request never left (local validation). */
  status?: number;
  retryAfterMs?: number;
  endpoint?: string;
  /** The code the server put in its body, when it differs from `code` (401/403/429 keep theirs here). */
  serverCode?: string;
  /**
   * A text written for the user, shown instead of the code's ("No such prediction-market event."):
   * `message` may be the server's or a diagnostic, which the UI never shows.
   */
  detail?: string;
}

/**
 * The one error type of `lib/api`. Its message never contains the API key: RPC addresses carry the
 * key, so `endpoint` is always a bare path and server texts are redacted before they get here.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryAfterMs?: number;
  readonly endpoint: string;
  readonly serverCode?: string;
  readonly detail?: string;

  constructor(init: ApiErrorInit) {
    super(init.message ?? errorMessage(init.code));
    this.code = init.code;
    this.status = init.status ?? 0;
    this.endpoint = init.endpoint ?? '';
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.serverCode !== undefined) this.serverCode = init.serverCode;
    if (init.detail !== undefined) this.detail = init.detail;
  }

  /**
   * The error as it leaves the background (results, and the errors inside views): the code's text
   * for the UI (viewMessage), or the text written for the user (`detail`), not this error's
   * message, which may be the server's.
   */
  toView(): ErrorView {
    const view: ErrorView = { code: this.code, message: this.detail ?? viewMessage(this.code, this.message) };
    if (this.retryAfterMs !== undefined) view.retryAfterMs = this.retryAfterMs;
    return view;
  }

  /** Any thrown value as an ApiError; foreign exceptions keep no text (it may hold URLs or keys). */
  static from(error: unknown, endpoint = ''): ApiError {
    if (error instanceof ApiError) return error;
    if (isAbortError(error)) return new ApiError({ code: 'ABORTED', endpoint });
    return new ApiError({ code: 'UNKNOWN', endpoint });
  }
}

export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    ((error as { name: unknown }).name === 'AbortError' ||
      (error as { name: unknown }).name === 'TimeoutError')
  );
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
