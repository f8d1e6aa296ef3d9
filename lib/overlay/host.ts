import { BADGE_CSS, CARD_CSS } from '../../components/shared/styles';
import type { Theme } from './theme';

/**
 * Inline host: resets whatever the page styles spans with, sits on the text's middle, and its
 * negative vertical margins keep an 18px pill from growing the line box of the page's text.
 */
const BADGE_HOST_STYLE =
  'all:initial;display:inline-block;vertical-align:middle;margin:-3px 0 -3px 4px;line-height:0;' +
  'height:18px;max-width:260px;position:static;contain:layout style';

const POPOVER_HOST_STYLE =
  'all:initial;position:fixed;top:0;left:0;z-index:2147483647;display:block;contain:layout style';

export interface ShadowMount {
  host: HTMLElement;
  /** the closed shadow root: page scripts cannot reach into it, we keep the only reference */
  root: ShadowRoot;
  container: HTMLElement;
}

function shadowMount(doc: Document, tag: string, hostStyle: string, css: string, theme: Theme): ShadowMount {
  const host = doc.createElement(tag);
  host.style.cssText = hostStyle;
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = css;
  const container = doc.createElement(tag === 'span' ? 'span' : 'div');
  container.className = 'ol';
  container.setAttribute('data-theme', theme);
  root.append(style, container);
  return { host, root, container };
}

/**
 * Elements a sibling cannot follow without becoming a box of its own: a span after a table cell
 * turns into an anonymous extra cell (the badge lands in the next column), after a list item it sits
 * between the items. The badge goes inside these, after their content, instead.
 */
const INSIDE = new Set(['TD', 'TH', 'LI', 'DT', 'DD', 'CAPTION']);

function placesInside(anchor: Element): boolean {
  return INSIDE.has(anchor.tagName.toUpperCase());
}

/**
 * A badge host placed right after its anchor (inside it, after its content, for table cells and
 * list items). `data-onchain-lens` also tells the scanner to skip it.
 */
export function mountBadgeHost(doc: Document, anchor: Element, theme: Theme): ShadowMount | null {
  if (!anchor.parentNode) return null;
  const mount = shadowMount(doc, 'span', BADGE_HOST_STYLE, BADGE_CSS, theme);
  mount.host.setAttribute('data-onchain-lens', 'badge');
  if (placesInside(anchor)) anchor.append(mount.host);
  else anchor.after(mount.host);
  return mount;
}

/** The popover host: fixed to the viewport above everything on the page. */
export function mountPopoverHost(doc: Document, theme: Theme): ShadowMount {
  const mount = shadowMount(doc, 'div', POPOVER_HOST_STYLE, CARD_CSS, theme);
  mount.host.setAttribute('data-onchain-lens', 'popover');
  doc.documentElement.append(mount.host);
  return mount;
}

/** True when the anchor already has our badge right after it (a re-scan or a re-render by the site). */
export function hasBadge(anchor: Element): boolean {
  const next = placesInside(anchor) ? anchor.lastElementChild : anchor.nextElementSibling;
  return next?.getAttribute('data-onchain-lens') === 'badge';
}
