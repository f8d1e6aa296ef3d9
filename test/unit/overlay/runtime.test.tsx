// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/errors';
import type { createOverlay, OverlayDeps } from '../../../lib/overlay/runtime';
import { fill, odds, order, walletBadge, walletView } from '../components/fixtures';
import {
  badgeButton,
  badges,
  countBadgeRenders,
  type fakeBackground,
  found,
  overlayPerTest,
  popoverHost,
  popoverRoot,
  roots,
  startOverlay,
} from './harness';

const W = (i: number) => `Wallet${String(i).padStart(3, '0')}${'x'.repeat(30)}`;
const M = (i: number) => `Mint${String(i).padStart(3, '0')}${'y'.repeat(33)}`;

let bg: ReturnType<typeof fakeBackground>;
let overlay: ReturnType<typeof createOverlay>;

function start(extra: Partial<OverlayDeps> = {}, handlers: Parameters<typeof fakeBackground>[0] = {}) {
  ({ bg, overlay } = startOverlay(handlers, extra));
  return overlay;
}

overlayPerTest(() => overlay);

describe('batching and order of requests', () => {
  it('gathers visible items for 30 ms, then one message per wallet/mint/order and per 50 events', async () => {
    start();
    const items = [
      ...Array.from({ length: 5 }, (_, i) => found('wallet', W(i))),
      found('mint', M(1)),
      found('mint', M(2)),
      found('order', 'Order1'.padEnd(40, 'z')),
      ...Array.from({ length: 60 }, (_, i) => found('event', `polymarket:event-${i}`)),
    ];
    overlay.found(items);
    overlay.visible(items);
    await vi.advanceTimersByTimeAsync(29);
    expect(bg.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(bg.count('walletBadge')).toBe(5);
    expect(bg.count('tokenFlow')).toBe(2);
    expect(bg.count('order')).toBe(1);
    expect(bg.count('odds')).toBe(2);
    const sizes = bg.calls
      .filter((c) => c[0] === 'odds')
      .map((c) => (c[1] as { events: unknown[] }).events.length);
    expect(sizes).toEqual([50, 10]);
    expect(badges()).toHaveLength(68);
    expect(badges().every((b) => b.getAttribute('data-state') === 'ready')).toBe(true);
  });

  it('asks for visible items first and off-screen ones later', async () => {
    start({ lazyMs: 1000 });
    const off = [found('wallet', W(1)), found('wallet', W(2)), found('mint', M(1))];
    const seen = found('wallet', W(9));
    overlay.found([...off, seen]);
    overlay.visible([seen]);
    await vi.advanceTimersByTimeAsync(30);
    // The visible wallet first; off-screen wallets fill its PnL batch (no request of their own later).
    expect(bg.calls).toEqual([
      ['walletBadge', { address: W(9) }],
      ['walletBadge', { address: W(1) }],
      ['walletBadge', { address: W(2) }],
    ]);
    const offMint = badges().find((b) => b.getAttribute('data-kind') === 'mint')!;
    expect(offMint.getAttribute('data-state')).toBe('loading');
    await vi.advanceTimersByTimeAsync(1000);
    expect(bg.names()).toEqual(['walletBadge', 'walletBadge', 'walletBadge', 'tokenFlow']);
    expect(offMint.getAttribute('data-state')).toBe('ready');
  });

  it('moves an off-screen item ahead when it scrolls into view', async () => {
    start({ lazyMs: 1000 });
    const a = found('wallet', W(1));
    overlay.found([a]);
    await vi.advanceTimersByTimeAsync(100);
    expect(bg.calls).toHaveLength(0);
    overlay.visible([a]);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('walletBadge')).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(bg.count('walletBadge')).toBe(1);
  });

  it('asks once per address however often it appears, and keeps answers across page views', async () => {
    start();
    const same = [found('wallet', W(1)), found('wallet', W(1)), found('wallet', W(1))];
    overlay.found(same);
    overlay.visible(same);
    overlay.visible(same);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('walletBadge')).toBe(1);
    expect(badges().map((b) => b.getAttribute('data-text'))).toEqual(Array(3).fill('DCA 3 PnL +$1.2K'));

    overlay.startPage(); // SPA navigation
    expect(badges()).toHaveLength(0);
    const again = found('wallet', W(1));
    overlay.found([again]);
    overlay.visible([again]);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('walletBadge')).toBe(1);
    expect(badges()[0]!.getAttribute('data-state')).toBe('ready');
  });

  it('a new page view over the same elements (a restart: key saved, host changed) badges them again', async () => {
    start();
    const f = found('wallet', W(1));
    overlay.found([f]);
    overlay.visible([f]);
    await vi.advanceTimersByTimeAsync(30);
    expect(badges()).toHaveLength(1);
    overlay.startPage();
    overlay.found([f]); // the same anchor, read again by the new scanner
    overlay.visible([f]);
    await vi.advanceTimersByTimeAsync(30);
    expect(badges()).toHaveLength(1);
    expect(badges()[0]!.getAttribute('data-state')).toBe('ready');
  });

  it('a wallet whose both halves failed is asked again on the next page view, and when the network is back', async () => {
    let fail = true;
    const offline = { code: 'OFFLINE', message: 'You are offline.' } as const;
    start(
      {},
      {
        walletBadge: (d: { address: string }) =>
          fail
            ? walletBadge({
                address: d.address,
                activeOrders: null,
                totalOrders: null,
                dcaError: offline,
                pnl: { state: 'error', error: offline },
              })
            : walletBadge({ address: d.address }),
      },
    );
    const view = async () => {
      const f = found('wallet', W(1));
      overlay.found([f]);
      overlay.visible([f]);
      await vi.advanceTimersByTimeAsync(30);
    };
    await view();
    expect(badges()[0]!.getAttribute('data-state')).toBe('error');
    overlay.startPage();
    await view();
    expect(bg.count('walletBadge')).toBe(2); // dropped with the old page view, not kept as 'ready'
    fail = false;
    overlay.retryFailed(); // window 'online'
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('walletBadge')).toBe(3);
    expect(badges()[0]!.getAttribute('data-state')).toBe('ready');
    overlay.retryFailed(); // nothing failed now: nothing asked
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('walletBadge')).toBe(3);
  });

  it('asks again on a page view more than a minute after the answer (a long single-page session)', async () => {
    start({ now: () => Date.now() });
    const view = async () => {
      const f = found('wallet', W(1));
      overlay.found([f]);
      overlay.visible([f]);
      await vi.advanceTimersByTimeAsync(30);
    };
    await view();
    await vi.advanceTimersByTimeAsync(50_000);
    overlay.startPage();
    await view();
    expect(bg.count('walletBadge')).toBe(1); // 50 s on: the answer is reused
    await vi.advanceTimersByTimeAsync(11_000);
    overlay.startPage();
    await view();
    expect(bg.count('walletBadge')).toBe(2); // 61 s after it came: asked again
    expect(badges()[0]!.getAttribute('data-state')).toBe('ready');
  });

  it('classifies unknown addresses in one message and badges only what it can show', async () => {
    start({}, { classify: () => ({ [W(1)]: 'wallet', [W(2)]: 'pool' }) });
    const items = [found('unknown', W(1)), found('unknown', W(2))];
    overlay.found(items);
    overlay.visible(items);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.calls[0]).toEqual(['classify', { addresses: [W(1), W(2)] }]);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('walletBadge')).toBe(1);
    expect(badges().map((b) => b.getAttribute('data-kind'))).toEqual(['wallet']);
  });

  it('an address the background could not classify (a failed lookup, or one it left out) is asked again when found again', async () => {
    let fail = true;
    start(
      {},
      {
        classify: (d: { addresses: string[] }) => {
          if (fail) throw { code: 'NETWORK', message: 'worker restarting' };
          // the background leaves out an address whose account read failed
          return Object.fromEntries(d.addresses.filter((a) => a !== W(2)).map((a) => [a, 'wallet']));
        },
      },
    );
    overlay.visible([found('unknown', W(1))]);
    await vi.advanceTimersByTimeAsync(30);
    expect(badges()).toHaveLength(0);
    fail = false;
    overlay.startPage(); // the next page view (SPA navigation)
    overlay.visible([found('unknown', W(1)), found('unknown', W(2))]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(bg.count('classify')).toBe(2);
    expect(badges().map((b) => b.getAttribute('data-kind'))).toEqual(['wallet']);
    // W(2) was left out of the answer: not remembered as 'unknown', so it is asked about again.
    overlay.startPage();
    overlay.visible([found('unknown', W(2))]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(bg.calls.filter(([name]) => name === 'classify').at(-1)).toEqual([
      'classify',
      { addresses: [W(2)] },
    ]);
  });

  it('never badges pools or programs, and stops at maxBadges', async () => {
    start({ config: { maxBadges: 2, theme: 'light', currency: 'usd' } });
    overlay.found([found('pool', W(1)), found('program', W(2))]);
    expect(badges()).toHaveLength(0);
    overlay.found([found('wallet', W(3)), found('wallet', W(4)), found('wallet', W(5))]);
    expect(badges()).toHaveLength(2);
  });

  it('at maxBadges, reuses the slots of badges the page removed, checking them once per batch', () => {
    start({ config: { maxBadges: 2, theme: 'light', currency: 'usd' } });
    const first = [found('wallet', W(1)), found('wallet', W(2))];
    overlay.found(first);
    const hosts = badges();
    expect(hosts).toHaveLength(2);
    let checks = 0;
    for (const host of hosts) {
      const real = Object.getOwnPropertyDescriptor(Node.prototype, 'isConnected')!.get!;
      Object.defineProperty(host, 'isConnected', {
        get() {
          checks++;
          return real.call(this);
        },
      });
    }
    // The page removes the first row (anchor and badge) and adds many: one slot is free.
    first[0]!.anchor.remove();
    hosts[0]!.remove();
    overlay.found(Array.from({ length: 40 }, (_, i) => found('wallet', W(10 + i))));
    expect(badges().map((b) => b.getAttribute('data-address'))).toEqual([W(2), W(10)]);
    expect(checks).toBeLessThanOrEqual(2);
  });
});

