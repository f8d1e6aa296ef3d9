import { options } from 'preact';
import { afterEach, beforeEach, vi } from 'vitest';
import { Badge } from '../../../components/shared/Badge';
import { createOverlay, type OverlayDeps } from '../../../lib/overlay/runtime';
import type { LiveEvent, ViewAsk } from '../../../lib/overlay/types';
import type { Found } from '../../../lib/page';
import { odds, order, tokenView, walletBadge, walletView } from '../components/fixtures';

/** The shadow roots are closed in production; tests keep a reference by wrapping attachShadow. */
export const roots = new WeakMap<Element, ShadowRoot>();
const attach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
  const root = attach.call(this, init);
  roots.set(this, root);
  return root;
};

type Handler = (data: never) => unknown;

const DEFAULTS: Record<string, Handler> = {
  walletBadge: (d: { address: string }) => walletBadge({ address: d.address }),
  tokenFlow: (d: { mint: string }) => ({ ...tokenView().flow, mint: d.mint }),
  order: (d: { address: string }) => order({ address: d.address }),
  odds: (d: { events: { exchange: string; id: string }[] }) =>
    d.events.map((e) => odds({ exchange: e.exchange, requestedId: e.id })),
  classify: () => ({}),
  wallet: (d: { address: string }) => walletView({ address: d.address }),
  token: () => tokenView(),
  oddsHistory: () => ({ series: [] }),
  liveSubscribe: () => ({ live: true }),
  liveUnsubscribe: () => ({ live: false }),
  openLookup: () => ({ opened: true }),
};

/** A fake background: records every message, answers with fixtures or the given handlers. */
export function fakeBackground(handlers: Record<string, Handler> = {}) {
  const calls: [string, unknown][] = [];
  /** The (fake) time of each message, in the order sent. */
  const sentAt: [string, number][] = [];
  let listener: ((e: LiveEvent) => void) | null = null;
  const ask = ((name: string, data: unknown) => {
    calls.push([name, data]);
    sentAt.push([name, Date.now()]);
    const handler = handlers[name] ?? DEFAULTS[name];
    try {
      return Promise.resolve(handler ? handler(data as never) : null);
    } catch (e) {
      return Promise.reject(e);
    }
  }) as ViewAsk;
  return {
    ask,
    calls,
    sentAt,
    names: () => calls.map((c) => c[0]),
    count: (name: string) => calls.filter((c) => c[0] === name).length,
    onPush: (l: (e: LiveEvent) => void) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
    push: (e: LiveEvent) => listener?.(e),
    listening: () => listener !== null,
  };
}

/** An overlay over a fake background, started the way the content script starts it. */
export function startOverlay(handlers: Record<string, Handler> = {}, extra: Partial<OverlayDeps> = {}) {
  const bg = fakeBackground(handlers);
  const overlay = createOverlay({
    ask: bg.ask,
    onPush: bg.onPush,
    document,
    config: { maxBadges: 300, theme: 'auto', currency: 'usd' },
    testHooks: true,
    now: () => Date.UTC(2025, 0, 10, 12),
    // Badges placed as made: most tests read them right after `found`. Placing a batch together
    // (the content script's default) has tests of its own.
    commitMs: 0,
    ...extra,
  });
  overlay.startPage();
  return { bg, overlay };
}

/** Fake timers and an empty page for each test; the test's overlay destroyed after it. */
export function overlayPerTest(current: () => { destroy(): void } | undefined) {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '';
  });
  afterEach(() => {
    current()?.destroy();
    vi.useRealTimers();
  });
}

let seq = 0;
/** An anchor in the page and what the scanner would report for it. */
export function found(kind: Found['kind'], address: string): Found {
  const a = document.createElement('a');
  a.href = `https://solscan.io/account/${address}`;
  a.textContent = address.slice(0, 6);
  a.id = `anchor-${seq++}`;
  document.body.append(a);
  if (kind === 'event') {
    const [exchange, id] = address.split(':') as ['polymarket', string];
    return { kind: 'event', event: { exchange, id }, source: 'link', anchor: a };
  }
  return { kind, address, source: 'link', anchor: a } as Found;
}

export const badges = () => [...document.querySelectorAll<HTMLElement>('[data-onchain-lens=badge]')];
export const popoverHost = () => document.querySelector<HTMLElement>('[data-onchain-lens=popover]');
export const badgeButton = (host: Element) => roots.get(host)!.querySelector('button')!;
export const popoverRoot = () => {
  const host = popoverHost();
  return host ? roots.get(host)! : null;
};

/**
 * Counts the renders of badges (Preact's diffs of Badge) from now on: `count` is how many so far
 * (`reset` starts again at 0), `stop` lets go of Preact's hook.
 */
export function countBadgeRenders() {
  let renders = 0;
  const before = options.diffed;
  options.diffed = (vnode) => {
    if (vnode.type === Badge) renders++;
    before?.(vnode);
  };
  return {
    count: () => renders,
    reset: () => {
      renders = 0;
    },
    stop: () => {
      options.diffed = before;
    },
  };
}
