/** Where the popover goes: below the badge, flipped above when it fits better, shifted into view. */
export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}
export interface Placement {
  top: number;
  left: number;
  side: 'below' | 'above';
  maxHeight: number;
}

export function placePopover(
  anchor: Rect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = 8,
  gap = 6,
): Placement {
  const below = viewport.height - anchor.bottom - gap - margin;
  const above = anchor.top - gap - margin;
  // Flip only when it does not fit below and there is more room above.
  const side = size.height <= below || below >= above ? 'below' : 'above';
  const room = Math.max(120, side === 'below' ? below : above);
  const height = Math.min(size.height, room);
  const top = side === 'below' ? anchor.bottom + gap : anchor.top - gap - height;
  const maxLeft = viewport.width - size.width - margin;
  const left = Math.max(margin, Math.min(anchor.left, maxLeft));
  return {
    top: Math.max(margin, Math.min(top, viewport.height - margin - height)),
    left,
    side,
    maxHeight: room,
  };
}
