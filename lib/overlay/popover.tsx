import { render } from 'preact';
import { OverlayCard, type PopoverContent } from '../../components/overlay/OverlayCard';
import { Popover } from '../../components/overlay/Popover';
import { placePopover } from '../../components/overlay/position';
import type { BadgeData } from '../../components/shared/badgeFace';
import { toErrorView } from '../../components/shared/Loadable';
import { MIRROR_HOOKS } from '../env';
import { errorHeadline } from '../errors';
import { shortAddress, truncateText } from '../format';
import type { LiveLine, Topic } from '../messaging';
import type { FillView, OrderView } from '../views';
import { mountPopoverHost, type ShadowMount } from './host';
import type { Theme } from './theme';
import type { Item, LiveEvent, Timers, ViewAsk } from './types';

/** What the popover needs to know about the badge it opens from. */
export interface BadgeRef {
  item: Item;
  model: BadgeData;
  theme: Theme;
  host: HTMLElement;
  /** focus goes back here when the popover closes by keyboard */
  focus(): void;
}

export type OpenedBy = 'hover' | 'keyboard';

interface Session {
  badge: BadgeRef;
  by: OpenedBy;
  content: PopoverContent;
  topic: Topic | null;
  /** resolves true once the subscription is held, so close knows whether to unsubscribe */
  subscribed: Promise<boolean> | null;
  mount: ShadowMount;
  cleanup: (() => void)[];
}

export interface PopoverOptions {
  doc: Document;
  ask: ViewAsk;
  timers: Timers;
  now: () => number;
  currency: string;
  onChange(open: BadgeRef | null): void;
  /** the pointer entered (true) or left (false) the popover: hover-opened popovers stay while it is inside */
  onHover?(inside: boolean): void;
  /** mirror the popover's text into data-text on its host (e2e builds only: the shadow root is closed) */
  testHooks?: boolean;
}

const FILLS_KEPT = 50;

function topicOf(item: Item): Topic | null {
  if (item.kind === 'wallet' || item.kind === 'order') return { kind: item.kind, address: item.address };
  if (item.kind === 'mint') return { kind: 'token', address: item.address };
  return null;
}

function labelOf(badge: BadgeRef): string {
  const { item, model } = badge;
  if (item.kind === 'event') {
    const title =
      model.kind === 'event' && model.data.status === 'ready' ? model.data.value.title : item.address;
    return `Odds: ${truncateText(title, 60)}`;
  }
  const noun = item.kind === 'wallet' ? 'Wallet' : item.kind === 'mint' ? 'Token' : 'DCA order';
  return `${noun} ${shortAddress(item.address)}`;
}

/** The token card with the live line the background gave (its answer to liveSubscribe, or a push). */
const withLine = (c: PopoverContent, l: LiveLine): PopoverContent =>
  c.kind === 'mint' ? { ...c, live: l.live ? 'live' : 'off', liveNote: l.note } : c;

/** An order after a live fill: the fill's progress when it has one. */
export function progressed(order: OrderView, fill: FillView): OrderView {
  return fill.progressPercent == null ? order : { ...order, progressPercent: fill.progressPercent };
}

/**
 * The one popover of the page: opens from a badge, loads the full view, holds a live subscription
 * while open and releases it on close; closes on Esc, click-away or the close button.
 */
