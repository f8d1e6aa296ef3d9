/** Pure shaping of series for uPlot, which wants one shared x array (seconds) and aligned y arrays. */

export interface ChartSeries {
  label: string;
  points: { t: number; p: number }[];
  /**
   * Which of the palette's colours draws it (0-based, `--series-1` is 0, `'neutral'` is
   * `--series-neutral`, a grey); the series' place by default. The event view gives each outcome's
   * line the colour of that outcome's row.
   */
  tone?: number | 'neutral';
  /**
   * The event view's outcome row (0-based) this line draws: theme.css colours that row's bar as the
   * line while the line is in the chart. None for a line no row names.
   */
  row?: number;
}

export type AlignedData = [number[], ...(number | null)[][]];

/** Unix seconds from a ms-or-s timestamp (the background sends ms; older caches may hold s). */
const toSeconds = (t: number) => (t > 1e12 ? Math.round(t / 1000) : t);

/** Union of every series' timestamps, sorted; a series without a point at a time gets null there. */
export function alignSeries(series: ChartSeries[]): AlignedData {
  const xs = new Set<number>();
  for (const s of series)
    for (const pt of s.points) if (Number.isFinite(pt.t) && Number.isFinite(pt.p)) xs.add(toSeconds(pt.t));
  const x = [...xs].sort((a, b) => a - b);
  const index = new Map(x.map((t, i) => [t, i]));
  const ys = series.map((s) => {
    const y: (number | null)[] = new Array(x.length).fill(null);
    for (const pt of s.points) {
      if (!Number.isFinite(pt.t) || !Number.isFinite(pt.p)) continue;
      const i = index.get(toSeconds(pt.t));
      if (i !== undefined) y[i] = pt.p;
    }
    return y;
  });
  return [x, ...ys];
}

/**
 * How long the chart's x values (Unix seconds, sorted) cover, in a trader's words: "45 min",
 * "6 h", "24 h", "7 days". Null with fewer than two points.
 */
export function spanText(xs: readonly number[]): string | null {
  if (xs.length < 2) return null;
  const s = xs[xs.length - 1]! - xs[0]!;
  if (!(s > 0)) return null;
  if (s < 90 * 60) return `${Math.max(1, Math.round(s / 60))} min`;
  if (s < 48 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}

/** Close prices of `chart` points as one series. */
export function closeSeries(points: { t: number; c: number }[], label = 'Price'): ChartSeries {
  return { label, points: points.map((pt) => ({ t: pt.t, p: pt.c })) };
}
