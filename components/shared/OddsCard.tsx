import { formatDate, formatOdds, formatUsd } from '../../lib/format';
import type { OddsHistoryView, OddsView } from '../../lib/views';
import { ErrorLine } from './ErrorLine';
import { ExternalLink } from './ExternalLink';
import type { Loadable } from './Loadable';
import { ProgressBar } from './ProgressBar';
import { oddsRange, Sparkline } from './Sparkline';
import { StaleNote } from './StaleNote';
import { SafeText } from './Text';

const WEEK = 7 * 86_400_000;

/** The series to draw: the leading outcome's, else the first; only its last 7 days. */
export function sparkSeries(odds: OddsView, history: OddsHistoryView, now: number) {
  const series = history.series.find((s) => s.label === odds.leading?.label) ?? history.series[0];
  if (!series) return null;
  const recent = series.points.filter((p) => p.t >= now - WEEK);
  const points = (recent.length >= 2 ? recent : series.points).filter(
    (p) => Number.isFinite(p.p) && Number.isFinite(p.t),
  );
  // The line's own scale (oddsRange) and, in words, where it starts and ends (none: too few points).
  const ordered = [...points].sort((a, b) => a.t - b.t);
  const two = ordered.length >= 2;
  return {
    label: series.label,
    points,
    range: two ? oddsRange(points) : [0, 1],
    ends: two ? [ordered[0]!.p, ordered[ordered.length - 1]!.p] : null,
  };
}

function statusText(odds: OddsView): string {
  if (!odds.closed) return 'Open';
  return (odds.status ?? '').toLowerCase() === 'resolved' ? 'Resolved' : 'Closed';
}

/** Every outcome with its price, volume, end date and a 7-day sparkline. */
export function OddsCard({
  odds,
  history,
  now,
}: {
  odds: OddsView;
  history: Loadable<OddsHistoryView>;
  now: number;
}) {
  if (!odds.found) {
    return (
      <section class="ol-card" data-card="odds">
        <p class="ol-sub">This market was not found on {odds.exchange}.</p>
      </section>
    );
  }
  const spark = history.status === 'ready' ? sparkSeries(odds, history.value, now) : null;
  return (
    <section class="ol-card" data-card="odds">
      <div class="ol-line">
        <SafeText class="ol-title" text={odds.title} max={60} />
        <span class="ol-chip" data-status={odds.closed ? 'completed' : 'active'}>
          {statusText(odds)}
        </span>
      </div>
      <StaleNote asOf={odds.asOf} now={now} />
      <ul class="ol-list" data-section="outcomes">
        {odds.outcomes.map((o, i) => {
          // the bar announces the same odds text as shown: "56%" and "<1%", not its own rounding
          const shown = formatOdds(o.price);
          return (
            <li key={i} class="ol-line">
              <SafeText text={o.label} max={24} />
              <ProgressBar
                percent={o.price == null ? null : o.price * 100}
                label={`${o.label} price`}
                text={shown}
              />
              <b>{shown}</b>
            </li>
          );
        })}
      </ul>
      {history.status === 'error' && <ErrorLine error={history.error} />}
      {history.status === 'loading' && (
        <div class="ol-skel" role="status" aria-label="Loading price history" />
      )}
      {spark && (
        <>
          <Sparkline
            points={spark.points}
            min={spark.range[0]}
            max={spark.range[1]}
            width={300}
            height={36}
            label={`${spark.label}, last 7 days`}
          />
          {spark.ends && (
            <p class="ol-sub">
              <SafeText text={spark.label} max={24} />, 7 days: {formatOdds(spark.ends[0])} →{' '}
              {formatOdds(spark.ends[1])}
            </p>
          )}
        </>
      )}
      <div class="ol-line ol-sub">
        <span>Volume {formatUsd(odds.volume)}</span>
        <span>{odds.endDate != null ? `Ends ${formatDate(odds.endDate)}` : ''}</span>
        <ExternalLink href={odds.url}>{odds.exchange} ↗</ExternalLink>
      </div>
    </section>
  );
}
