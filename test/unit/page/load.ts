import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeCatalog } from '../../fixtures/fake-catalog';
import { renderFixture } from '../../fixtures/render';

export const FIXTURE_DIR = join(process.cwd(), 'test/fixtures');
export const catalog = fakeCatalog();

export function fixtureHtml(name: string): string {
  return renderFixture(readFileSync(join(FIXTURE_DIR, `${name}.html`), 'utf8'), catalog);
}

/** Puts a rendered fixture into the test document (scripts do not run, like innerHTML). */
export function loadIntoDocument(html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
}
