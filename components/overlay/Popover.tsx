import type { ComponentChildren } from 'preact';

export interface PopoverProps {
  /** accessible name of the dialog */
  label: string;
  onClose: () => void;
  busy?: boolean;
  children: ComponentChildren;
}

/**
 * The popover shell: a labelled, non-modal dialog with a close button. Placement, the one-at-a-time
 * rule, click-away and the page-level Esc live in the overlay runtime (lib/overlay/popover.ts), which
 * can see the page; the shell handles Esc while focus is inside it, and Tab past its last control or
 * Shift+Tab before its first one (closing, focus back on the badge). Keys stay away from the page.
 */
export function Popover({ label, onClose, busy, children }: PopoverProps) {
  return (
    <div
      class="ol-pop"
      role="dialog"
      aria-label={label}
      aria-busy={busy}
      tabIndex={-1}
      onKeyDown={(e) => {
        e.stopPropagation();
        const d = e.currentTarget;
        const f = d.querySelectorAll('a[href],button');
        const t = e.target;
        const s = e.shiftKey;
        if (e.key === 'Escape' || (e.key === 'Tab' && (s ? t === f[0] || t === d : t === f[f.length - 1]))) {
          if (s) e.preventDefault();
          onClose();
        }
      }}
    >
      <div class="ol-pop-head">
        {/* (one live region for the whole life of the dialog: a screen reader hears the load end) */}
        <span class="ol-sub" role="status">
          Onchain Lens · {busy ? 'loading…' : 'read-only'}
        </span>
        <button type="button" class="ol-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </div>
  );
}
