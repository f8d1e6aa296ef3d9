import { formatMoney, formatNumber, formatPercent, trend, truncateText } from '../../lib/format';
import type { OrderView, PnlState, WalletView } from '../../lib/views';
import { AddressLabel, explorerUrl } from './AddressLabel';
import { ErrorLine } from './ErrorLine';
import { ExternalLink } from './ExternalLink';
import { OrderRow } from './OrderRow';
import { StaleNote } from './StaleNote';
import { Stat } from './Stat';
import { SafeText } from './Text';

export interface WalletCardProps {
  view: WalletView;
  now: number;
  /** fallback when the PnL carries no currency */
  currency?: string;
  /** orders shown before "see all" */
  maxOrders?: number;
  /** opens the lookup tab on an extension page (watching and full order lists live there) */
  onOpenLookup?: (input: string) => void;
}

function PnlSection({ pnl, currency }: { pnl: PnlState; currency: string }) {
  if (pnl.state === 'queued') return <p class="ol-sub">Indexing this wallet's PnL, try again shortly.</p>;
  if (pnl.state === 'none') return <p class="ol-sub">No PnL for this wallet.</p>;
  if (pnl.state === 'error') return <ErrorLine error={pnl.error} />;
  const p = pnl.pnl;
  const cur = p.currency || currency;
  const money = (n: number | null) => formatMoney(n, cur, { sign: true });
  return (
    <div class="ol-grid" data-section="pnl">
      <Stat label="Realized" cls={trend(p.realized)}>
        {money(p.realized)}
      </Stat>
      <Stat label="Unrealized" cls={trend(p.unrealized)}>
        {money(p.unrealized)}
      </Stat>
      <Stat label="Total" cls={trend(p.total)}>
        {money(p.total)}
      </Stat>
      <Stat label="ROI" cls={trend(p.roi)}>
        {formatPercent(p.roi, { sign: true })}
      </Stat>
      <Stat label="Win rate">{formatPercent(p.winRate)}</Stat>
      <Stat label="Trades">
        {formatNumber(p.trades, { compact: true })}
        <span class="ol-sub">
          {' '}
          {formatNumber(p.buys, { compact: true })}B/{formatNumber(p.sells, { compact: true })}S
        </span>
      </Stat>
    </div>
  );
}

/** Wallet popover: identity, PnL summary, DCA summary and orders, and the way to the lookup tab. */
export function WalletCard({ view, now, currency = 'usd', maxOrders = 4, onOpenLookup }: WalletCardProps) {
  const id = view.identity;
  const name = id?.name || id?.domain || null;
  const orders = activeFirst(view.orders?.orders ?? []);
  const total = view.summary?.total ?? view.orders?.total ?? orders.length;
  const handle = id?.twitter && /^@?\w{1,15}$/.test(id.twitter) ? id.twitter.replace(/^@/, '') : null;
  return (
    <section class="ol-card" data-card="wallet">
      <div class="ol-line">
        <div>
          {name ? <SafeText class="ol-title" text={name} max={28} /> : <span class="ol-title">Wallet</span>}
          <div class="ol-sub">
            <AddressLabel address={view.address} />
            {id?.domain && name !== id.domain && <span> · {truncateText(id.domain, 24)}</span>}
            {handle && (
              <span>
                {' · '}
                <ExternalLink href={`https://x.com/${handle}`}>@{handle}</ExternalLink>
              </span>
            )}
          </div>
        </div>
        <ExternalLink href={explorerUrl(view.address)} label="Open in Solscan">
          Solscan ↗
        </ExternalLink>
      </div>
      {id && id.tags.length > 0 && (
        <div>
          {id.tags.slice(0, 4).map((t) => (
            <span key={t} class="ol-chip">
              {truncateText(t, 16)}
            </span>
          ))}
        </div>
      )}
      <h3 class="ol-h">Profit and loss</h3>
      <StaleNote asOf={view.pnl.state === 'ready' ? view.pnl.asOf : 0} now={now} />
      <PnlSection pnl={view.pnl} currency={currency} />
      <h3 class="ol-h">DCA orders</h3>
      <StaleNote asOf={view.dcaAsOf} now={now} />
      {view.dcaError && <ErrorLine error={view.dcaError} />}
      {view.summary && (
        <p class="ol-sub" data-section="dca-summary">
          {view.summary.active} active · {view.summary.paused} paused · {view.summary.pending} pending ·{' '}
          {view.summary.completed} completed
          {otherCount(view.summary) > 0 && ` · ${otherCount(view.summary)} other`}
        </p>
      )}
      {!view.dcaError && orders.length === 0 && <p class="ol-sub">No DCA orders.</p>}
      {orders.length > 0 && (
        <ul class="ol-list">
          {orders.slice(0, maxOrders).map((o) => (
            <OrderRow key={o.address} order={o} now={now} />
          ))}
        </ul>
      )}
      <div class="ol-actions">
        {onOpenLookup && (total > maxOrders || view.orders?.hasMore) ? (
          <button type="button" class="ol-link" onClick={() => onOpenLookup(view.address)}>
            See all {formatNumber(total)} orders
          </button>
        ) : (
          <span />
        )}
        {onOpenLookup && (
          <button type="button" class="ol-btn" onClick={() => onOpenLookup(view.address)}>
            {/* both open the lookup page (where watching is changed): the name says so */}
            {view.watched ? 'Watching ✓ · Open' : 'Open in Onchain Lens'}
          </button>
        )}
      </div>
    </section>
  );
}

const STATUS_RANK: Record<string, number> = { active: 0, pending: 1, paused: 2, completed: 3 };

/**
 * Orders the total counts in no status the spec lists (a state the service added: `cancelled`...):
 * shown as "n other" so the counts add up to the orders the wallet has.
 */
function otherCount(s: NonNullable<WalletView['summary']>): number {
  return Math.max(0, s.total - s.active - s.paused - s.pending - s.completed);
}

/**
 * The few orders a card has room for: running ones first (what a trader hovers a wallet for), in
 * the API's order within each status (sort is stable); an unknown status goes after the known ones.
 */
function activeFirst(orders: readonly OrderView[]): OrderView[] {
  const rank = (o: OrderView) => STATUS_RANK[o.status] ?? 4;
  return [...orders].sort((a, b) => rank(a) - rank(b));
}
