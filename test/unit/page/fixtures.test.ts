// @vitest-environment happy-dom
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { knownKind } from '../../../lib/detect/programs';
import { createScanner, type Found } from '../../../lib/page';
import { adapterFor } from '../../../lib/sites';
import { catalogKinds, readExpectation, renderFixture } from '../../fixtures/render';
import { HAND_EXPECTATIONS } from './fixture-expectations';
import { catalog, FIXTURE_DIR, fixtureHtml, loadIntoDocument } from './load';

const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((f) => f.endsWith('.html'))
  .map((f) => f.replace(/\.html$/, ''));
const kinds = catalogKinds(catalog);

function describeFound(f: Found): string {
  return f.kind === 'event'
    ? `${f.source} event ${f.event.exchange}:${f.event.id}`
    : `${f.source} ${f.kind} ${f.address}`;
}

/**
 * Counts as a user sees them once the background resolved 'unknown' accounts: known programs and
 * mints by its list (data.classify), the rest by their accounts (here, the catalog).
 */
function tally(found: Found[]) {
  const badges: Record<string, number> = {};
  let odds = 0;
  let programs = 0;
  for (const f of found) {
    const resolved =
      f.kind === 'unknown'
        ? (knownKind(f.address) ?? kinds.get(f.address))
        : f.kind === 'event'
          ? null
          : f.kind;
    if (f.kind === 'event') odds++;
    else if (resolved === 'program') programs++;
    else {
      if (!resolved) throw new Error(`found an address that is not in the catalog: ${f.address}`);
      badges[resolved] = (badges[resolved] ?? 0) + 1;
    }
  }
  return { badges, odds, programs };
}

/** Appends the infinite-scroll fixture's rows the way its inline script does. */
function appendFeedBatch(batch: string[]): void {
  const feed = document.getElementById('feed')!;
  const template = document.getElementById('row') as HTMLTemplateElement;
  for (const address of batch) {
    const row = (template.content.firstElementChild as Element).cloneNode(true) as Element;
    row.querySelector('.rank')!.textContent = String(feed.children.length + 1);
    const link = row.querySelector('a.addr') as HTMLAnchorElement;
    link.setAttribute('href', `https://solscan.io/account/${address}`);
    link.textContent = `${address.slice(0, 4)}...${address.slice(-4)}`;
    feed.appendChild(row);
  }
}

let controller = new AbortController();
afterEach(() => {
  controller.abort();
  controller = new AbortController();
});

describe('fixture pages', () => {
  it('covers every fixture with a hand-written expectation', () => {
    expect(FIXTURES.sort()).toEqual(Object.keys(HAND_EXPECTATIONS).sort());
  });

  for (const name of FIXTURES) {
    it(`${name}: finds exactly what the page declares`, async () => {
      const html = fixtureHtml(name);
      const declared = readExpectation(html);
      loadIntoDocument(html);
      const textBefore = document.body.textContent;
      const adapter = adapterFor(`http://127.0.0.1:5555/${name}.html`)!;
      const found: Found[] = [];
      const scanner = createScanner({
        root: document.body,
        adapter,
        signal: controller.signal,
        onFound: (items) => found.push(...items),
      });
      await scanner.idle();

      if (declared.appended) {
        const batches = JSON.parse(document.getElementById('feed-data')!.textContent!) as string[][];
        expect(batches).toHaveLength(declared.appended.batches);
        for (const batch of batches) {
          expect(batch).toHaveLength(declared.appended.perBatch);
          appendFeedBatch(batch);
          await scanner.idle();
        }
      }

      const { badges, odds, programs } = tally(found);
      expect(badges).toEqual(declared.badges);
      expect(odds).toBe(declared.odds);
      expect(programs).toBe(declared.programs ?? 0);

      const hand = (HAND_EXPECTATIONS[name] ?? []).map((line) => renderFixture(line, catalog));
      expect(found.map(describeFound).sort()).toEqual([...hand].sort());

      for (const f of found) {
        // Kinds the scanner gives before resolution never contradict what the account really is.
        if (f.kind !== 'event' && f.kind !== 'unknown' && f.kind !== 'program') {
          expect(kinds.get(f.address)).toBe(f.kind);
        }
        if (f.source === 'link') expect(f.anchor.tagName).toBe('A');
        if (f.source === 'text' && f.anchor.hasAttribute('data-onchain-lens-anchor')) {
          // An address inside longer text: wrapped in our unstyled span.
          expect(f.anchor.textContent).toBe(f.address);
          expect(f.anchor.getAttribute('style')).toBeNull();
          expect(f.anchor.tagName).toBe('SPAN');
        } else if (f.source === 'text') {
          // An address that is all of its element's text: the page's element, its text node whole.
          expect(f.anchor.childNodes).toHaveLength(1);
          expect(f.anchor.textContent?.trim()).toBe(f.address);
        }
        expect(f.anchor.isConnected).toBe(true);
      }
      // Wrapping addresses in spans changes no text.
      if (!declared.appended) expect(document.body.textContent).toBe(textBefore);
    });
  }
});
