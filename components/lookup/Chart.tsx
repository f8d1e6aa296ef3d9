/**
 * A uPlot line chart. uPlot draws on a canvas, so a text summary (first and last value, point count)
 * is always rendered beside it for screen readers, for tests, and for when the canvas cannot be made.
 */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { alignSeries, type ChartSeries } from './chartData';
import { useSettings } from './settingsContext';

const COLORS = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444'];
/** The page's sans-serif at the small text size (the canvas default is a 10px serif). */
const AXIS_FONT = '11px system-ui, -apple-system, "Segoe UI", sans-serif';
const CHAR_PX = 7; // a generous average width of an 11px digit or symbol

/** Width of the value axis for its tick labels: room for the longest one plus the tick gap. */
export function axisSize(values: readonly string[] | null | undefined): number {
  const longest = Math.max(0, ...(values ?? []).map((v) => v.length));
  return Math.min(120, Math.max(40, longest * CHAR_PX + 18));
}

/** uPlot needs a 2D canvas; without one (a locked-down engine, a test DOM) only the summary shows. */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

export function LineChart({
  series,
  label,
  height = 140,
  format,
  testId = 'chart',
}: {
  series: ChartSeries[];
  label: string;
  height?: number;
  format: (v: number | null) => string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const data = useMemo(() => alignSeries(series), [series]);
  const count = data[0].length;
  // the plot is rebuilt only when the data changes; a new format function alone does not rebuild it
  const formatRef = useRef(format);
  formatRef.current = format;
  const { theme } = useSettings();

  // rebuilt for a new theme too: the axes' colours are read from the page when the plot is built
  useEffect(() => {
    const el = box.current;
    if (!el || count < 2 || !canDraw()) return;
    // A canvas resolves 'currentColor' once, often to black: the axes take the page's own colours.
    const style = getComputedStyle(el);
    const ink = style.getPropertyValue('--muted').trim() || style.color;
    const line = style.getPropertyValue('--line').trim() || 'rgba(128,128,128,.25)';
    const axis = {
      stroke: ink,
      font: AXIS_FONT,
      grid: { stroke: line, width: 1 },
      ticks: { stroke: line, width: 1 },
    };
    let plot: uPlot | null = null;
    try {
      plot = new uPlot(
        {
          width: Math.max(200, el.clientWidth || 340),
          height,
          // labels only (no '--' values until hovered): the chart is read by its lines and axes
          legend: { show: series.length > 1, live: false },
          scales: { x: { time: true } },
          axes: [
            axis,
            {
              ...axis,
              // as wide as the longest label ("$0.0000338"), so no label loses its first characters
              size: (_u, values) => axisSize(values),
              values: (_u, v) => v.map((x) => formatRef.current(x)),
            },
          ],
          series: [
            {},
            ...series.map((s, i) => ({
              label: s.label,
              stroke: COLORS[i % COLORS.length],
              width: 1.5,
              spanGaps: true,
              value: (_u: uPlot, v: number | null) => formatRef.current(v),
            })),
          ],
        },
        data as uPlot.AlignedData,
        el,
      );
    } catch {
      // the chart is an extra: when it cannot be drawn the text summary below still tells the story
      plot = null;
    }
    const resize =
      typeof ResizeObserver === 'function' && plot
        ? new ResizeObserver(() => plot?.setSize({ width: Math.max(200, el.clientWidth), height }))
        : null;
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      plot?.destroy();
    };
  }, [data, count, height, series, theme]);

  if (count === 0) {
    return (
      <p class="state state-empty" data-testid={`${testId}-empty`}>
        No chart data.
      </p>
    );
  }
  const summary = series.map((s, i) => {
    const ys = (data[i + 1] ?? []).filter((v): v is number => v !== null);
    return `${s.label}: ${format(ys[0] ?? null)} → ${format(ys.at(-1) ?? null)}`;
  });
  return (
    <figure class="chart" data-testid={testId}>
      <div ref={box} role="img" aria-label={`${label}, ${count} points`} />
      <figcaption class="muted small" data-testid={`${testId}-summary`}>
        {summary.join(' · ')}
      </figcaption>
    </figure>
  );
}
