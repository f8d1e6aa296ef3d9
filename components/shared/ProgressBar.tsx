import { formatProgress, isNum } from '../../lib/format';

/**
 * Horizontal bar for 0..100 percent; `mini` is the 28px variant that fits inside a badge. `text` is
 * what a screen reader announces when the caller shows the value in its own words (odds: "56%", "<1%").
 */
export function ProgressBar({
  percent,
  label,
  mini,
  text,
}: {
  percent: number | null | undefined;
  label?: string;
  mini?: boolean;
  text?: string;
}) {
  const value = isNum(percent) ? Math.min(100, Math.max(0, percent)) : 0;
  return (
    <span
      class={mini ? 'ol-mini' : 'ol-bar'}
      role="progressbar"
      aria-label={label ?? 'Progress'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      aria-valuetext={text ?? formatProgress(percent)}
    >
      <i style={{ width: `${value}%` }} />
    </span>
  );
}
