import { z } from 'zod';
import { ApiError } from './errors';

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: Issue[][];
}

/** Follows a union failure into the branch that got furthest, so the path names the real culprit. */
function deepestIssue(issue: Issue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union' && issue.errors && issue.errors.length > 0) {
    let best: { path: PropertyKey[]; message: string } | undefined;
    for (const branch of issue.errors) {
      const first = branch[0];
      if (!first) continue;
      const inner = deepestIssue(first);
      if (!best || inner.path.length > best.path.length) best = inner;
    }
    if (best) return { path: [...issue.path, ...best.path], message: best.message };
  }
  return { path: issue.path, message: issue.message };
}

export function issuePath(path: PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map((p) => String(p)).join('.');
}

/** Parses a response body; a body that does not fit throws SCHEMA_MISMATCH naming the first bad path. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  data: unknown,
  endpoint: string,
  status = 200,
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ApiError({
    code: 'SCHEMA_MISMATCH',
    status,
    endpoint,
    message: `Unexpected response at ${describeIssue(result.error)}`,
  });
}

/** `path: message` of a failed parse's first issue, following unions into the branch that got furthest. */
export function describeIssue(error: z.ZodError): string {
  const first = error.issues[0] as unknown as Issue | undefined;
  const { path, message } = first ? deepestIssue(first) : { path: [], message: 'invalid' };
  return `${issuePath(path)}: ${message}`;
}

/** An item a list left out because it did not fit its schema (see `listOf`). */
export interface DroppedItem {
  /** Its place in the list as the service sent it. */
  index: number;
  /** The key it was sent for (a wallet, a requested id), when that part of it could be read. */
  key: string | null;
  /** Where in the item and why, e.g. `summary.pnl.total: Invalid input: expected number, received string`. */
  reason: string;
}

const droppedBy = new WeakMap<object, DroppedItem[]>();

/**
 * A list parsed item by item: an item that does not fit is left out (and recorded, see `droppedFrom`)
 * instead of failing the whole answer, so one odd wallet, order or event costs only itself. `keyOf`
 * reads the key of an item that did not fit, for batches whose callers each wait for one key.
 * Every list of records in a response schema is one of these.
 */
export function listOf<S extends z.ZodType>(item: S, keyOf?: (raw: unknown) => string | null) {
  return z.array(z.unknown()).transform((raw): z.output<S>[] => {
    const kept: z.output<S>[] = [];
    const dropped: DroppedItem[] = [];
    raw.forEach((value, index) => {
      const result = item.safeParse(value);
      if (result.success) kept.push(result.data);
      else dropped.push({ index, key: keyOf?.(value) ?? null, reason: describeIssue(result.error) });
    });
    if (dropped.length > 0) droppedBy.set(kept, dropped);
    return kept;
  });
}

/** The items `listOf` left out of this parsed list (none for a list parsed otherwise, or copied). */
export function droppedFrom(list: readonly unknown[] | null | undefined): DroppedItem[] {
  return (list && droppedBy.get(list)) || [];
}

/** `keyOf` for `listOf`: the item's `field` when it is text. */
export function keyField(field: string) {
  return (raw: unknown): string | null => {
    const value =
      typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[field] : undefined;
    return typeof value === 'string' ? value : null;
  };
}

/**
 * A field only shown, never counted with (a name, tags, an image): absent or malformed, it is null,
 * and the record it is part of is kept.
 */
export function displayOnly<S extends z.ZodType>(schema: S) {
  return schema.nullish().catch(null);
}

/** The SCHEMA_MISMATCH of one item `listOf` left out, for the caller that asked for its key. */
export function droppedError(endpoint: string, list: string, item: DroppedItem): ApiError {
  return new ApiError({
    code: 'SCHEMA_MISMATCH',
    status: 200,
    endpoint,
    message: `Unexpected response at ${list}.${item.index}${item.reason.startsWith('(root)') ? item.reason.slice(6) : `.${item.reason}`}`,
  });
}
