import type { OrderState } from './orders';
import { Rng } from './rng';
import { buildWorld, type World } from './world';

export interface Faults {
  latencyMs: number;
  errorRate: number;
  status: number;
  retryAfter: number;
  malformed: boolean;
  dropSocketAfterMs: number;
  silentSocket: boolean;
  paths: string | null;
}

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  status: 500,
  retryAfter: 1,
  malformed: false,
  dropSocketAfterMs: 0,
  silentSocket: false,
  paths: null,
};

export interface LogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  time: number;
  status: number;
  /** For a POST whose body holds a list (a batch): how many items it asked for. */
  items?: number;
  /** Came on a keep-alive connection that had served a request before. */
  reused?: boolean;
  /** A (non-batch) JSON-RPC call: its method and its config (a last parameter that is an object). */
  rpc?: { method: string; config?: Record<string, unknown> };
}

export interface SimState {
  seed: number;
  hostile: boolean;
  now: number;
  world: World;
  faults: Faults;
  log: LogEntry[];
  issuedCursors: Set<string>;
  rng: Rng; // live events, fault dice
  eventCounter: number;
  slot: number;
  /**
   * Orders whose last events REST has not indexed yet (`POST /__sim/emit` with `indexed: false`):
   * what `/dca/*` still serves for each, as it was before them (null: an order opened since, not
   * listed yet). The datastream is not held back. `POST /__sim/index` indexes them all.
   */
  unindexed: Map<string, OrderState | null>;
}

export function createState(seed: number, hostile: boolean, now: number): SimState {
  const world = buildWorld(seed, hostile, now);
  return {
    seed,
    hostile,
    now,
    world,
    faults: { ...NO_FAULTS },
    log: [],
    issuedCursors: new Set(),
    rng: new Rng(seed, 99),
    eventCounter: 0,
    slot: world.slots.head,
    unindexed: new Map(),
  };
}

/** Faults off, state back to the seed, request log cleared (same object, so closures stay valid). */
export function resetState(s: SimState): void {
  const fresh = createState(s.seed, s.hostile, s.now);
  Object.assign(s, fresh);
}

export function faultApplies(s: SimState, path: string): boolean {
  return s.faults.paths === null || path.startsWith(s.faults.paths);
}
