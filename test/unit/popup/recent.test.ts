import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  addRecent,
  loadRecent,
  pushRecent,
  RECENT_LIMIT,
  recentItem,
  sanitizeRecent,
} from '../../../lib/recent';

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

  it('persists in storage.local', async () => {
    await addRecent('one');
    await addRecent('two');
    await addRecent('one');
    expect(await loadRecent()).toEqual(['one', 'two']);
    expect(await fakeBrowser.storage.local.get('recentSearches')).toEqual({ recentSearches: ['one', 'two'] });
    await recentItem.setValue(['x'] as string[]);
    expect(await loadRecent()).toEqual(['x']);
  });
});
