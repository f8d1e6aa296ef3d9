/**
 * Notification text, pure. Every number goes through lib/format (one formatter for the extension);
 * token symbols and labels are untrusted and are cleaned and cut before they reach a notification.
 * An amount whose decimals are unknown is left out rather than shown in base units: a wrong number
 * is worse than a missing one.
 *
 * A notification is read at a glance and Chrome cuts its body after two or three lines: amounts are
 * brief (3 significant digits, "3.68K USDC", formatBriefAmount; the cards keep the exact ones), a
 * pair reads "USDC → SOL" as on the cards, and the body never repeats the wallet its title names.
 */
import type { DcaTxEvent } from '../api/schemas/live';
import {
  baseUnitsToNumber,
  countOf,
  formatBriefAmount,
  formatFrequency,
  formatNumber,
  formatProgress,
  isNum,
  shortAddress,
  truncateText,
} from '../format';
import { type ChangeDetail, type ChangeToken, eventOrder, eventUsd, type WatchEvent } from './event';

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

function symbolOf(t: ChangeToken | null | undefined, mint?: string): string {
  const s = truncateText(t?.symbol ?? '', 12).trim();
  if (s) return s;
  const m = t?.mint ?? mint;
  return m ? shortAddress(m) : 'tokens';
}

/** The pair as the cards write it: "USDC → SOL". */
const pairText = (input: string, output: string) => `${input} → ${output}`;

/** A base-unit amount in token units; null when it or the token's decimals are unknown. */
const unitsOf = (raw: string | undefined, t: ChangeToken | null | undefined): number | null =>
  raw === undefined ? null : baseUnitsToNumber(raw, t?.decimals);

/** "3.68K USDC" from token units; null when unknown. */
function briefOnly(n: number | null | undefined, symbol: string): string | null {
  return isNum(n) && n >= 0 ? `${formatBriefAmount(n)} ${symbol}` : null;
}

/** "50 USDC", or null when the amount or its decimals are unknown (for text that needs the number). */
const amountOnly = (raw: string | undefined, t: ChangeToken | null | undefined, mint?: string) =>
  briefOnly(unitsOf(raw, t), symbolOf(t, mint));

/** "50 USDC"; just "USDC" when the amount or its decimals are unknown. */
const amount = (raw: string | undefined, t: ChangeToken | null | undefined, mint?: string) =>
  amountOnly(raw, t, mint) ?? symbolOf(t, mint);

/**
 * "250 USDC", "USDC" (amount unknown), or null when neither the amount nor the token is known: a
 * bare "tokens" says nothing ("Deposit: tokens ($250)" reads better as "Deposit ($250)").
 */
const amountOrNull = (raw: string | undefined, t: ChangeToken | null | undefined) =>
  amountOnly(raw, t) ?? (named(t) ? symbolOf(t) : null);

/** Whether a token is named at all (a symbol or a mint): else its amount says nothing. */
const named = (t: ChangeToken | null | undefined) => !!(t?.symbol?.trim() || t?.mint);

/** "every hour"; null for a frequency that is not one (0, negative, unreadable). */
function frequencyText(f: string | number | null | undefined): string | null {
  if (f === null || f === undefined) return null;
  const text = formatFrequency(String(f));
  return text.startsWith('every ') ? text : null;
}

/** "3.1 SOL" from a number already in token units (a polled change), as a live event's; null when unknown. */
const unitsOnly = (n: number | null | undefined, t: ChangeToken | null | undefined) =>
  briefOnly(n, symbolOf(t));
const unitsOr = (n: number | null | undefined, t: ChangeToken | null | undefined) =>
  unitsOnly(n, t) ?? symbolOf(t);

// In the same three significant digits as the amounts beside it: "3.68K USDC … ($3.68K)", not "($3.7K)".
const usdPart = (usd: number | null) => (usd === null ? '' : ` ($${formatBriefAmount(usd)})`);
const isZero = (raw: string | undefined) => raw !== undefined && /^0+$/.test(raw);

/**
 * How an order ended: "Completed: received 3.1 SOL", "Cancelled by owner: 200 USDC returned, 3.1 SOL
 * received". `returned`/`received` are formatted amounts, null when unknown or nothing; `pair`
 * ("USDC → SOL") stands in when no amount is known.
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
      ? pairText(symbolOf(input, e.inputMint), symbolOf(output, e.outputMint))
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

/** "every hour", "100 USDC every hour" (the amount of each cycle, when known). */
function cycleText(perCycle: string | null, frequency: string | null): string | null {
  if (frequency) return perCycle ? `${perCycle} ${frequency}` : frequency;
  return perCycle ? `${perCycle} per cycle` : null;
}

