import { formatAgo, formatNumber, formatUsd, truncateText } from '../../lib/format';
import type { FillView, TokenView } from '../../lib/views';
import { AddressLabel, explorerUrl } from './AddressLabel';
import { ErrorLine } from './ErrorLine';
import { TokenLogo } from './ExternalLink';
import { StaleNote } from './StaleNote';
import { Stat } from './Stat';
import { SafeText } from './Text';

export interface TokenCardProps {
  view: TokenView;
  /** newest first; live fills arrive while the popover is open */
  fills: readonly FillView[];
  now: number;
  /** live: fills stream in; off: no subscription (e.g. plan without live data) */
  live?: 'live' | 'connecting' | 'off';
  liveNote?: string | null;
  /** 0 leaves the fills section out: the lookup page has no fills feed, and "No fills yet." would be false */
  maxFills?: number;
}

/**
 * Buyers' share of the flow and what it is of: by USD when both sides have it, otherwise by count
 * (the label says which: beside "42 buyers, 32 sellers" a USD share of 48% reads as an error).
 */
export function buyerShare(view: TokenView['flow']): { share: number; by: 'USD' | 'count' } | null {
  const { buyers, sellers } = view;
  if (buyers.volumeUsd != null && sellers.volumeUsd != null && buyers.volumeUsd + sellers.volumeUsd > 0)
    return { share: buyers.volumeUsd / (buyers.volumeUsd + sellers.volumeUsd), by: 'USD' };
  const n = buyers.count + sellers.count;
  return n > 0 ? { share: buyers.count / n, by: 'count' } : null;
}

function FillRow({ fill, now }: { fill: FillView; now: number }) {
  // An amount the event could not give (its token's decimals unknown) is left out, not dashed.
  const side = (amount: number | null, symbol: string | null) =>
    `${amount == null ? '' : formatNumber(amount, { compact: true })} ${truncateText(symbol ?? '', 10)}`.trim() ||
    '?';
  return (
    <li class="ol-line" data-fill={fill.id}>
      <span>
        {side(fill.inAmount, fill.inSymbol)} → {side(fill.outAmount, fill.outSymbol)}
      </span>
      <span class="ol-sub">
        {fill.usd != null && `${formatUsd(fill.usd)} · `}
        {formatAgo(fill.timestamp, now)}
      </span>
    </li>
  );
}

/** Token popover: DCA flow with a ratio bar, top DCA users, latest fills, price. */
export function TokenCard({ view, fills, now, live = 'off', liveNote, maxFills = 8 }: TokenCardProps) {
  const { flow } = view;
  const token = flow.token;
  const split = buyerShare(flow);
  const share = split?.share ?? null;
  const symbol = token?.symbol || 'Token';
  return (
    <section class="ol-card" data-card="token">
      <div class="ol-line">
        <div class="ol-line">
          <TokenLogo src={token?.image} alt="" fallback={token?.symbol || token?.name} />
          <div>
            <SafeText class="ol-title" text={symbol} max={16} />
            {/* the mint under the name: a ticker (even with its name) is no proof of which token it is */}
            <div class="ol-sub">
              {token?.name && (
                <>
                  <SafeText text={token.name} max={28} />
                  <br />
                </>
              )}
              <AddressLabel address={flow.mint} href={explorerUrl(flow.mint)} />
            </div>
          </div>
        </div>
        <Stat label="Price">{formatUsd(view.priceUsd ?? token?.priceUsd ?? null)}</Stat>
      </div>
      <StaleNote asOf={view.asOf} now={now} />
      {/* name and price failed to load (said once: the users' line below says it when both failed) */}
      {view.metaError && !view.usersError && <ErrorLine error={view.metaError} />}
      <h3 class="ol-h">DCA flow</h3>
      <div class="ol-grid" data-section="flow">
        <Stat label="Buyers" cls="up">
          {formatNumber(flow.buyers.count)} · {formatUsd(flow.buyers.volumeUsd)}
        </Stat>
        <Stat label="Sellers" cls="down">
          {formatNumber(flow.sellers.count)} · {formatUsd(flow.sellers.volumeUsd)}
        </Stat>
        <Stat label={`Buy share (${split?.by ?? 'USD'})`}>
          {share == null ? '—' : `${Math.round(share * 100)}%`}
        </Stat>
      </div>
      {share != null && (
        <div
          class="ol-ratio"
          role="img"
          aria-label={`Buyers ${Math.round(share * 100)}%, sellers ${100 - Math.round(share * 100)}%`}
        >
          <span class="b" style={{ width: `${share * 100}%` }} />
          <span class="s" style={{ width: `${(1 - share) * 100}%` }} />
        </div>
      )}
      <h3 class="ol-h">Top DCA users</h3>
      {view.usersError ? (
        <ErrorLine error={view.usersError} />
      ) : !view.topUsers?.length ? (
        <p class="ol-sub">No DCA users yet.</p>
      ) : (
        <ul class="ol-list">
          {view.topUsers.slice(0, 5).map((u) => (
            <li key={u.wallet} class="ol-line">
              <AddressLabel address={u.wallet} href={explorerUrl(u.wallet)} lookup />
              <span class="ol-sub">
                {u.orderCount} {u.orderCount === 1 ? 'order' : 'orders'} · {formatUsd(u.volumeUsd)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {maxFills > 0 && (
        <>
          <h3 class="ol-h">Latest fills{live === 'live' && <span class="up"> · live</span>}</h3>
          {liveNote && <p class="ol-sub">{liveNote}</p>}
          {fills.length === 0 ? (
            <p class="ol-sub">{live === 'live' ? 'Waiting for fills…' : 'No fills yet.'}</p>
          ) : (
            <ul class="ol-list" data-section="fills">
              {fills.slice(0, maxFills).map((f) => (
                <FillRow key={f.id} fill={f} now={now} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
