import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS, adapterFor } from '../../../lib/sites';
import { ANY_SITE_ORIGINS, SITE_MATCHES, SUPPORTED_SITES } from '../../../lib/sites/hosts';
import type { HostMatch, SiteAdapter } from '../../../lib/sites/types';
import { x } from '../../../lib/sites/x';

const ROOT = process.cwd();

/** The hosts an adapter declares (its `matches` made by hostIs), or undefined for one that declares none. */
const hostsOf = (a: SiteAdapter) => (a.matches as Partial<HostMatch>).hosts;

/** Whether a manifest match pattern (`https://x.com/*`, `https://*\/*`) matches `url`, by Chrome's rules. */
function patternMatches(pattern: string, url: URL): boolean {
  const m = /^(\*|https?):\/\/(\*|(?:\*\.)?[^/*]+)(\/.*)$/.exec(pattern);
  if (!m) throw new Error(`not a match pattern: ${pattern}`);
  const [, scheme, host, path] = m as unknown as [string, string, string, string];
  if (scheme === '*' ? !/^https?:$/.test(url.protocol) : url.protocol !== `${scheme}:`) return false;
  const bare = host.replace(/^\*\./, '');
  const hostOk =
    host === '*' || url.hostname === bare || (host.startsWith('*.') && url.hostname.endsWith(`.${bare}`));
  const glob = new RegExp(
    `^${path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return hostOk && glob.test(url.pathname + url.search);
}

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
    ['https://birdeye.so/token/x', 'birdeye'],
    ['https://twitter.com/home', 'x'],
    // not pages the overlay runs on (the manifest matches none: mobile.twitter.com redirects to x.com,
    // and one more host would be a new permission to approve for every user): no adapter claims them
    ['https://mobile.twitter.com/home', undefined],
    ['https://www.birdeye.so/token/x', undefined],
    ['http://solscan.io/account/x', undefined],
    ['https://pro.x.com/i/decks/1', 'x'], // X Pro (TweetDeck): the same tweets
    ['https://polymarket.com/event/x', 'polymarket-links'],
    ['https://kalshi.com/events/x', 'polymarket-links'],
    ['http://127.0.0.1:4173/gmgn.html', 'gmgn'],
    ['http://localhost:4173/infinite-scroll.html', 'generic'],
  ])('adapterFor(%s) = %s', (url, id) => {
    expect(adapterFor(url)?.id).toBe(id);
  });

  it('every adapter but the generic one declares its hosts (hostIs), so the test below sees them all', () => {
    for (const a of ADAPTERS) {
      if (a.id === 'generic') expect(hostsOf(a), a.id).toBeUndefined();
      else expect(hostsOf(a)?.length, `${a.id} declares its hosts with hostIs`).toBeGreaterThan(0);
    }
  });

  it('both ways: a page an adapter takes is one the manifest runs the overlay on, and the reverse', () => {
    // Every host an adapter declares and every host of the manifest's patterns, as typed and with the
    // variants a browser may show (`www.`, plain http): the adapter and the manifest must agree on each.
    const hosts = new Set([
      ...ADAPTERS.flatMap((a) => hostsOf(a) ?? []),
      ...SITE_MATCHES.map((p) => new URL(p.replace(/\*/g, 'x')).hostname),
    ]);
    const probes = [...hosts].flatMap((h) =>
      [`https://${h}/`, `https://www.${h}/`, `http://${h}/`].map((u) => new URL(`${u}some/page?q=1`)),
    );
    const disagree: string[] = [];
    for (const url of probes) {
      const adapter = adapterFor(url)?.id;
      const site = SUPPORTED_SITES.find((s) => s.matches.some((p) => patternMatches(p, url)))?.id;
      if (adapter !== undefined && !SUPPORTED_SITES.some((s) => s.id === adapter)) {
        // An adapter without a site of its own (polymarket-links): its pages get the overlay only
        // through the "any site" opt-in, never through the manifest's matches.
        if (site !== undefined || !ANY_SITE_ORIGINS.some((p) => patternMatches(p, url)))
          disagree.push(`${url.href}: adapter ${adapter} (opt-in only), manifest site ${site}`);
      } else if (adapter !== site) {
        disagree.push(`${url.href}: adapter ${adapter}, manifest site ${site}`);
      }
    }
    expect(disagree).toEqual([]);
  });

  it("each site of the manifest lists exactly its adapter's hosts, https only", () => {
    for (const site of SUPPORTED_SITES) {
      const adapter = ADAPTERS.find((a) => a.id === site.id)!;
      expect([...site.matches].sort(), site.id).toEqual(
        [...(hostsOf(adapter) ?? [])].map((h) => `https://${h}/*`).sort(),
      );
    }
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