describe('badge host attributes and errors', () => {
  it('exposes kind, address, state and (test builds) text on the host', async () => {
    start();
    const f = found('order', 'Order1'.padEnd(40, 'z'));
    overlay.found([f]);
    const host = badges()[0]!;
    expect(host.previousElementSibling).toBe(f.anchor);
    expect(host.getAttribute('data-kind')).toBe('order');
    expect(host.getAttribute('data-address')).toBe('Order1'.padEnd(40, 'z'));
    expect(host.getAttribute('data-state')).toBe('loading');
    expect(host.style.display).toBe('inline-flex');
    expect(host.style.verticalAlign).toBe('middle');
    overlay.visible([f]);
    await vi.advanceTimersByTimeAsync(30);
    expect(host.getAttribute('data-text')).toBe('active 40%');
  });

  it('leaves the page no record of what the badge is about outside test builds', async () => {
    start({ testHooks: false });
    const f = found('wallet', W(1));
    overlay.visible([f]);
    await vi.advanceTimersByTimeAsync(30);
    for (const name of ['data-text', 'data-kind', 'data-address'])
      expect(badges()[0]!.hasAttribute(name), name).toBe(false);
  });

  it('turns failures into the error state with its reason, not a page exception', async () => {
    start(
      {},
      {
        walletBadge: () => {
          throw { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED'), retryAfterMs: 5000 };
        },
        odds: () => {
          throw new Error('boom');
        },
      },
    );
    const items = [found('wallet', W(1)), found('event', 'kalshi:KX1')];
    overlay.visible(items);
    await vi.advanceTimersByTimeAsync(30);
    const [wallet, event] = badges();
    expect(wallet!.getAttribute('data-state')).toBe('error');
    expect(wallet!.getAttribute('data-error-code')).toBe('RATE_LIMITED');
    expect(badgeButton(wallet!).getAttribute('title')).toContain(errorMessage('RATE_LIMITED'));
    expect(event!.getAttribute('data-error-code')).toBe('UNKNOWN');
    // an exception's own text is never shown: the code's text, made here without the table
    expect(badgeButton(event!).getAttribute('title')).toBe(errorMessage('UNKNOWN'));
  });

  it('shows an odds answer missing from the batch as not found', async () => {
    start({}, { odds: () => [] });
    overlay.visible([found('event', 'polymarket:gone')]);
    await vi.advanceTimersByTimeAsync(30);
    expect(badges()[0]!.getAttribute('data-error-code')).toBe('NOT_FOUND');
    expect(badgeButton(badges()[0]!).getAttribute('title')).toBe(errorMessage('NOT_FOUND'));
  });
});

describe('popover', () => {
  async function openWith(kind: 'wallet' | 'mint' | 'order', address: string) {
    const f = found(kind, address);
    overlay.visible([f]);
    await vi.advanceTimersByTimeAsync(30);
    const host = badges().find((b) => b.getAttribute('data-address') === address)!;
    badgeButton(host).click();
    await vi.advanceTimersByTimeAsync(0);
    return host;
  }

  it('says in one live region that it loads, then that it has loaded (a screen reader hears the end)', async () => {
    let release: (v: unknown) => void = () => {};
    start({}, { wallet: () => new Promise((r) => (release = r)) });
    await openWith('wallet', W(1));
    const dialog = popoverRoot()!.querySelector('[role=dialog]')!;
    const status = dialog.querySelector('[role=status]')!;
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Onchain Lens · loading…');
    release(walletView({ address: W(1) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(dialog.textContent).toContain('Trader Joe');
    // the same element (a region put in with the data is not announced), now saying it is done
    expect(dialog.querySelectorAll('[role=status]')).toHaveLength(1);
    expect(dialog.querySelector('[role=status]')).toBe(status);
    expect(status.textContent).toBe('Onchain Lens · read-only');
    expect(dialog.getAttribute('aria-busy')).not.toBe('true');
  });

  it('opens on click/Enter with the full view, subscribes, and Esc closes and unsubscribes', async () => {
    start();
    const host = await openWith('wallet', W(1));
    const dialog = popoverRoot()!.querySelector('[role=dialog]')!;
    expect(dialog.getAttribute('aria-label')).toBe('Wallet Wall…xxxx');
    expect(dialog.textContent).toContain('Trader Joe');
    expect(badgeButton(host).getAttribute('aria-expanded')).toBe('true');
    expect(bg.calls).toContainEqual(['wallet', { address: W(1) }]);
    expect(bg.calls).toContainEqual(['liveSubscribe', { topic: { kind: 'wallet', address: W(1) } }]);
    expect(popoverHost()!.style.zIndex).toBe('2147483647');

    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverHost()).toBeNull();
    expect(bg.calls).toContainEqual(['liveUnsubscribe', { topic: { kind: 'wallet', address: W(1) } }]);
    expect(badgeButton(host).getAttribute('aria-expanded')).toBe('false');
  });

  it('Esc gives focus back to the badge from the popover, but not from a page field being typed in', async () => {
    start();
    const host = await openWith('wallet', W(1)); // opened from the badge: focus in our UI
    const inPopover = popoverRoot()!.querySelector('button')!;
    inPopover.focus();
    inPopover.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverHost()).toBeNull();
    expect(document.activeElement).toBe(host);

    // Hover-opened while the reader types in the page: Esc closes it and leaves the caret there.
    const input = document.createElement('input');
    document.body.append(input);
    badgeButton(host).dispatchEvent(new MouseEvent('mouseenter'));
    await vi.advanceTimersByTimeAsync(300);
    expect(popoverHost()).not.toBeNull();
    input.focus();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverHost()).toBeNull();
    expect(document.activeElement).toBe(input);
    input.remove();
  });

  it('Esc with nothing focused: focus back on a badge that was clicked, not on one only hovered', async () => {
    start();
    const host = await openWith('wallet', W(1));
    (document.activeElement as HTMLElement | null)?.blur(); // a click on the popover's text
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverHost()).toBeNull();
    expect(document.activeElement).toBe(host);

    // Hovered while reading the page: Esc closes it and leaves focus where it was, so the next
    // Space scrolls the page instead of opening the popover again.
    badgeButton(host).blur();
    expect(document.activeElement).toBe(document.body);
    badgeButton(host).dispatchEvent(new MouseEvent('mouseenter'));
    await vi.advanceTimersByTimeAsync(300);
    expect(popoverHost()).not.toBeNull();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverHost()).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it("keeps inside the page's own scrollbars: the room is the root's client width, not the window's", async () => {
    start();
    const root = document.scrollingElement ?? document.documentElement;
    // an 800 px window with a 15 px vertical scrollbar, the badge near its right edge
    const width = vi.spyOn(root, 'clientWidth', 'get').mockReturnValue(785);
    const inner = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(800);
    try {
      const host = await openWith('wallet', W(1));
      vi.spyOn(host, 'getBoundingClientRect').mockReturnValue(new DOMRect(700, 300, 80, 18));
      window.dispatchEvent(new Event('resize'));
      await vi.advanceTimersByTimeAsync(20);
      const left = Number.parseFloat(popoverHost()!.style.left);
      // (340 px wide where nothing is laid out) its right edge 8 px inside the scrollbar
      expect(left + 340).toBe(785 - 8);
    } finally {
      width.mockRestore();
      inner.mockRestore();
    }
  });

  it('closes when its badge goes out of view (of the window or of a box that scrolls), and stays while it is in view', async () => {
    // the intersection observer Chromium runs: here, reports made by hand
    const made: { cb: (e: { isIntersecting: boolean }[]) => unknown; target?: Element; on: boolean }[] = [];
    class FakeIO {
      entry: (typeof made)[number];
      constructor(cb: (typeof made)[number]['cb']) {
        this.entry = { cb, on: true };
        made.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        this.entry.on = false;
      }
    }
    const saved = window.IntersectionObserver;
    Object.assign(window, { IntersectionObserver: FakeIO });
    try {
      start();
      const host = await openWith('wallet', W(1));
      const io = made.filter((m) => m.target === host).at(-1)!;
      io.cb([{ isIntersecting: true }]);
      window.dispatchEvent(new Event('scroll'));
      await vi.advanceTimersByTimeAsync(20);
      expect(popoverHost()).not.toBeNull();
      io.cb([{ isIntersecting: false }]); // scrolled out
      await vi.advanceTimersByTimeAsync(0);
      expect(popoverHost()).toBeNull();
      expect(io.on).toBe(false); // no observer left behind
    } finally {
      Object.assign(window, { IntersectionObserver: saved });
    }
  });

  it('closes when the panel its badge is in is hidden (by visibility or display), not only when removed', async () => {
    for (const hide of [
      (el: HTMLElement) => (el.style.visibility = 'hidden'),
      (el: HTMLElement) => (el.style.display = 'none'),
    ]) {
      start();
      const host = await openWith('wallet', W(1));
      const menu = document.createElement('div');
      const anchor = host.previousElementSibling!;
      anchor.before(menu);
      menu.append(anchor, host); // (the anchor and its badge, in a menu)
      await vi.advanceTimersByTimeAsync(600);
      expect(popoverHost()).not.toBeNull();
      hide(menu); // the page closes its menu; the badge stays on the page
      await vi.advanceTimersByTimeAsync(600);
      expect(host.isConnected).toBe(true);
      expect(popoverHost()).toBeNull();
      overlay.destroy();
      document.body.innerHTML = '';
    }
  });

  it('sends the wallet to the lookup tab from the "Open in Onchain Lens" button', async () => {
    start();
    await openWith('wallet', W(1));
    const button = [...popoverRoot()!.querySelectorAll('button')].find(
      (b) => b.textContent === 'Open in Onchain Lens',
    )!;
    button.click();
    expect(bg.calls).toContainEqual(['openLookup', { input: W(1) }]);
  });

  it('opens on hover after 250 ms and closes after the pointer leaves', async () => {
    start();
    const f = found('mint', M(1));
    overlay.visible([f]);
    await vi.advanceTimersByTimeAsync(30);
    const button = badgeButton(badges()[0]!);
    button.dispatchEvent(new MouseEvent('mouseenter'));
    await vi.advanceTimersByTimeAsync(249);
    expect(popoverHost()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(popoverHost()).not.toBeNull();
    button.dispatchEvent(new MouseEvent('mouseleave'));
    popoverHost()!.dispatchEvent(new MouseEvent('mouseenter'));
    await vi.advanceTimersByTimeAsync(500);
    expect(popoverHost()).not.toBeNull(); // the pointer moved into the popover
    popoverHost()!.dispatchEvent(new MouseEvent('mouseleave'));
    await vi.advanceTimersByTimeAsync(300);
    expect(popoverHost()).toBeNull();
    expect(bg.count('liveSubscribe')).toBe(1);
    expect(bg.count('liveUnsubscribe')).toBe(1);
  });

  it('keeps one popover at a time and pairs every subscribe with an unsubscribe', async () => {
    start();
    await openWith('wallet', W(1));
    await openWith('mint', M(1));
    expect(document.querySelectorAll('[data-onchain-lens=popover]')).toHaveLength(1);
    expect(bg.calls).toContainEqual(['liveUnsubscribe', { topic: { kind: 'wallet', address: W(1) } }]);
    document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverHost()).toBeNull();
    expect(bg.count('liveSubscribe')).toBe(2);
    expect(bg.count('liveUnsubscribe')).toBe(2);
  });

  it('does not unsubscribe a subscription that failed, and says why live is off', async () => {
    start(
      {},
      {
        liveSubscribe: () => {
          throw { code: 'NEEDS_PLAN', message: errorMessage('NEEDS_PLAN') };
        },
      },
    );
    await openWith('mint', M(1));
    expect(popoverRoot()!.textContent).toContain(errorMessage('NEEDS_PLAN'));
    overlay.stopPage();
    await vi.advanceTimersByTimeAsync(0);
    expect(bg.count('liveUnsubscribe')).toBe(0);
  });

  it('appends live fills to the token card, once per fill, ignoring other topics', async () => {
    start();
    await openWith('mint', M(1));
    const topic = { kind: 'token' as const, address: M(1) };
    bg.push({ topic, fill: fill('f1'), order: null });
    bg.push({ topic, fill: fill('f1'), order: null });
    bg.push({ topic, fill: fill('f2'), order: null });
    bg.push({ topic: { kind: 'token', address: M(2) }, fill: fill('f3'), order: null });
    const rows = [...popoverRoot()!.querySelectorAll('[data-section=fills] li')];
    expect(rows.map((r) => r.getAttribute('data-fill'))).toEqual(['f2', 'f1']);
  });

  it('a fill that arrives while the stream was still connecting shows the card live', async () => {
    start({}, { liveSubscribe: () => ({ live: false }) });
    await openWith('mint', M(1));
    const title = () =>
      [...popoverRoot()!.querySelectorAll('h3')].find((h) => h.textContent?.startsWith('Latest fills'))
        ?.textContent;
    expect(title()).toBe('Latest fills');
    bg.push({ topic: { kind: 'token', address: M(1) }, fill: fill('f1'), order: null });
    expect(title()).toBe('Latest fills · live');
  });

  it('replaces the order on a live update, in the popover and the badge', async () => {
    start();
    const address = 'Order1'.padEnd(40, 'z');
    const host = await openWith('order', address);
    expect(bg.count('order')).toBe(1); // the badge's answer is reused
    bg.push({
      topic: { kind: 'order', address },
      fill: null,
      order: order({ address, progressPercent: 75 }),
    });
    expect(popoverRoot()!.querySelector('[data-card=order]')!.textContent).toContain('75%');
    expect(host.getAttribute('data-text')).toBe('active 75%');
  });

  it('keeps a live order update over an answer that was already on its way (maybe a cached one)', async () => {
    const address = 'Order2'.padEnd(40, 'z');
    let answer = () => {};
    start(
      {},
      {
        order: () =>
          new Promise((resolve) => {
            answer = () => resolve(order({ address, progressPercent: 10 }));
          }),
      },
    );
    overlay.visible([found('order', address)]);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('order')).toBe(1);
    bg.push({
      topic: { kind: 'order', address },
      fill: null,
      order: order({ address, progressPercent: 75 }),
    });
    answer();
    await vi.advanceTimersByTimeAsync(200);
    expect(badges()[0]!.getAttribute('data-text')).toBe('active 75%');
  });

  it('shows odds with every outcome and asks for the history', async () => {
    start();
    const f = found('event', 'polymarket:will-it-rain');
    overlay.visible([f]);
    await vi.advanceTimersByTimeAsync(30);
    badgeButton(badges()[0]!).click();
    await vi.advanceTimersByTimeAsync(0);
    expect(bg.calls).toContainEqual(['oddsHistory', { exchange: 'polymarket', id: 'will-it-rain' }]);
    expect(bg.count('liveSubscribe')).toBe(0);
    expect(popoverRoot()!.querySelectorAll('[data-section=outcomes] li')).toHaveLength(2);
  });

  it('fills an odds popover opened while the odds were loading, once they come', async () => {
    let answer = () => {};
    start(
      {},
      {
        odds: (d: { events: { exchange: string; id: string }[] }) =>
          new Promise((resolve) => {
            answer = () => resolve(d.events.map((e) => odds({ exchange: e.exchange, requestedId: e.id })));
          }),
      },
    );
    overlay.visible([found('event', 'polymarket:will-it-rain')]);
    await vi.advanceTimersByTimeAsync(30);
    badgeButton(badges()[0]!).click();
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverHost()!.getAttribute('data-state')).toBe('loading');

    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverHost()!.getAttribute('data-state')).toBe('ready');
    expect(popoverRoot()!.querySelectorAll('[data-section=outcomes] li')).toHaveLength(2);
    expect(popoverRoot()!.querySelector('[role=dialog]')!.getAttribute('aria-label')).toBe(
      'Odds: Will it rain?',
    );
  });

  it('closes when the site removes its badge, without a scroll or a click', async () => {
    start();
    const host = await openWith('wallet', W(1));
    expect(popoverHost()).not.toBeNull();
    host.remove(); // a re-render drops the badge with its row
    await vi.advanceTimersByTimeAsync(600);
    expect(popoverHost()).toBeNull();
    expect(bg.calls).toContainEqual(['liveUnsubscribe', { topic: { kind: 'wallet', address: W(1) } }]);
  });

  it('shows a failed full view as an error line', async () => {
    start(
      {},
      {
        token: () => {
          throw { code: 'SERVER_ERROR', message: errorMessage('SERVER_ERROR') };
        },
      },
    );
    await openWith('mint', M(1));
    expect(popoverRoot()!.textContent).toContain(errorMessage('SERVER_ERROR'));
  });

  it('stops listening for pushes when destroyed', () => {
    start();
    expect(bg.listening()).toBe(true);
    overlay.destroy();
    expect(bg.listening()).toBe(false);
  });
});

