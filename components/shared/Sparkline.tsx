/** A tiny inline SVG line of a price series (no chart library: the content script stays small). */
export interface SparklineProps {
  points: readonly { t: number; p: number }[];
  width?: number;
  height?: number;
  /** fixed value range (odds use 0..1); defaults to the data's own range */
  min?: number;
  max?: number;
  label: string;
}

/**
 * The odds range to draw `points` on: theirs, widened to 10 points at least and kept within 0..1.
 * On the whole 0..1 scale a week's move of a few points is a flat line; on the data's bare range
 * one point of noise would fill the box like a crash.
 */
export function oddsRange(points: SparklineProps['points']): [number, number] {
  const ps = points.map((pt) => pt.p).filter(Number.isFinite);
  const mid = (Math.min(...ps) + Math.max(...ps)) / 2;
  const half = Math.min(0.5, Math.max(0.05, (Math.max(...ps) - Math.min(...ps)) / 2 + 0.01));
  const lo = Math.min(1 - 2 * half, Math.max(0, mid - half));
  return [lo, lo + 2 * half];
}

export function sparkPath(
  points: SparklineProps['points'],
  width: number,
  height: number,
  min?: number,
  max?: number,
): string {
  const clean = points.filter((pt) => Number.isFinite(pt.t) && Number.isFinite(pt.p));
  if (clean.length < 2) return '';
  const sorted = [...clean].sort((a, b) => a.t - b.t);
  const t0 = sorted[0]!.t;
  const t1 = sorted[sorted.length - 1]!.t;
  const lo = min ?? Math.min(...sorted.map((pt) => pt.p));
  const hi = max ?? Math.max(...sorted.map((pt) => pt.p));
  const span = hi - lo || 1;
  const x = (t: number) => (t1 === t0 ? 0 : ((t - t0) / (t1 - t0)) * width);
  const y = (p: number) => height - 1 - ((Math.min(hi, Math.max(lo, p)) - lo) / span) * (height - 2);
  return sorted.map((pt, i) => `${i ? 'L' : 'M'}${x(pt.t).toFixed(1)} ${y(pt.p).toFixed(1)}`).join('');
}

export function Sparkline({ points, width = 160, height = 32, min, max, label }: SparklineProps) {
  const d = sparkPath(points, width, height, min, max);
  if (!d) return <span class="ol-sub">No price history yet</span>;
  return (
    <svg
      class="ol-spark"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <path d={d} />
    </svg>
  );
}
