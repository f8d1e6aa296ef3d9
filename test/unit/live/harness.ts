/** Builds a hub against a test server with short timers and records everything it reports. */
import WebSocket from 'ws';
import type { LiveMessage } from '../../../lib/api/schemas/live';
import { createLiveHub } from '../../../lib/live/hub';
import type { LiveHub, LiveHubOptions, LiveStatus, PlanCheck } from '../../../lib/live/types';

export interface Recorded {
  hub: LiveHub;
  events: { message: LiveMessage; rooms: string[] }[];
  statuses: LiveStatus[];
  reconnected: string[][];
  logs: string[];
  planChecks: number;
}

/** Everything any hub logged or reported, to check that the key never leaks. */
export const allOutput: string[] = [];
const live: LiveHub[] = [];

export const FAST = {
  baseMs: 20,
  capMs: 200,
  stableMs: 60_000,
  silentMs: 10_000,
  keepAliveMs: 10_000,
  tickMs: 25,
  joinAckTimeoutMs: 5_000,
  maxJoinAttempts: 3,
  idleCloseMs: 10_000,
};

export function makeHub(
  url: string | null | (() => string | null),
  over: Partial<Omit<LiveHubOptions, 'checkPlan'>> & { plan?: PlanCheck | (() => Promise<PlanCheck>) } = {},
): Recorded {
  const { plan, timing, ...rest } = over;
  const rec: Recorded = {
    events: [],
    statuses: [],
    reconnected: [],
    logs: [],
    planChecks: 0,
  } as unknown as Recorded;
  rec.hub = createLiveHub({
    url: typeof url === 'function' ? url : () => url,
    WebSocketImpl: WebSocket,
    random: () => 0.5,
    onEvent: (message, rooms) => {
      rec.events.push({ message, rooms });
      allOutput.push(JSON.stringify(rooms));
    },
    onStatus: (s) => {
      rec.statuses.push(s);
      allOutput.push(JSON.stringify(s));
    },
    onReconnected: (rooms) => rec.reconnected.push(rooms),
    log: (m) => {
      rec.logs.push(m);
      allOutput.push(m);
    },
    checkPlan:
      plan === undefined
        ? undefined
        : async () => {
            rec.planChecks++;
            return typeof plan === 'function' ? plan() : plan;
          },
    timing: { ...FAST, ...timing },
    ...rest,
  });
  live.push(rec.hub);
  return rec;
}

export function stopAll(): void {
  for (const h of live.splice(0)) h.stop();
}
