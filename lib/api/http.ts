import type { z } from 'zod';
import { errorMessage } from '../errors';
import { ApiError, isAbortError } from './errors';
import { parseBody } from './parse';
import { backoffDelay, defaultSleep, isRetryableStatus, parseRetryAfter } from './retry';
import { DataErrorBody, PnlErrorBody, PredictionErrorBody } from './schemas/common';
import {
  type ApiClientOptions,
  type CallOptions,
  DEFAULT_URLS,
  type KeyVerdict,
  type Priority,
} from './types';

export type Service = 'data' | 'prediction' | 'rpc';
export type QueryValue = string | number | boolean | undefined;

export interface HttpRequest {
  service: Service;
  method: 'GET' | 'POST';
  /** Path below the service base, starting with `/`; path segments already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  binary?: boolean;
  /** Overrides the label used for errors and the scheduler (JSON-RPC uses `rpc:<method>`). */
  endpoint?: string;
}

export interface HttpCore {
  /** JSON body of a 2xx answer, parsed with `schema`. */
  json<S extends z.ZodType>(req: HttpRequest, schema: S, call?: CallOptions): Promise<z.output<S>>;
  /** Raw JSON of a 2xx answer (for callers that pick a schema from the body). */
  raw(req: HttpRequest, call?: CallOptions): Promise<unknown>;
  binary(req: HttpRequest, call?: CallOptions): Promise<ArrayBuffer>;
}

/** BAD_RESPONSE errors of 2xx bodies that are not JSON: retried once (a proxy may have cut the body). */
const MALFORMED = new WeakSet<ApiError>();
const SERVER_CODE_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_MESSAGE = 300;

/**
 * `text` with the key replaced by `[key]`: as sent in the header, and as URLs encode it (the RPC key
 * is in the query string, and a server quoting its URL quotes it encoded).
 */
function scrubKey(text: string, key: string): string {
  if (key.length < 4) return text;
  let out = text;
  for (const form of new Set([
    key,
    encodeURIComponent(key),
    new URLSearchParams({ k: key }).toString().slice(2),
  ]))
    if (out.includes(form)) out = out.split(form).join('[key]');
  return out;
}

function joinUrl(base: string, path: string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url;
}

/** Whether the browser says it has a network (true where there is no navigator to ask). */
function browserOnline(): boolean {
  return (globalThis as { navigator?: { onLine?: unknown } }).navigator?.onLine !== false;
}

function defaultCode(status: number): string {
  // 401: the key itself was refused. 403: this key may not do this (a plan or credits limit, as the
  // datastream's 403 for a plan without it): the key stays good for the rest.
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408) return 'TIMEOUT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_BUSY';
  if (status >= 500) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

/** The three error bodies the services send: data API, prediction API and the PnL currency error. */
export function readErrorBody(body: unknown): { code?: string; message?: string } {
  const data = DataErrorBody.safeParse(body);
  if (data.success) return { code: data.data.error.code, message: data.data.error.message };
  const prediction = PredictionErrorBody.safeParse(body);
  if (prediction.success)
    return { code: prediction.data.errorCode ?? undefined, message: prediction.data.error };
  const pnl = PnlErrorBody.safeParse(body);
  if (pnl.success) return { message: pnl.data.error };
  return {};
}

