import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS, adapterFor } from '../../../lib/sites';
import { SUPPORTED_SITES } from '../../../lib/sites/hosts';
import { x } from '../../../lib/sites/x';

const ROOT = process.cwd();

describe('site adapters', () => {
  it('have unique ids', () => {
    expect(new Set(ADAPTERS.map((a) => a.id)).size).toBe(ADAPTERS.length);
  });

  it('cover every supported site of the manifest, and match its hosts', () => {
    for (const site of SUPPORTED_SITES) {
      const adapter = ADAPTERS.find((a) => a.id === site.id);
      expect(adapter, site.id).toBeDefined();
      for (const pattern of site.matches) {
        const url = new URL(pattern.replace('*', 'some/page'));
        expect(adapterFor(url)?.id, pattern).toBe(site.id);
      }
    }
  });

  it.each([
    ['https://solscan.io/account/x', 'solscan'],
    ['https://www.birdeye.so/token/x', 'birdeye'],
    ['https://twitter.com/home', 'x'],
    ['https://pro.x.com/i/decks/1', 'x'], // X Pro (TweetDeck): the same tweets
    ['https://polymarket.com/event/x', 'polymarket-links'],
    ['https://kalshi.com/events/x', 'polymarket-links'],
    ['http://127.0.0.1:4173/gmgn.html', 'gmgn'],
    ['http://localhost:4173/infinite-scroll.html', 'generic'],
  ])('adapterFor(%s) = %s', (url, id) => {
    expect(adapterFor(url)?.id).toBe(id);
  });

  it('gives other pages the generic adapter only when the user allowed it', () => {
    expect(adapterFor('https://example.com/post')).toBeUndefined();
    expect(adapterFor('https://example.com/post', { generic: true })?.id).toBe('generic');
    expect(adapterFor('chrome://extensions', { generic: true })).toBeUndefined();
    expect(adapterFor('::garbage::', { generic: true })).toBeUndefined();
  });

  it('X reads the real URL of t.co links from their text', () => {
    const link = (href: string, text: string) =>
      ({ getAttribute: () => href, textContent: text }) as unknown as Element;
    expect(x.linkHref!(link('https://t.co/abc', 'https://solscan.io/account/AbC…'))).toBe(
      'https://solscan.io/account/AbC',
    );
    expect(x.linkHref!(link('https://t.co/abc', 'polymarket.com/event/x'))).toBe(
      'https://polymarket.com/event/x',
    );
    expect(x.linkHref!(link('https://t.co/abc', 'polymarket.com Fed decision?'))).toBeNull();
    expect(x.linkHref!(link('/someone', 'Someone'))).toBe('/someone');
  });
});

describe('meta: every adapter is shipped with a fixture page and documented', () => {
  for (const adapter of ADAPTERS) {
    it(`${adapter.id} has test/fixtures/${adapter.id}.html`, () => {
      expect(existsSync(join(ROOT, 'test/fixtures', `${adapter.id}.html`))).toBe(true);
    });
  }

  it("every adapter has a row in README.md's site table", () => {
    const readme = join(ROOT, 'README.md');
    if (!existsSync(readme)) {
      throw new Error('README.md is missing: it must have a site table with a row for each adapter label');
    }
    const rows = readFileSync(readme, 'utf8')
      .split('\n')
      .filter((line) => /^\s*\|.*\|\s*$/.test(line));
    // The manifest's sites by the names the options page shows; the two adapters that serve other
    // pages by the names their README rows use.
    const names: Record<string, string> = {
      ...Object.fromEntries(SUPPORTED_SITES.map((s) => [s.id, s.label])),
      'polymarket-links': 'Polymarket & Kalshi links',
      generic: 'Any other site (opt-in)',
    };
    for (const a of ADAPTERS) expect(names[a.id], `a README name for adapter ${a.id}`).toBeDefined();
    const missing = ADAPTERS.map((a) => names[a.id]!).filter(
      (name) => !rows.some((row) => row.includes(name)),
    );
    expect(missing, `README.md site table lacks rows for: ${missing.join(', ')}`).toEqual([]);
  });
});
