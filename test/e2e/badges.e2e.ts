import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../lib/sites';
import { overlayExpectation } from '../fixtures/render';
import { ARTIFACTS, type Lens, launchLens } from './harness';

let lens: Lens;
beforeAll(async () => {
  lens = await launchLens();
});
afterAll(async () => {
  await lens?.close();
});

/** Every site adapter has a fixture page of the same name (a unit meta-test keeps it so). */
const SITES = ADAPTERS.map((a) => a.id);

const expected = (site: string) => overlayExpectation(readFileSync(`test/fixtures/${site}.html`, 'utf8'));

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

/**
 * Where the pill (the button in the badge's closed shadow root) is on the page: DevTools' DOM domain
 * reads through closed shadow roots, which page scripts and locators cannot. `marker` is an id set
 * on the badge's host beforehand.
 */
async function pillBox(
  marker: string,
): Promise<{ top: number; bottom: number; left: number; right: number }> {
  interface DomNode {
    nodeId: number;
    nodeName: string;
    attributes?: string[];
    children?: DomNode[];
    shadowRoots?: DomNode[];
  }
  const cdp = await lens.context.newCDPSession(lens.page);
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const find = (n: DomNode, ok: (n: DomNode) => boolean): DomNode | null => {
    if (ok(n)) return n;
    for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) {
      const hit = find(c, ok);
      if (hit) return hit;
    }
    return null;
  };
  const host = find(root, (n) => (n.attributes ?? []).join('|').includes(`id|${marker}`));
  const button = host && find(host, (n) => n.nodeName === 'BUTTON');
  if (!button) throw new Error('no pill in the marked badge');
  const { model } = (await cdp.send('DOM.getBoxModel', { nodeId: button.nodeId })) as {
    model: { border: number[] };
  };
  await cdp.detach();
  const [x1, y1, x2, , , y3] = model.border as [number, number, number, number, number, number];
  return { top: y1, bottom: y3, left: x1, right: x2 };
}

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
      const host = r.querySelector<HTMLElement>('[data-onchain-lens="badge"]')!;
      host.id = 'pill-probe';
      const label = r.querySelector('span')!.getBoundingClientRect();
      const height = r.getBoundingClientRect().height;
      const display = host.style.display;
      host.style.display = 'none';
      const alone = r.getBoundingClientRect().height;
      host.style.display = display;
      return { text: label.top + label.height / 2, height, alone };
    });
    const pill = await pillBox('pill-probe');
    // (a row stretching the badge used to leave the pill 3 px above the text's middle)
    expect(Math.abs((pill.top + pill.bottom) / 2 - boxes.text)).toBeLessThanOrEqual(1);
    expect(boxes.height).toBe(boxes.alone);

    // A trade row's link after a wallet's badge keeps its distance (it touched the pill: "+$85.1Ktx").
    const tx = lens.page.locator('.trade-row [data-onchain-lens="badge"] + a').first();
    await expect.poll(() => tx.count(), { timeout: 15_000 }).toBe(1);
    const txLeft = await tx.evaluate((a) => {
      a.previousElementSibling!.id = 'pill-probe-trade';
      return a.getBoundingClientRect().left;
    });
    const tradePill = await pillBox('pill-probe-trade');
    expect(txLeft - tradePill.right).toBeGreaterThanOrEqual(3);
  });

  it('a badge after a link in a column stays at the start of the column, under its link', async () => {
    await lens.page.goto(lens.fixture('dexscreener'));
    await lens.page.evaluate(() => {
      // the pair's token rows, stacked: each badge follows its link in a column
      for (const row of document.querySelectorAll<HTMLElement>('.chakra-stack')) {
        row.style.flexDirection = 'column';
        row.style.alignItems = 'flex-start';
      }
    });
    const badge = lens.page.locator('.chakra-stack [data-onchain-lens="badge"]').first();
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(1);
    const start = await badge.evaluate((h) => {
      h.id = 'pill-probe-column';
      return h.parentElement!.getBoundingClientRect().left; // the column's
    });
    const pill = await pillBox('pill-probe-column');
    expect(Math.abs(pill.left - start)).toBeLessThanOrEqual(6); // its 4 px margin, not the middle
  });
});

