/**
 * API responses -> view models (lib/views.ts). The only place that knows both shapes, so the UI never
 * sees raw API data and every URL it gets is already checked to be https.
 */
import { droppedFrom } from '../api/parse';
import { BaseUnits } from '../api/schemas/common';
import type { Order, Pagination, Token } from '../api/schemas/dca';
import type { DcaTxEvent } from '../api/schemas/live';
import type { Identity, PnlSummary } from '../api/schemas/pnl';
import type { CandlesResponse, Market, PredictionEvent } from '../api/schemas/prediction';
import { baseUnitsToNumber, safeHttpsUrl } from '../format';
import {
  type FillView,
  type IdentityView,
  type OddsHistoryView,
  type OddsView,
  type OrderPageView,
  type OrderView,
  type PnlView,
  type TokenRefView,
  toMs,
} from '../views';
import { eventUsd } from '../watch/event';

const nn = (v: number | null | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;

export function toTokenRef(t: Partial<Token> | null | undefined, fallbackMint = ''): TokenRefView {
  return {
    mint: t?.mint ?? fallbackMint,
    symbol: t?.symbol ?? '?',
    name: t?.name ?? t?.symbol ?? '',
    decimals: typeof t?.decimals === 'number' ? t.decimals : 0,
    image: safeHttpsUrl(t?.image ?? null),
    priceUsd: nn(t?.priceUsd),
  };
}

/**
 * One page of an order listing (wallet, token side or pair) as the UI pages through it. Orders the
 * service sent that did not fit are counted in `dropped` (the cursor is the service's, so the next
 * page is unaffected); counts come from the service (`total`, the wallet's summary), never from the
 * orders shown.
 */
export function toOrderPage(r: { orders: Order[]; pagination: Pagination }): OrderPageView {
  const dropped = droppedFrom(r.orders).length;
  return {
    orders: r.orders.map(toOrderView),
    nextCursor: r.pagination.nextCursor ?? null,
    hasMore: r.pagination.hasMore,
    total: r.pagination.total ?? null,
    ...(dropped > 0 ? { dropped } : {}),
  };
}

/** A base-unit amount the service sends beyond the schema's (`raw.remaining`...): an integer, else none. */
const baseUnits = (v: unknown): string | null => BaseUnits.safeParse(v).data ?? null;

export function toOrderView(o: Order): OrderView {
  return {
    address: o.address,
    owner: o.owner,
    program: o.program,
    status: o.status,
    direction: o.direction ?? null,
    // The API writes "USDC -> SOL"; the cards and notifications write the arrow as one character.
    pair: (o.pair ?? `${o.input.symbol ?? '?'} -> ${o.output.symbol ?? '?'}`).replace(/\s*->\s*/g, ' → '),
    input: toTokenRef(o.input),
    output: toTokenRef(o.output),
    deposited: nn(o.deposited),
    depositedUsd: nn(o.depositedUsd),
    used: nn(o.used),
    usedUsd: nn(o.usedUsd),
    remaining: nn(o.remaining),
    remainingUsd: nn(o.remainingUsd),
    received: nn(o.received),
    receivedUsd: nn(o.receivedUsd),
    perCycle: nn(o.perCycle),
    perCycleUsd: nn(o.perCycleUsd),
    rawDeposited: o.raw?.deposited ?? null,
    rawUsed: o.raw?.used ?? null,
    rawRemaining: baseUnits(o.raw?.remaining),
    rawReceived: baseUnits(o.raw?.received),
    rawPerCycle: baseUnits(o.raw?.perCycle),
    frequency: o.frequency ?? null,
    progressPercent: nn(o.progressPercent),
    createdAt: toMs(o.createdAt),
    nextCycleAt: toMs(o.nextCycleAt),
    v2: o.openInstruction === 'openDcaV2',
  };
}

export function toPnlView(
  summary: PnlSummary,
  extra: { currency?: string | null; mode?: string | null; winRate?: number | null; updatedAt?: unknown },
): PnlView {
  return {
    currency: extra.currency ?? 'usd',
    mode: extra.mode ?? null,
    realized: nn(summary.pnl.realized),
    unrealized: nn(summary.pnl.unrealized),
    total: nn(summary.pnl.total),
    invested: nn(summary.invested),
    roi: nn(summary.roi),
    winRate: nn(extra.winRate),
    buys: nn(summary.counts?.buys),
    sells: nn(summary.counts?.sells),
    trades: nn(summary.counts?.trades),
    tokensTraded: nn(summary.counts?.tokensTraded),
    updatedAt: toMs(extra.updatedAt),
  };
}

export function toIdentityView(
  identity: Identity | null | undefined,
  domain?: string | null,
): IdentityView | null {
  const sns = identity?.sns?.domain ?? domain ?? null;
  if (!identity && !sns) return null;
  return {
    name: identity?.name ?? null,
    domain: sns,
    tags: [...(identity?.tags ?? []), ...(identity?.platforms ?? [])].slice(0, 8),
    twitter: identity?.twitter ?? null,
  };
}

function isClosed(status: string | null | undefined): boolean {
  return !!status && /closed|resolved|settled|finalized|inactive/i.test(status);
}

/** The outcomes worth showing: a binary market's outcomes, or each market of a group by its Yes price. */
function outcomesOf(event: PredictionEvent): OddsView['outcomes'] {
  const markets: Market[] = event.markets ?? [];
  if (markets.length === 1) {
    return (markets[0]?.outcomes ?? []).map((o) => ({ label: o.label, price: nn(o.price), market: null }));
  }
  return markets.map((m) => {
    const yes = m.outcomes?.find((o) => /^yes$/i.test(o.label)) ?? m.outcomes?.[0];
    const label = (m as { groupItemTitle?: string | null }).groupItemTitle ?? m.title ?? '?';
    return { label, price: nn(yes?.price), market: m.title ?? null };
  });
}

export function toOddsView(exchange: string, requestedId: string, event: PredictionEvent | null): OddsView {
  if (!event) {
    return {
      exchange,
      requestedId,
      found: false,
      eventId: null,
      title: requestedId,
      url: null,
      status: null,
      closed: false,
      endDate: null,
      volume: null,
      leading: null,
      outcomes: [],
    };
  }
  const outcomes = outcomesOf(event).sort((a, b) => (b.price ?? -1) - (a.price ?? -1));
  const status = (event as { status?: string | null }).status ?? event.markets?.[0]?.status ?? null;
  const allClosed =
    (event.markets ?? []).length > 0 && (event.markets ?? []).every((m) => isClosed(m.status));
  return {
    exchange: event.exchange ?? exchange,
    requestedId,
    found: true,
    eventId: event.id === undefined ? null : String(event.id),
    title: event.title ?? requestedId,
    url: safeHttpsUrl(event.url ?? null),
    status,
    closed: allClosed || isClosed(status),
    endDate: toMs((event as { endDate?: unknown }).endDate),
    volume: nn(event.volume),
    leading: outcomes[0] ?? null,
    outcomes: outcomes.slice(0, 12),
  };
}

export function toHistoryView(res: CandlesResponse, maxSeries = 4): OddsHistoryView {
  return {
    series: res.series.slice(0, maxSeries).map((s) => ({
      label: s.groupItemTitle ?? s.title ?? s.marketId,
      points: s.candles
        .map((c) => ({ t: toMs(c.timestamp) ?? 0, p: c.close }))
        .filter((p) => p.t > 0 && Number.isFinite(p.p))
        .sort((a, b) => a.t - b.t),
    })),
  };
}

/** A live DCA transaction event -> the line shown in a token card and in notifications. */
export function toFillView(event: DcaTxEvent): FillView {
  const order = event.order;
  const inDecimals = order?.input?.decimals;
  const outDecimals = order?.output?.decimals;
  const e = event as DcaTxEvent & Record<string, unknown>;
  const inRaw = (e.inAmount ?? e.inDeposited ?? e.amount ?? e.totalInWithdrawn) as string | undefined;
  const outRaw = (e.outAmount ?? e.totalOutWithdrawn) as string | undefined;
  return {
    id: `${event.signature}:${event.eventIndex ?? 0}`,
    eventName: event.eventName,
    timestamp: event.timestamp ?? Date.now(),
    owner: event.owner ?? order?.owner ?? '',
    order: event.address,
    inAmount: baseUnitsToNumber(inRaw, inDecimals),
    inSymbol: order?.input?.symbol ?? null,
    outAmount: baseUnitsToNumber(outRaw, outDecimals),
    outSymbol: order?.output?.symbol ?? null,
    usd: eventUsd(event),
    progressPercent: nn(order?.progressPercent),
  };
}
