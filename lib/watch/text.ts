/**
 * Notification text, pure. Every number goes through lib/format (one formatter for the extension);
 * token symbols and labels are untrusted and are cleaned and cut before they reach a notification.
 * An amount whose decimals are unknown is left out rather than shown in base units: a wrong number
 * is worse than a missing one.
 */
import type { DcaTxEvent } from '../api/schemas/live';
import {
  countOf,
  formatFrequency,
  formatNumber,
  formatProgress,
  formatTokenAmount,
  formatUsd,
  isNum,
  shortAddress,
  truncateText,
} from '../format';
import { type ChangeDetail, eventUsd, type WatchEvent } from './event';

export interface Who {
  wallet: string;
  label?: string | null;
  /** .sol name, when known */
  domain?: string | null;
}

/** Label, else the .sol name, else the short address. */
export function displayName(who: Who): string {
  const label = truncateText(who.label ?? '', 40).trim();
  if (label) return label;
  const domain = truncateText(who.domain ?? '', 40).trim();
  if (domain) return domain;
  return shortAddress(who.wallet);
}

interface TokenSide {
  symbol?: string | null;
  decimals?: number | null;
  mint?: string;
}

function symbolOf(t: TokenSide | null | undefined, mint?: string): string {
  const s = truncateText(t?.symbol ?? '', 12).trim();
  if (s) return s;
  const m = t?.mint ?? mint;
  return m ? shortAddress(m) : 'tokens';
}

/** "50 USDC", or null when the amount or its decimals are unknown (for text that needs the number). */
function amountOnly(raw: string | undefined, t: TokenSide | null | undefined, mint?: string): string | null {
  if (raw === undefined || typeof t?.decimals !== 'number') return null;
  const text = formatTokenAmount(raw, t.decimals);
  return text === '—' ? null : `${text} ${symbolOf(t, mint)}`;
}

/** "50 USDC"; just "USDC" when the amount or its decimals are unknown. */
const amount = (raw: string | undefined, t: TokenSide | null | undefined, mint?: string) =>
  amountOnly(raw, t, mint) ?? symbolOf(t, mint);

/**
 * "3.1 SOL" from a number already in token units (a polled change): formatted as a base-unit amount
 * with the token's decimals, so both sources read the same; null when unknown.
 */
function unitsOnly(n: number | null | undefined, t: TokenSide | null | undefined): string | null {
  if (!isNum(n) || n < 0) return null;
  const d = t?.decimals;
  const fixed = typeof d === 'number' && d >= 0 && d <= 30 ? n.toFixed(d) : null;
  const text =
    fixed !== null && /^\d+(\.\d+)?$/.test(fixed)
      ? formatTokenAmount(fixed.replace('.', ''), d as number)
      : formatNumber(n, { compact: true });
  return text === '—' ? null : `${text} ${symbolOf(t)}`;
}
const unitsOr = (n: number | null | undefined, t: TokenSide | null | undefined) =>
  unitsOnly(n, t) ?? symbolOf(t);

const usdPart = (usd: number | null) => (usd === null ? '' : ` (${formatUsd(usd)})`);
const isZero = (raw: string | undefined) => raw !== undefined && /^0+$/.test(raw);

/**
 * How an order ended: "Completed: received 3.1 SOL", "Cancelled by owner: 200 USDC returned, 3.1 SOL
 * received". `returned`/`received` are formatted amounts, null when unknown or nothing; `pair`
 * ("USDC -> SOL") stands in when no amount is known.
 */
function closeText(
  how: 'Completed' | 'Cancelled by owner' | 'Cancelled' | 'Closed by owner' | 'Closed',
  returned: string | null,
  received: string | null,
  pair: string | null,
): string {
  const parts =
    how === 'Completed'
      ? [received && `received ${received}`]
      : [returned && `${returned} returned`, received && `${received} received`];
  const said = parts.filter((p): p is string => !!p);
  if (said.length) return `${how}: ${said.join(', ')}`;
  return pair ? `${how}: ${pair}` : how;
}

/**
 * A live Closed event: completed (nothing left to return) or cancelled by its owner (what was left
 * goes back), with the amounts the event carries.
 */
function closedEventText(e: Extract<DcaTxEvent, { eventName: 'Closed' }>): string {
  const input = e.order?.input;
  const output = e.order?.output;
  const pair =
    input || output || e.inputMint
      ? `${symbolOf(input, e.inputMint)} -> ${symbolOf(output, e.outputMint)}`
      : null;
  const returned = isZero(e.unfilledAmount) ? null : amountOnly(e.unfilledAmount, input, e.inputMint);
  const received = isZero(e.totalOutWithdrawn) ? null : amountOnly(e.totalOutWithdrawn, output, e.outputMint);
  // Nothing left unfilled: the order ran to its end, whoever closed the account afterwards.
  const leftOver = e.unfilledAmount !== undefined && !isZero(e.unfilledAmount);
  const how =
    e.unfilledAmount !== undefined && !leftOver
      ? 'Completed'
      : e.userClosed === true
        ? leftOver
          ? 'Cancelled by owner'
          : 'Closed by owner'
        : e.userClosed === false && e.unfilledAmount === undefined
          ? 'Completed' // closed by the program (not the owner): it ran to its end
          : 'Closed';
  return closeText(how, returned, received, pair);
}

