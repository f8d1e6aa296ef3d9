/**
 * Notification text, pure. Every number goes through lib/format (one formatter for the extension);
 * token symbols and labels are untrusted and are cleaned and cut before they reach a notification.
 * An amount whose decimals are unknown is left out rather than shown in base units: a wrong number
 * is worse than a missing one.
 */
import type { DcaTxEvent } from '../api/schemas/live';
import {
  formatFrequency,
  formatNumber,
  formatProgress,
  formatTokenAmount,
  formatUsd,
  isNum,
  shortAddress,
  truncateText,
} from '../format';
import { eventUsd } from './event';

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

/** "50 USDC"; just "USDC" when the amount or its decimals are unknown. */
function amount(raw: string | undefined, t: TokenSide | null | undefined, mint?: string): string {
  const sym = symbolOf(t, mint);
  if (raw === undefined || typeof t?.decimals !== 'number') return sym;
  const text = formatTokenAmount(raw, t.decimals);
  return text === '—' ? sym : `${text} ${sym}`;
}

const usdPart = (usd: number | null) => (usd === null ? '' : ` (${formatUsd(usd)})`);

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
    case 'Closed': {
      const pair =
        input || output || e.inputMint
          ? `: ${symbolOf(input, e.inputMint)} -> ${symbolOf(output, e.outputMint)}`
          : '';
      return `Closed${pair}`;
    }
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
    parts.push(`${formatNumber(n)} ${n === 1 ? one : many}`);
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

/** "While you were away: 3 fills for Whale" (changes found by polling, not seen live). */
export function awayNotification(counts: ReadonlyMap<string, number>, who: Who): NotificationText {
  const name = displayName(who);
  return { title: name, message: `While you were away: ${countsText(counts)} for ${name}` };
}
