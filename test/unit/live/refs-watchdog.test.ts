import { describe, expect, test } from 'vitest';
import { RoomRefs } from '../../../lib/live/refs';
import { DEFAULT_TIMING } from '../../../lib/live/types';
import { type WatchdogInput, watchdog } from '../../../lib/live/watchdog';

describe('RoomRefs', () => {
  test('a room is wanted while any owner holds a reference', () => {
    const r = new RoomRefs();
    expect(r.acquire('tab:1', ['a', 'b'])).toEqual(['a', 'b']);
    expect(r.acquire('tab:1', ['a'])).toEqual([]);
    expect(r.acquire('popup', ['a', 'c'])).toEqual(['c']);
    expect(r.release('tab:1', ['a'])).toEqual([]);
    expect(r.release('tab:1', ['a'])).toEqual([]);
    expect(r.owners('a')).toEqual(['popup']);
    expect(r.release('popup', ['a'])).toEqual(['a']);
    expect(r.release('popup', ['zzz'])).toEqual([]);
    expect(r.release('nobody')).toEqual([]);
    expect(r.release('tab:1')).toEqual(['b']);
    expect(r.rooms()).toEqual(['c']);
    expect(r.release('popup')).toEqual(['c']);
    expect(r.size).toBe(0);
  });
});

const t = { ...DEFAULT_TIMING, silentMs: 1_000, keepAliveMs: 400, joinAckTimeoutMs: 200, maxJoinAttempts: 3 };
const input = (over: Partial<WatchdogInput>): WatchdogInput => ({
  at: 10_000,
  open: true,
  connectStartedAt: 0,
  lastFrameAt: 10_000,
  lastSentAt: 10_000,
  lastProbeAt: 10_000,
  wantedRooms: 1,
  pendingJoins: new Map(),
  timing: t,
  ...over,
});

describe('watchdog', () => {
  test('a handshake that hangs is a failed attempt', () => {
    expect(watchdog(input({ open: false, connectStartedAt: 9_500 }))).toEqual([]);
    expect(watchdog(input({ open: false, connectStartedAt: 9_000 }))).toEqual([{ kind: 'connect-timeout' }]);
  });

  test('silence: probe at half the window, replace at the full window', () => {
    expect(watchdog(input({ lastFrameAt: 9_600 }))).toEqual([]);
    expect(watchdog(input({ lastFrameAt: 9_500, lastProbeAt: 0 }))).toEqual([{ kind: 'probe' }]);
    expect(watchdog(input({ lastFrameAt: 9_500, lastProbeAt: 9_800 }))).toEqual([]);
    expect(watchdog(input({ lastFrameAt: 9_000 }))).toEqual([{ kind: 'silent' }]);
  });

  test('keep-alive only while rooms are wanted and nothing else is sent', () => {
    expect(watchdog(input({ lastSentAt: 9_600 }))).toEqual([{ kind: 'keep-alive' }]);
    expect(watchdog(input({ lastSentAt: 9_600, wantedRooms: 0 }))).toEqual([]);
    expect(watchdog(input({ lastSentAt: 9_600, lastFrameAt: 9_500, lastProbeAt: 0 }))).toEqual([
      { kind: 'probe' },
    ]);
  });

  test('unacknowledged joins are retried a bounded number of times', () => {
    const pendingJoins = new Map([
      ['fresh', { attempts: 1, sentAt: 9_900 }],
      ['late', { attempts: 1, sentAt: 9_700 }],
      ['hopeless', { attempts: 3, sentAt: 9_700 }],
    ]);
    expect(watchdog(input({ pendingJoins }))).toEqual([
      { kind: 'rejoin', room: 'late' },
      { kind: 'give-up-join', room: 'hopeless' },
    ]);
  });
});
