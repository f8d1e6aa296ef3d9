import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export interface PopoverProps {
  /** accessible name of the dialog */
  label: string;
  onClose: () => void;
  /** move focus into the dialog (keyboard opening), not on hover */
  focusOnOpen?: boolean;
  children: ComponentChildren;
}

/**
 * The popover shell: a labelled, non-modal dialog with a close button. Placement, the one-at-a-time
 * rule, click-away and the page-level Esc live in the overlay runtime (lib/overlay/popover.ts), which
 * can see the page; the shell handles Esc while focus is inside it.
 */
export function Popover({ label, onClose, focusOnOpen, children }: PopoverProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnOpen) ref.current?.focus();
  }, [focusOnOpen]);
  return (
    <div
      ref={ref}
      class="ol-pop"
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div class="ol-pop-head">
        <span class="ol-sub">Onchain Lens · read-only</span>
        <button type="button" class="ol-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </div>
  );
}
