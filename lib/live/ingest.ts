/**
 * The hot path: one text frame in, at most one callback per distinct event out. Order of work is
 * chosen for speed on overlapping rooms: a copy of a DCA event already seen on another room is
 * recognised from its text (no JSON.parse at all); otherwise JSON.parse, then the de-dup key from
 * the raw object, and only for a first copy the schema parse and the routing. Copies never reach zod.
 */
import type { ParsedRoom, RoomKind } from '../api/rooms';
import { type LiveMessage, type LiveParseError, parseLiveItem } from '../api/schemas/live';
import { dedupKey, type SeenSet } from './dedup';
import { fastDcaMessage } from './guard';
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
  /**
   * An item on a wanted room that failed its schema (a required field missing or of another type):
   * it is not delivered, so whoever follows the room must learn of it some other way (REST).
   */
  onInvalid?: (room: string, error: LiveParseError) => void;
}

const FRAME_HEAD = '{"type":"message","room":"';
const DATA_HEAD = ',"data":{';

/**
 * The room and payload text of a DCA message frame in the service's own layout
 * (`{"type":"message","room":"dca:…","data":{…}}`), or null for anything else. The service sends the
 * same payload text to every room an event belongs to, so equal payload text means the same event.
 */
export function dcaCopyText(text: string): { room: string; payload: string } | null {
  if (!text.startsWith(FRAME_HEAD)) return null;
  const end = text.indexOf('"', FRAME_HEAD.length);
  if (end < 0 || !text.startsWith(DATA_HEAD, end + 1) || text.charCodeAt(text.length - 1) !== 125)
    return null;
  const room = text.slice(FRAME_HEAD.length, end);
  if (!room.startsWith('dca:') || room.includes('\\')) return null;
  return { room, payload: text.slice(end + DATA_HEAD.length, text.length - 1) };
}

/** Payload texts of recent keyed DCA items and their de-dup keys (first in, first out). */
const RECENT_TEXTS = 1024;
const SIGNATURE = '"signature":"';
const PRINT = 100;

/**
 * A short stand-in for a payload in the recent map. Hashing the whole payload (kilobytes) for every
 * copy cost about as much as parsing it; equal payloads have equal fingerprints, and a match is
 * confirmed by comparing the full texts, so a shared fingerprint can only miss a shortcut.
 */
export function fingerprint(payload: string): string {
  const at = payload.indexOf(SIGNATURE);
  const head =
    at >= 0
      ? payload.slice(at + SIGNATURE.length, at + SIGNATURE.length + PRINT)
      : payload.slice(0, PRINT) + payload.slice(-PRINT);
  return `${payload.length}:${head}`;
}

export function createIngest(d: IngestDeps): (text: string, at: number) => void {
  const { stats, seen } = d;
  const isWanted = (room: string) => d.wanted(room) !== undefined;
  // fingerprint -> the payload text it stands for and its de-dup key
  const recent = new Map<string, { payload: string; key: string }>();

  function remember(payload: string, key: string): void {
    const print = fingerprint(payload);
    if (recent.get(print)?.payload === payload) return;
    recent.delete(print); // re-inserted last: first in, first out
    recent.set(print, { payload, key });
    if (recent.size > RECENT_TEXTS) recent.delete(recent.keys().next().value as string);
  }

  function item(room: string, parsed: ParsedRoom | undefined, data: unknown, payload?: string): void {
    stats.received++;
    if (!parsed) {
      stats.ignored++;
      return;
    }
    const key = dedupKey(room, data);
    if (key !== null && seen.has(key)) {
      stats.duplicates++;
      if (payload !== undefined) remember(payload, key);
      return;
    }
    // The hand-written guard takes the plainly valid DCA items; zod decides everything else.
    let message = fastDcaMessage(room, parsed, data);
    if (!message) {
      const r = parseLiveItem(room, parsed, data);
      if (!r.ok) {
        // Not marked as seen: a good copy of the same event on another room still gets through.
        stats.invalid++;
        d.onInvalid?.(room, r.error);
        return;
      }
      message = r.message;
    }
    if (key !== null) {
      seen.add(key);
      if (payload !== undefined) remember(payload, key);
    }
    stats.delivered++;
    d.deliver(message, deliveryRooms(message, isWanted, d.kinds));
  }

  return (text, at) => {
    stats.frames++;
    const copy = dcaCopyText(text);
    if (copy) {
      const known = recent.get(fingerprint(copy.payload));
      // Same text, and the key still in the (bounded) seen set: exactly what item() would decide.
      if (known !== undefined && known.payload === copy.payload && seen.has(known.key)) {
        stats.lastMessageAt = at;
        d.onRoomAlive(copy.room);
        stats.received++;
        if (d.wanted(copy.room)) stats.duplicates++;
        else stats.ignored++;
        return;
      }
    }
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
          if (typeof room === 'string' && d.wanted(room))
            d.onInvalid?.(room, { code: 'SCHEMA_MISMATCH', message: 'Message data is not an object' });
          return;
        }
        stats.lastMessageAt = at;
        d.onRoomAlive(room);
        const parsed = d.wanted(room);
        if (Array.isArray(data)) for (const x of data) item(room, parsed, x);
        else item(room, parsed, data, copy?.room === room ? copy.payload : undefined);
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
