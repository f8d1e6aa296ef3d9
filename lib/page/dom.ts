/** Our own UI (badges, popovers, shadow hosts): never read. */
export const OWN_UI_ATTR = 'data-onchain-lens';
/**
 * The inline span wrapped around an address found in text; the badge goes after it. Its value is
 * the id of the scanner that reported it (a later scanner of the same page reports it again).
 */
export const ANCHOR_ATTR = 'data-onchain-lens-anchor';

/**
 * Elements whose content is never page text a user reads (or is text the user is typing). Buttons
 * are not here: only their text is skipped (see the scanner's context).
 */
const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'input',
  'select',
  'option',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'head',
  'title',
]);

/** True for a tag whose content is never read (scripts, styles, inputs, embedded documents...). */
export function isSkippedTag(localName: string): boolean {
  return SKIP_TAGS.has(localName);
}

/**
 * Wraps each hit of a text node in an inline, unstyled span (no layout change) and returns the
 * spans in order. Works from the end so earlier offsets stay valid. The pieces need no marking: the
 * address inside a span is known by its anchor (read again, it is the same occurrence), and the
 * pieces around it hold no hit that was kept.
 */
export function wrapHits(
  node: Text,
  hits: readonly { address: string; index: number }[],
  owner: string,
): HTMLSpanElement[] {
  const doc = node.ownerDocument;
  const spans: HTMLSpanElement[] = [];
  for (let i = hits.length - 1; i >= 0; i--) {
    const hit = hits[i]!;
    const middle = node.splitText(hit.index);
    middle.splitText(hit.address.length);
    const span = doc.createElement('span');
    span.setAttribute(ANCHOR_ATTR, owner);
    middle.parentNode!.insertBefore(span, middle);
    span.appendChild(middle);
    spans.push(span);
  }
  return spans.reverse();
}
