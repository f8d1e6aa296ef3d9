import { useEffect, useState } from 'preact/hooks';
import { type BadgeData, type BadgeFace, describeBadge } from './badgeFace';
import { ProgressBar } from './ProgressBar';

export type BadgeProps = BadgeData & {
  currency?: string;
  expanded?: boolean;
  /** click, Enter or Space: open the popover */
  onActivate?: () => void;
  onHoverStart?: () => void;
  onHoverEnd?: () => void;
  /** a neutral dot appears only after this long, so fast answers never flash a loader */
  loadingDelayMs?: number;
  /** describeBadge(props) when the caller has computed it already (the overlay mirrors it on the host) */
  face?: BadgeFace;
};

/** The inline pill next to an address or market link. */
export function Badge(props: BadgeProps) {
  const f = props.face ?? describeBadge(props, props.currency);
  const [showDot, setShowDot] = useState(false);
  const loading = f.state === 'loading';
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setShowDot(true), props.loadingDelayMs ?? 150);
    return () => clearTimeout(timer);
  }, [loading, props.loadingDelayMs]);

  return (
    <button
      type="button"
      class="ol-badge"
      data-state={f.state}
      data-tint={f.tint}
      title={f.title}
      aria-label={f.label}
      aria-busy={loading ? 'true' : undefined}
      aria-haspopup="dialog"
      aria-expanded={props.expanded ? 'true' : 'false'}
      onClick={(e) => {
        // The host may sit inside the page's own link or clickable row: the badge click is ours.
        e.preventDefault();
        e.stopPropagation();
        props.onActivate?.();
      }}
      // A middle click would open that link in a new tab.
      onAuxClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
      }}
      // Enter and Space open the popover: the page's own shortcuts must not act on them too.
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') e.stopPropagation();
      }}
      onMouseEnter={props.onHoverStart}
      onMouseLeave={props.onHoverEnd}
    >
      {loading
        ? showDot && <span class="ol-dot" aria-hidden="true" />
        : f.parts.map((p, i) => (
            <span key={i} class={p.cls}>
              {p.text}
            </span>
          ))}
      {f.progress != null && <ProgressBar mini percent={f.progress} />}
    </button>
  );
}
