/**
 * What the hub's housekeeping timer should do at a given moment. Pure, so liveness, keep-alive and
 * join retries are decided (and tested) without a socket or a clock.
 */
import type { LiveTiming, WebSocketLike } from './types';

export interface WatchdogInput {
  at: number;
  open: boolean;
  connectStartedAt: number;
  lastFrameAt: number;
  lastSentAt: number;
  lastProbeAt: number;
  wantedRooms: number;
  pendingJoins: ReadonlyMap<string, { attempts: number; sentAt: number }>;
  timing: Pick<LiveTiming, 'silentMs' | 'keepAliveMs' | 'joinAckTimeoutMs' | 'maxJoinAttempts'>;
}

export type WatchdogAction =
  /** The handshake neither opened nor failed: treat it as a failed attempt. */
  | { kind: 'connect-timeout' }
  /** No frame at all for silentMs: the socket is dead even if TCP says otherwise. */
  | { kind: 'silent' }
  /** Quiet for half the window: elicit an answer (a re-join is acknowledged with `joined`). */
  | { kind: 'probe' }
  | { kind: 'rejoin'; room: string }
  | { kind: 'give-up-join'; room: string }
  /** Nothing sent for keepAliveMs: MV3 keeps the worker alive only while socket traffic flows. */
  | { kind: 'keep-alive' };

export function watchdog(i: WatchdogInput): WatchdogAction[] {
  const { at, timing: t } = i;
  if (!i.open) return at - i.connectStartedAt >= t.silentMs ? [{ kind: 'connect-timeout' }] : [];
  if (at - i.lastFrameAt >= t.silentMs) return [{ kind: 'silent' }];
  if (i.wantedRooms === 0) return [];
  const out: WatchdogAction[] = [];
  const half = t.silentMs / 2;
  if (at - i.lastFrameAt >= half && at - i.lastProbeAt >= half) out.push({ kind: 'probe' });
  for (const [room, p] of i.pendingJoins) {
    if (at - p.sentAt < t.joinAckTimeoutMs) continue;
    out.push(p.attempts < t.maxJoinAttempts ? { kind: 'rejoin', room } : { kind: 'give-up-join', room });
  }
  const willSend = out.some((a) => a.kind === 'probe' || a.kind === 'rejoin');
  if (!willSend && at - i.lastSentAt >= t.keepAliveMs) out.push({ kind: 'keep-alive' });
  return out;
}

const noop = () => {};

/**
 * Detach every handler, then close: a dropped socket can never deliver a message or trigger a
 * reconnect again (the official client leaks sockets and so delivers events twice). No-op handlers
 * rather than null: `ws` emits 'error' when closed while connecting, and an EventEmitter 'error'
 * without a listener would throw.
 */
export function detachAndClose(ws: WebSocketLike): void {
  ws.onopen = noop;
  ws.onmessage = noop;
  ws.onclose = noop;
  ws.onerror = noop;
  try {
    ws.close(1000);
  } catch {
    // already closing or closed
  }
}
