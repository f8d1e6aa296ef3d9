import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lens, launchLens } from './harness';

let lens: Lens;
beforeAll(async () => {
  lens = await launchLens();
});
afterAll(async () => {
  await lens?.close();
});

interface FeedState {
  /** addresses of the rows' links, in page order */
  rows: string[];
  /** for each row link: how many badge hosts follow it directly */
  badgesPerRow: number[];
  /** every badge host on the page, by address */
  badges: string[];
}

/** What the feed shows: the rows' wallets and the badges the overlay placed (host attributes only). */
function feedState(): Promise<FeedState> {
  return lens.page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#feed .holder-row a')];
    const rows = links.map((a) => new URL(a.href).pathname.split('/').pop() ?? '');
    const badgesPerRow = links.map((a) => {
      let n = 0;
      for (let el = a.nextElementSibling; el?.getAttribute('data-onchain-lens') === 'badge'; ) {
        n += 1;
        el = el.nextElementSibling;
      }
      return n;
    });
    const badges = [...document.querySelectorAll('[data-onchain-lens="badge"]')].map(
      (b) => b.getAttribute('data-address') ?? '',
    );
    return { rows, badgesPerRow, badges };
  });
}

async function settled(rows: number): Promise<FeedState> {
  await expect.poll(async () => (await feedState()).badges.length, { timeout: 15_000 }).toBe(rows);
  // A further scan pass must not add a second badge anywhere.
  await lens.page.waitForTimeout(300);
  return feedState();
}

function expectOneBadgePerRow(state: FeedState): void {
  expect(state.badgesPerRow.every((n) => n === 1)).toBe(true);
  expect([...state.badges].sort()).toEqual([...state.rows].sort());
  expect(new Set(state.badges).size).toBe(state.badges.length);
}

describe('infinite scroll', () => {
  it('badges each appended batch: every new address exactly once, nothing twice', async () => {
    await lens.page.goto(`${lens.fixture('infinite-scroll')}?manual`);
    const first = await settled(3);
    expect(first.rows).toHaveLength(3);
    expectOneBadgePerRow(first);
    let previous = first;
    for (let batch = 1; batch <= 4; batch++) {
      await lens.page.click('#more');
      const now = await settled(3 + batch * 5);
      expect(now.rows).toHaveLength(3 + batch * 5);
      expectOneBadgePerRow(now);
      // The badges already there stay (the same hosts), only the new rows gain one.
      expect(now.badges.slice(0, previous.badges.length)).toEqual(previous.badges);
      previous = now;
    }
    await expect
      .poll(() => lens.page.locator('[data-onchain-lens="badge"][data-state="loading"]').count(), {
        timeout: 15_000,
      })
      .toBe(0);
    await lens.page.locator('#more').scrollIntoViewIfNeeded();
    await lens.screenshot('scroll-after-appends');
  });

  it('keeps up with appends on its own timer and on scroll (23 rows, 23 badges)', async () => {
    await lens.page.goto(lens.fixture('infinite-scroll'));
    await expect
      .poll(() => lens.page.evaluate(() => document.documentElement.dataset.feedBatches), { timeout: 10_000 })
      .toBe('4');
    const state = await settled(23);
    expectOneBadgePerRow(state);
  });

  it('a virtualized list past the badge cap: rows that leave the page free their badges for the next', async () => {
    // The cap set the way a user does, in the options page (10 badges on a page at once).
    const options = await lens.context.newPage();
    await options.goto(lens.extensionPage('options.html'));
    const cap = options.getByTestId('opt-maxBadges');
    await cap.fill('10');
    await cap.press('Enter');
    await options.getByTestId('saved-display').waitFor();
    try {
      await lens.page.goto(`${lens.fixture('infinite-scroll')}?manual`);
      for (let i = 0; i < 3; i++) await lens.page.click('#more');
      await expect.poll(async () => (await feedState()).badges.length, { timeout: 15_000 }).toBe(10);
      const before = await feedState();
      expect(before.rows).toHaveLength(18);
      expect(before.badgesPerRow).toEqual([...Array(10).fill(1), ...Array(8).fill(0)]);
      // The list recycles its top rows as the user scrolls on (what X's timeline does).
      await lens.page.evaluate(() => {
        for (const row of [...document.querySelectorAll('#feed .holder-row')].slice(0, 5)) row.remove();
      });
      await expect
        .poll(async () => (await feedState()).badgesPerRow, { timeout: 15_000 })
        .toEqual([...Array(10).fill(1), ...Array(3).fill(0)]);
      const after = await feedState();
      expect(after.badges.sort()).toEqual(after.rows.slice(0, 10).sort());
    } finally {
      await cap.fill('300');
      await cap.press('Enter');
      await options.close();
    }
  });
});
