/**
 * What the notifier needs to know about one event, whether it came from the datastream (a DCA
 * transaction event) or from the REST poller (a change between two order lists). Pure.
 */
import { parseRoom } from '../api/rooms';
import type { DcaTxEvent } from '../api/schemas/live';
import { isNum } from '../format';

export interface WatchEvent {
  /** De-dup key: signature + eventIndex for live events, a state-derived key for polled changes. */
  key: string;
  /**
   * Extra keys marking facts a later poll could rediscover ("order X was opened"), so an event seen
   * live is not announced again as a polled change.
   */
  aliases: string[];
  wallet: string;
  eventName: string;
  /** The order account (click target); null when the event names none. */
  order: string | null;
  at: number;
  usd: number | null;
  /** How many on-chain events this stands for (a poll can find several fills at once). */
  count: number;
  source: 'live' | 'poll';
  /** A change found by polling: what the notification can say beyond its kind. */
  detail?: ChangeDetail;
}

/** A token as the REST order names it. */
export interface ChangeToken {
  mint?: string;
  symbol?: string | null;
  decimals?: number | null;
}

/**
 * What a change found by polling says beyond its kind, so its notification can read like a live
 * event's. Amounts are in token units; null where the two lists do not tell.
 */
export interface ChangeDetail {
  input: ChangeToken | null;
  output: ChangeToken | null;
  /** Input spent by the fill(s), added by the deposit, or deposited into the new order. */
  amount: number | null;
  /** Output bought by the fill(s); for a close, everything the order bought. */
  received: number | null;
  /** A close: the input left in the order, which goes back to its owner. */
  returned: number | null;
  progress: number | null;
  frequency: string | null;
  /** A close: the order's status as REST gives it (completed, cancelled...). */
  status: string | null;
}

/** Same form as the live hub's key, so one event has one key everywhere. */
export function liveEventKey(e: { signature: string; eventIndex?: number; eventName: string }): string {
  return typeof e.eventIndex === 'number'
    ? `t:${e.signature}:${e.eventIndex}`
    : `t:${e.signature}:${e.eventName}`;
}

export const openedAlias = (order: string) => `opened:${order}`;
export const closedAlias = (order: string) => `closed:${order}`;

// The USD fields that value each event's main amount, in order of preference: the first non-zero
// one wins (a Withdraw of the bought token has inAmountUsd 0 and the value in outAmountUsd), and
// only when every field present is 0 is the event worth $0.
const USD_FIELDS: Record<string, string[]> = {
  Filled: ['inAmountUsd', 'outAmountUsd'],
  Opened: ['inDepositedUsd', 'depositedUsd', 'amountUsd', 'inAmountUsd'],
  Deposit: ['amountUsd'],
  Withdraw: ['inAmountUsd', 'outAmountUsd', 'amountUsd'],
  Closed: ['totalInWithdrawnUsd', 'totalOutWithdrawnUsd', 'inDepositedUsd'],
  CollectedFee: ['amountUsd'],
};

/** Main amount (base units) and the mint it is in, for a price-based USD value. */
function mainAmount(e: DcaTxEvent): { raw?: string; mint?: string; decimals?: number | null } {
  const o = e.order;
  switch (e.eventName) {
    case 'Filled':
      return { raw: e.inAmount, mint: e.inputMint, decimals: o?.input?.decimals };
    case 'Opened':
      return { raw: e.inDeposited, mint: e.inputMint, decimals: o?.input?.decimals };
    case 'Deposit':
      return { raw: e.amount, mint: o?.input?.mint, decimals: o?.input?.decimals };
    case 'Withdraw':
      // The side that moved: a withdrawal of the bought token has inAmount "0".
      return e.inAmount !== undefined && /^0*$/.test(e.inAmount) && e.outAmount !== undefined
        ? { raw: e.outAmount, mint: o?.output?.mint, decimals: o?.output?.decimals }
        : { raw: e.inAmount, mint: o?.input?.mint, decimals: o?.input?.decimals };
    default:
      return {};
  }
}

/**
 * The first non-zero of these USD values (as a size: unsigned); 0 only when every known one is 0,
 * null when none is known. The live event's fields and a polled close's are read alike.
 */
export function firstNonZeroUsd(values: readonly unknown[]): number | null {
  let zero = false;
  for (const v of values) {
    if (!isNum(v)) continue;
    if (v !== 0) return Math.abs(v);
    zero = true;
  }
  return zero ? 0 : null;
}

/**
 * The event's value in USD: the service's own USD field when present, else amount times the price
 * the event carries, else null (unknown stays unknown; it never becomes 0).
 */
export function eventUsd(e: DcaTxEvent): number | null {
  const usd = (e.usd ?? {}) as Record<string, unknown>;
  const given = firstNonZeroUsd((USD_FIELDS[e.eventName] ?? []).map((field) => usd[field]));
  if (given !== null) return given;
  const { raw, mint, decimals } = mainAmount(e);
  const price = mint ? e.prices?.[mint] : undefined;
  if (raw && /^\d+$/.test(raw) && isNum(price) && typeof decimals === 'number') {
    return (Number(raw) / 10 ** decimals) * price;
  }
  return null;
}

/** The wallet an event belongs to: the wallet room it arrived on, else what the event says. */
export function eventWallet(e: Pick<DcaTxEvent, 'owner' | 'order'>, room?: string): string | null {
  const parsed = room ? parseRoom(room) : null;
  if (parsed?.kind === 'dcaWallet') return parsed.wallet;
  const userKey = (e as { userKey?: unknown }).userKey;
  return e.owner ?? (typeof userKey === 'string' ? userKey : undefined) ?? e.order?.owner ?? null;
}

/** The order account a live event names (the click target); null when it names none. */
export const eventOrder = (e: Pick<DcaTxEvent, 'address' | 'dcaKey'>): string | null =>
  e.address || e.dcaKey || null;

export function fromLiveEvent(e: DcaTxEvent, now: number, room?: string): WatchEvent | null {
  const wallet = eventWallet(e, room);
  if (!wallet) return null;
  const order = eventOrder(e);
  const aliases: string[] = [];
  if (order && e.eventName === 'Opened') aliases.push(openedAlias(order));
  if (order && e.eventName === 'Closed') aliases.push(closedAlias(order));
  return {
    key: liveEventKey(e),
    aliases,
    wallet,
    eventName: e.eventName,
    order,
    at: isNum(e.timestamp) ? e.timestamp : now,
    usd: eventUsd(e),
    count: 1,
    source: 'live',
  };
}
