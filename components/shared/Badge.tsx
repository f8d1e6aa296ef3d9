import { type BadgeData, type BadgeFace, describeBadge } from './badgeFace';
import { ProgressBar } from './ProgressBar';

export type BadgeProps = BadgeData & {
  currency?: string;
  expanded?: boolean;
  /** click, Enter or Space: open the popover */
  onActivate?: () => void;
  onHoverStart?: () => void;
  onHoverEnd?: () => void;
  /** describeBadge(props) when the caller has computed it already (the overlay mirrors it on the host) */
  face?: BadgeFace;
};

/** The inline pill next to an address or market link. */
export function Badge(props: BadgeProps) {
  const f = props.face ?? describeBadge(props, props.currency);
  const loading = f.state === 'loading';

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
      {/* (the dot shows only after 150 ms, by the stylesheet: a fast answer never flashes a loader,
          and the badge keeps its size meanwhile) */}
      {loading ? (
        <span class="ol-dot" aria-hidden="true" />
      ) : (
        f.parts.map((p, i) => (
          <span key={i} class={p.cls}>
            {p.text}
          </span>
        ))
      )}
      {f.progress != null && <ProgressBar mini percent={f.progress} />}
    </button>
  );
}
