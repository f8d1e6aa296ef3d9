/**
 * De-duplication of live messages. Every DCA event reaches the global room, its type room and each
 * scoped room, so a client in overlapping rooms receives copies. The key is computed from the raw
 * JSON so a copy is recognised before any schema work is done (the hot path of the hub).
 */

/**
 * Key of one message item, or null when it carries nothing stable to key on (it is then always
 * delivered: a false duplicate would hide real data, a missed one only repeats it).
 *  - DCA transaction events: signature + eventIndex (one transaction can emit several events);
 *  - DCA position snapshots: account address + writeVersion;
 *  - PnL and price: room + data.type + token + timestamp (these rooms do not overlap the same way;
 *    `pnl:<wallet>` carries every token's updates, so two tokens' updates can share a timestamp).
 */
export function dedupKey(room: string, item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const o = item as Record<string, unknown>;
  if (room.startsWith('dca:')) {
    const sig = o.signature;
    if (typeof sig === 'string') {
      const idx = o.eventIndex;
      return typeof idx === 'number' || typeof idx === 'string'
        ? `t:${sig}:${idx}`
        : `t:${sig}:${String(o.eventName)}`;
    }
    const wv = o.writeVersion;
    if (typeof o.address === 'string' && (typeof wv === 'number' || typeof wv === 'string')) {
      return `p:${o.address}:${wv}`;
    }
    return null;
  }
  const ts = o.timestamp;
  if (typeof ts === 'number' || typeof ts === 'string') {
    const type = typeof o.type === 'string' ? o.type : '';
    const token = typeof o.token === 'string' ? o.token : '';
    return `r:${room}:${type}:${token}:${ts}`;
  }
  return null;
}

/**
 * A bounded "seen" set: two generations of Sets. When the young one is full it becomes the old one
 * and the previous old one is dropped, so memory stays under `capacity` keys while the most recent
 * `floor(capacity / 2)` keys are always remembered. A hit in the old generation is refreshed (LRU-like).
 */
export class SeenSet {
  private young = new Set<string>();
  private old = new Set<string>();
  private readonly generation: number;

  constructor(readonly capacity = 5_000) {
    this.generation = Math.max(1, Math.floor(capacity / 2));
  }

  has(key: string): boolean {
    if (this.young.has(key)) return true;
    if (this.old.has(key)) {
      this.old.delete(key);
      this.insert(key);
      return true;
    }
    return false;
  }

  add(key: string): void {
    if (this.young.has(key)) return;
    this.old.delete(key);
    this.insert(key);
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  /** Oldest first, so importing the list back keeps the same recency order. */
  export(): string[] {
    return [...this.old, ...this.young];
  }

  import(keys: Iterable<string>): void {
    for (const k of keys) if (typeof k === 'string') this.add(k);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }

  private insert(key: string): void {
    if (this.young.size >= this.generation) {
      this.old = this.young;
      this.young = new Set();
    }
    this.young.add(key);
  }
}