describe('badges put on the page together', () => {
  const config = { maxBadges: 300, theme: 'light' as const, currency: 'usd' as const };

  /** One wallet badge placed by a commit, its data not answered yet: `answer` answers it. */
  async function placedAwaitingData() {
    let answer: (v: unknown) => void = () => {};
    start({ commitMs: 120, config }, { walletBadge: () => new Promise((resolve) => (answer = resolve)) });
    const item = found('wallet', W(1));
    overlay.found([item]);
    overlay.visible([item]);
    await vi.advanceTimersByTimeAsync(250);
    return { host: badges()[0]!, answer: (v: unknown) => answer(v) };
  }

  it('places a batch of new badges together after commitMs, asking for their data meanwhile', async () => {
    start({ commitMs: 120, config });
    const items = [found('wallet', W(1)), found('wallet', W(2)), found('mint', M(1))];
    overlay.found(items);
    overlay.visible(items);
    expect(badges()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30);
    expect(bg.count('walletBadge')).toBe(2); // data is asked for before the badges are placed
    overlay.found([found('wallet', W(3))]);
    await vi.advanceTimersByTimeAsync(60);
    expect(badges()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30 + 100); // the timer, then the frame (or its fallback)
    expect(badges().map((b) => b.getAttribute('data-address'))).toEqual([W(1), W(2), M(1), W(3)]);
    expect(badges().every((b) => b.getAttribute('data-state') === 'ready')).toBe(true);
    expect(badges()[0]!.previousElementSibling).toBe(items[0]!.anchor);
  });

  it('paints data that arrives after the badge is on the page at the next commit, together', async () => {
    const { host, answer } = await placedAwaitingData();
    expect(bg.count('walletBadge')).toBe(1);
    expect(host.getAttribute('data-state')).toBe('loading');
    answer(walletBadge({ address: W(1) }));
    await vi.advanceTimersByTimeAsync(1);
    expect(host.getAttribute('data-state')).toBe('loading'); // not written at once
    await vi.advanceTimersByTimeAsync(250);
    expect(host.getAttribute('data-state')).toBe('ready');
  });

  it('waits twice as long as the last commit kept the page busy before the next (a big table laid out again)', async () => {
    // The clock the runtime reads; the commit's writes (a MutationObserver sees them right after
    // the commit, before the task after its frame) move it on as a 400 ms layout of them would.
    let clock = 0;
    let layoutMs = 400;
    const layout = new MutationObserver(() => (clock += layoutMs));
    layout.observe(document.body, { childList: true, subtree: true, attributes: true });
    const answers: ((v: unknown) => void)[] = [];
    start(
      { commitMs: 120, config, now: () => clock },
      { walletBadge: () => new Promise((resolve) => answers.push(resolve)) },
    );
    const items = [found('wallet', W(1)), found('wallet', W(2))];
    overlay.found(items);
    overlay.visible(items);
    await vi.advanceTimersByTimeAsync(250);
    const [first, second] = badges();
    expect(first!.getAttribute('data-state')).toBe('loading');
    layoutMs = 0;
    answers[0]!(walletBadge({ address: W(1) }));
    await vi.advanceTimersByTimeAsync(700);
    expect(first!.getAttribute('data-state')).toBe('loading'); // not after 120 ms: 2 x 400 ms
    await vi.advanceTimersByTimeAsync(100 + 100); // the rest, then the frame (or its fallback)
    expect(first!.getAttribute('data-state')).toBe('ready');
    // That commit was quick: the next one comes commitMs after its data, as on a light page.
    answers[1]!(walletBadge({ address: W(2) }));
    await vi.advanceTimersByTimeAsync(120 + 100);
    expect(second!.getAttribute('data-state')).toBe('ready');
    layout.disconnect();
  });

  it('renders data for a badge on the page off the page as it arrives: the commit only swaps it in', async () => {
    const { host, answer } = await placedAwaitingData();
    const shown = roots.get(host)!.querySelector('button');
    const renders = countBadgeRenders();
    try {
      answer(walletBadge({ address: W(1) }));
      await vi.advanceTimersByTimeAsync(1);
      expect(renders.count()).toBe(1); // rendered now, off the page
      expect(roots.get(host)!.querySelector('button')).toBe(shown); // the page is not written yet
      renders.reset();
      await vi.advanceTimersByTimeAsync(250);
      expect(renders.count()).toBe(0); // the commit renders nothing
      expect(host.getAttribute('data-state')).toBe('ready');
      expect(roots.get(host)!.querySelectorAll('button')).toHaveLength(1);
      expect(badgeButton(host).getAttribute('data-state')).toBe('ready');
    } finally {
      renders.stop();
    }
  });

  it('keeps the keyboard focus on a badge whose new data comes while it is focused', async () => {
    const { host, answer } = await placedAwaitingData();
    badgeButton(host).focus();
    expect(roots.get(host)!.activeElement).toBe(badgeButton(host));
    answer(walletBadge({ address: W(1) }));
    await vi.advanceTimersByTimeAsync(250);
    expect(host.getAttribute('data-state')).toBe('ready');
    expect(roots.get(host)!.activeElement).toBe(badgeButton(host));
    expect(badgeButton(host).getAttribute('data-state')).toBe('ready');
  });

  it('places them in the next frame once the cap is reached (no more can come)', async () => {
    start({ commitMs: 10_000, config: { ...config, maxBadges: 2 } });
    overlay.found([found('wallet', W(1)), found('wallet', W(2)), found('wallet', W(3))]);
    expect(badges()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(badges()).toHaveLength(2);
  });

  it('waits 2 s at most, however long the task after the frame was held back (a hidden tab)', async () => {
    let clock = 0;
    let heldMs = 60_000; // a background tab's timers, held back for a minute
    const layout = new MutationObserver(() => (clock += heldMs));
    layout.observe(document.body, { childList: true, subtree: true });
    const answers: ((v: unknown) => void)[] = [];
    start(
      { commitMs: 120, config, now: () => clock },
      { walletBadge: () => new Promise((resolve) => answers.push(resolve)) },
    );
    const item = found('wallet', W(1));
    overlay.found([item]);
    overlay.visible([item]);
    await vi.advanceTimersByTimeAsync(250);
    const [host] = badges();
    heldMs = 0;
    answers[0]!(walletBadge({ address: W(1) }));
    await vi.advanceTimersByTimeAsync(2000 + 100);
    expect(host!.getAttribute('data-state')).toBe('ready');
    layout.disconnect();
  });

  it('at the cap, still waits twice as long as the last commit kept the page busy', async () => {
    let clock = 0;
    const layout = new MutationObserver(() => (clock += 400)); // (as in the test above)
    layout.observe(document.body, { childList: true, subtree: true });
    start({ commitMs: 120, config: { ...config, maxBadges: 2 }, now: () => clock });
    overlay.found([found('wallet', W(1))]);
    await vi.advanceTimersByTimeAsync(250);
    expect(badges()).toHaveLength(1);
    overlay.found([found('wallet', W(2))]);
    await vi.advanceTimersByTimeAsync(150);
    expect(badges()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(800);
    expect(badges()).toHaveLength(2);
    layout.disconnect();
  });

  it('does not place a badge whose anchor the page removed meanwhile, and frees its slot', async () => {
    start({ commitMs: 120, config: { ...config, maxBadges: 2 } });
    const gone = found('wallet', W(1));
    overlay.found([gone]);
    gone.anchor.remove();
    overlay.found([found('wallet', W(2)), found('wallet', W(3))]);
    await vi.advanceTimersByTimeAsync(250);
    expect(badges().map((b) => b.getAttribute('data-address'))).toEqual([W(2), W(3)]);
  });

  it('places nothing after the page view ends', async () => {
    start({ commitMs: 120, config });
    overlay.found([found('wallet', W(1))]);
    overlay.startPage(); // SPA navigation before the commit
    await vi.advanceTimersByTimeAsync(250);
    expect(badges()).toHaveLength(0);
  });
});
