import type { z } from 'zod';
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
  const first = result.error.issues[0] as unknown as Issue | undefined;
  const { path, message } = first ? deepestIssue(first) : { path: [], message: 'invalid' };
  throw new ApiError({
    code: 'SCHEMA_MISMATCH',
    status,
    endpoint,
    message: `Unexpected response at ${issuePath(path)}: ${message}`,
  });
}
