/**
 * The hot path: one text frame in, at most one callback per distinct event out. Order of work is
 * chosen for speed on overlapping rooms: JSON.parse, then the de-dup key from the raw object, and
 * only for a first copy the schema parse and the routing. Copies never reach zod.
 */
import type { ParsedRoom, RoomKind } from '../api/rooms';
import { type LiveMessage, parseLiveItem } from '../api/schemas/live';
import { dedupKey, type SeenSet } from './dedup';
import { deliveryRooms } from './targets';
import type { LiveStats } from './types';

export function emptyStats(): LiveStats {
  return {
    frames: 0,
    received: 0,
    duplicates: 0,
    invalid: 0,
    delivered: 0,
    ignored: 0,
    reconnects: 0,
    lastMessageAt: null,
  };
}

export interface IngestDeps {
  stats: LiveStats;
  seen: SeenSet;
  /** The parsed form of a wanted room; undefined for a room nobody wants. */
  wanted: (room: string) => ParsedRoom | undefined;
  /** Kinds of the wanted rooms (kept up to date by the hub). */
  kinds: ReadonlySet<RoomKind>;
  onPing: () => void;
  /** A `joined` ack, or any message on the room (which proves the join took effect). */
  onRoomAlive: (room: string) => void;
  deliver: (message: LiveMessage, rooms: string[]) => void;
}

export function createIngest(d: IngestDeps): (text: string, at: number) => void {
  const { stats, seen } = d;
  const isWanted = (room: string) => d.wanted(room) !== undefined;

  function item(room: string, parsed: ParsedRoom | undefined, data: unknown): void {
    stats.received++;
    if (!parsed) {
      stats.ignored++;
      return;
    }
    const key = dedupKey(room, data);
    if (key !== null && seen.has(key)) {
      stats.duplicates++;
      return;
    }
    const r = parseLiveItem(room, parsed, data);
    if (!r.ok) {
      // Not marked as seen: a good copy of the same event on another room still gets through.
      stats.invalid++;
      return;
    }
    if (key !== null) seen.add(key);
    stats.delivered++;
    d.deliver(r.message, deliveryRooms(r.message, isWanted, d.kinds));
  }

  return (text, at) => {
    stats.frames++;
    let f: unknown;
    try {
      f = JSON.parse(text);
    } catch {
      stats.invalid++;
      return;
    }
    if (typeof f !== 'object' || f === null) {
      stats.invalid++;
      return;
    }
    const frame = f as { type?: unknown; room?: unknown; data?: unknown };
    const { room, data } = frame;
    switch (frame.type) {
      case 'message': {
        if (typeof room !== 'string' || typeof data !== 'object' || data === null) {
          stats.invalid++;
          return;
        }
        stats.lastMessageAt = at;
        d.onRoomAlive(room);
        const parsed = d.wanted(room);
        if (Array.isArray(data)) for (const x of data) item(room, parsed, x);
        else item(room, parsed, data);
        return;
      }
      case 'ping':
        return d.onPing();
      case 'joined':
        if (typeof room === 'string') d.onRoomAlive(room);
        return;
      default:
        // Unknown frame types are tolerated: the service may add some.
        return;
    }
  };
}