/** ", 40% done" (progress as the cards show it, rounded down); empty when unknown. */
const doneText = (p: number | null | undefined) => (isNum(p) ? `, ${formatProgress(p)} done` : '');

/**
 * What happened, e.g. "Filled: 50 USDC → 0.31 SOL ($50.00), 40% done", "Opened: 1K USDC → BONK
 * ($1K), 100 USDC every hour".
 */
export function eventText(e: DcaTxEvent): string {
  const input = e.order?.input;
  const output = e.order?.output;
  const usd = usdPart(eventUsd(e));
  switch (e.eventName) {
    case 'Filled': {
      const pair = pairText(
        amount(e.inAmount, input, e.inputMint),
        amount(e.outAmount, output, e.outputMint),
      );
      return `Filled: ${pair}${usd}${doneText(e.order?.progressPercent)}`;
    }
    case 'Opened': {
      const pair = pairText(amount(e.inDeposited, input, e.inputMint), symbolOf(output, e.outputMint));
      const cycle = cycleText(
        amountOnly(e.inAmountPerCycle, input, e.inputMint),
        frequencyText(e.cycleFrequency),
      );
      return `Opened: ${pair}${usd}${cycle ? `, ${cycle}` : ''}`;
    }
    case 'Closed':
      return closedEventText(e);
    case 'Deposit': {
      const what = amountOrNull(e.amount, input);
      return what ? `Deposit: ${what}${usd}` : `Deposit${usd}`;
    }
    case 'Withdraw': {
      // (an amount of "00" is nothing withdrawn too)
      const parts = [
        e.inAmount !== undefined && !isZero(e.inAmount) ? amountOrNull(e.inAmount, input) : null,
        e.outAmount !== undefined && !isZero(e.outAmount) ? amountOrNull(e.outAmount, output) : null,
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
  const pair = d.input || d.output ? pairText(symbolOf(d.input), symbolOf(d.output)) : null;
  const returned = isNum(d.returned) && d.returned > 0 ? unitsOnly(d.returned, d.input) : null;
  const received = isNum(d.received) && d.received > 0 ? unitsOnly(d.received, d.output) : null;
  const status = d.status ?? '';
  const how = CANCELLED.test(status)
    ? 'Cancelled'
    : /^completed$/i.test(status) || d.returned === 0
      ? 'Completed'
      : 'Closed';
  return closeText(how, returned, received, pair);
}

/**
 * A change found by polling, worded as the live event would be ("Filled: 50 USDC → 0.31 SOL
 * ($50.00), 40% done"; several cycles found at once: "3 fills: ..."). What the two lists do not
 * tell is left out.
 */
export function changeText(e: Pick<WatchEvent, 'eventName' | 'count' | 'usd' | 'detail'>): string {
  const d = e.detail;
  const usd = usdPart(e.usd);
  const many = e.count > 1 ? countOf(e.count, 'event', NOUNS[e.eventName]?.[1] ?? 'events') : null;
  if (!d) return (many ?? truncateText(e.eventName, 40)) + usd;
  switch (e.eventName) {
    case 'Filled': {
      const pair = pairText(unitsOr(d.amount, d.input), unitsOr(d.received, d.output));
      return `${many ?? 'Filled'}: ${pair}${usd}${doneText(d.progress)}`;
    }
    case 'Opened': {
      const cycle = cycleText(null, frequencyText(d.frequency));
      return `Opened: ${pairText(unitsOr(d.amount, d.input), symbolOf(d.output))}${usd}${cycle ? `, ${cycle}` : ''}`;
    }
    case 'Deposit':
    case 'Withdraw': {
      // (an amount of a token not named says as little as none)
      const what = named(d.input) ? unitsOr(d.amount, d.input) : null;
      return `${many ?? e.eventName}${what ? `: ${what}` : ''}${usd}`;
    }
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

/** "4 fills", "1 deposit": a count of one kind of event. */
function kindCount(name: string, n: number): string {
  const [one, many] = NOUNS[name] ?? [`${truncateText(name, 20)} event`, `${truncateText(name, 20)} events`];
  return countOf(n, one, many);
}

/** "4 fills, 1 deposit" */
export function countsText(counts: ReadonlyMap<string, number>): string {
  const parts: string[] = [];
  for (const [name, n] of counts) {
    if (n <= 0) continue;
    parts.push(kindCount(name, n));
  }
  return parts.join(', ');
}

/** What a summary reads of one event: a live DCA event, or a change found by polling. */
export type SummaryEvent = DcaTxEvent | Pick<WatchEvent, 'eventName' | 'count' | 'usd' | 'order' | 'detail'>;

const isLive = (e: SummaryEvent): e is DcaTxEvent => 'signature' in e;

/** One fill as a summary adds it up; null when the event does not tell its pair. */
interface FillFacts {
  /** The pair by mint (by symbol when a polled change gives no mint). */
  pair: string;
  input: string;
  output: string;
  /** Token units, null when unknown. */
  spent: number | null;
  bought: number | null;
  order: string | null;
  progress: number | null;
}

/** A token by mint, by symbol when the mint is not known. */
const sideKey = (t: ChangeToken | null | undefined) => t?.mint ?? `?${symbolOf(t)}`;

function fillFacts(e: SummaryEvent): FillFacts | null {
  if (isLive(e)) {
    if (e.eventName !== 'Filled') return null;
    const input = e.order?.input;
    const output = e.order?.output;
    return {
      pair: `${e.inputMint}>${e.outputMint}`,
      input: symbolOf(input, e.inputMint),
      output: symbolOf(output, e.outputMint),
      spent: unitsOf(e.inAmount, input),
      bought: unitsOf(e.outAmount, output),
      order: eventOrder(e),
      progress: e.order?.progressPercent ?? null,
    };
  }
  const d = e.detail;
  if (e.eventName !== 'Filled' || !d || (!d.input && !d.output)) return null;
  return {
    pair: `${sideKey(d.input)}>${sideKey(d.output)}`,
    input: symbolOf(d.input),
    output: symbolOf(d.output),
    spent: d.amount,
    bought: d.received,
    order: e.order,
    progress: d.progress,
  };
}

/** The sum, or null when any is unknown (a partial sum would read as the whole). */
function sumOf(values: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  for (const v of values) {
    if (!isNum(v)) return null;
    sum += v;
  }
  return sum;
}

/**
 * Fills of one pair, added up: "7 fills: 25.7K USDC → 242K BONK ($25.7K), 80% done" (the progress
 * when they are all of one order: the furthest, as progress only grows); null for fills of several
 * pairs, or of a pair not known.
 */
function fillsText(fills: readonly SummaryEvent[], count: number, usd: number | null): string | null {
  const facts = fills.map(fillFacts);
  const first = facts[0];
  if (!first || facts.some((f) => f === null)) return null;
  if (facts.some((f) => f?.pair !== first.pair)) return pairsText(facts as FillFacts[], count, usd);
  const all = facts as FillFacts[];
  const spent = briefOnly(sumOf(all.map((f) => f.spent)), first.input) ?? first.input;
  const bought = briefOnly(sumOf(all.map((f) => f.bought)), first.output) ?? first.output;
  const oneOrder = first.order !== null && all.every((f) => f.order === first.order);
  const progress = oneOrder ? Math.max(...all.map((f) => (isNum(f.progress) ? f.progress : -1))) : -1;
  const done = progress >= 0 ? doneText(progress) : '';
  return `${countOf(count, 'fill')}: ${pairText(spent, bought)}${usdPart(usd)}${done}`;
}

/**
 * Fills of several pairs: the pairs, most filled first, two at most: "7 fills ($22.5K): SOL → JUP ×6,
 * USDC → BONK" (amounts of different tokens are not added up).
 */
function pairsText(facts: readonly FillFacts[], count: number, usd: number | null): string {
  const pairs = new Map<string, { text: string; n: number }>();
  for (const f of facts) {
    const p = pairs.get(f.pair) ?? { text: `${f.input} → ${f.output}`, n: 0 };
    p.n += 1;
    pairs.set(f.pair, p);
  }
  const top = [...pairs.values()].sort((a, b) => b.n - a.n);
  const shown = top.slice(0, 2).map((p) => (p.n > 1 ? `${p.text} ×${p.n}` : p.text));
  const more = top.length > 2 ? `, ${countOf(top.length - 2, 'other pair')}` : '';
  return `${countOf(count, 'fill')}${usdPart(usd)}: ${shown.join(', ')}${more}`;
}

/** Kinds whose USD value a summary adds up (a close's USD is of what came back, not its size). */
const SUMMED_USD: ReadonlySet<string> = new Set(['Filled', 'Opened', 'Deposit', 'Withdraw']);

/**
 * What a run of events did, kind by kind in the order first seen, with their USD value: "3 fills
 * ($1.2K), 1 new order ($5K), 1 closed order". Fills of one pair come first, added up: "7 fills:
 * 25.7K USDC → 242K BONK ($25.7K), 80% done; 1 new order ($1K)".
 */
function summaryText(events: readonly SummaryEvent[]): string {
  const kinds = new Map<string, SummaryEvent[]>();
  for (const e of events) {
    const list = kinds.get(e.eventName);
    if (list) list.push(e);
    else kinds.set(e.eventName, [e]);
  }
  let fills: string | null = null;
  const parts: string[] = [];
  for (const [name, list] of kinds) {
    const count = list.reduce((n, e) => n + (isLive(e) ? 1 : e.count), 0);
    const usd = SUMMED_USD.has(name) ? sumOf(list.map((e) => (isLive(e) ? eventUsd(e) : e.usd))) : null;
    if (name === 'Filled') fills = fillsText(list, count, usd);
    if (name !== 'Filled' || fills === null)
      parts.push((count <= 0 ? '' : kindCount(name, count)) + usdPart(usd));
  }
  const rest = parts.join(', ');
  return fills === null ? rest : rest ? `${fills}; ${rest}` : fills;
}

/**
 * Events that came fast for one wallet, as one notification whose title names the wallet. From the
 * events themselves, what they did: "7 fills: 25.7K USDC → 242K BONK ($25.7K), 80% done"; from a
 * count per kind only: "4 fills, 1 deposit".
 */
export function burstNotification(
  events: ReadonlyMap<string, number> | readonly SummaryEvent[],
  who: Who,
): NotificationText {
  const message = events instanceof Map ? countsText(events) : summaryText(events as readonly SummaryEvent[]);
  return { title: displayName(who), message };
}

/**
 * Title "Whale", body "While you were away: Filled: 50 USDC → 0.31 SOL ($50), 40% done" (changes
 * found by a catch-up after a gap, worded as live ones: one as its own text, several added up as a
 * burst's, "3 fills: 150 USDC → 0.93 SOL ($150), 60% done; 1 new order ($50K)"; the title names the
 * wallet, so the body does not). Changes kept as a count per kind only: "While you were away: 3 fills".
 */
export function awayNotification(events: readonly AwayText[], who: Who): NotificationText {
  // (a change kept as a count per kind has no USD: none, as the texts take it)
  const changes = events.map((e) => ({ ...e, usd: e.usd ?? null }));
  const what = changes.length === 1 && changes[0]!.detail ? changeText(changes[0]!) : summaryText(changes);
  return { title: displayName(who), message: `While you were away: ${what}` };
}

/** What an away notification reads of one change found by a catch-up. */
export type AwayText = Pick<WatchEvent, 'eventName' | 'count' | 'order'> &
  Partial<Pick<WatchEvent, 'usd' | 'detail'>>;

/** "Whale, Shark and 10 more" (busiest first): a few names, then how many others. */
export function walletNames(whos: readonly Who[], named = 2): string {
  const names = whos.map(displayName);
  if (names.length <= named + 1)
    return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `${names.slice(0, named).join(', ')} and ${formatNumber(names.length - named)} more`;
}

/**
 * Live events on many wallets at once, as one notification: "12 fills across 12 wallets: Whale,
 * Shark and 10 more" (`whos` busiest first).
 */
export function walletsNotification(
  counts: ReadonlyMap<string, number>,
  whos: readonly Who[],
): NotificationText {
  return {
    title: 'Watched wallets',
    message: `${countsText(counts)} across ${formatNumber(whos.length)} wallets: ${walletNames(whos)}`,
  };
}

/**
 * "While you were away: 12 fills, 2 new orders across 7 wallets: Whale, Shark and 5 more" (one
 * catch-up, many wallets; `whos` busiest first).
 */
export function awaySummaryNotification(
  counts: ReadonlyMap<string, number>,
  whos: readonly Who[],
): NotificationText {
  const { title, message } = walletsNotification(counts, whos);
  return { title, message: `While you were away: ${message}` };
}
