/**
 * Where the popover goes: beside the badge, on its right, where it fits there (the badges above and
 * below it, a column of wallets a trader runs the pointer down, stay uncovered); else below it,
 * flipped above when that fits better; shifted into view.
 */
export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}
export interface Placement {
  top: number;
  left: number;
  /** Taller than this, it scrolls inside. */
  maxHeight: number;
}

export function placePopover(
  anchor: Rect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = 8,
  gap = 6,
): Placement {
  const inView = (top: number, height: number) =>
    Math.max(margin, Math.min(top, viewport.height - margin - height));
  const tall = viewport.height - 2 * margin;
  if (viewport.width - anchor.right - gap - margin >= size.width)
    return {
      top: inView(anchor.top, Math.min(size.height, tall)),
      left: anchor.right + gap,
      maxHeight: tall,
    };
  const below = viewport.height - anchor.bottom - gap - margin;
  const above = anchor.top - gap - margin;
  // Flip only when it does not fit below and there is more room above.
  const under = size.height <= below || below >= above;
  const room = Math.max(120, under ? below : above);
  const height = Math.min(size.height, room);
  return {
    top: inView(under ? anchor.bottom + gap : anchor.top - gap - height, height),
    left: Math.max(margin, Math.min(anchor.left, viewport.width - size.width - margin)),
    maxHeight: room,
  };
}
