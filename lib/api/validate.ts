import { isSolanaAddress } from '../detect/address';
import type { ErrorCode } from '../errors';
import { ApiError } from './errors';

/** Checks made before any request, so a bad input costs no credit and fails with a precise code (status 0). */

export const DCA_SORTS = [
  'volume',
  'deposited',
  'remaining',
  'progress',
  'recent',
  'created',
  'status',
] as const;
export const DCA_STATUS_FILTERS = ['active', 'paused', 'completed', 'pending', 'all'] as const;
export const EXCHANGES = ['polymarket', 'kalshi', 'poly'] as const;
export const CURRENCIES = ['usd', 'sol', 'eur'] as const;
export const PNL_MODES = ['strict', 'adjusted', 'raw'] as const;
export const CANDLE_INTERVALS = ['1m', '1h', '1d'] as const;
export const CANDLE_STATUSES = ['all', 'active', 'closed', 'inactive'] as const;
export const DEFAULT_DCA_PROGRAM = 'jupiter';

export type DcaSort = (typeof DCA_SORTS)[number];
export type DcaStatusFilter = (typeof DCA_STATUS_FILTERS)[number];
export type Exchange = (typeof EXCHANGES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type PnlMode = (typeof PNL_MODES)[number];
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export type CandleStatus = (typeof CANDLE_STATUSES)[number];

/** Maximum `limit` per endpoint family (minimum is always 1). */
export const LIMIT_MAX = {
  wallet: 100,
  pair: 100,
  token: 1000,
  candles: 2000,
  pnl: 100,
  search: 500,
} as const;

function invalid(code: ErrorCode, message: string, endpoint: string): ApiError {
  return new ApiError({ code, message, endpoint, status: 0 });
}

export type AddressCode = 'INVALID_WALLET' | 'INVALID_MINT' | 'INVALID_ORDER' | 'INVALID_INPUT';

export function checkAddress(value: unknown, code: AddressCode, what: string, endpoint = ''): string {
  if (typeof value === 'string' && isSolanaAddress(value)) return value;
  throw invalid(code, `${what} must be a base58 Solana address (32 bytes).`, endpoint);
}

export function checkLimit(value: unknown, max: number, endpoint = ''): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max) return value;
  throw invalid('INVALID_LIMIT', `limit must be an integer from 1 to ${max}.`, endpoint);
}

export function checkOneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  code: ErrorCode,
  what: string,
  endpoint = '',
): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(code, `${what} must be one of: ${allowed.join(', ')}.`, endpoint);
}

const PROGRAM_RE = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** Program ids come from `/dca/programs`; only their shape is checked here. */
export function checkProgram(value: unknown, endpoint = ''): string {
  if (value === undefined) return DEFAULT_DCA_PROGRAM;
  if (typeof value === 'string' && PROGRAM_RE.test(value)) return value;
  throw invalid('INVALID_PROGRAM', 'program must be a short lowercase id such as "jupiter".', endpoint);
}

// Printable ASCII only: cursors are opaque service tokens, never user text.
const CURSOR_RE = /^[\x21-\x7e]{1,512}$/;

export function checkCursor(value: unknown, endpoint = ''): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && CURSOR_RE.test(value)) return value;
  throw invalid('INVALID_CURSOR', 'cursor must be the opaque value returned by the previous page.', endpoint);
}

// Polymarket ids and slugs, `POLY-<id>`, Kalshi tickers.
const EVENT_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

export function checkEventId(value: unknown, endpoint = ''): string {
  if (typeof value === 'string' && EVENT_ID_RE.test(value)) return value;
  throw invalid('INVALID_INPUT', 'event id must be an id, a ticker or a slug.', endpoint);
}

export function checkTimestamp(value: unknown, what: string, endpoint = ''): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw invalid('INVALID_INPUT', `${what} must be a unix time (seconds or milliseconds).`, endpoint);
}

const TOKEN_RE = /^[A-Za-z0-9_.-]{1,64}$/;

/** Free-form query words the spec leaves open (sort names, chart types): a safe token, passed verbatim. */
export function checkWord(value: unknown, what: string, endpoint = ''): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && TOKEN_RE.test(value)) return value;
  throw invalid('INVALID_INPUT', `${what} is not a valid value.`, endpoint);
}

export function checkNonEmptyText(value: unknown, what: string, max: number, endpoint = ''): string {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.length > 0 && text.length <= max) return text;
  }
  throw invalid('INVALID_INPUT', `${what} must be 1 to ${max} characters.`, endpoint);
}

/** Unique values in first-seen order. */
export function unique<T>(values: readonly T[], key: (v: T) => string = String): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const v of values) {
    const k = key(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

export function chunk<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