describe('badges with no room beside their anchor', () => {
  it('in rows of fixed height become dots inside the row; in a paragraph, a small-text span or after a padded chip where a dot wraps too they wrap whole', async () => {
    await lens.page.goto(lens.fixture('generic'));
    const w = lens.catalog.wallets;
    await lens.page.evaluate(
      ({ rows, prose }) => {
        // A virtualized list: rows 28 px high, placed absolutely; a narrow cell holds a label and a
        // short wallet link. The last row nests its link four levels deep, as list components do.
        const list = Object.assign(document.createElement('div'), { id: 'fixed-rows' });
        list.style.cssText = 'position:relative;height:140px;width:640px;font:16px serif';
        rows.forEach((address, i) => {
          const row = document.createElement('div');
          row.className = 'fixed-row';
          row.style.cssText = `position:absolute;top:${i * 28}px;left:0;right:0;height:28px;display:flex;align-items:center`;
          const cell = document.createElement('div');
          const link = Object.assign(document.createElement('a'), {
            href: `https://solscan.io/account/${address}`,
            textContent: `${address.slice(0, 4)}…${address.slice(-4)}`,
          });
          if (i === rows.length - 1) {
            const inner = document.createElement('div');
            const outer = document.createElement('span');
            const span = document.createElement('span');
            span.append(link);
            outer.append('Maker ', span);
            inner.append(outer);
            cell.append(inner);
          } else cell.append('Maker ', link);
          const amount = Object.assign(document.createElement('div'), { textContent: `${i + 1}.5 SOL` });
          row.append(cell, amount);
          list.append(row);
        });
        document.body.append(list);
        // Each cell is as wide as its text and 40 px more: room for a dot (24 px), not for a pill.
        for (const row of list.children) {
          const cell = row.firstElementChild as HTMLElement;
          const end =
            cell.querySelector('a')!.getBoundingClientRect().right - cell.getBoundingClientRect().left;
          cell.style.width = `${Math.ceil(end) + 40}px`;
        }
        // Boxes that grow: a badge at the end of a full line goes to the next one, whole. A plain
        // paragraph; 10 px text in an inline span (shorter than the pill); a link styled as a chip
        // with 4 px of padding on a paragraph's first line.
        const add = (id: string, css: string, html: string) => {
          const p = Object.assign(document.createElement('p'), { id });
          p.style.cssText = css;
          p.innerHTML = html;
          document.body.append(p);
        };
        add('narrow-prose', 'width:330px;font:16px serif', `Whale wallet to follow ${prose[0]} today`);
        add(
          'small-prose',
          'width:260px',
          `<span style="font:10px sans-serif">Wallet ${prose[1]} and more words after it</span>`,
        );
        add(
          'chip-prose',
          'width:330px;margin:0;font:14px sans-serif',
          `<a href="https://solscan.io/account/${prose[2]}" style="padding:4px 6px;background:#eef;border-radius:6px">${prose[2]!.slice(0, 4)}…${prose[2]!.slice(-4)} whale wallet of the week</a> and the rest`,
        );
      },
      { rows: w.slice(20, 24), prose: w.slice(24, 27) },
    );
    const hosts = lens.page.locator('#fixed-rows [data-onchain-lens="badge"]');
    await expect.poll(() => hosts.count(), { timeout: 15_000 }).toBe(4);
    await expect
      .poll(() => lens.page.locator('[data-onchain-lens="badge"][data-state="loading"]').count(), {
        timeout: 15_000,
      })
      .toBe(0);
    await lens.page.waitForTimeout(300); // (the check runs when the written badge is laid out)
    const rows = await lens.page.$$eval('.fixed-row', (rows) =>
      rows.map((row) => {
        const host = row.querySelector<HTMLElement>('[data-onchain-lens="badge"]')!;
        const r = row.getBoundingClientRect();
        const h = host.getBoundingClientRect();
        const link = row.querySelector('a')!.getBoundingClientRect();
        return {
          dot: host.hasAttribute('data-fit'),
          inRow: h.top >= r.top && h.bottom <= r.bottom,
          beside: Math.abs(h.top + h.height / 2 - (link.top + link.height / 2)) <= 2,
          // the row's text stays in its row (a wrapped pill pushed it up, out of sight)
          textInRow: link.top >= r.top && link.bottom <= r.bottom,
          width: h.width,
        };
      }),
    );
    for (const row of rows) {
      expect(row).toMatchObject({ dot: true, inRow: true, beside: true, textInRow: true });
      expect(row.width).toBeLessThanOrEqual(18);
    }
    // A dot is still the badge: hovered, its popover opens.
    await hosts.first().hover();
    await expect
      .poll(() => lens.page.locator('[data-onchain-lens="popover"]').count(), { timeout: 10_000 })
      .toBe(1);
    await lens.screenshot('badges-fixed-rows');
    await lens.page.mouse.move(0, 0);

    for (const id of ['narrow-prose', 'small-prose', 'chip-prose']) {
      const badge = lens.page.locator(`#${id} [data-onchain-lens="badge"]`);
      await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      const wrap = await badge.evaluate((host) => ({
        dot: host.hasAttribute('data-fit'),
        width: host.getBoundingClientRect().width,
        below:
          host.getBoundingClientRect().top >= host.previousElementSibling!.getBoundingClientRect().bottom - 4,
      }));
      expect(wrap, id).toEqual({ dot: false, width: expect.any(Number), below: true });
      expect(wrap.width, id).toBeGreaterThan(60);
    }
  });
});

