import type { DroppedItem } from './parse';
import { chunk, unique } from './validate';

/** What one chunk of a batch endpoint answered, reduced to items and key lists. */
export interface ChunkAnswer<K, T> {
  items: T[];
  notFound: K[];
  invalid: K[];
  /** The service's `truncated` field in whatever form it came (flag, list, `{requested, limit}`). */
  truncated: unknown;
  /** Items the answer had that did not fit the schema (`droppedFrom` of its item list). */
  dropped?: DroppedItem[];
}

export interface MergedBatch<K, T> {
  items: T[];
  notFound: K[];
  invalid: K[];
  /** Keys the service dropped for exceeding its limit: ask for them again later. */
  truncated: K[];
  /**
   * Items the service sent that did not fit the schema, with the key (`keyOf` form) each was for
   * when it could be read: that key's caller gets SCHEMA_MISMATCH, the others their items. A key in
   * no list at all, when an item without a readable key was dropped, may have been that item.
   */
  dropped: DroppedItem[];
}

export interface ChunkedBatchSpec<K, T> {
  keys: readonly K[];
  size: number;
  keyOf: (key: K) => string;
  /** Keys failing this never leave the client; they come back in `invalid`. */
  isValid: (key: K) => boolean;
  itemKey: (item: T) => string;
  fetchChunk: (keys: K[]) => Promise<ChunkAnswer<K, T>>;
}

/**
 * De-duplicates keys, sends them in chunks of the endpoint's limit (one after the other, so a free
 * plan's rate limit is not burst) and merges the answers. When a chunk reports truncation, every key
 * of that chunk that is in neither the items nor the other lists is reported as truncated.
 */
export async function chunkedBatch<K, T>(spec: ChunkedBatchSpec<K, T>): Promise<MergedBatch<K, T>> {
  const keys = unique(spec.keys, spec.keyOf);
  const merged: MergedBatch<K, T> = {
    items: [],
    notFound: [],
    invalid: keys.filter((k) => !spec.isValid(k)),
    truncated: [],
    dropped: [],
  };
  const valid = keys.filter((k) => spec.isValid(k));
  const seenItems = new Set<string>();
  for (const part of chunk(valid, spec.size)) {
    const answer = await spec.fetchChunk(part);
    for (const item of answer.items) {
      const k = spec.itemKey(item);
      if (seenItems.has(k)) continue;
      seenItems.add(k);
      merged.items.push(item);
    }
    merged.notFound.push(...answer.notFound);
    merged.invalid.push(...answer.invalid);
    const dropped = answer.dropped ?? [];
    merged.dropped.push(...dropped);
    if (answer.truncated === true || (typeof answer.truncated === 'object' && answer.truncated !== null)) {
      const answered = new Set([
        ...answer.items.map(spec.itemKey),
        ...answer.notFound.map(spec.keyOf),
        ...answer.invalid.map(spec.keyOf),
        ...dropped.flatMap((d) => (d.key === null ? [] : [d.key])),
      ]);
      merged.truncated.push(...part.filter((k) => !answered.has(spec.keyOf(k))));
    }
  }
  merged.notFound = unique(merged.notFound, spec.keyOf);
  merged.invalid = unique(merged.invalid, spec.keyOf);
  merged.truncated = unique(merged.truncated, spec.keyOf);
  return merged;
}
