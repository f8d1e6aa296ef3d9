/** A prediction-market event: the shared OddsCard and a history chart with a 1m/1h/1d switch. */
import { useState } from 'preact/hooks';
import { formatOdds } from '../../lib/format';
import type { OddsHistoryView, OddsView } from '../../lib/views';
import type { Loadable } from '../shared/Loadable';
import { OddsCard } from '../shared/OddsCard';
import { useAsk } from './ask';
import { LineChart } from './Chart';
import { ErrorState, Loading } from './states';
import { Tabs } from './Tabs';
import { useAsync } from './useAsync';

const INTERVALS = ['1m', '1h', '1d'] as const;
type Interval = (typeof INTERVALS)[number];
const INTERVAL_TABS = INTERVALS.map((i) => [i, i] as const);
const oddsFormat = (v: number | null) => formatOdds(v);

function OddsHistory({ exchange, id }: { exchange: 'polymarket'; id: string }) {
  const ask = useAsk();
  const [interval, setInterval] = useState<Interval>('1h');
  const [state, retry] = useAsync(() => ask('candles', { exchange, id, interval }), [exchange, id, interval]);
  return (
    <section class="history" aria-label="Odds history">
      <Tabs
        legend="Chart interval"
        options={INTERVAL_TABS}
        value={interval}
        onPick={setInterval}
        testId="interval"
      />
      {state.status === 'loading' && <Loading label="Loading chart" />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={retry} />}
      {state.status === 'ok' && (
        <LineChart series={state.value.series} label="Odds history" format={oddsFormat} testId="odds-chart" />
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
        <OddsHistory exchange={exchange} id={event.eventId ?? event.requestedId} />
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
