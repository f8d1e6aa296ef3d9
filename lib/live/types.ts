import type { LiveMessage, LiveParseError } from '../api/schemas/live';
import type { BackoffPolicy } from './backoff';

/**
 * The part of a WebSocket the hub uses; the browser's WebSocket, Node 22's global WebSocket and the
 * `ws` client all fit. Handler parameters are `never` on purpose: each implementation declares its
 * own event classes, and `never` accepts all of them (the hub only reads `data` and `code`).
 */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: never) => void) | null;
  onmessage: ((ev: never) => void) | null;
  onclose: ((ev: never) => void) | null;
  onerror: ((ev: never) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketCtor = new (url: string) => WebSocketLike;

/**
 * Result of GET /subscription as the background reads it: 'bad-key' a 401 (the key refused),
 * 'forbidden' a 403 (a key the service knows, held back by its plan or credits), 'unknown' anything
 * else that kept the answer away (429, 5xx, time-out, network, a changed format). The hub stops on
 * 'needs-plan' and 'bad-key' only; the others are retried on its backoff.
 */
export type PlanCheck = 'ok' | 'needs-plan' | 'bad-key' | 'forbidden' | 'unknown';

export type LiveState =
  | 'idle'
  | 'connecting'
  | 'live'
  | 'reconnecting'
  | 'needs-plan'
  | 'bad-key'
  | 'offline'
  | 'stopped';

/** What the UI shows. Never carries the address (it contains the key). */
export interface LiveStatus {
  state: LiveState;
  /** Epoch ms of the next connection attempt while backing off. */
  nextRetryAt?: number;
  /** Number of distinct wanted rooms. */
  rooms: number;
}

export interface LiveStats {
  /** Frames read from the socket (or handed to handleRaw). */
  frames: number;
  /** Message items (an array payload counts each element). */
  received: number;
  duplicates: number;
  /** Frames that are not JSON, and items that failed their schema: lost, not delivered. */
  invalid: number;
  delivered: number;
  /** Items on rooms nobody wants any more (late after a leave). */
  ignored: number;
  reconnects: number;
  lastMessageAt: number | null;
}

export interface LiveTiming extends BackoffPolicy {
  /** No frame at all for this long: the socket is dead even if TCP says otherwise. */
  silentMs: number;
  /** Send something at least this often while rooms are wanted (MV3 keeps a worker alive on traffic). */
  keepAliveMs: number;
  /** Period of the housekeeping timer (liveness, keep-alive, join retries). */
  tickMs: number;
  joinAckTimeoutMs: number;
  maxJoinAttempts: number;
  /** Close the socket when no room has been wanted for this long. */
  idleCloseMs: number;
  /** While offline, look at isOnline() again this often (service workers miss the online event). */
  offlineCheckMs: number;
}

export const DEFAULT_TIMING: LiveTiming = {
  baseMs: 1_000,
  capMs: 60_000,
  stableMs: 60_000,
  silentMs: 50_000,
  keepAliveMs: 20_000,
  tickMs: 5_000,
  joinAckTimeoutMs: 10_000,
  maxJoinAttempts: 3,
  idleCloseMs: 30_000,
  offlineCheckMs: 10_000,
};

/** The reconnect schedule as saved between workers: the next attempt number and its earliest time. */
export interface BackoffState {
  attempt: number;
  /** Epoch ms before which no new attempt starts (0: right away). */
  retryAt: number;
}

/**
 * Where the hub keeps its reconnect schedule. An MV3 worker is stopped and started again every
 * minute or so during an outage; without a store each new worker would start the backoff over.
 * The background backs it with storage.session; the hub itself touches no browser API.
 */
export interface BackoffStore {
  /** What set() saved last, if anything (read once, when the hub is created; checked, not trusted). */
  get(): Promise<BackoffState | null | undefined> | BackoffState | null | undefined;
  set(state: BackoffState): Promise<void> | void;
}

export interface LiveHubOptions {
  /** Full datastream address including the key; null while no key is set. Never logged. */
  url: () => string | null;
  WebSocketImpl?: WebSocketCtor;
  now?: () => number;
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Called when a connection fails before opening, to tell a refused plan or key from an outage. */
  checkPlan?: () => Promise<PlanCheck>;
  /** Once per distinct event, with every wanted room it belongs to (arrival room first). */
  onEvent: (message: LiveMessage, rooms: string[]) => void;
  onStatus?: (status: LiveStatus) => void;
  /** After a lost connection came back and every wanted room was re-joined: reconcile through REST. */
  onReconnected?: (rooms: string[]) => void;
  isOnline?: () => boolean;
  /** Keeps the backoff across worker restarts; without one every new hub starts from attempt 0. */
  backoffStore?: BackoffStore;
  log?: (message: string) => void;
  timing?: Partial<LiveTiming>;
  /** Capacity of the de-dup set (keys). */
  seenCapacity?: number;
}

export interface LiveHub {
  acquire(owner: string, rooms: readonly string[]): void;
  release(owner: string, rooms?: readonly string[]): void;
  releaseOwner(owner: string): void;
  wantedRooms(): string[];
  owners(room: string): string[];
  /** Handles one text frame as if read from the socket (the benchmark calls it directly). */
  handleRaw(text: string): void;
  status(): LiveStatus;
  /**
   * Calls `listener` with the status whenever it changes, as onStatus is called; returns the function
   * that stops it (the tabs' live lines follow the hub this way: background/tab-live.ts).
   */
  watchStatus(listener: (status: LiveStatus) => void): () => void;
  /**
   * Calls `listener` with the room of every item on a wanted room that failed its schema and was
   * dropped (its copies on other rooms are reported each); returns the function that stops it.
   * The watch service catches the wallet up through REST this way (background/start.ts).
   */
  watchInvalid(listener: (room: string, error: LiveParseError) => void): () => void;
  stats(): LiveStats;
  /** The network is back: retry now instead of waiting out the backoff. */
  online(): void;
  /** Close for good; nothing reconnects until restart(). */
  stop(): void;
  /** Drop the socket and connect again with a fresh url() (after the key changed). */
  restart(): void;
  exportSeen(): string[];
  importSeen(keys: Iterable<string>): void;
}
