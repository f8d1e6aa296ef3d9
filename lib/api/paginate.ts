import { ApiError } from './errors';

export interface PageLike {
  pagination?: { hasMore: boolean; nextCursor?: string | null } | null;
}

export interface PaginateOptions {
  /** Stop after this many pages (default 100) so a service that never says "no more" cannot loop forever. */
  maxPages?: number;
}

/**
 * Walks the pages of a cursor-paginated list. The cursor is only valid with the same sort, status
 * and program, so every page is requested with the first call's parameters plus `cursor`.
 * A cursor that repeats is a service fault and throws SCHEMA_MISMATCH rather than looping.
 */
export async function* paginate<P extends { cursor?: string }, R extends PageLike>(
  fetchPage: (params: P) => Promise<R>,
  params: P,
  options: PaginateOptions = {},
): AsyncGenerator<R, void, undefined> {
  const maxPages = options.maxPages ?? 100;
  const seen = new Set<string>();
  let cursor = params.cursor;
  for (let page = 0; page < maxPages; page++) {
    const result = await fetchPage(cursor === undefined ? { ...params } : { ...params, cursor });
    yield result;
    const next = result.pagination;
    if (!next?.hasMore || !next.nextCursor) return;
    if (seen.has(next.nextCursor)) {
      throw new ApiError({ code: 'SCHEMA_MISMATCH', message: 'The service repeated a page cursor.' });
    }
    seen.add(next.nextCursor);
    cursor = next.nextCursor;
  }
}
