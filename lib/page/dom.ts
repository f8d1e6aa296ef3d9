/** Our own UI (badges, popovers, shadow hosts): never read. */
export const OWN_UI_ATTR = 'data-onchain-lens';
/** The inline span wrapped around an address found in text; the badge goes after it. */
export const ANCHOR_ATTR = 'data-onchain-lens-anchor';

/** Elements whose content is never page text a user reads (or is text the user is typing). */
const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'input',
  'select',
  'option',
  'button',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'head',
  'title',
]);

export const SKIP_SELECTOR = [
  ...[...SKIP_TAGS].filter((t) => t !== 'button'),
  '[contenteditable]:not([contenteditable="false"])',
  `[${OWN_UI_ATTR}]`,
].join(', ');

/** Text inside buttons is a control's label: never badged (a badge inside a button is a trap). */
export const TEXT_SKIP_SELECTOR = `${SKIP_SELECTOR}, button`;

/** Cheap per-element test used while walking: the subtree is skipped when true. */
export function isSkippedElement(el: Element): boolean {
  if (SKIP_TAGS.has(el.localName)) return true;
  if (el.hasAttribute(OWN_UI_ATTR)) return true;
  const editable = el.getAttribute('contenteditable');
  return editable !== null && editable !== 'false';
}

/**
 * Wraps each hit of a text node in an inline, unstyled span (no layout change) and returns the
 * spans in order. Works from the end so earlier offsets stay valid. Every new text node is passed
 * to `markDone` so it is not read again.
 */
export function wrapHits(
  node: Text,
  hits: readonly { address: string; index: number }[],
  markDone: (text: Text) => void,
): HTMLSpanElement[] {
  const doc = node.ownerDocument;
  const spans: HTMLSpanElement[] = [];
  for (let i = hits.length - 1; i >= 0; i--) {
    const hit = hits[i]!;
    const middle = node.splitText(hit.index);
    const rest = middle.splitText(hit.address.length);
    markDone(middle);
    markDone(rest);
    const span = doc.createElement('span');
    span.setAttribute(ANCHOR_ATTR, '');
    middle.parentNode!.insertBefore(span, middle);
    span.appendChild(middle);
    spans.push(span);
  }
  return spans.reverse();
}
