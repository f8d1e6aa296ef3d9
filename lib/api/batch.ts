import { chunk, unique } from './validate';

/** What one chunk of a batch endpoint answered, reduced to items and key lists. */
export interface ChunkAnswer<K, T> {
  items: T[];
  notFound: K[];
  invalid: K[];
  /** The service's `truncated` field in whatever form it came (flag, list, `{requested, limit}`). */
  truncated: unknown;
}

export interface MergedBatch<K, T> {
  items: T[];
  notFound: K[];
  invalid: K[];
  /** Keys the service dropped for exceeding its limit: ask for them again later. */
  truncated: K[];
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
    if (answer.truncated === true || (typeof answer.truncated === 'object' && answer.truncated !== null)) {
      const answered = new Set([
        ...answer.items.map(spec.itemKey),
        ...answer.notFound.map(spec.keyOf),
        ...answer.invalid.map(spec.keyOf),
      ]);
      merged.truncated.push(...part.filter((k) => !answered.has(spec.keyOf(k))));
    }
  }
  merged.notFound = unique(merged.notFound, spec.keyOf);
  merged.invalid = unique(merged.invalid, spec.keyOf);
  merged.truncated = unique(merged.truncated, spec.keyOf);
  return merged;
}
