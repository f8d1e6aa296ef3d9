import {
  formatAgo,
  formatDate,
  formatFrequency,
  formatNextCycle,
  formatNumber,
  formatProgress,
  formatTokenAmount,
} from '../../lib/format';
import type { OrderView } from '../../lib/views';
import { AddressLabel, explorerUrl } from './AddressLabel';
import { amountText, StatusChip } from './OrderRow';
import { ProgressBar } from './ProgressBar';
import { StaleNote } from './StaleNote';
import { SafeText } from './Text';

/**
 * An amount with its symbol and USD: exact base units (BigInt + decimals) when the service gave
 * them, else the service's decimal number.
 */
function amount(
  raw: string | null | undefined,
  decimals: number,
  n: number | null,
  symbol: string,
  usd: number | null,
) {
  return amountText(
    raw != null ? formatTokenAmount(raw, decimals) : formatNumber(n, { compact: true }),
    symbol,
    usd,
  );
}

/** "Mar 3, 2025 (5 d ago)"; just the date once the relative time is a date itself. */
function createdText(at: number | null, now: number): string {
  if (at == null) return '—';
  const date = formatDate(at);
  const ago = formatAgo(at, now);
  return ago === date ? date : `${date} (${ago})`;
}

/** The whole DCA order. */
export function OrderCard({ order, now }: { order: OrderView; now: number }) {
  const inSym = order.input.symbol;
  const inDec = order.input.decimals;
  // exact amounts wherever the view has them: compact ones beside exact ones could not be reconciled
  const rows: [string, string][] = [
    ['Deposited', amount(order.rawDeposited, inDec, order.deposited, inSym, order.depositedUsd)],
    ['Used', amount(order.rawUsed, inDec, order.used, inSym, order.usedUsd)],
    ['Remaining', amount(order.rawRemaining, inDec, order.remaining, inSym, order.remainingUsd)],
    [
      'Received',
      amount(
        order.rawReceived,
        order.output.decimals,
        order.received,
        order.output.symbol,
        order.receivedUsd,
      ),
    ],
    ['Per cycle', amount(order.rawPerCycle, inDec, order.perCycle, inSym, order.perCycleUsd)],
    ['Frequency', formatFrequency(order.frequency)],
    ['Next cycle', order.status === 'active' ? formatNextCycle(order.nextCycleAt, now) : '—'],
    ['Created', createdText(order.createdAt, now)],
  ];
  return (
    <section class="ol-card" data-card="order">
      <div class="ol-line">
        <SafeText class="ol-title" text={order.pair} max={28} />
        <StatusChip status={order.status} />
      </div>
      <StaleNote asOf={order.asOf} now={now} />
      <div class="ol-line">
        <ProgressBar percent={order.progressPercent} label="Order progress" />
        <span>{formatProgress(order.progressPercent)}</span>
      </div>
      <dl class="ol-kv">
        {rows.map(([k, v]) => [<dt key={`${k}-k`}>{k}</dt>, <dd key={`${k}-v`}>{v}</dd>])}
      </dl>
      <div class="ol-line ol-sub">
        <span>
          Owner <AddressLabel address={order.owner} href={explorerUrl(order.owner)} />
        </span>
        <span>
          Order <AddressLabel address={order.address} href={explorerUrl(order.address)} />
          {order.v2 && ' · v2'}
        </span>
      </div>
    </section>
  );
}
