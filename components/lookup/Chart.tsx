/**
 * A uPlot line chart. uPlot draws on a canvas, so a text summary (the period it covers, first and
 * last value) is always rendered beside it for screen readers, for tests, and for when the canvas
 * cannot be made. With more than one series that summary is the legend too: a colour swatch per
 * series, in the order the series come (uPlot's own legend is off, so there is one legend, not two).
 */
import { Fragment } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPercent, truncateText } from '../../lib/format';
import { alignSeries, type ChartSeries, spanText } from './chartData';
import { useSettings } from './settingsContext';

/**
 * The series colours are theme.css's `--series-1` … `--series-12` (the event view's outcome rows use
 * the same ones) and `--series-neutral`, a grey for a line no colour is left for; these stand in
 * where the page has no such properties.
 */
export const SERIES_TONES = 12;
export const NEUTRAL_TONE = 'neutral';
type Tone = number | typeof NEUTRAL_TONE;
const FALLBACK = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444'];
const FALLBACK_NEUTRAL = '#9ca3af';
const toneOf = (s: ChartSeries, i: number): Tone =>
  s.tone === NEUTRAL_TONE ? NEUTRAL_TONE : (s.tone ?? i) % SERIES_TONES;
const toneVar = (tone: Tone) => (tone === NEUTRAL_TONE ? '--series-neutral' : `--series-${tone + 1}`);
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

/** "+0.2%" from `first` to `last`, or null when it cannot be said (no values, a start of 0). */
function changeText(first: number | null, last: number | null): string | null {
  if (first == null || last == null || first === 0) return null;
  return formatPercent(((last - first) / Math.abs(first)) * 100, { sign: true });
}

export function LineChart({
  series,
  label,
  height = 140,
  format,
  change = false,
  testId = 'chart',
}: {
  series: ChartSeries[];
  label: string;
  height?: number;
  format: (v: number | null) => string;
  /** say the change from the first to the last value in % (prices; not odds, already percentages) */
  change?: boolean;
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
    const colorOf = (tone: Tone) =>
      style.getPropertyValue(toneVar(tone)).trim() ||
      (tone === NEUTRAL_TONE ? FALLBACK_NEUTRAL : FALLBACK[tone % FALLBACK.length]!);
    let plot: uPlot | null = null;
    try {
      plot = new uPlot(
        {
          width: Math.max(200, el.clientWidth || 340),
          height,
          // the caption below is the legend: in the series' order, with the period and the values
          legend: { show: false },
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
              stroke: colorOf(toneOf(s, i)),
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
  const span = spanText(data[0]);
  const items = series.map((s, i) => {
    const ys = (data[i + 1] ?? []).filter((v): v is number => v !== null);
    const [first, last] = [ys[0] ?? null, ys.at(-1) ?? null];
    const delta = change ? changeText(first, last) : null;
    return {
      key: `${i}:${s.label}`,
      tone: toneOf(s, i),
      row: s.row,
      name: truncateText(s.label, 24),
      values: `${format(first)} → ${format(last)}${delta ? ` (${delta})` : ''}`,
    };
  });
  const single = items.length === 1 ? items[0] : undefined;
  return (
    <figure class="chart" data-testid={testId}>
      <div ref={box} role="img" aria-label={`${label}${span ? ` over ${span}` : ''}, ${count} points`} />
      {/* each part keeps to one line: a narrow popup wraps between them, never inside one */}
      <figcaption class="muted small" data-testid={`${testId}-summary`}>
        {single ? (
          <span class="chart-item" data-tone={single.tone} data-row={single.row}>
            {single.name}
            {span ? ` over ${span}` : ''}: {single.values}
          </span>
        ) : (
          <>
            {span && <span class="chart-item">Over {span}:</span>}
            {items.map((item, i) => (
              // the space between parts is for text readers; the flex gap spaces them on screen
              <Fragment key={item.key}>
                {(span || i > 0) && ' '}
                <span class="chart-item" data-tone={item.tone} data-row={item.row}>
                  <i class="swatch" aria-hidden="true" style={{ background: `var(${toneVar(item.tone)})` }} />
                  {item.name} {item.values}
                  {i < items.length - 1 ? ',' : ''}
                </span>
              </Fragment>
            ))}
          </>
        )}
      </figcaption>
    </figure>
  );
}
