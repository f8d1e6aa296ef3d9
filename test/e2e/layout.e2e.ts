/**
 * The overlay's cards laid out by real Chromium: the components rendered to markup (happy-dom), then
 * shown with the overlay's own stylesheet at the popover's width, and measured. Shadow roots of the
 * extension are closed, so this is where text that the card's CSS cuts off can be seen.
 */
import { Window } from 'happy-dom';
import { type ComponentChildren, h, render } from 'preact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Badge } from '../../components/shared/Badge';
import { OrderRow } from '../../components/shared/OrderRow';
import { BADGE_CSS, CARD_CSS } from '../../components/shared/styles';
import { WalletCard } from '../../components/shared/WalletCard';
import type { OrderView } from '../../lib/views';
import { NOW, order, walletView } from '../unit/components/fixtures';
import { launchChromium } from './chromium';

let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  browser = await launchChromium(null);
});
afterAll(async () => {
  await browser?.close();
});

/** Markup rendered by Preact into a happy-dom document (`tag` and `className` of the container). */
function renderToHtml(vnode: ComponentChildren, tag = 'div', className = ''): string {
  const window = new Window();
  const g = globalThis as { document?: unknown };
  const before = g.document;
  g.document = window.document;
  try {
    const box = window.document.createElement(tag);
    box.className = className;
    render(vnode, box as unknown as Element);
    return box.outerHTML;
  } finally {
    g.document = before;
  }
}

/** The rows' markup. */
function markup(orders: OrderView[]): string {
  return renderToHtml(
    orders.map((o) => h(OrderRow, { order: o, now: NOW })),
    'ul',
    'ol-list',
  );
}

/** A popover as it is on a page: its width, a height that scrolls, the overlay's stylesheet. */
const popover = (inner: string) =>
  `<style>${CARD_CSS}</style><div class="ol ol-pop" data-theme="light" style="max-height:600px">${inner}</div>`;

describe('order rows in a popover-wide card', () => {
  it('cut none of their per-cycle amount or next-cycle text, wrapping it when the line is full', async () => {
    const orders = [
      // the review's row: a long amount with its USD value, every 5 min, overdue by hours
      order({
        pair: 'ACCESS → USDC',
        perCycle: 1_000_000,
        perCycleUsd: 219.51,
        input: { ...order().input, symbol: 'ACCESS' },
        frequency: '300',
        nextCycleAt: NOW - (4 * 60 + 40) * 60_000,
      }),
      order({ frequency: '3600', nextCycleAt: NOW + 12 * 60_000 }),
      // paused: no next cycle, the per-cycle text alone
      order({ status: 'paused', frequency: '3600' }),
    ];
    const page = await browser.context.newPage();
    await page.setContent(
      // The popover as it is on a page: its width, a height that scrolls (so a scroll bar takes
      // its share of the width), the card's padding.
      `<style>${CARD_CSS}</style><div class="ol ol-pop" data-theme="light" style="max-height:200px"><div class="ol-card">${markup(orders)}</div></div>`,
    );
    const spans = await page
      .locator('.ol-sub > span')
      .evaluateAll((els) =>
        els.map((e) => ({ text: e.textContent ?? '', cut: e.scrollWidth > e.clientWidth + 0.5 })),
      );
    expect(spans.map((s) => s.text)).toEqual([
      '1M ACCESS ($219.51) every 5 min',
      'overdue 4 h 40 min',
      '50 USDC ($50.00) every hour',
      'next in 12 min',
      '50 USDC ($50.00) every hour',
    ]);
    expect(spans.filter((s) => s.cut)).toEqual([]);
    // The short row stays on one line: its two texts share it.
    const tops = await page
      .locator('.ol-row')
      .nth(1)
      .locator('.ol-sub > span')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // Alone on its line, the per-cycle text starts where the row's other lines do.
    const lefts = await page
      .locator('.ol-row')
      .nth(2)
      .evaluate((row) =>
        [row.querySelector('.ol-title'), row.querySelector('.ol-sub > span')].map(
          (e) => e!.getBoundingClientRect().left,
        ),
      );
    expect(lefts[1]).toBe(lefts[0]);
    await page.close();
  });
});

