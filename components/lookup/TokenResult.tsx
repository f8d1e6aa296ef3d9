/** Token lookup: the shared TokenCard (flow, top users, price), a price chart and buyers/sellers lists. */
import { useMemo } from 'preact/hooks';
import { formatMoney } from '../../lib/format';
import type { Settings } from '../../lib/settings';
import type { TokenView } from '../../lib/views';
import { ExternalLink } from '../shared/ExternalLink';
import { TokenCard } from '../shared/TokenCard';
import { useAsk } from './ask';
import { LineChart } from './Chart';
import { closeSeries } from './chartData';
import { tokenUrl } from './links';
import { OrderList } from './OrderList';
import { useSettings } from './settingsContext';
import { ErrorState, Loading } from './states';
import { Tabs } from './Tabs';
import { useRemembered, useRememberedAsync } from './viewMemory';

const SIDES = [
  ['buyers', 'DCA buyers'],
  ['sellers', 'DCA sellers'],
] as const;

/** The price chart, asked once the page has read the settings: in the currency it is shown in. */
function PriceChart({ mint, quoteUsd }: { mint: string; quoteUsd: number | null }) {
  const { currency, loaded } = useSettings();
  if (loaded.status === 'idle' || loaded.status === 'loading') return <Loading label="Loading chart" />;
  return <PriceChartIn mint={mint} currency={currency} quoteUsd={quoteUsd} />;
}

/**
 * The card's "Price" is the token's latest quote, in USD; the chart's line is candle closes in the
 * chosen currency. Where the two would read differently, each is named, so neither looks wrong.
 */
function priceNote(quoteUsd: number | null, lastClose: number | null, currency: string): string | null {
  if (quoteUsd == null || lastClose == null) return null;
  const unit = currency.toUpperCase();
  if (currency.toLowerCase() !== 'usd')
    return `Price above: latest quote (USD). Chart: candle closes (${unit}).`;
  return formatMoney(quoteUsd, 'usd') === formatMoney(lastClose, 'usd')
    ? null
    : 'Price above: latest quote. Chart: candle closes, so its last value can differ.';
}

function PriceChartIn({
  mint,
  currency,
  quoteUsd,
}: {
  mint: string;
  currency: Settings['currency'];
  quoteUsd: number | null;
}) {
  const ask = useAsk();
  // The API's prices are in USD unless asked otherwise.
  const [state, retry, autoRetry] = useRememberedAsync(
    'price chart',
    () => ask('chart', { token: mint, currency }),
    [mint, currency],
  );
  // one series per answer: a new array on every render would rebuild the plot on every render
  const points = state.status === 'ok' ? state.value.points : null;
  const series = useMemo(() => (points ? [closeSeries(points)] : []), [points]);
  if (state.status === 'loading' || state.status === 'idle') return <Loading label="Loading chart" />;
  if (state.status === 'error')
    return <ErrorState error={state.error} onRetry={retry} autoRetry={autoRetry} />;
  const note = priceNote(quoteUsd, points?.at(-1)?.c ?? null, currency);
  return (
    <>
      <LineChart
        series={series}
        label="Price chart"
        format={(v) => formatMoney(v, currency)}
        change
        testId="price-chart"
      />
      {note && (
        <p class="muted small" data-testid="price-note">
          {note}
        </p>
      )}
    </>
  );
}

export function TokenResult({ mint, token }: { mint: string; token: TokenView }) {
  const ask = useAsk();
  const [side, setSide] = useRemembered<'buyers' | 'sellers'>('order side', 'buyers');
  return (
    <article class="view view-token" data-testid="view-token">
      <TokenCard view={token} fills={[]} now={Date.now()} maxFills={0} />
      <p class="small">
        <ExternalLink href={tokenUrl(mint)}>Solscan ↗</ExternalLink>
      </p>
      <PriceChart mint={mint} quoteUsd={token.priceUsd ?? token.flow.token?.priceUsd ?? null} />
      <Tabs legend="Order side" options={SIDES} value={side} onPick={setSide} testId="side" />
      <OrderList
        key={side}
        label={`DCA ${side}`}
        initial={null}
        fetchPage={(p) => ask('tokenOrders', { mint, side, ...p })}
      />
    </article>
  );
}
