/**
 * A prediction-market event: the shared OddsCard and a history chart with a candle-size switch
 * (1m/1h/1d). The chart's lines come in the order of the card's outcome list, each in the colour
 * theme.css gives that outcome's row.
 */
import { useMemo, useState } from 'preact/hooks';
import { formatOdds } from '../../lib/format';
import type { OddsHistoryView, OddsView } from '../../lib/views';
import type { Loadable } from '../shared/Loadable';
import { OddsCard } from '../shared/OddsCard';
import { useAsk } from './ask';
import { LineChart } from './Chart';
import type { ChartSeries } from './chartData';
import { ErrorState, Loading } from './states';
import { Tabs } from './Tabs';
import { useAsync } from './useAsync';

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
 * (theme.css colours that row's bar the same) and named as its row. A series is matched to its
 * outcome by label (a group's markets); a single market's one series is its Yes price (the API
 * normalizes candles to the Yes token). Series with no outcome follow, in their own order.
 */
export function seriesInListOrder(
  series: ChartSeries[],
  outcomes: readonly { label: string }[],
): ChartSeries[] {
  const index = new Map<string, number>();
  outcomes.forEach((o, i) => {
    if (!index.has(labelKey(o.label))) index.set(labelKey(o.label), i);
  });
  const yes = outcomes.findIndex((o) => labelKey(o.label) === 'yes');
  const placed = series.map((s, i) => {
    let at = index.get(labelKey(s.label));
    if (at === undefined && series.length === 1 && yes >= 0) at = yes;
    return { s, i, at };
  });
  placed.sort((a, b) => (a.at ?? outcomes.length + a.i) - (b.at ?? outcomes.length + b.i));
  let next = outcomes.length;
  const taken = new Set<number>();
  return placed.map(({ s, at }) => {
    // two series named alike: the second is no longer that row's line
    if (at !== undefined && !taken.has(at)) {
      taken.add(at);
      return { ...s, label: outcomes[at]!.label, tone: at };
    }
    return { ...s, tone: next++ };
  });
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
  const [interval, setInterval] = useState<Interval>('1h');
  const [state, retry] = useAsync(() => ask('candles', { exchange, id, interval }), [exchange, id, interval]);
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
      {state.status === 'error' && <ErrorState error={state.error} onRetry={retry} />}
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