describe('badges in flowing text', () => {
  /**
   * In the page: a paragraph #id styled `css`, of `lines` (a `<br>` between them; those from
   * `smallFrom` on in 9 px type), prepended with a "next post" #id-below under it, and made as wide
   * as its first line plus `room` px. Returns the top of #id-below.
   */
  const addParagraph = (a: {
    id: string;
    lines: string[];
    css: string;
    room: number;
    smallFrom?: number;
  }) => {
    const p = Object.assign(document.createElement('p'), { id: a.id });
    a.lines.forEach((line, i) => {
      if (i) p.append(document.createElement('br'));
      const small = a.smallFrom !== undefined && i >= a.smallFrom;
      const node = small ? Object.assign(document.createElement('small'), { textContent: line }) : line;
      if (typeof node !== 'string') node.style.fontSize = '9px';
      p.append(node);
    });
    p.style.cssText = `margin:0;width:1200px;${a.css}`;
    const below = Object.assign(document.createElement('div'), {
      id: `${a.id}-below`,
      textContent: 'next post',
    });
    document.body.prepend(p, below);
    const range = document.createRange();
    range.selectNodeContents(p.firstChild!);
    p.style.width = `${Math.ceil(range.getBoundingClientRect().right - p.getBoundingClientRect().left) + a.room}px`;
    return below.getBoundingClientRect().top;
  };
  /** Waits for the two badges in #id to be ready: which are dots, #id's height, the top of #id-below. */
  async function twoReady(id: string) {
    const badges = lens.page.locator(`#${id} [data-onchain-lens="badge"]`);
    await expect.poll(() => badges.count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => badges.evaluateAll((hosts) => hosts.map((h) => h.getAttribute('data-state'))), {
        timeout: 15_000,
      })
      .toEqual(['ready', 'ready']);
    return lens.page.evaluate(
      (id) => ({
        dots: [...document.querySelectorAll(`#${id} [data-onchain-lens="badge"]`)].map((h) =>
          h.hasAttribute('data-fit'),
        ),
        height: Math.round(document.getElementById(id)!.getBoundingClientRect().height),
        below: document.getElementById(`${id}-below`)!.getBoundingClientRect().top,
      }),
      id,
    );
  }

  it('a pill that would add a line to its paragraph is a dot: nothing below moves; a dot that adds the line too keeps the pill', async () => {
    await lens.page.goto(lens.fixture('generic'));
    const [fits, wraps] = lens.catalog.wallets.slice(27, 29);
    // Each paragraph ends with its address, 30 px short of its right edge: room for a dot (22 px
    // with its margins), not for a pill; the second leaves 8 px, room for neither.
    const css = 'font:16px serif';
    await lens.page.evaluate(addParagraph, { id: 'flow-wraps', lines: [`Follow ${wraps}`], css, room: 8 });
    await lens.page.evaluate(addParagraph, { id: 'flow-fits', lines: [`Follow ${fits}`], css, room: 30 });
    const before = await lens.page.evaluate(() => {
      const top = (id: string) => document.getElementById(id)!.getBoundingClientRect().top;
      return { fits: top('flow-fits-below'), wraps: top('flow-wraps-below') };
    });
    const shifts: number[] = [];
    for (const id of ['flow-fits', 'flow-wraps']) {
      const badge = lens.page.locator(`#${id} [data-onchain-lens="badge"]`);
      await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      shifts.push(
        await lens.page.evaluate(
          (id) => document.getElementById(`${id}-below`)!.getBoundingClientRect().top,
          id,
        ),
      );
    }
    const dots = await lens.page.$$eval('#flow-fits, #flow-wraps', (ps) =>
      ps.map((p) => p.querySelector('[data-onchain-lens="badge"]')!.hasAttribute('data-fit')),
    );
    // (#flow-fits comes first on the page: prepended last)
    expect(dots).toEqual([true, false]);
    // The dot kept its paragraph to one line: the next post did not move (the dot is on the
    // paragraph's line, beside its address).
    expect(shifts[0]).toBe(before.fits);
    const beside = await lens.page.evaluate(() => {
      const p = document.getElementById('flow-fits')!;
      const host = p.querySelector('[data-onchain-lens="badge"]')!.getBoundingClientRect();
      const line = p.getBoundingClientRect();
      return host.top >= line.top - 4 && host.bottom <= line.bottom + 4 && line.height < 30;
    });
    expect(beside).toBe(true);
    // A dot would have added the line too: the pill is kept, on the next line.
    const wrapped = await lens.page.evaluate(() => {
      const host = document.querySelector('#flow-wraps [data-onchain-lens="badge"]')!.getBoundingClientRect();
      return {
        width: host.width,
        below: host.top > document.getElementById('flow-wraps')!.getBoundingClientRect().top + 10,
      };
    });
    expect(wrapped.below).toBe(true);
    expect(wrapped.width).toBeGreaterThan(60);
    await lens.screenshot('badges-flowing-text');
  });

  it('two pills that wrap their paragraph together: only the last becomes a dot, when that is enough', async () => {
    await lens.page.goto(lens.fixture('generic'));
    const wallet = lens.catalog.wallets[29]!;
    // The wallet's pill, measured first on a line of its own (margins included: they take room on a line).
    await lens.page.evaluate((wallet) => {
      const probe = Object.assign(document.createElement('div'), { id: 'flow-probe', textContent: wallet });
      document.body.prepend(probe);
    }, wallet);
    const probeBadge = lens.page.locator('#flow-probe [data-onchain-lens="badge"]');
    await expect.poll(() => probeBadge.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    const pill = await lens.page.evaluate(() => {
      const host = document.querySelector('#flow-probe [data-onchain-lens="badge"]')!;
      const style = getComputedStyle(host);
      return (
        host.getBoundingClientRect().width + parseFloat(style.marginLeft) + parseFloat(style.marginRight)
      );
    });
    // The same wallet twice in a paragraph with room for its text, a pill and a dot (22 px with its
    // margins) and 6 px more: not for two pills.
    const before = {
      pill,
      below: await lens.page.evaluate(addParagraph, {
        id: 'flow-two',
        lines: [`Follow ${wallet} and ${wallet}`],
        css: 'font:13px serif',
        room: pill + 22 + 6,
      }),
    };
    expect(before.pill).toBeGreaterThan(60);
    const after = await twoReady('flow-two');
    // The first keeps its pill, the last is a dot, and the paragraph kept its one line.
    expect(after.dots).toEqual([false, true]);
    expect(after.below).toBe(before.below);
    expect(after.height).toBeLessThan(30);
    await lens.screenshot('badges-flowing-two');
  });

  it('two pills in one paragraph where the first adds the line: the first is the dot, the last keeps its pill', async () => {
    await lens.page.goto(lens.fixture('generic'));
    const wallet = lens.catalog.wallets[31]!;
    // Line one ends with the address and 30 px of room (a dot, not a pill); line two names it again
    // in small type, with room for a pill.
    const below = await lens.page.evaluate(addParagraph, {
      id: 'flow-first',
      lines: [`Follow ${wallet}`, `and ${wallet}`],
      css: 'font:16px/22px serif',
      room: 30,
      smallFrom: 1,
    });
    const after = await twoReady('flow-first');
    expect({ dots: after.dots, below: after.below }).toEqual({ dots: [true, false], below });
  });

  it('a post clamped to two lines: a pill that would push its second line out of sight is a dot', async () => {
    await lens.page.goto(lens.fixture('generic'));
    const wallet = lens.catalog.wallets[30]!;
    // Six lines, two shown (as X and many feeds clamp a long post: more hidden than the room check
    // after the frame reads as a row pushed over); the first ends with the address and 30 px of
    // room: for a dot, not a pill.
    await lens.page.evaluate(addParagraph, {
      id: 'flow-clamped',
      lines: [`Follow ${wallet}`, 'second line', 'third', 'fourth', 'fifth', 'sixth'],
      css: 'font:16px/20px serif;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden',
      room: 30,
    });
    const badge = lens.page.locator('#flow-clamped [data-onchain-lens="badge"]');
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    const seen = await lens.page.evaluate(() => {
      const p = document.getElementById('flow-clamped')!;
      const second = [...p.childNodes].find((n) => n.textContent === 'second line')!;
      const range = document.createRange();
      range.selectNodeContents(second);
      const box = p.getBoundingClientRect();
      const host = p.querySelector('[data-onchain-lens="badge"]')!;
      return {
        dot: host.hasAttribute('data-fit'),
        // the second line still shows: above the clamp's cut
        secondShown: range.getBoundingClientRect().bottom <= box.bottom + 1,
        // the dot is on the first line, beside the address
        dotOnFirstLine: host.getBoundingClientRect().bottom <= box.top + 24,
        height: Math.round(box.height),
      };
    });
    expect(seen).toEqual({ dot: true, secondShown: true, dotOnFirstLine: true, height: 40 });
    await lens.screenshot('badges-flowing-clamped');
  });

  it('a window made wider gives a dot its pill where it fits now; made narrower again, the pill is a dot', async () => {
    await lens.page.goto(lens.fixture('generic'));
    const wallet = lens.catalog.wallets[32]!;
    const view = lens.page.viewportSize()!;
    try {
      // Room for a dot, not a pill, at this width; the paragraph grows with the window from now on.
      const below = await lens.page.evaluate(addParagraph, {
        id: 'flow-resize',
        lines: [`Follow ${wallet}`],
        css: 'font:16px serif',
        room: 30,
      });
      await lens.page.evaluate(() => {
        const p = document.getElementById('flow-resize')!;
        p.style.width = `calc(${p.style.width} + 100vw - ${innerWidth}px)`;
      });
      const badge = lens.page.locator('#flow-resize [data-onchain-lens="badge"]');
      await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      const state = () =>
        lens.page.evaluate(() => {
          const host = document.querySelector('#flow-resize [data-onchain-lens="badge"]')!;
          return {
            dot: host.hasAttribute('data-fit'),
            wide: host.getBoundingClientRect().width > 60,
            below: document.getElementById('flow-resize-below')!.getBoundingClientRect().top,
          };
        });
      expect(await state()).toEqual({ dot: true, wide: false, below });
      // 200 px wider: the pill fits on the paragraph's line.
      await lens.page.setViewportSize({ width: view.width + 200, height: view.height });
      await expect.poll(state).toEqual({ dot: false, wide: true, below });
      await lens.screenshot('badges-flowing-widened');
      // Back to the first width: the pill would add a line again, so it is a dot again.
      await lens.page.setViewportSize(view);
      await expect.poll(state).toEqual({ dot: true, wide: false, below });
    } finally {
      await lens.page.setViewportSize(view);
    }
  });
});

describe('badges in rows the page lays out tightly (test/fixtures/rows.html)', () => {
  it("push no row's own text out of a row of fixed height, and move no address from the end of a space-between row", async () => {
    await lens.page.goto(lens.fixture('rows'));
    await expect
      .poll(() => lens.page.locator('[data-onchain-lens="badge"][data-state="ready"]').count(), {
        timeout: 15_000,
      })
      .toBe(7);
    await lens.page.waitForTimeout(300); // (the room check runs once the written badges are laid out)

    // A row as wide as its text and 30 px more: a pill after the wallet pushed "3m ago" (and all of
    // "0.8 SOL · 12m ago" in the nested row) onto a second line, out of sight. A dot fits.
    const trades = await lens.page.$$eval('.trade, #panel > div:first-child', (rows) =>
      rows.map((row) => {
        const host = row.querySelector<HTMLElement>('[data-onchain-lens="badge"]')!;
        // (the panel's line: the box is the panel, which shows its first three lines)
        const r = (row.id ? row : row.parentElement!).getBoundingClientRect();
        const h = host.getBoundingClientRect();
        const text = (row.querySelector('.amount') ?? row.lastChild!) as Element | Text;
        const range = document.createRange();
        range.selectNode(text);
        const t = range.getBoundingClientRect();
        const link = row.querySelector('a')!.getBoundingClientRect();
        return {
          id: row.id || 'panel',
          dot: host.hasAttribute('data-fit'),
          // the row's own text after the badge: on the badge's line, inside the row
          textShown: t.top >= r.top && t.bottom <= r.bottom && t.right <= r.right && t.height < 30,
          // the badge: beside its wallet, inside the row, not over the text
          badgeShown:
            h.width > 0 &&
            h.left >= link.right &&
            h.right <= t.left &&
            h.top >= r.top &&
            h.bottom <= r.bottom &&
            Math.abs(h.top + h.height / 2 - (link.top + link.height / 2)) <= 2,
          width: h.width,
        };
      }),
    );
    expect(trades.map(({ width, ...t }) => t)).toEqual([
      { id: 'plain-trade', dot: true, textShown: true, badgeShown: true },
      { id: 'nested-trade', dot: true, textShown: true, badgeShown: true },
      // room for the pill; a box that overflows, its badge on a line high up, pushed nothing out
      { id: 'roomy-trade', dot: false, textShown: true, badgeShown: true },
      { id: 'panel', dot: false, textShown: true, badgeShown: true },
    ]);
    expect(trades[2]!.width).toBeGreaterThan(40);
    const end = await lens.page.locator('#panel').evaluate((p) => p.getBoundingClientRect().bottom);
    await lens.page.screenshot({
      path: join(ARTIFACTS, 'badges-fixed-height-rows.png'),
      clip: { x: 0, y: 0, width: 520, height: Math.ceil(end) + 12 },
    });

    // "Creator … <address>": the address stays at the row's end and its label at the start, where
    // they are without the badge; the badge (a pill) sits just before the address, clear of the label.
    const facts = await lens.page.$$eval('.fact', (rows) =>
      rows.map((row) => {
        const host = row.querySelector<HTMLElement>('[data-onchain-lens="badge"]')!;
        const link = row.querySelector('a')!;
        // (the label: a span, or the row's own text)
        const label = document.createRange();
        label.selectNode(row.firstChild!);
        const at = () => [label, link].map((e) => Math.round(e.getBoundingClientRect().left));
        const withBadge = at();
        host.style.display = 'none';
        const without = at();
        host.style.display = 'inline-flex';
        const r = row.getBoundingClientRect();
        const h = host.getBoundingClientRect();
        const l = link.getBoundingClientRect();
        return {
          unmoved: withBadge.join() === without.join(),
          linkAtEnd: Math.abs(l.right - r.right) <= 1,
          pill: !host.hasAttribute('data-fit') && h.width > 40,
          besideLink: h.right <= l.left && l.left - h.right <= 16,
          clearOfLabel: h.left >= label.getBoundingClientRect().right,
          middle: Math.abs(h.top + h.height / 2 - (l.top + l.height / 2)) <= 2,
        };
      }),
    );
    for (const [i, fact] of facts.entries())
      expect(fact, `fact ${i}`).toEqual({
        unmoved: true,
        linkAtEnd: true,
        pill: true,
        besideLink: true,
        clearOfLabel: true,
        middle: true,
      });
    await lens.page.locator('#facts').scrollIntoViewIfNeeded();
    await lens.page.locator('#facts').screenshot({ path: join(ARTIFACTS, 'badges-spread-rows.png') });
  });
});

describe('badges cut off at the end of an ellipsis cell', () => {
  it('go first, as dots, before their address: in a table cell holding it, before a link, deep in a cell, right to left too; later, in a panel shown or a cell made narrower; a roomy cell or a scrolling code block keeps its pill', async () => {
    await lens.page.goto(lens.fixture('generic'));
    const w = lens.catalog.wallets;
    await lens.page.evaluate(
      (w) => {
        // Cells that keep to one line and cut off what overflows them, each holding a whole address
        // (Tailwind's "truncate"): a pill after the address is out of sight.
        const cut = 'white-space:nowrap;overflow:hidden;text-overflow:ellipsis;width:180px;font:16px serif';
        const box = document.createElement('div');
        box.id = 'cut-cells';
        box.innerHTML = [
          `<table style="table-layout:fixed;width:500px"><tr><td style="width:40px">#1</td><td class="cut" style="${cut}">${w[0]}</td><td>12.5 SOL</td></tr>`,
          `<tr><td>#2</td><td class="cut" style="${cut}"><a href="https://solscan.io/account/${w[1]}">${w[1]}</a></td><td>3.2 SOL</td></tr></table>`,
          // (a table component's cell: the link four boxes down)
          `<div style="display:flex;gap:8px"><span>Maker</span><div class="cut" style="${cut}"><div><div><span><a href="https://solscan.io/account/${w[2]}">${w[2]}</a></span></div></div></div><span>1.1 SOL</span></div>`,
          `<div dir="rtl" style="display:flex;gap:8px"><span>صانع</span><div class="cut" style="${cut}"><a href="https://solscan.io/account/${w[3]}">${w[3]}</a></div></div>`,
          `<div id="roomy" style="${cut.replace('180px', '600px')}"><a href="https://solscan.io/account/${w[4]}">${w[4]}</a></div>`,
          // A code block scrolls sideways: the end is there to scroll to, nothing is cut.
          `<pre id="code" style="width:300px;overflow:auto;font:14px monospace">$ solana transfer ${w[5]} 1.5</pre>`,
          `<div id="panel" style="display:none"><div id="late" style="${cut}"><a href="https://solscan.io/account/${w[6]}">${w[6]}</a></div></div>`,
        ].join('');
        document.body.append(box);
      },
      w.slice(30, 37),
    );
    const ready = lens.page.locator('#cut-cells [data-onchain-lens="badge"][data-state="ready"]');
    await expect.poll(() => ready.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(6);
    const cells = lens.page.locator('#cut-cells .cut');
    await expect
      .poll(() => cells.evaluateAll((cs) => cs.filter((c) => c.querySelector('[data-fit]')).length), {
        timeout: 5_000,
      })
      .toBe(4);
    const placed = await cells.evaluateAll((cs) =>
      cs.map((cell) => {
        const host = cell.querySelector<HTMLElement>('[data-onchain-lens="badge"]')!;
        const c = cell.getBoundingClientRect();
        const h = host.getBoundingClientRect();
        // (the address's text: in a link, in a span of ours, or the cell's own)
        const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let address = walk.nextNode() as Text | null;
        while (address && address.data.length < 32) address = walk.nextNode() as Text | null;
        return {
          dot: host.hasAttribute('data-fit'),
          // wholly inside its cell, where the cell starts (the right edge on a right-to-left page)
          inside: h.left >= c.left && h.right <= c.right && h.width > 0,
          first: getComputedStyle(cell).direction === 'rtl' ? c.right - h.right < 12 : h.left - c.left < 12,
          // before its address, in the page's order: a screen reader reads it first too
          before: !!address && !!(host.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING),
        };
      }),
    );
    for (const [i, cell] of placed.entries())
      expect(cell, `cell ${i}`).toEqual({ dot: true, inside: true, first: true, before: true });
    // The table keeps its columns: the dot is inside the cell, not a cell of its own.
    expect(await lens.page.locator('#cut-cells tr').first().locator('td').count()).toBe(3);
    const roomy = lens.page.locator('#roomy [data-onchain-lens="badge"]');
    const shape = (h: Element) => [h.hasAttribute('data-fit'), h.previousElementSibling?.tagName];
    expect(await roomy.evaluate(shape)).toEqual([false, 'A']);
    const code = lens.page.locator('#code [data-onchain-lens="badge"]');
    expect(await code.evaluate(shape)).toEqual([false, 'SPAN']); // (after the address's span)
    await lens.page.locator('#cut-cells').scrollIntoViewIfNeeded();
    await lens.screenshot('badges-ellipsis-cells');
    // A panel shown later (a tab, an accordion), a roomy cell made narrower (a resized column):
    // checked again once laid out, and put first.
    await lens.page.evaluate(() => {
      document.getElementById('panel')!.style.display = 'block';
      document.getElementById('roomy')!.style.width = '200px';
    });
    for (const id of ['late', 'roomy'])
      await expect
        .poll(
          () =>
            lens.page
              .locator(`#${id} [data-onchain-lens="badge"]`)
              .evaluate((h) => [h.hasAttribute('data-fit'), h.nextElementSibling?.tagName]),
          { timeout: 10_000 },
        )
        .toEqual([true, 'A']);
    // A dot is still the badge: hovered, its popover opens.
    await cells.nth(1).locator('[data-onchain-lens="badge"]').hover();
    await expect
      .poll(() => lens.page.locator('[data-onchain-lens="popover"]').count(), { timeout: 10_000 })
      .toBe(1);
    await lens.page.mouse.move(0, 0);
  });
});

describe("badges and the page's text", () => {
  it('are left out of text copied across them, and read left to right on a right-to-left page', async () => {
    const page = lens.fixture('x');
    await lens.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(page).origin,
    });
    await lens.page.goto(page);
    const badge = lens.page
      .locator('[data-onchain-lens="badge"][data-kind="mint"][data-state="ready"]')
      .first();
    await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(1);
    const shown = (await badge.getAttribute('data-text'))!;
    const address = (await badge.getAttribute('data-address'))!;
    // A trader selects the post's text around the address ("CA: <mint>") and copies it.
    await badge.evaluate((host) => {
      const range = document.createRange();
      range.selectNodeContents(host.parentElement!.closest('p,div,article,li') ?? host.parentElement!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await lens.page.keyboard.press('Control+C');
    const copied = await lens.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(address);
    expect(shown).toMatch(/DCA/);
    expect(copied).not.toContain('DCA'); // (the pill's text was copied with it, a line per part)

    await lens.page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    expect(await badge.evaluate((h) => getComputedStyle(h).direction)).toBe('ltr');
    await badge.click();
    const popover = lens.page.locator('[data-onchain-lens="popover"]');
    await expect.poll(() => popover.count(), { timeout: 15_000 }).toBe(1);
    expect(await popover.evaluate((h) => getComputedStyle(h).direction)).toBe('ltr');
  });
});

describe('badges of hidden text', () => {
  it('a hidden panel or a closed dialog shows no badge of its own, and shows it with its content', async () => {
    await lens.page.goto(lens.fixture('solscan'));
    const w = lens.catalog.wallets;
    const [a, b, c, d] = [w[5]!, w[6]!, w[7]!, w[8]!] as const;
    await lens.page.evaluate(
      ([a, b, c, d]) => {
        const panel = Object.assign(document.createElement('div'), { id: 'hidden-panel', hidden: true });
        panel.textContent = a!;
        const dialog = Object.assign(document.createElement('dialog'), { id: 'closed-dialog' });
        dialog.textContent = b!;
        // A menu hidden by visibility (the badge's host resets the page's styles: it must not reset this)
        const menu = Object.assign(document.createElement('div'), { id: 'invisible-menu' });
        menu.style.visibility = 'hidden';
        menu.innerHTML = '<span></span> <a href="#"></a>';
        menu.querySelector('span')!.textContent = c!;
        menu.querySelector('a')!.textContent = d!;
        // A dialog opened and closed again
        const shut = Object.assign(document.createElement('dialog'), { id: 'shut-dialog' });
        shut.textContent = a!;
        document.body.append(panel, dialog, menu, shut);
        shut.show();
        shut.close();
      },
      [a, b, c, d],
    );
    const badgeOf = (address: string) =>
      lens.page.locator(`[data-onchain-lens="badge"][data-address="${address}"]`);
    const shown = (address: string) =>
      badgeOf(address).evaluateAll((hosts) =>
        hosts.map((h) => h.checkVisibility({ visibilityProperty: true })),
      );
    for (const address of [b, c, d]) {
      await expect.poll(() => badgeOf(address).getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      expect(await shown(address)).toEqual([false]); // (beside its anchor, it showed alone)
    }
    await expect.poll(() => badgeOf(a).count(), { timeout: 15_000 }).toBe(2);
    expect(await shown(a)).toEqual([false, false]);
    await lens.page.evaluate(() => {
      (document.getElementById('hidden-panel') as HTMLElement).hidden = false;
      (document.getElementById('closed-dialog') as HTMLDialogElement).show();
      (document.getElementById('invisible-menu') as HTMLElement).style.visibility = 'visible';
    });
    await lens.page.waitForTimeout(500);
    expect(await shown(a)).toEqual([true, false]);
    expect(await shown(b)).toEqual([true]);
    expect(await shown(c)).toEqual([true]);
    expect(await shown(d)).toEqual([true]);
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
