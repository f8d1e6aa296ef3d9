/**
 * A prediction-market event: the shared OddsCard and a history chart with a candle-size switch
 * (1m/1h/1d). The chart's lines come in the order of the card's outcome list, each in the colour
 * theme.css gives that outcome's row.
 */
import { useMemo } from 'preact/hooks';
import { formatOdds } from '../../lib/format';
import type { OddsHistoryView, OddsView } from '../../lib/views';
import type { Loadable } from '../shared/Loadable';
import { OddsCard } from '../shared/OddsCard';
import { useAsk } from './ask';
import { LineChart, NEUTRAL_TONE, SERIES_TONES } from './Chart';
import type { ChartSeries } from './chartData';
import { ErrorState, Loading } from './states';
import { Tabs } from './Tabs';
import { useRemembered, useRememberedAsync } from './viewMemory';

type Interval = '1m' | '1h' | '1d';
/** Candle sizes, not ranges: "1m" is a minute, never a month (the label "Candles:" says so too). */
const INTERVAL_TABS = [
  ['1m', '1m', '1-minute candles'],
  ['1h', '1h', '1-hour candles'],
  ['1d', '1d', '1-day candles'],
] as const satisfies readonly (readonly [Interval, string, string])[];
const oddsFormat = (v: number | null) => formatOdds(v);

const labelKey = (label: string) => label.trim().toLowerCase();

/**
 * The series in the order of the outcome list above the chart, each toned with its outcome's place
 * and named as its row; `row` says which row's bar theme.css colours as that line (only a row whose
 * line is drawn is tinted). A series is matched to its outcome by label (a group's markets), the
 * k-th series of a label to the k-th row of that label (two outcomes named alike); a single
 * market's one series is its Yes price (the API normalizes candles to the Yes token). Series with
 * no outcome follow, in their own order, each in a tone no matched row uses: the tones past the
 * list first, then those of rows with no line, then (all twelve taken) a neutral grey.
 */
export function seriesInListOrder(
  series: ChartSeries[],
  outcomes: readonly { label: string }[],
): ChartSeries[] {
  const rows = new Map<string, number[]>();
  outcomes.forEach((o, i) => {
    const key = labelKey(o.label);
    rows.set(key, [...(rows.get(key) ?? []), i]);
  });
  // each row takes one line: a second series named as a single row is no longer that row's line
  const placed = series.map((s, i) => ({ s, i, at: rows.get(labelKey(s.label))?.shift() }));
  const yes = outcomes.findIndex((o) => labelKey(o.label) === 'yes');
  if (placed.length === 1 && placed[0]!.at === undefined && yes >= 0) placed[0]!.at = yes;
  placed.sort((a, b) => (a.at ?? outcomes.length + a.i) - (b.at ?? outcomes.length + b.i));
  const used = new Set(placed.flatMap(({ at }) => (at === undefined ? [] : [at % SERIES_TONES])));
  const spare = Array.from({ length: SERIES_TONES }, (_, j) => (outcomes.length + j) % SERIES_TONES).filter(
    (t) => !used.has(t),
  );
  return placed.map(({ s, at }) =>
    at !== undefined
      ? { ...s, label: outcomes[at]!.label, tone: at, row: at }
      : { ...s, tone: spare.shift() ?? NEUTRAL_TONE },
  );
}

function OddsHistory({
  exchange,
  id,
  outcomes,
}: {
  exchange: 'polymarket';
  id: string;
  outcomes: OddsView['outcomes'];
}) {
  const ask = useAsk();
  const [interval, setInterval] = useRemembered<Interval>('odds interval', '1h');
  const [state, retry, autoRetry] = useRememberedAsync(
    'odds history',
    () => ask('candles', { exchange, id, interval }),
    [exchange, id, interval],
  );
  // one array per answer: a new one on every render would rebuild the plot on every render
  const raw = state.status === 'ok' ? state.value.series : null;
  const series = useMemo(() => (raw ? seriesInListOrder(raw, outcomes) : []), [raw, outcomes]);
  return (
    <section class="history" aria-label="Odds history">
      <Tabs
        legend="Candle size"
        label="Candles:"
        options={INTERVAL_TABS}
        value={interval}
        onPick={setInterval}
        testId="interval"
      />
      {state.status === 'loading' && <Loading label="Loading chart" />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={retry} autoRetry={autoRetry} />}
      {state.status === 'ok' && (
        <LineChart series={series} label="Odds history" format={oddsFormat} testId="odds-chart" />
      )}
    </section>
  );
}

const NO_SPARK: Loadable<OddsHistoryView> = { status: 'ready', value: { series: [] } };

export function EventResult({ event }: { event: OddsView }) {
  const exchange = event.exchange === 'kalshi' ? 'kalshi' : 'polymarket';
  return (
    <article class="view view-event" data-testid="view-event">
      {/* the card's 7-day sparkline is left out: the interval chart below replaces it */}
      <OddsCard odds={event} history={NO_SPARK} now={Date.now()} />
      {event.found && exchange === 'polymarket' && (
        <OddsHistory exchange={exchange} id={event.eventId ?? event.requestedId} outcomes={event.outcomes} />
      )}
      {event.found && exchange === 'kalshi' && (
        // the service has candlesticks for Polymarket only: no interval switch that can only say "no data"
        <p class="muted small" data-testid="odds-history-unavailable">
          Odds history is available for Polymarket events only.
        </p>
      )}
    </article>
  );
}
