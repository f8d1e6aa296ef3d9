/**
 * Reference counts of wanted rooms per owner ('watchlist', 'tab:<id>', 'popup'). The hub joins a
 * room when its total count leaves zero and leaves it when the count returns to zero; an owner that
 * goes away (a closed tab) is dropped in one call without knowing what it had asked for.
 */
export class RoomRefs {
  private readonly byOwner = new Map<string, Map<string, number>>();
  private readonly totals = new Map<string, number>();

  /** Adds one reference per room; returns the rooms that just became wanted. */
  acquire(owner: string, rooms: readonly string[]): string[] {
    let mine = this.byOwner.get(owner);
    if (!mine) {
      mine = new Map();
      this.byOwner.set(owner, mine);
    }
    const added: string[] = [];
    for (const room of rooms) {
      mine.set(room, (mine.get(room) ?? 0) + 1);
      const total = (this.totals.get(room) ?? 0) + 1;
      this.totals.set(room, total);
      if (total === 1) added.push(room);
    }
    return added;
  }

  /**
   * Removes one reference per listed room held by `owner` (rooms it does not hold are ignored), or
   * every reference of the owner when `rooms` is omitted. Returns the rooms no longer wanted.
   */
  release(owner: string, rooms?: readonly string[]): string[] {
    const mine = this.byOwner.get(owner);
    if (!mine) return [];
    const removed: string[] = [];
    const drop = (room: string, n: number) => {
      const total = (this.totals.get(room) ?? 0) - n;
      if (total > 0) this.totals.set(room, total);
      else {
        this.totals.delete(room);
        removed.push(room);
      }
    };
    if (rooms === undefined) {
      for (const [room, n] of mine) drop(room, n);
      this.byOwner.delete(owner);
      return removed;
    }
    for (const room of rooms) {
      const n = mine.get(room);
      if (n === undefined) continue;
      if (n > 1) mine.set(room, n - 1);
      else mine.delete(room);
      drop(room, 1);
    }
    if (mine.size === 0) this.byOwner.delete(owner);
    return removed;
  }

  has(room: string): boolean {
    return this.totals.has(room);
  }

  get size(): number {
    return this.totals.size;
  }

  rooms(): string[] {
    return [...this.totals.keys()];
  }

  owners(room: string): string[] {
    const out: string[] = [];
    for (const [owner, mine] of this.byOwner) if (mine.has(room)) out.push(owner);
    return out;
  }
}
