/** How urgent a request is; the background scheduler serves `hover` first. Mirrors `lib/sched`. */
export type Priority = 'hover' | 'visible' | 'background';

/** The last optional argument of every client method. */
export interface CallOptions {
  signal?: AbortSignal;
  priority?: Priority;
}

export interface ScheduleMeta {
  priority: Priority;
  /** Request path without host, query or key (JSON-RPC: `rpc:<method>`). */
  endpoint: string;
  /** The call's signal: the background's scheduler drops an aborted attempt and raises a joined one. */
  signal?: AbortSignal;
}

/** Wraps every HTTP attempt (retries included) so the background can queue and rate-limit them. */
export type Schedule = <T>(task: () => Promise<T>, meta: ScheduleMeta) => Promise<T>;

/** The key, or a getter so a key changed in the options page takes effect on the next attempt. */
export type KeySource = string | undefined | (() => string | undefined | Promise<string | undefined>);

export type KeyVerdict = 'accepted' | 'refused';

export interface RetryOptions {
  /** Attempts after the first one. Default 3. */
  retries?: number;
  /** Backoff base in ms (full jitter: random() * min(maxMs, baseMs * 2^attempt)). Default 300. */
  baseMs?: number;
  /** Backoff cap in ms. Default 8000. */
  maxMs?: number;
  /** A Retry-After longer than this is not waited for inside the call: RATE_LIMITED is thrown. Default 60 s. */
  maxRetryAfterMs?: number;
}

export interface ApiClientOptions {
  /** Data API base, default https://data.solanatracker.io */
  dataUrl?: string;
  /** Prediction-market API base, default https://prediction-market-api.solanatracker.io */
  predictionUrl?: string;
  /** Solana RPC address (the key is added as `api_key`), default https://rpc-mainnet.solanatracker.io/ */
  rpcUrl?: string;
  apiKey: KeySource;
  fetch?: typeof fetch;
  /** Per attempt. Default 10 000 ms. */
  timeoutMs?: number;
  retry?: RetryOptions;
  schedule?: Schedule;
  /** Called on every 429 with the delay the client is going to honour. */
  onRateLimited?: (retryAfterMs: number) => void;
  /**
   * What an answer said of the key it was sent with: 'refused' on a 401, 'accepted' on a 2xx (other
   * statuses say nothing of it: a 403 is a plan or credits limit of a key the service knows).
   */
  onKeyVerdict?: (verdict: KeyVerdict, endpoint: string) => void;
  /**
   * Whether the browser has a network (the background passes its one check, the live hub's): a
   * request that fails while it has none is OFFLINE, not NETWORK. Default: navigator.onLine.
   */
  isOnline?: () => boolean;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
  /** Waits between attempts; must reject or resolve early when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for HTTP-date Retry-After values. Default Date.now. */
  now?: () => number;
}

export const DEFAULT_URLS = {
  dataUrl: 'https://data.solanatracker.io',
  predictionUrl: 'https://prediction-market-api.solanatracker.io',
  rpcUrl: 'https://rpc-mainnet.solanatracker.io/',
} as const;