export function createPopover(o: PopoverOptions) {
  let session: Session | null = null;
  const win = o.doc.defaultView!;

  const paint = () => {
    const s = session;
    if (!s) return;
    // An event's odds are its badge's (they may come after the popover opened): read at each paint,
    // never kept in the session beside them.
    const { model } = s.badge;
    const content =
      s.content.kind === 'event' && model.kind === 'event' ? { ...s.content, odds: model.data } : s.content;
    render(
      <Popover
        label={labelOf(s.badge)}
        onClose={() => close(true)}
        busy={(content.kind === 'event' ? content.odds : content.view).status === 'loading'}
      >
        <OverlayCard
          content={content}
          now={o.now()}
          currency={o.currency}
          onOpenLookup={(input) => {
            o.ask('openLookup', { input }).catch(() => {});
          }}
          onOpenOptions={() => {
            o.ask('openOptions', {}).catch(() => {});
          }}
        />
      </Popover>,
      s.mount.container,
    );
    if (MIRROR_HOOKS && o.testHooks) mirror(s, content);
    place(s);
  };

  /** Test hook: what the popover says, readable from outside its closed shadow root. */
  function mirror(s: Session, content: PopoverContent): void {
    const host = s.mount.host;
    host.setAttribute('data-kind', s.badge.item.kind);
    host.setAttribute('data-address', s.badge.item.address);
    const data = content.kind === 'event' ? content.odds : content.view;
    host.setAttribute('data-state', data.status);
    host.setAttribute('data-text', (s.mount.container.textContent ?? '').replace(/\s+/g, ' ').trim());
  }

  function place(s: Session): void {
    const dialog = s.mount.container.firstElementChild as HTMLElement | null;
    // Measured at its own height: under the cap its placeholder was given, a card that just came in
    // read as 120 px, stayed on the placeholder's side and ran off the window's bottom.
    if (dialog) dialog.style.maxHeight = '';
    const rect = s.badge.host.getBoundingClientRect();
    const box = dialog?.getBoundingClientRect();
    const size = { width: box?.width || 340, height: box?.height || 240 };
    // The room inside the page's own scrollbars (innerWidth counts them: the popover slid under one).
    const root = o.doc.scrollingElement!;
    const view = { width: root.clientWidth || win.innerWidth, height: root.clientHeight || win.innerHeight };
    const at = placePopover(rect, size, view);
    // Taller than the room on its side: it scrolls inside rather than leaving the viewport.
    if (dialog) dialog.style.maxHeight = `${at.maxHeight}px`;
    s.mount.host.style.top = `${at.top}px`;
    s.mount.host.style.left = `${at.left}px`;
  }

  const update = (s: Session, next: (c: PopoverContent) => PopoverContent) => {
    if (session !== s) return; // a late answer for a popover already closed
    s.content = next(s.content);
    paint();
  };

  function load(s: Session): void {
    const { item, model } = s.badge;
    const { kind, address } = item;
    // What the card asks for beyond the badge's own data: an event's price history, or the view.
    const asked: Promise<unknown> | null =
      kind === 'wallet'
        ? o.ask('wallet', { address })
        : kind === 'mint'
          ? o.ask('token', { mint: address })
          : kind === 'order' && !(model.kind === 'order' && model.data.status === 'ready')
            ? o.ask('order', { address })
            : kind === 'event' && item.event
              ? o.ask('oddsHistory', item.event)
              : null;
    const part = kind === 'event' ? 'history' : 'view';
    asked?.then(
      (value) => update(s, (c) => ({ ...c, [part]: { status: 'ready', value } }) as PopoverContent),
      (e) =>
        update(s, (c) => ({ ...c, [part]: { status: 'error', error: toErrorView(e) } }) as PopoverContent),
    );
  }

  function initial(badge: BadgeRef): PopoverContent {
    const { item, model } = badge;
    const loading = { status: 'loading' } as const;
    if (item.kind === 'wallet') return { kind: 'wallet', view: loading };
    if (item.kind === 'mint')
      return { kind: 'mint', view: loading, fills: [], live: 'connecting', liveNote: null };
    if (item.kind === 'order') return { kind: 'order', view: model.kind === 'order' ? model.data : loading };
    return { kind: 'event', odds: loading, history: loading }; // (odds: the badge's, read at paint)
  }

  function subscribe(s: Session): void {
    if (!s.topic) return;
    // Later changes of the line (the connection lost, back, refused for the plan) are pushed: live().
    s.subscribed = o.ask('liveSubscribe', { topic: s.topic }).then(
      (r) => {
        update(s, (c) => withLine(c, r));
        return true;
      },
      (e) => {
        update(s, (c) => withLine(c, { live: false, note: errorHeadline(toErrorView(e)) }));
        return false;
      },
    );
  }

  function listen(s: Session): void {
    // Esc from our UI (the popover, its badge, or nothing focused in a popover the keyboard or a click
    // opened) gives focus back to the badge; Esc while reading or typing in the page under a
    // hover-opened popover leaves focus where it is (on the badge, the next Space opened it again).
    const onKey = (e: KeyboardEvent) => {
      const at = o.doc.activeElement;
      if (e.key === 'Escape')
        close(at === s.mount.host || at === s.badge.host || (at === o.doc.body && s.by !== 'hover'));
    };
    const onDown = (e: Event) => {
      const path = typeof e.composedPath === 'function' ? e.composedPath() : [];
      const target = e.target as Node | null;
      const inside = (el: HTMLElement) => path.includes(el) || (target != null && el.contains(target));
      if (!inside(s.mount.host) && !inside(s.badge.host)) close(false);
    };
    let frame = false;
    const onMove = () => {
      if (frame) return;
      frame = true;
      o.timers.setTimeout(() => {
        frame = false;
        if (session !== s) return;
        // A badge removed by the site takes its popover with it (one out of view: the observer below).
        if (!s.badge.host.isConnected) close(false);
        else place(s);
      }, 16);
    };
    // A badge the site removed or hid without a scroll (a re-render, a menu closed by display or
    // visibility) takes its popover with it too: nothing else tells, so it is checked twice a second
    // while the popover is open. Every 30 s it is painted again, so its relative times ("just now",
    // "2 min ago") stay true.
    let checks = 0;
    const check = () => {
      if (session !== s) return;
      if (!s.badge.host.checkVisibility({ visibilityProperty: true })) return close(false);
      if (++checks % 60 === 0) paint();
      o.timers.setTimeout(check, 500);
    };
    o.timers.setTimeout(check, 500);
    const enter = () => o.onHover?.(true);
    const leave = () => o.onHover?.(false);
    s.mount.host.addEventListener('mouseenter', enter);
    s.mount.host.addEventListener('mouseleave', leave);
    o.doc.addEventListener('keydown', onKey, true);
    o.doc.addEventListener('pointerdown', onDown, true);
    win.addEventListener('scroll', onMove, { capture: true, passive: true });
    win.addEventListener('resize', onMove, { passive: true });
    // A badge scrolled out of view takes its popover with it (one opened by a click stayed pinned at
    // the viewport's edge, over the page): out of the window or out of a box of the page that
    // scrolls (a list, a panel), which a check of the window's edges did not see.
    const io = new win.IntersectionObserver((e) => e[e.length - 1]!.isIntersecting || close(false));
    io.observe(s.badge.host);
    s.cleanup.push(
      () => io.disconnect(),
      () => o.doc.removeEventListener('keydown', onKey, true),
      () => o.doc.removeEventListener('pointerdown', onDown, true),
      () => win.removeEventListener('scroll', onMove, { capture: true }),
      () => win.removeEventListener('resize', onMove),
    );
  }

  function open(badge: BadgeRef, by: OpenedBy): void {
    if (session && session.badge.host === badge.host) {
      if (by === 'keyboard' && session.by === 'hover') {
        session.by = 'keyboard';
        paint();
        focusIn(session);
      }
      return;
    }
    close(false);
    const s: Session = {
      badge,
      by,
      content: initial(badge),
      topic: topicOf(badge.item),
      subscribed: null,
      mount: mountPopoverHost(o.doc, badge.theme),
      cleanup: [],
    };
    session = s;
    listen(s);
    subscribe(s);
    load(s);
    paint();
    if (by === 'keyboard') focusIn(s);
    o.onChange(badge);
  }

  /** Opened from the keyboard: focus goes into the dialog, once placed (a hover leaves it on the page). */
  function focusIn(s: Session): void {
    (s.mount.container.firstElementChild as HTMLElement | null)?.focus();
  }

  function close(restoreFocus: boolean): void {
    const s = session;
    if (!s) return;
    session = null;
    for (const undo of s.cleanup) undo();
    const topic = s.topic;
    if (topic && s.subscribed) {
      s.subscribed.then((held) => (held ? o.ask('liveUnsubscribe', { topic }) : null)).catch(() => {});
    }
    render(null, s.mount.container);
    s.mount.host.remove();
    o.onChange(null);
    if (restoreFocus) s.badge.focus();
  }

  /** Merges a live push into the open popover when it is about the same thing. */
  function live(event: LiveEvent): void {
    const s = session;
    if (!s?.topic || event.topic.kind !== s.topic.kind || event.topic.address !== s.topic.address) return;
    const { fill, order, state } = event;
    update(s, (c) => {
      if (state) return withLine(c, state); // the live connection's state changed
      if (c.kind === 'mint' && fill) {
        const fills = [fill, ...c.fills.filter((f) => f.id !== fill.id)].slice(0, FILLS_KEPT);
        return { ...c, fills, live: 'live', liveNote: null }; // (a fill came: the stream is up)
      }
      if (c.kind === 'order' && order) return { ...c, view: { status: 'ready', value: order } };
      // A fill carries the order's new progress: the order and wallet cards move with it.
      if (c.kind === 'order' && fill && c.view.status === 'ready' && c.view.value.address === fill.order) {
        return { ...c, view: { status: 'ready', value: progressed(c.view.value, fill) } };
      }
      if (c.kind === 'wallet' && fill && c.view.status === 'ready' && c.view.value.orders) {
        const page = c.view.value.orders;
        if (!page.orders.some((x) => x.address === fill.order)) return c;
        const orders = page.orders.map((x) => (x.address === fill.order ? progressed(x, fill) : x));
        return { ...c, view: { status: 'ready', value: { ...c.view.value, orders: { ...page, orders } } } };
      }
      if (c.kind === 'wallet' && order && c.view.status === 'ready' && c.view.value.orders) {
        const page = c.view.value.orders;
        const known = page.orders.some((x) => x.address === order.address);
        const orders = known
          ? page.orders.map((x) => (x.address === order.address ? order : x))
          : [order, ...page.orders];
        return { ...c, view: { status: 'ready', value: { ...c.view.value, orders: { ...page, orders } } } };
      }
      return c;
    });
  }

  return {
    open,
    close,
    live,
    /** Paints the open popover again (its badge's data changed). */
    paint,
    current: (): BadgeRef | null => session?.badge ?? null,
    openedBy: (): OpenedBy | null => session?.by ?? null,
  };
}