/** What happened, e.g. "Filled: 50 USDC -> 0.31 SOL, 40% done" (progress as the cards show it, rounded down). */
export function eventText(e: DcaTxEvent): string {
  const input = e.order?.input;
  const output = e.order?.output;
  const usd = usdPart(eventUsd(e));
  switch (e.eventName) {
    case 'Filled': {
      const p = e.order?.progressPercent;
      const done = isNum(p) ? `, ${formatProgress(p)} done` : '';
      return `Filled: ${amount(e.inAmount, input, e.inputMint)} -> ${amount(e.outAmount, output, e.outputMint)}${usd}${done}`;
    }
    case 'Opened': {
      const freq = e.cycleFrequency === undefined ? '' : `, ${formatFrequency(String(e.cycleFrequency))}`;
      return `Opened: ${amount(e.inDeposited, input, e.inputMint)}${usd} DCA into ${symbolOf(output, e.outputMint)}${freq}`;
    }
    case 'Closed':
      return closedEventText(e);
    case 'Deposit':
      return `Deposit: ${amount(e.amount, input)}${usd}`;
    case 'Withdraw': {
      const parts = [
        e.inAmount !== undefined && e.inAmount !== '0' ? amount(e.inAmount, input) : null,
        e.outAmount !== undefined && e.outAmount !== '0' ? amount(e.outAmount, output) : null,
      ].filter((p): p is string => p !== null);
      return parts.length ? `Withdraw: ${parts.join(', ')}${usd}` : `Withdraw${usd}`;
    }
    case 'CollectedFee':
      return `Fee collected${usd}`;
    default:
      return truncateText(String((e as { eventName: unknown }).eventName), 40);
  }
}

export interface NotificationText {
  title: string;
  message: string;
}

export function eventNotification(e: DcaTxEvent, who: Who): NotificationText {
  return { title: displayName(who), message: eventText(e) };
}

const CANCELLED = /^cancell?ed$/i;

/** A polled close, by the status REST gives the order and what was left in it. */
function closedChangeText(d: ChangeDetail): string {
  const pair = d.input || d.output ? `${symbolOf(d.input)} -> ${symbolOf(d.output)}` : null;
  const returned = isNum(d.returned) && d.returned > 0 ? unitsOnly(d.returned, d.input) : null;
  const received = isNum(d.received) && d.received > 0 ? unitsOnly(d.received, d.output) : null;
  const status = d.status ?? '';
  const how = /^completed$/i.test(status)
    ? 'Completed'
    : CANCELLED.test(status)
      ? 'Cancelled'
      : isNum(d.returned) && d.returned === 0
        ? 'Completed'
        : 'Closed';
  return closeText(how, returned, received, pair);
}

/**
 * A change found by polling, worded as the live event would be ("Filled: 50 USDC -> 0.31 SOL
 * ($50.00), 40% done"; several cycles found at once: "3 fills: ..."). What the two lists do not
 * tell is left out.
 */
export function changeText(e: Pick<WatchEvent, 'eventName' | 'count' | 'usd' | 'detail'>): string {
  const d = e.detail;
  const usd = usdPart(e.usd);
  const many = e.count > 1 ? `${formatNumber(e.count)} ${NOUNS[e.eventName]?.[1] ?? 'events'}` : null;
  if (!d) return (many ?? truncateText(e.eventName, 40)) + usd;
  switch (e.eventName) {
    case 'Filled': {
      const done = isNum(d.progress) ? `, ${formatProgress(d.progress)} done` : '';
      return `${many ?? 'Filled'}: ${unitsOr(d.amount, d.input)} -> ${unitsOr(d.received, d.output)}${usd}${done}`;
    }
    case 'Opened': {
      const freq = d.frequency ? `, ${formatFrequency(d.frequency)}` : '';
      return `Opened: ${unitsOr(d.amount, d.input)}${usd} DCA into ${symbolOf(d.output)}${freq}`;
    }
    case 'Deposit':
      return `${many ?? 'Deposit'}: ${unitsOr(d.amount, d.input)}${usd}`;
    case 'Closed':
      return closedChangeText(d);
    default:
      return (many ?? truncateText(e.eventName, 40)) + usd;
  }
}

export function changeNotification(
  e: Pick<WatchEvent, 'eventName' | 'count' | 'usd' | 'detail'>,
  who: Who,
): NotificationText {
  return { title: displayName(who), message: changeText(e) };
}

const NOUNS: Record<string, [string, string]> = {
  Filled: ['fill', 'fills'],
  Opened: ['new order', 'new orders'],
  Closed: ['closed order', 'closed orders'],
  Deposit: ['deposit', 'deposits'],
  Withdraw: ['withdrawal', 'withdrawals'],
  CollectedFee: ['fee', 'fees'],
};

/** "4 fills, 1 deposit" */
export function countsText(counts: ReadonlyMap<string, number>): string {
  const parts: string[] = [];
  for (const [name, n] of counts) {
    if (n <= 0) continue;
    const [one, many] = NOUNS[name] ?? [
      `${truncateText(name, 20)} event`,
      `${truncateText(name, 20)} events`,
    ];
    parts.push(countOf(n, one, many));
  }
  return parts.join(', ');
}

const total = (counts: ReadonlyMap<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/** "5 DCA events for Whale: 4 fills, 1 deposit" */
export function burstNotification(counts: ReadonlyMap<string, number>, who: Who): NotificationText {
  const name = displayName(who);
  return {
    title: name,
    message: `${formatNumber(total(counts))} DCA events for ${name}: ${countsText(counts)}`,
  };
}

/** "While you were away: 3 fills for Whale" (changes found by a catch-up after a gap). */
export function awayNotification(counts: ReadonlyMap<string, number>, who: Who): NotificationText {
  const name = displayName(who);
  return { title: name, message: `While you were away: ${countsText(counts)} for ${name}` };
}

/** "While you were away: 12 fills, 2 new orders across 7 wallets" (one catch-up, many wallets). */
export function awaySummaryNotification(
  counts: ReadonlyMap<string, number>,
  wallets: number,
): NotificationText {
  return {
    title: 'Watched wallets',
    message: `While you were away: ${countsText(counts)} across ${formatNumber(wallets)} wallets`,
  };
}
