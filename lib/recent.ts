/**
 * Recent lookups of the popup and the lookup tab, newest first. Kept in the extension's private
 * store (lib/private-store.ts: what a trader looked up is theirs, and content scripts may read
 * storage.local in Firefox) so both pages share them and they survive restarts.
 */
import { privateStore } from './private-store';
import { createTurns } from './sched';

export const RECENT_LIMIT = 20;
const MAX_LENGTH = 500; // same bound as the lookup message's input

export const recentItem = privateStore.defineItem<string[]>('local:recentSearches', { fallback: [] });

/**
 * Pure: puts `input` first, drops an earlier copy (ignoring surrounding spaces) and any entry
 * `sameThing` says named what `input` did (another link to the same wallet), and bounds the list.
 */
export function pushRecent(
  list: readonly string[],
  input: string,
  sameThing: (entry: string) => boolean = () => false,
  limit = RECENT_LIMIT,
): string[] {
  const entry = input.trim();
  if (!entry || entry.length > MAX_LENGTH) return list.slice(0, limit);
  return [entry, ...list.filter((x) => x.trim() !== entry && !sameThing(x))].slice(0, limit);
}

/** Anything other than a list of strings (an older or corrupted value) reads as empty. */
export function sanitizeRecent(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((x): x is string => typeof x === 'string' && x.trim().length > 0)
    .slice(0, RECENT_LIMIT);
}

export async function loadRecent(): Promise<string[]> {
  return sanitizeRecent(await recentItem.getValue());
}

/**
 * This page's changes to Recent (and its notes: recentMeta.ts), one at a time: each reads the list,
 * changes it and writes it back, and two lookups answered together had one write over the other's.
 */
export const inRecentTurn = createTurns();

/** addRecent's read and write, for a caller already in its turn. */
export async function storeRecent(input: string, sameThing?: (entry: string) => boolean): Promise<string[]> {
  const next = pushRecent(await loadRecent(), input, sameThing);
  await recentItem.setValue(next);
  return next;
}

export function addRecent(input: string, sameThing?: (entry: string) => boolean): Promise<string[]> {
  return inRecentTurn(() => storeRecent(input, sameThing));
}

export function removeRecent(input: string): Promise<string[]> {
  return inRecentTurn(async () => {
    const next = (await loadRecent()).filter((x) => x !== input);
    await recentItem.setValue(next);
    return next;
  });
}
