import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { recentNote, recordLookup, sanitizeMeta } from '../../../components/lookup/recentMeta';
import { privateStore } from '../../../lib/private-store';
import {
  addRecent,
  loadRecent,
  pushRecent,
  RECENT_LIMIT,
  recentItem,
  removeRecent,
  sanitizeRecent,
} from '../../../lib/recent';
import { event, MINT, token, WALLET, wallet } from './fixtures';

beforeEach(() => fakeBrowser.reset());

describe('recent searches', () => {
  it('puts the newest first and removes an earlier copy', () => {
    expect(pushRecent(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(pushRecent(['a'], '  a  ')).toEqual(['a']);
  });

  it('is bounded to 20', () => {
    let list: string[] = [];
    for (let i = 0; i < 30; i++) list = pushRecent(list, `q${i}`);
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]).toBe('q29');
    expect(list.at(-1)).toBe('q10');
  });

  it('ignores blank and oversized input', () => {
    expect(pushRecent(['a'], '   ')).toEqual(['a']);
    expect(pushRecent(['a'], 'x'.repeat(501))).toEqual(['a']);
  });

  it('reads a corrupted stored value as empty or filtered', () => {
    expect(sanitizeRecent('nope')).toEqual([]);
    expect(sanitizeRecent(['a', 3, null, '', 'b'])).toEqual(['a', 'b']);
  });

  it('persists in the private store, not in storage.local (content scripts may read that in Firefox)', async () => {
    await addRecent('one');
    await addRecent('two');
    await addRecent('one');
    expect(await loadRecent()).toEqual(['one', 'two']);
    expect(await privateStore.getItem('local:recentSearches')).toEqual(['one', 'two']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    await recentItem.setValue(['x'] as string[]);
    expect(await loadRecent()).toEqual(['x']);
  });

  it('two lookups noted at once both stay: each change waits for the one before', async () => {
    await Promise.all([addRecent('one'), addRecent('two'), removeRecent('one'), addRecent('three')]);
    expect(await loadRecent()).toEqual(['three', 'two']);
  });
});

describe('one entry per thing looked up', () => {
  it('pushRecent drops the entries `sameThing` names, keeping the newest input first', () => {
    expect(pushRecent(['a', 'b', 'c'], 'x', (entry) => entry === 'b')).toEqual(['x', 'a', 'c']);
  });

  it('recordLookup: another input with the same answer replaces the older one, note and all', async () => {
    const solscan = `https://solscan.io/account/${WALLET}`;
    await recordLookup(WALLET, { kind: 'wallet', wallet: wallet() });
    await recordLookup(MINT, { kind: 'token', mint: MINT, token: token() });
    const { recent, meta } = await recordLookup(solscan, { kind: 'wallet', wallet: wallet() });
    expect(recent).toEqual([solscan, MINT]);
    expect(await loadRecent()).toEqual([solscan, MINT]);
    expect(Object.keys(meta).sort()).toEqual([MINT, solscan].sort());
    expect(recentNote(meta, solscan)).toMatchObject({ kind: 'wallet', thing: `wallet:${WALLET}` });
  });

  it('an event by its slug, its link or its id is one entry; two events are two', async () => {
    const rain = { kind: 'event', event: event() } as const;
    await recordLookup('will-it-rain', rain);
    await recordLookup('https://polymarket.com/event/will-it-rain', rain);
    await recordLookup('POLY-1', { kind: 'event', event: event({ requestedId: 'POLY-1' }) });
    expect(await loadRecent()).toEqual(['POLY-1']);
    const { recent } = await recordLookup('snow', {
      kind: 'event',
      event: event({ requestedId: 'snow', eventId: 'ev-2' }),
    });
    expect(recent).toEqual(['snow', 'POLY-1']);
  });

  it('a note read back keeps what it was about; a bad one is left out', () => {
    const meta = sanitizeMeta({
      a: { kind: 'wallet', label: 'x', thing: `wallet:${WALLET}` },
      b: { kind: 'wallet', label: 'y', thing: 7 },
    });
    expect(recentNote(meta, 'a')).toEqual({ kind: 'wallet', label: 'x', thing: `wallet:${WALLET}` });
    expect(recentNote(meta, 'b')).toEqual({ kind: 'wallet', label: 'y' });
  });
});
