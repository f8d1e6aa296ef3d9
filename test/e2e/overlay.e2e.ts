import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatNumber,
  formatOdds,
  formatPercent,
  formatProgress,
  formatTokenAmount,
  formatUsd,
  tokenAmountExact,
  truncateText,
} from '../../lib/format';
import { type Lens, launchLens } from './harness';
import { emitUntil } from './sim-client';

let lens: Lens;
beforeAll(async () => {
  lens = await launchLens();
});
afterAll(async () => {
  await lens?.close();
});

/** Our popover host (data-kind is set by the test build; the solscan fixture has a bare decoy). */
const POPOVER = '[data-onchain-lens="popover"][data-kind]';

function badge(address: string): Locator {
  return lens.page.locator(`[data-onchain-lens="badge"][data-address="${address}"]`).first();
}

async function ready(host: Locator): Promise<void> {
  await expect.poll(() => host.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
}

/** The popover's text as the test build mirrors it (its shadow root is closed). */
async function popoverText(): Promise<string> {
  return (await lens.page.locator(POPOVER).first().getAttribute('data-text')) ?? '';
}

/** Hovers a badge the way a trader does and waits for its popover to show its data. */
async function hoverOpen(host: Locator, address: string): Promise<void> {
  await ready(host);
  await host.scrollIntoViewIfNeeded();
  await lens.page.mouse.move(0, 0);
  await host.hover();
  const pop = lens.page.locator(`${POPOVER}[data-address="${address}"]`);
  await expect.poll(() => pop.count(), { timeout: 5_000 }).toBe(1);
  await expect.poll(() => pop.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
}

/**
 * Emits fills of an order until the open popover shows the progress one brought (the first may
 * come before the popover's room is joined); returns that progress.
 */
async function fillUntilShown(order: string): Promise<number> {
  const fill = await emitUntil(
    () => lens.sim<{ order: { progressPercent: number } }>('emit', { order, eventName: 'Filled' }),
    async (f) => (await popoverText()).includes(formatProgress(f.order.progressPercent)),
    15_000,
  );
  return fill.order.progressPercent;
}

async function pressEscapeCloses(): Promise<void> {
  await lens.page.keyboard.press('Escape');
  await expect.poll(() => lens.page.locator(POPOVER).count(), { timeout: 5_000 }).toBe(0);
}

interface PnlAnswer {
  summary: {
    pnl: { realized: number; unrealized: number; total: number };
    roi: number;
    counts: { trades: number };
  };
  analysis?: { winRate?: number };
  identity?: { name?: string | null } | null;
}
interface DcaSummary {
  summary: { active: number; paused: number; pending: number; completed: number };
}

describe('wallet popover', () => {
  it('opens on hover with the simulator PnL and DCA summary; Esc closes it', async () => {
    const wallet = lens.catalog.wallets[0]!;
    const [pnl, dca] = await Promise.all([
      lens.api<PnlAnswer>(`/v2/pnl/wallets/${wallet}?pnlMode=strict&currency=usd`),
      lens.api<DcaSummary>(`/dca/wallet/${wallet}?limit=1`),
    ]);
    await lens.page.goto(lens.fixture('solscan'));
    await hoverOpen(badge(wallet), wallet);
    const text = await popoverText();
    const money = (n: number) => formatMoney(n, 'usd', { sign: true });
    expect(text).toContain(money(pnl.summary.pnl.realized));
    expect(text).toContain(money(pnl.summary.pnl.unrealized));
    expect(text).toContain(money(pnl.summary.pnl.total));
    expect(text).toContain(formatPercent(pnl.summary.roi, { sign: true }));
    expect(text).toContain(formatPercent(pnl.analysis?.winRate));
    expect(text).toContain(formatNumber(pnl.summary.counts.trades, { compact: true }));
    if (pnl.identity?.name) expect(text).toContain(truncateText(pnl.identity.name, 28));
    const s = dca.summary;
    expect(text).toContain(
      `${s.active} active · ${s.paused} paused · ${s.pending} pending · ${s.completed} completed`,
    );
    // The badge shows the same total as the popover.
    expect(await badge(wallet).getAttribute('data-text')).toContain(money(pnl.summary.pnl.total));
    await lens.screenshot('popover-wallet');
    await pressEscapeCloses();
  });

  it('follows its orders live, a fill it missed included, and shows them so when opened again', async () => {
    const wallet = lens.catalog.wallets[0]!;
    // The card lists active orders first, from the first page the worker caches (10, most recent).
    const list = await lens.api<{ orders: { address: string; status: string; progressPercent: number }[] }>(
      `/dca/wallet/${wallet}?limit=10&sort=recent`,
    );
    const order = list.orders.find((o) => o.status === 'active')!;
    await lens.page.goto(lens.fixture('solscan'));
    await hoverOpen(badge(wallet), wallet);
    expect(await popoverText()).toContain(formatProgress(order.progressPercent));
    // A fill of that order moves its row's progress.
    const shown = await fillUntilShown(order.address);
    // A fill the worker never hears of (a dropped socket): the account's next position snapshot
    // alone brings the row its progress (the order is only in the wallet's list, not cached alone).
    const missed = await lens.sim<{ order: { progressPercent: number } }>('emit', {
      order: order.address,
      eventName: 'Filled',
      publish: false,
    });
    const missedText = formatProgress(missed.order.progressPercent);
    expect(missedText).not.toBe(formatProgress(shown));
    expect(await popoverText()).not.toContain(missedText);
    await lens.sim('emit', { order: order.address, eventName: 'Position' });
    await expect.poll(popoverText, { timeout: 10_000 }).toContain(missedText);
    // Opened again within the cache's freshness, the card comes from the cached list: it kept up.
    await pressEscapeCloses();
    await lens.page.mouse.move(0, 0);
    await hoverOpen(badge(wallet), wallet);
    expect(await popoverText()).toContain(missedText);
    await pressEscapeCloses();
  });

  it('keeps one popover at a time: hovering another badge replaces it', async () => {
    const wallet = lens.catalog.wallets[0]!;
    const mint = lens.catalog.mints[2]!;
    await lens.page.goto(lens.fixture('solscan'));
    await hoverOpen(badge(wallet), wallet);
    await hoverOpen(badge(mint), mint);
    expect(await lens.page.locator(POPOVER).count()).toBe(1);
    expect(await lens.page.locator(POPOVER).getAttribute('data-kind')).toBe('mint');
    await pressEscapeCloses();
  });
});

interface FlowAnswer {
  buyers: { count: number; volumeUsd: number | null };
  sellers: { count: number; volumeUsd: number | null };
}
interface EmitAnswer {
  inAmount: string;
  outAmount: string;
  usd?: { inAmountUsd?: number };
  order: { input: { symbol: string; decimals: number }; output: { symbol: string; decimals: number } };
}

describe('token popover', () => {
  it('shows the DCA flow of the data API and a live fill arriving while it is open', async () => {
    const mint = lens.catalog.mints[2]!;
    const flow = await lens.api<FlowAnswer>(`/dca/token/${mint}`);
    await lens.page.goto(lens.fixture('solscan'));
    await hoverOpen(badge(mint), mint);
    let text = await popoverText();
    expect(text).toContain(`${formatNumber(flow.buyers.count)} · ${formatUsd(flow.buyers.volumeUsd)}`);
    expect(text).toContain(`${formatNumber(flow.sellers.count)} · ${formatUsd(flow.sellers.volumeUsd)}`);
    // The room is joined (the card says live) before the event is emitted.
    await expect.poll(popoverText, { timeout: 10_000 }).toContain('Waiting for fills');
    await lens.screenshot('popover-token');

    const fill = await lens.sim<EmitAnswer>('emit', { mint, eventName: 'Filled' });
    const side = (raw: string, t: { symbol: string; decimals: number }) =>
      `${formatNumber(Number(tokenAmountExact(raw, t.decimals)), { compact: true })} ${truncateText(t.symbol, 10)}`;
    const line = `${side(fill.inAmount, fill.order.input)} → ${side(fill.outAmount, fill.order.output)}`;
    await expect.poll(popoverText, { timeout: 10_000 }).toContain(line);
    text = await popoverText();
    expect(text).not.toContain('Waiting for fills');
    if (fill.usd?.inAmountUsd != null) expect(text).toContain(formatUsd(fill.usd.inAmountUsd));
    await lens.screenshot('popover-token-live');
    await pressEscapeCloses();
  });
});

interface OrderAnswer {
  status: string;
  pair: string;
  progressPercent: number;
  input: { decimals: number; symbol: string };
  raw: { deposited: string; used: string };
}

describe('order popover', () => {
  it('shows the whole order with exact base-unit amounts; live fills, deposits and position snapshots update it', async () => {
    const address = lens.catalog.orders[0]!;
    const order = await lens.api<OrderAnswer>(`/dca/order/${address}`);
    await lens.page.goto(lens.fixture('solscan'));
    await hoverOpen(badge(address), address);
    const text = await popoverText();
    expect(text).toContain(order.status);
    expect(text).toContain(formatProgress(order.progressPercent));
    expect(text).toContain(
      `${formatTokenAmount(order.raw.deposited, order.input.decimals)} ${truncateText(order.input.symbol, 10)}`,
    );
    expect(text).toContain(formatTokenAmount(order.raw.used, order.input.decimals));
    expect(text).not.toMatch(/Next cycle\s*\d+ \w+ ago/);
    await lens.screenshot('popover-order');

    // A live fill of this order moves its progress in the open popover and on its badge. The first
    // emit may come before the room is joined, so emit until one shows (each answer is the new state).
    const after = await fillUntilShown(address);
    expect(formatProgress(after)).not.toBe(formatProgress(order.progressPercent));
    expect(await popoverText()).not.toContain(formatProgress(order.progressPercent));
    expect(await badge(address).getAttribute('data-text')).toContain(formatProgress(after));
    await lens.screenshot('popover-order-live');

    // A deposit changes no progress, only the amounts: the open popover shows the new deposit
    // (the background merges the event's order into the cached view and pushes it to the tab).
    const deposit = await lens.sim<{ order: { raw: { deposited: string } } }>('emit', {
      order: address,
      eventName: 'Deposit',
    });
    const deposited = formatTokenAmount(deposit.order.raw.deposited, order.input.decimals);
    expect(deposited).not.toBe(formatTokenAmount(order.raw.deposited, order.input.decimals));
    await expect.poll(popoverText, { timeout: 10_000 }).toContain(deposited);

    // A deposit the worker never hears of (a dropped socket), then the account's position snapshot:
    // the snapshot alone brings the open popover the new amounts.
    const missed = await lens.sim<{ order: { raw: { deposited: string } } }>('emit', {
      order: address,
      eventName: 'Deposit',
      publish: false,
    });
    const missedText = formatTokenAmount(missed.order.raw.deposited, order.input.decimals);
    expect(missedText).not.toBe(deposited);
    expect(await popoverText()).not.toContain(missedText);
    await lens.sim('emit', { order: address, eventName: 'Position' });
    await expect.poll(popoverText, { timeout: 10_000 }).toContain(missedText);
    await pressEscapeCloses();
  });
});

interface BatchAnswer {
  results: {
    requestedId: string;
    event: {
      title: string;
      markets: { outcomes: { label: string; price: number }[]; groupItemTitle?: string; title?: string }[];
    } | null;
  }[];
}

/** Outcomes of an event from the raw API answer: a lone market's outcomes, else each market's Yes. */
function outcomesOf(event: NonNullable<BatchAnswer['results'][number]['event']>) {
  if (event.markets.length === 1) return event.markets[0]!.outcomes;
  return event.markets.map((m) => ({
    label: m.groupItemTitle ?? m.title ?? '?',
    price: (m.outcomes.find((o) => /^yes$/i.test(o.label)) ?? m.outcomes[0]!).price,
  }));
}

describe('odds chips', () => {
  it('show the leading outcome at the price the prediction API reports, and the popover lists outcomes', async () => {
    await lens.page.goto(lens.fixture('polymarket-links'));
    const chips = lens.page.locator('[data-onchain-lens="badge"][data-kind="event"]');
    await expect.poll(() => chips.count(), { timeout: 15_000 }).toBe(5);
    const refs = (await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-address') ?? ''))).map(
      (a) => a.split(':') as [string, string],
    );
    let checked = 0;
    for (const exchange of ['polymarket', 'kalshi']) {
      const ids = refs.filter(([ex]) => ex === exchange).map(([, id]) => id);
      if (!ids.length) continue;
      const batch = await lens.api<BatchAnswer>(
        `/pm/v1/events/batch?ids=${ids.map(encodeURIComponent).join(',')}&exchange=${exchange}`,
      );
      for (const id of ids) {
        const event = batch.results.find((r) => r.requestedId === id)?.event;
        expect(event, `${exchange}:${id} in the batch answer`).toBeTruthy();
        const lead = outcomesOf(event!).reduce((a, b) => (b.price > a.price ? b : a));
        const chip = badge(`${exchange}:${id}`);
        await ready(chip);
        const chipText = (await chip.getAttribute('data-text')) ?? '';
        expect(chipText).toContain(formatOdds(lead.price));
        expect(chipText).toContain(truncateText(lead.label, 18));
        checked += 1;
      }
    }
    expect(checked).toBe(5);
    await lens.screenshot('odds-chips');

    const [exchange, id] = refs[0]!;
    const batch = await lens.api<BatchAnswer>(`/pm/v1/events/batch?ids=${id}&exchange=${exchange}`);
    const event = batch.results[0]!.event!;
    await hoverOpen(badge(`${exchange}:${id}`), `${exchange}:${id}`);
    // The history (sparkline) arrives after the odds; wait until it is no longer loading.
    await lens.page.waitForTimeout(500);
    const text = await popoverText();
    for (const o of outcomesOf(event)) {
      expect(text).toContain(truncateText(o.label, 24));
      expect(text).toContain(formatOdds(o.price));
    }
    await lens.screenshot('popover-odds');
    await pressEscapeCloses();

    // An event card is one big link and its chip sits inside it: a click on the chip, with either
    // button, is ours. The card's link is followed neither here nor in a new tab.
    const cardChip = lens.page.locator('a.c-event-card [data-onchain-lens="badge"]').first();
    const url = lens.page.url();
    const tabs = lens.context.pages().length;
    await lens.page.mouse.move(0, 0);
    await cardChip.click({ button: 'middle' });
    await cardChip.click();
    await expect.poll(() => lens.page.locator(POPOVER).count(), { timeout: 5_000 }).toBe(1);
    await lens.page.waitForTimeout(500);
    expect(lens.page.url()).toBe(url);
    expect(lens.context.pages().length).toBe(tabs);
    await pressEscapeCloses();

    // The chips move no card: each is as tall with its chip as with the chips hidden.
    const cards = lens.page.locator('a.c-event-card');
    const heights = () => cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    const withChips = await heights();
    const hide = await lens.page.addStyleTag({
      content: '[data-onchain-lens="badge"]{display:none!important}',
    });
    expect(await heights()).toEqual(withChips);
    await hide.evaluate((e) => (e as Element).remove());

    // A framework re-rendering a card's title sets its text, which takes the chip at its end out
    // with the old text: the chip comes back at the end of the new text, once.
    const title = cards.nth(1).locator('p');
    const chipsIn = (at: typeof title) => at.locator('[data-onchain-lens="badge"]').count();
    expect(await chipsIn(title)).toBe(1);
    await title.evaluate((p) => {
      p.textContent = 'Bitcoin 150k by December 31?';
    });
    expect(await chipsIn(title)).toBe(0);
    await expect.poll(() => chipsIn(title), { timeout: 5_000 }).toBe(1);
    await lens.page.waitForTimeout(300);
    expect(await chipsIn(cards.nth(1))).toBe(1);
    expect(await title.evaluate((p) => p.firstChild?.textContent)).toBe('Bitcoin 150k by December 31?');
    expect(await heights()).toEqual(withChips);
  });
});

describe('page views in a single-page site', () => {
  it('a query or fragment change keeps the badges and an open popover; a new path starts a new page view', async () => {
    const wallet = lens.catalog.wallets[0]!;
    await lens.page.goto(lens.fixture('solscan'));
    await ready(badge(wallet));
    await badge(wallet).click();
    const pop = lens.page.locator(`${POPOVER}[data-address="${wallet}"]`);
    await expect.poll(() => pop.count(), { timeout: 5_000 }).toBe(1);

    // A tab switch (replaceState) and an in-page link (a fragment): the badge count, sampled, never
    // drops (each change used to take every badge off for about 120 ms and close the popover).
    const counts = await lens.page.evaluate(async () => {
      const n = () => document.querySelectorAll('[data-onchain-lens="badge"]').length;
      const seen = [n()];
      history.replaceState(null, '', `${location.pathname}?tab=transfers`);
      seen.push(n());
      location.hash = '#tokens';
      for (let i = 0; i < 10; i++) {
        await new Promise((r) => setTimeout(r, 30));
        seen.push(n());
      }
      return seen;
    });
    expect(counts[0]).toBeGreaterThan(0);
    expect(new Set(counts)).toEqual(new Set([counts[0]]));
    expect(await pop.count()).toBe(1);

    // Another path (a client-side navigation): the popover goes, and the page's badges are found again.
    await lens.page.evaluate(() => history.pushState(null, '', `/account${location.pathname}`));
    await expect.poll(() => pop.count(), { timeout: 5_000 }).toBe(0);
    await ready(badge(wallet));
  });
});

describe('where a popover goes', () => {
  /** A page of `html` in the generic fixture (our content script runs there), at `width` x `height`. */
  async function pageOf(html: string, width: number, height: number): Promise<void> {
    await lens.page.setViewportSize({ width, height });
    await lens.page.goto(lens.fixture('generic'));
    await lens.page.evaluate((html) => {
      document.body.style.cssText = 'margin:0;font:14px/1.5 sans-serif;max-width:none';
      document.body.innerHTML = html; // (the test's own markup)
    }, html);
  }
  const rectOf = (l: Locator) => l.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

  it('a card that comes in after its placeholder is placed at its own height: all in an 800 x 600 window, not over its badge', async () => {
    const wallet = lens.catalog.wallets[31]!;
    try {
      await pageOf(
        `<div style="height:450px">Chart</div><p style="margin:0 8px">Top trader <a href="https://solscan.io/account/${wallet}">${wallet}</a> bought 12 SOL</p><div style="height:2000px"></div>`,
        800,
        600,
      );
      await ready(badge(wallet));
      // the wallet's card is slow: the popover shows its short placeholder first, placed below
      await lens.sim('faults', { latencyMs: 400 });
      await badge(wallet).click();
      await lens.page.mouse.move(790, 10);
      const pop = lens.page.locator(`${POPOVER}[data-address="${wallet}"]`);
      await expect.poll(() => pop.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      await lens.page.waitForTimeout(300);
      await lens.screenshot('popover-after-placeholder', lens.page);
      const p = await rectOf(pop);
      const b = await rectOf(badge(wallet));
      expect(p.top).toBeGreaterThanOrEqual(8 - 1);
      expect(p.bottom).toBeLessThanOrEqual(600 - 8 + 1);
      expect(p.height).toBeGreaterThan(150); // the card, not a sliver of it
      const overlaps = p.left < b.right && b.left < p.right && p.top < b.bottom && b.top < p.bottom;
      expect(overlaps, `popover ${JSON.stringify(p)} over badge ${JSON.stringify(b)}`).toBe(false);
    } finally {
      await lens.sim('faults', {});
      await lens.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("opens beside its badge where there is room, so the pointer run down a column of wallets shows each row's card in turn", async () => {
    const wallets = lens.catalog.wallets.slice(60, 66);
    try {
      await pageOf(
        `<table style="margin:20px;border-collapse:collapse">${wallets
          .map((w) => `<tr><td style="padding:4px 8px">${w}</td><td>12.4 SOL</td></tr>`)
          .join('')}</table>`,
        1000,
        700,
      );
      for (const w of wallets.slice(0, 2)) await ready(badge(w));
      const [a, b] = [(await badge(wallets[0]!).boundingBox())!, (await badge(wallets[1]!).boundingBox())!];
      await lens.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      const pop = lens.page.locator(POPOVER);
      await expect.poll(() => pop.getAttribute('data-address'), { timeout: 5_000 }).toBe(wallets[0]);
      const p = await rectOf(pop);
      expect(p.left).toBeGreaterThanOrEqual(a.x + a.width); // on the badge's right
      // down the column to the next row's badge, as a trader scans it
      for (let step = 1; step <= 10; step++)
        await lens.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + ((b.y - a.y) * step) / 10);
      await expect.poll(() => pop.getAttribute('data-address'), { timeout: 5_000 }).toBe(wallets[1]);
      await lens.screenshot('popover-beside-column', lens.page);
    } finally {
      await lens.page.mouse.move(0, 0);
      await lens.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('goes when its badge scrolls out of a box of the page that scrolls (a list), though still in the window', async () => {
    const wallets = lens.catalog.wallets.slice(40, 52);
    try {
      await pageOf(
        `<div style="height:300px">Header</div><div id="list" style="height:200px;overflow:auto;width:600px">${wallets
          .map((w) => `<div style="height:28px;white-space:nowrap">${w}</div>`)
          .join('')}</div><div style="height:1500px"></div>`,
        1000,
        800,
      );
      const wallet = wallets[2]!;
      await ready(badge(wallet));
      await badge(wallet).click();
      const pop = lens.page.locator(`${POPOVER}[data-address="${wallet}"]`);
      await expect.poll(() => pop.count(), { timeout: 5_000 }).toBe(1);
      await lens.page.mouse.move(990, 10);
      // the list scrolls by 150 px: the badge is above the list's top edge, still 200 px into the window
      await lens.page.evaluate(() => {
        (document.getElementById('list') as HTMLElement).scrollTop = 150;
      });
      const b = await rectOf(badge(wallet));
      expect(b.bottom).toBeLessThan(300);
      expect(b.top).toBeGreaterThan(0);
      await expect.poll(() => pop.count(), { timeout: 2_000 }).toBe(0);
    } finally {
      await lens.page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
