// @vitest-environment happy-dom
/**
 * The popover host is the last child of <html>, far from its badge in the tab order: Tab past its
 * last control and Shift+Tab before its first one close it with focus back on the badge (a forward
 * Tab then goes on from the badge, as if the popover sat right after it). Keys pressed in our UI
 * never reach the page's own shortcut handlers.
 */
import { describe, expect, it, vi } from 'vitest';
import { CARD_CSS } from '../../../components/shared/styles';
import { createBadgeHost } from '../../../lib/overlay/host';
import type { createOverlay } from '../../../lib/overlay/runtime';
import { walletView } from '../components/fixtures';
import {
  badgeButton,
  badges,
  found,
  overlayPerTest,
  popoverHost,
  popoverRoot,
  startOverlay,
} from './harness';

const W = `Wallet001${'x'.repeat(30)}`;
let overlay: ReturnType<typeof createOverlay>;
overlayPerTest(() => overlay);

async function open(handlers: Parameters<typeof startOverlay>[0] = {}) {
  ({ overlay } = startOverlay(handlers));
  overlay.visible([found('wallet', W)]);
  await vi.advanceTimersByTimeAsync(30);
  const host = badges()[0]!;
  badgeButton(host).click();
  await vi.advanceTimersByTimeAsync(0);
  const dialog = popoverRoot()!.querySelector<HTMLElement>('[role=dialog]')!;
  const controls = [...dialog.querySelectorAll<HTMLElement>('a[href],button')];
  return { host, dialog, controls };
}

function key(target: HTMLElement, init: KeyboardEventInit) {
  target.focus();
  const ev = new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init });
  target.dispatchEvent(ev);
  return ev;
}

describe('popover focus', () => {
  it('Tab on its last control closes it, focus on the badge, the Tab itself not cancelled', async () => {
    const { host, controls } = await open();
    expect(controls.length).toBeGreaterThan(1);
    const ev = key(controls.at(-1)!, { key: 'Tab' });
    expect(popoverHost()).toBeNull();
    expect(document.activeElement).toBe(host);
    expect(ev.defaultPrevented).toBe(false); // the browser moves on from the badge to what follows it
  });

  it('Tab between its controls leaves it open', async () => {
    const { controls } = await open();
    const ev = key(controls[0]!, { key: 'Tab' });
    expect(popoverHost()).not.toBeNull();
    expect(ev.defaultPrevented).toBe(false);
  });

  it('Shift+Tab on its first control, or on the dialog itself, goes back to the badge', async () => {
    for (const first of [true, false]) {
      const { host, dialog, controls } = await open();
      const ev = key(first ? controls[0]! : dialog, { key: 'Tab', shiftKey: true });
      expect(popoverHost()).toBeNull();
      expect(document.activeElement).toBe(host);
      expect(ev.defaultPrevented).toBe(true);
      overlay.destroy();
    }
  });

  it('is busy while its view loads', async () => {
    let answer: (v: unknown) => void = () => {};
    const { dialog } = await open({ wallet: () => new Promise((r) => (answer = r)) });
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    answer(walletView({ address: W }));
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverRoot()!.querySelector('[role=dialog]')!.getAttribute('aria-busy')).not.toBe('true');
  });

  it('takes the focus when opened by a click or Enter; a hover leaves it on the page until the badge is clicked', async () => {
    const { dialog } = await open();
    expect(popoverRoot()!.activeElement).toBe(dialog);
    overlay.destroy();

    ({ overlay } = startOverlay());
    overlay.visible([found('wallet', W)]);
    await vi.advanceTimersByTimeAsync(30);
    const button = badgeButton(badges()[0]!);
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    button.dispatchEvent(new MouseEvent('mouseenter'));
    await vi.advanceTimersByTimeAsync(300);
    expect(popoverHost()).not.toBeNull();
    expect(document.activeElement).toBe(field); // the trader typing in the page keeps typing there
    button.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(popoverRoot()!.activeElement).toBe(popoverRoot()!.querySelector('[role=dialog]'));
    field.remove();
  });

  it('shows a focus ring on the dialog itself', () => {
    expect(CARD_CSS).toMatch(/\.ol-pop:focus-visible[,{][^}]*outline:2px solid var\(--ol-accent\)/);
  });
});

describe('keys stay in our UI', () => {
  it("the page's shortcut handlers see no key pressed in the popover; Esc still closes it", async () => {
    const { host, controls } = await open();
    const page = vi.fn();
    document.addEventListener('keydown', page);
    window.addEventListener('keydown', page);
    try {
      for (const k of ['j', '/', ' ', 'Enter', 'ArrowDown']) key(controls[0]!, { key: k });
      expect(page).not.toHaveBeenCalled();
      key(controls[0]!, { key: 'Escape' });
      expect(popoverHost()).toBeNull();
      expect(document.activeElement).toBe(host);
    } finally {
      document.removeEventListener('keydown', page);
      window.removeEventListener('keydown', page);
    }
  });

  it('Enter and Space on a badge do not reach the page; other keys do', async () => {
    ({ overlay } = startOverlay());
    overlay.visible([found('wallet', W)]);
    await vi.advanceTimersByTimeAsync(30);
    const button = badgeButton(badges()[0]!);
    const page = vi.fn((e: KeyboardEvent) => e.key);
    document.addEventListener('keydown', page);
    try {
      for (const k of ['Enter', ' ']) key(button, { key: k });
      expect(page).not.toHaveBeenCalled();
      key(button, { key: 'j' });
      expect(page.mock.results.map((r) => r.value)).toEqual(['j']);
    } finally {
      document.removeEventListener('keydown', page);
    }
  });
});

describe('badge size', () => {
  it('has a minimum height, not a fixed one, so larger text grows it instead of being cut', () => {
    const { host } = createBadgeHost(document, 'light');
    expect(host.style.height).toBe('');
    expect(host.style.minHeight).toBe('18px');
    const badge = /\.ol-badge\{([^}]*)\}/.exec(CARD_CSS)![1]!;
    expect(badge).toMatch(/(^|;)min-height:18px/);
    expect(badge).not.toMatch(/(^|;|\n)height:/);
    expect(badge).not.toMatch(/line-height:\d+px/);
  });
});
