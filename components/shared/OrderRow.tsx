import {
  cleanText,
  formatFrequency,
  formatNextCycle,
  formatNumber,
  formatProgress,
  formatUsd,
  truncateText,
} from '../../lib/format';
import type { OrderView } from '../../lib/views';
import { ProgressBar } from './ProgressBar';
import { SafeText } from './Text';

const KNOWN = new Set(['active', 'pending', 'paused', 'completed']);

/**
 * Order status as a coloured chip; an unknown status from the service is shown verbatim (as text),
 * in the neutral colour, its whole text in the tooltip when the chip has to cut it.
 */
export function StatusChip({ status }: { status: string }) {
  if (KNOWN.has(status))
    return (
      <span class="ol-chip" data-status={status}>
        {status}
      </span>
    );
  const full = cleanText(status);
  const shown = truncateText(full, 14);
  return (
    <span class="ol-chip" data-status="other" title={shown === full ? undefined : full}>
      {shown || 'unknown'}
    </span>
  );
}

/**
 * "50 USDC ($50.00)": an amount of a token (formatted by the caller: compact number or exact base
 * units) with its USD value when known; just the USD when the amount is unknown.
 */
export function amountText(value: string, symbol: string, usd: number | null): string {
  if (value === '—') return usd == null ? value : formatUsd(usd);
  const text = `${value} ${truncateText(symbol, 10)}`;
  return usd == null ? text : `${text} (${formatUsd(usd)})`;
}

/** One DCA order in a list: pair, status, progress, per cycle, frequency, next cycle. */
export function OrderRow({ order, now }: { order: OrderView; now: number }) {
  const when =
    order.status === 'active' && order.nextCycleAt != null ? formatNextCycle(order.nextCycleAt, now) : null;
  // "next in 12 min", "next cycle due", "overdue 7 min": short enough for the row's right side.
  const next = when === 'due now' ? 'next cycle due' : when?.startsWith('in ') ? `next ${when}` : when;
  const cycle = `${amountText(formatNumber(order.perCycle, { compact: true }), order.input.symbol, order.perCycleUsd)} ${formatFrequency(order.frequency)}`;
  return (
    <li class="ol-row" data-order={order.address}>
      <div class="ol-line">
        <SafeText class="ol-title" text={order.pair} max={28} />
        <StatusChip status={order.status} />
      </div>
      <div class="ol-line">
        <ProgressBar percent={order.progressPercent} label={`${order.pair} progress`} />
        <span>{formatProgress(order.progressPercent)}</span>
      </div>
      {/* a narrow row puts the next cycle on a line of its own (.ol-wrap), and only then cuts each
          with an ellipsis (.ol-line>*): the title keeps the whole text readable */}
      <div class="ol-line ol-sub ol-wrap">
        <span title={cycle}>{cycle}</span>
        {next && <span title={next}>{next}</span>}
      </div>
    </li>
  );
}
