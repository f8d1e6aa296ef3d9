import { errorHeadline } from '../../lib/errors';
import {
  formatMoney,
  formatNumber,
  formatOdds,
  formatProgress,
  formatUsd,
  trend,
  truncateText,
} from '../../lib/format';
import type { OddsView, OrderView, TokenFlowView, WalletBadgeView } from '../../lib/views';
import { errorTitle } from './ErrorLine';
import type { Loadable } from './Loadable';

export type BadgeData =
  | { kind: 'wallet'; data: Loadable<WalletBadgeView> }
  | { kind: 'mint'; data: Loadable<TokenFlowView> }
  | { kind: 'order'; data: Loadable<OrderView> }
  | { kind: 'event'; data: Loadable<OddsView> };

export type FaceState = 'loading' | 'error' | 'queued' | 'empty' | 'ready';
export interface BadgePart {
  text: string;
  cls?: string;
}
/** Everything a badge shows, computed once: the component renders it and the overlay mirrors it. */
export interface BadgeFace {
  state: FaceState;
  tint: 'up' | 'down' | 'flat';
  parts: BadgePart[];
  /** hover text: only where it explains (error, indexing), so it does not fight the popover */
  title?: string;
  label: string;
  progress?: number | null;
  errorCode?: string;
}

const face = (
  state: FaceState,
  parts: BadgePart[],
  label: string,
  extra: Partial<BadgeFace> = {},
): BadgeFace => ({
  state,
  tint: 'flat',
  parts,
  // the accessible name starts with the text the badge shows (WCAG 2.5.3)
  label: state === 'error' || !parts.length ? label : `${badgeText({ parts })}: ${label}`,
  ...extra,
});

export function describeBadge(model: BadgeData, currency = 'usd'): BadgeFace {
  const { data } = model;
  if (data.status === 'loading') return face('loading', [], 'Onchain Lens: loading');
  if (data.status === 'error') {
    const why = errorTitle(data.error);
    return face('error', [{ text: '⚠' }], `Onchain Lens: ${why}`, { title: why, errorCode: data.error.code });
  }
  // (each kind's data with its own face: the model pairs them)
  return (FACES[model.kind] as (v: unknown, c: string) => BadgeFace)(data.value, currency);
}

function walletFace(v: WalletBadgeView, currency: string): BadgeFace {
  const { pnl, dcaError, activeOrders, totalOrders } = v;
  const pnlFailed = pnl.state === 'error' || pnl.state === 'none';
  if (dcaError && pnlFailed) {
    const why = errorTitle(dcaError);
    return face('error', [{ text: '⚠' }], `Onchain Lens: ${why}`, { title: why, errorCode: dcaError.code });
  }
  // A wallet that never used DCA, with its PnL known: the PnL alone ("DCA 0" beside it is noise).
  const parts: BadgePart[] =
    totalOrders === 0 && pnl.state === 'ready'
      ? []
      : [{ text: 'DCA', cls: 'ol-k' }, { text: dcaError ? '!' : formatNumber(activeOrders) }];
  const notes: string[] = [];
  if (dcaError) notes.push(`DCA: ${errorHeadline(dcaError)}`);
  let tint: BadgeFace['tint'] = 'flat';
  if (pnl.state === 'ready') {
    tint = trend(pnl.pnl.total);
    // Labelled: beside the DCA count, a bare "+$79.6K" read as DCA profit (it is all trading).
    parts.push(
      { text: 'PnL', cls: 'ol-k' },
      { text: formatMoney(pnl.pnl.total, pnl.pnl.currency || currency, { sign: true }), cls: tint },
    );
  } else if (pnl.state === 'queued') {
    parts.push({ text: 'indexing', cls: 'muted' });
    notes.push('PnL: indexing this wallet, try again shortly.');
  } else if (pnl.state === 'error') {
    notes.push(`PnL: ${errorHeadline(pnl.error)}`);
  }
  const state: FaceState =
    pnl.state === 'queued' && activeOrders == null
      ? 'queued'
      : activeOrders === 0 && pnl.state !== 'ready'
        ? 'empty'
        : 'ready';
  // (the PnL is in the text the name starts with: not said twice)
  return face(state, parts, `wallet with ${formatNumber(activeOrders)} active DCA orders`, {
    tint,
    title: notes.length ? notes.join(' ') : undefined,
  });
}

function mintFace(v: TokenFlowView): BadgeFace {
  const { buyers, sellers } = v;
  if (buyers.count === 0 && sellers.count === 0)
    return face('empty', [{ text: 'DCA', cls: 'ol-k' }, { text: '0' }], 'token with no DCA orders');
  const side = (arrow: string, count: number, usd: number | null, cls: string): BadgePart[] => [
    { text: `${arrow}${formatNumber(count, { compact: true })}`, cls },
    ...(usd == null ? [] : [{ text: formatUsd(usd) }]),
  ];
  return face(
    'ready',
    [
      { text: 'DCA', cls: 'ol-k' },
      ...side('▲', buyers.count, buyers.volumeUsd, 'up'),
      ...side('▼', sellers.count, sellers.volumeUsd, 'down'),
    ],
    `token DCA flow, ${buyers.count} buyers ${formatUsd(buyers.volumeUsd)}, ${sellers.count} sellers ${formatUsd(sellers.volumeUsd)}`,
  );
}

function orderFace(v: OrderView): BadgeFace {
  const status = truncateText(v.status, 12) || 'unknown';
  return face(
    'ready',
    [
      { text: status, cls: v.status === 'active' ? 'up' : 'muted' },
      { text: formatProgress(v.progressPercent) },
    ],
    `DCA order ${status}, ${formatProgress(v.progressPercent)} done`,
    { progress: v.progressPercent },
  );
}

function oddsFace(v: OddsView): BadgeFace {
  if (!v.found) return face('empty', [{ text: 'no market', cls: 'muted' }], 'prediction market not found');
  const lead = v.leading;
  const leadParts: BadgePart[] = lead
    ? [{ text: truncateText(lead.label, 18) }, { text: formatOdds(lead.price) }]
    : [{ text: 'odds —', cls: 'muted' }];
  if (v.closed) {
    const resolved = (v.status ?? '').toLowerCase() === 'resolved';
    return face(
      'ready',
      [{ text: resolved ? 'Resolved' : 'Closed', cls: 'ol-k' }, ...leadParts],
      `market ${resolved ? 'resolved' : 'closed'}`,
    );
  }
  const label = lead
    ? `leading outcome ${truncateText(lead.label, 40)} at ${formatOdds(lead.price)}`
    : 'no odds yet';
  return face('ready', leadParts, label);
}

const FACES = { wallet: walletFace, mint: mintFace, order: orderFace, event: oddsFace };

/** The badge's visible text, as the e2e hook mirrors it. */
export function badgeText(f: Pick<BadgeFace, 'parts'>): string {
  return f.parts.map((p) => p.text).join(' ');
}

/** The three host states the page (and the e2e suite) can see. */
export function hostState(f: BadgeFace): 'loading' | 'error' | 'ready' {
  return f.state === 'loading' ? 'loading' : f.state === 'error' ? 'error' : 'ready';
}
