import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/sites';
import { readExpectation } from '../fixtures/render';
import { type Lens, launchLens } from './harness';

let lens: Lens;
beforeAll(async () => {
  lens = await launchLens();
});
afterAll(async () => {
  await lens?.close();
});

/** Every site adapter has a fixture page of the same name (a unit meta-test keeps it so). */
const SITES = ADAPTERS.map((a) => a.id);

function expected(site: string) {
  const e = readExpectation(readFileSync(`test/fixtures/${site}.html`, 'utf8')) as {
    badges?: Record<string, number>;
    odds?: number;
  };
  // Pools and programs are recognised but get no badge: only wallets, mints and DCA orders do.
  const badges = Object.entries(e.badges ?? {}).filter(([kind]) =>
    ['wallet', 'mint', 'order'].includes(kind),
  );
  return { badges: Object.fromEntries(badges), odds: e.odds ?? 0 };
}

const countKind = (kind: string) =>
  lens.page.locator(`[data-onchain-lens="badge"][data-kind="${kind}"]`).count();

describe('badges on every supported site fixture', () => {
  for (const site of SITES) {
    it(`${site}: the fixture's expected badges appear and settle`, async () => {
      const want = expected(site);
      await lens.page.goto(lens.fixture(site));
      for (const [kind, n] of Object.entries(want.badges)) {
        await expect.poll(() => countKind(kind), { timeout: 15_000 }).toBe(n);
      }
      if (want.odds) await expect.poll(() => countKind('event'), { timeout: 15_000 }).toBe(want.odds);
      // Every badge leaves the loading state: ready, or an error state that says why.
      await expect
        .poll(() => lens.page.locator('[data-onchain-lens="badge"][data-state="loading"]').count(), {
          timeout: 15_000,
        })
        .toBe(0);
      // No badge is a stacking context with a paint layer of its own (no layout or paint
      // containment): a page laying a long table out again each frame would pay for every one.
      const contain = await lens.page.$$eval('[data-onchain-lens="badge"]', (hosts) => [
        ...new Set(hosts.map((h) => getComputedStyle(h).contain)),
      ]);
      expect(contain).toEqual(['style']);
      await lens.screenshot(`badges-${site}`);
    });
  }
});

describe('badge placement in real layouts', () => {
  it('a badge in a flex row sits on the middle of the text beside it, and grows no row', async () => {
    await lens.page.goto(lens.fixture('dexscreener'));
    const row = lens.page.locator('.chakra-stack', { has: lens.page.locator('[data-onchain-lens="badge"]') });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => lens.page.locator('[data-onchain-lens="badge"][data-state="loading"]').count(), {
        timeout: 15_000,
      })
      .toBe(0);
    const boxes = await row.first().evaluate((r) => {
      const mid = (e: Element) => {
        const b = e.getBoundingClientRect();
        return b.top + b.height / 2;
      };
      const host = r.querySelector<HTMLElement>('[data-onchain-lens="badge"]')!;
      const label = r.querySelector('span')!;
      const height = r.getBoundingClientRect().height;
      host.style.display = 'none';
      const alone = r.getBoundingClientRect().height;
      host.style.display = 'inline-block';
      return { badge: mid(host), text: mid(label), height, alone, host: host.getBoundingClientRect().height };
    });
    // The pill sits at the top of its host (closed shadow root): a host taller than the 18 px pill,
    // stretched by the row, would show the pill above the text however centred the host is.
    expect(boxes.host).toBeLessThanOrEqual(18.5);
    expect(Math.abs(boxes.badge - boxes.text)).toBeLessThanOrEqual(1);
    expect(boxes.height).toBe(boxes.alone);
  });
});

describe('badge numbers come from the API', () => {
  it('a wallet badge shows the active DCA orders the data API reports', async () => {
    const wallet = lens.catalog.wallets[0]!;
    const answer = await lens.api<{ summary: { active: number } }>(`/dca/wallet/${wallet}?limit=1`);
    await lens.page.goto(lens.fixture('solscan'));
    const badge = lens.page.locator(`[data-onchain-lens="badge"][data-address="${wallet}"]`).first();
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    expect(await badge.getAttribute('data-text')).toContain(String(answer.summary.active));
  });
});
