// @vitest-environment happy-dom
/**
 * The Recent notes are keyed by whatever the trader typed, so an input may be named like a member of
 * Object.prototype (`constructor`, `toString`, `__proto__`): such an input is an entry like any other,
 * never a member read off the prototype, and nothing but notes ever goes into storage.
 */
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RecentList } from '../../../components/lookup/RecentList';
import {
  loadRecentMeta,
  type RecentMetaMap,
  recentMetaItem,
  rememberRecent,
  sanitizeMeta,
} from '../../../components/lookup/recentMeta';
import type { LookupResult } from '../../../lib/lookup';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const searched = (query: string) => ({ kind: 'search', query, hits: [] }) as unknown as LookupResult;

/** The map's own note for `input` (what the fix's recentNote reads), never an inherited member. */
const own = (meta: RecentMetaMap, input: string) => (Object.hasOwn(meta, input) ? meta[input] : undefined);

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

function shown(container: Element) {
  return [...container.querySelectorAll('[role=option]')].map((o) => [
    o.querySelector('[data-testid=recent-kind]')?.textContent,
    o.getAttribute('aria-label'),
  ]);
}

describe('Recent entries named like Object.prototype members', () => {
  it('are described from their text when no note is kept for them', () => {
    const noop = () => {};
    for (const meta of [undefined, {}]) {
      const { container } = render(
        <RecentList items={NAMES} meta={meta} active={-1} onPick={noop} onRemove={noop} />,
      );
      expect(shown(container)).toEqual(NAMES.map((n) => ['Search', `Search ${n}`]));
      cleanup();
    }
  });

  it('show their own notes, __proto__ included', () => {
    const meta = sanitizeMeta(
      JSON.parse(
        '{"__proto__":{"kind":"token","label":"PROTO"},"constructor":{"kind":"wallet","label":"ctor.sol"}}',
      ),
    );
    const { container } = render(
      <RecentList
        items={['__proto__', 'constructor', 'toString']}
        meta={meta}
        active={-1}
        onPick={() => {}}
        onRemove={() => {}}
      />,
    );
    expect(shown(container)).toEqual([
      ['Token', 'Token PROTO, __proto__'],
      ['Wallet', 'Wallet ctor.sol, constructor'],
      ['Search', 'Search toString'],
    ]);
  });

  it('a stored map keeps such keys as its own entries and inherits nothing', () => {
    const meta = sanitizeMeta(
      JSON.parse(
        '{"__proto__":{"kind":"token","label":"PROTO"},"toString":5,"valueOf":null,"constructor":{"kind":"search","label":"constructor"}}',
      ),
    );
    expect(Object.keys(meta)).toEqual(['__proto__', 'constructor']);
    expect(own(meta, '__proto__')).toEqual({ kind: 'token', label: 'PROTO' });
    expect(own(meta, 'toString')).toBeUndefined();
    expect(own(meta, 'hasOwnProperty')).toBeUndefined();
    // the note under __proto__ is an entry, not the map's prototype
    expect((meta as Record<string, unknown>).kind).toBeUndefined();
  });

  it('rememberRecent stores notes only: no function for a listed "toString" or "constructor"', async () => {
    const next = await rememberRecent('BONK', searched('BONK'), ['BONK', ...NAMES]);
    expect(Object.keys(next)).toEqual(['BONK']);
    for (const n of NAMES) expect(own(next, n)).toBeUndefined();
    const stored = (await recentMetaItem.getValue()) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(['BONK']);
    expect(Object.values(stored).every((v) => typeof v === 'object' && v !== null)).toBe(true);
    expect(Object.keys(await loadRecentMeta())).toEqual(['BONK']);
  });

  it('rememberRecent keeps the note of an input named "__proto__" or "constructor"', async () => {
    await rememberRecent('__proto__', searched('__proto__'), ['__proto__']);
    const next = await rememberRecent('constructor', searched('constructor'), ['constructor', '__proto__']);
    expect(Object.keys(next).sort()).toEqual(['__proto__', 'constructor']);
    const loaded = await loadRecentMeta();
    expect(own(loaded, '__proto__')).toEqual({
      kind: 'search',
      label: '__proto__',
      thing: 'search:__proto__',
    });
    expect(own(loaded, 'constructor')).toEqual({
      kind: 'search',
      label: 'constructor',
      thing: 'search:constructor',
    });
  });
});