export function createHttpCore(options: ApiClientOptions): HttpCore {
  const bases: Record<Service, string> = {
    data: options.dataUrl ?? DEFAULT_URLS.dataUrl,
    prediction: options.predictionUrl ?? DEFAULT_URLS.predictionUrl,
    rpc: options.rpcUrl ?? DEFAULT_URLS.rpcUrl,
  };
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retry?.retries ?? 3;
  const baseMs = options.retry?.baseMs ?? 300;
  const maxMs = options.retry?.maxMs ?? 8000;
  const maxRetryAfterMs = options.retry?.maxRetryAfterMs ?? 60_000;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  /**
   * Until when a Retry-After longer than a call waits out (maxRetryAfterMs) holds: calls fail at once
   * with RATE_LIMITED and the time left, sending nothing. Pausing the shared queue that long instead
   * would leave every view of the extension loading, with no word of why. Per service: the data,
   * prediction and RPC hosts each limit on their own, so one's long wait stops none of the others.
   */
  const limitedUntil: Record<Service, number> = { data: 0, prediction: 0, rpc: 0 };

  async function resolveKey(endpoint: string): Promise<string> {
    const source = options.apiKey;
    let key: string | undefined;
    try {
      key = typeof source === 'function' ? await source() : source;
    } catch {
      key = undefined;
    }
    if (typeof key !== 'string' || key.trim() === '') throw new ApiError({ code: 'NO_KEY', endpoint });
    return key.trim();
  }

  /** A server's error text for our errors: the key out of it first (see scrubKey), then clipped. */
  function redact(text: string, key: string): string {
    const clean = scrubKey(text, key);
    return clean.length > MAX_MESSAGE ? `${clean.slice(0, MAX_MESSAGE)}…` : clean;
  }

  function httpError(
    status: number,
    text: string,
    headers: Headers,
    endpoint: string,
    key: string,
  ): ApiError {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const fromBody = readErrorBody(body);
    const serverCode = fromBody.code && SERVER_CODE_RE.test(fromBody.code) ? fromBody.code : undefined;
    const forced = status === 401 || status === 403 || status === 429;
    const code = forced ? defaultCode(status) : (serverCode ?? defaultCode(status));
    const retryAfterMs = parseRetryAfter(headers.get('retry-after'), now());
    const message = fromBody.message ? redact(fromBody.message, key) : errorMessage(code);
    return new ApiError({
      code,
      status,
      endpoint,
      message,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      ...(serverCode && serverCode !== code ? { serverCode } : {}),
    });
  }

  function buildUrl(req: HttpRequest, key: string): URL {
    const url = joinUrl(bases[req.service], req.path);
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    if (req.service === 'rpc') url.searchParams.set('api_key', key);
    return url;
  }

  /** Tells the owner what an answer said of the key; a throwing hook must not fail the request. */
  function verdict(v: KeyVerdict, endpoint: string): void {
    try {
      options.onKeyVerdict?.(v, endpoint);
    } catch {
      // the hook's own problem
    }
  }

  async function attempt(req: HttpRequest, endpoint: string, signal?: AbortSignal): Promise<unknown> {
    const key = await resolveKey(endpoint);
    const headers: Record<string, string> = {
      Accept: req.binary ? 'application/octet-stream' : 'application/json',
    };
    if (req.service !== 'rpc') headers['x-api-key'] = key;
    let body: string | undefined;
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (signal?.aborted) throw new ApiError({ code: 'ABORTED', endpoint });
      const res = await fetchFn(buildUrl(req, key), {
        method: req.method,
        headers,
        body,
        signal: controller.signal,
      });
      if (res.status === 401) verdict('refused', endpoint);
      if (!res.ok) throw httpError(res.status, await res.text().catch(() => ''), res.headers, endpoint, key);
      verdict('accepted', endpoint);
      if (req.binary) return await res.arrayBuffer();
      // A 2xx body can echo the key too: the RPC's, whose key is in its URL (a JSON-RPC error's
      // message quoting that URL). Only there: the other services take it in a header, and their
      // bodies (order pages, candles) are not scanned three times each for it.
      const answer = await res.text();
      const text = req.service === 'rpc' ? scrubKey(answer, key) : answer;
      try {
        return JSON.parse(text);
      } catch {
        // Not JSON at all (cut off, an HTML error page of a proxy): a fault of the way, not of the
        // service's format, so its own transient code; a JSON body of the wrong shape is SCHEMA_MISMATCH.
        const error = new ApiError({ code: 'BAD_RESPONSE', status: res.status, endpoint });
        MALFORMED.add(error);
        throw error;
      }
    } catch (error) {
      if (signal?.aborted) throw new ApiError({ code: 'ABORTED', endpoint });
      if (timedOut) throw new ApiError({ code: 'TIMEOUT', endpoint });
      if (error instanceof ApiError) throw error;
      if (isAbortError(error)) throw new ApiError({ code: 'ABORTED', endpoint });
      // fetch's own text can include the URL, and RPC URLs hold the key: keep none of it. A browser
      // that knows it has no network says so: every surface then shows "You are offline".
      throw new ApiError({ code: (options.isOnline ?? browserOnline)() ? 'NETWORK' : 'OFFLINE', endpoint });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function shouldRetry(error: ApiError, malformedRetried: boolean): boolean {
    if (error.code === 'ABORTED' || error.code === 'NO_KEY') return false;
    if (MALFORMED.has(error)) return !malformedRetried;
    if (error.status === 0)
      return error.code === 'NETWORK' || error.code === 'OFFLINE' || error.code === 'TIMEOUT';
    return isRetryableStatus(error.status);
  }

  async function run(req: HttpRequest, call: CallOptions = {}): Promise<unknown> {
    const endpoint = req.endpoint ?? req.path;
    const priority: Priority = call.priority ?? 'visible';
    const { signal } = call;
    let malformedRetried = false;
    for (let attemptNo = 0; ; attemptNo++) {
      if (signal?.aborted) throw new ApiError({ code: 'ABORTED', endpoint });
      const limitedFor = limitedUntil[req.service] - now();
      if (limitedFor > 0)
        throw new ApiError({ code: 'RATE_LIMITED', status: 429, endpoint, retryAfterMs: limitedFor });
      try {
        const task = () => attempt(req, endpoint, signal);
        return await (options.schedule ? options.schedule(task, { priority, endpoint, signal }) : task());
      } catch (thrown) {
        const error = ApiError.from(thrown, endpoint);
        if (signal?.aborted) throw new ApiError({ code: 'ABORTED', endpoint });
        let delay = backoffDelay(attemptNo, baseMs, maxMs, random);
        if (error.retryAfterMs !== undefined) delay = Math.max(delay, error.retryAfterMs);
        const tooLong = error.retryAfterMs !== undefined && error.retryAfterMs > maxRetryAfterMs;
        if (error.status === 429) {
          if (tooLong)
            limitedUntil[req.service] = Math.max(limitedUntil[req.service], now() + error.retryAfterMs!);
          else options.onRateLimited?.(delay);
        }
        if (tooLong || attemptNo >= retries || !shouldRetry(error, malformedRetried)) throw error;
        if (MALFORMED.has(error)) malformedRetried = true;
        await sleep(delay, signal);
      }
    }
  }

  return {
    raw: run,
    async json(req, schema, call) {
      const data = await run(req, call);
      return parseBody(schema, data, req.endpoint ?? req.path);
    },
    async binary(req, call) {
      const data = await run({ ...req, binary: true }, call);
      if (!(data instanceof ArrayBuffer)) {
        throw new ApiError({ code: 'SCHEMA_MISMATCH', endpoint: req.endpoint ?? req.path, status: 200 });
      }
      return data;
    },
  };
}

/** Encodes one path segment (addresses are base58, but ids and slugs come from pages). */
export function seg(value: string): string {
  return encodeURIComponent(value);
}
