/** Pure shaping of series for uPlot, which wants one shared x array (seconds) and aligned y arrays. */

export interface ChartSeries {
  label: string;
  points: { t: number; p: number }[];
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

/** Close prices of `chart` points as one series. */
export function closeSeries(points: { t: number; c: number }[], label = 'Price'): ChartSeries {
  return { label, points: points.map((pt) => ({ t: pt.t, p: pt.c })) };
}