describe('the wallet card', () => {
  it("spaces its sections by the card's gap alone: no paragraph adds its browser margins", async () => {
    const page = await browser.context.newPage();
    await page.setContent(popover(renderToHtml(h(WalletCard, { view: walletView(), now: NOW }))));
    const gap = await page.evaluate(() => {
      const heading = [...document.querySelectorAll('h3')].find((e) =>
        /DCA orders/i.test(e.textContent ?? ''),
      )!;
      const summary = document.querySelector('[data-section="dca-summary"]')!;
      return summary.getBoundingClientRect().top - heading.getBoundingClientRect().bottom;
    });
    expect(gap).toBeCloseTo(8, 0);
    await page.close();
  });
});

describe('a loading badge', () => {
  it('shows its dot only after 150 ms (a fast answer flashes no loader), at the size it has from the start', async () => {
    const page = await browser.context.newPage();
    await page.setContent(
      `<style>${BADGE_CSS}</style><p class="ol" data-theme="light">x ${renderToHtml(h(Badge, { kind: 'wallet', data: { status: 'loading' } }), 'span')}</p>`,
    );
    // The stylesheet's reveal, read at moments of its own clock (the animation's time, not the machine's).
    const at = (ms: number) =>
      page.evaluate((t) => {
        const dot = document.querySelector('.ol-dot')!;
        const [reveal] = dot.getAnimations();
        if (reveal) {
          reveal.pause();
          reveal.currentTime = t;
        }
        const badge = document.querySelector('.ol-badge')!.getBoundingClientRect();
        return { visibility: getComputedStyle(dot).visibility, width: badge.width, height: badge.height };
      }, ms);
    const early = await at(0);
    const late = await at(149);
    const shown = await at(150);
    expect([early.visibility, late.visibility, shown.visibility]).toEqual(['hidden', 'hidden', 'visible']);
    // hidden, the dot still takes its room: showing it moves nothing
    expect(early.width).toBe(shown.width);
    expect(early.height).toBe(shown.height);
    expect(shown.width).toBeGreaterThan(6);
    await page.close();
  });
});

describe('a badge made a dot (no room for its pill)', () => {
  it('tells loading, an answer and an error apart by its colour, as the pill does', async () => {
    const page = await browser.context.newPage();
    const faces = {
      loading: h(Badge, { kind: 'wallet', data: { status: 'loading' } }),
      flat: h(Badge, {
        kind: 'mint',
        data: {
          status: 'ready',
          value: { mint: 'M', buyers: { count: 0, volumeUsd: 0 }, sellers: { count: 0, volumeUsd: 0 } },
        } as never,
      }),
      error: h(Badge, {
        kind: 'mint',
        data: { status: 'error', error: { code: 'UNAUTHORIZED', message: 'refused' } },
      }),
    };
    const markup = Object.fromEntries(Object.entries(faces).map(([k, v]) => [k, renderToHtml(v, 'span')]));
    await page.setContent('<p id="row"></p>');
    const dots = await page.evaluate(
      ({ css, markup }) => {
        const out: Record<string, { color: string; opacity: string }> = {};
        for (const [state, html] of Object.entries(markup)) {
          // as the overlay mounts a badge: a host on the page, its shadow root holding the theme
          const host = document.getElementById('row')!.appendChild(document.createElement('span'));
          host.setAttribute('data-fit', '');
          const root = host.attachShadow({ mode: 'open' });
          root.innerHTML = `<style>${css}</style><span class="ol" data-theme="light">${html}</span>`;
          const after = getComputedStyle(root.querySelector('button')!, '::after');
          out[state] = { color: after.backgroundColor, opacity: after.opacity };
        }
        return out;
      },
      { css: BADGE_CSS, markup },
    );
    expect(dots.error!.color).toBe('rgb(146, 64, 14)'); // --ol-warn
    expect(dots.flat!.color).toBe('rgb(91, 100, 114)'); // --ol-muted
    expect(dots.loading!.color).toBe(dots.flat!.color);
    expect(Number(dots.loading!.opacity)).toBeLessThan(1);
    expect(dots.flat!.opacity).toBe('1');
    await page.close();
  });
});
