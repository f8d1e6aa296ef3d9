/**
 * The one formatter of the extension: every number, amount, time and untrusted string the UI shows
 * goes through here, so overlays, popup and options never disagree. Output is deterministic (fixed
 * en-US conventions, hand-rolled compact units) so tests and screenshots are stable across ICU builds.
 * Every function accepts null/undefined/NaN and answers DASH rather than "NaN" or a throw.
 */

export const DASH = '—';
const UNITS = ['', 'K', 'M', 'B', 'T'] as const;

const NONZERO = /[1-9]/;
/** A number that can be shown (not NaN or infinite): the guard every reader of API numbers uses. */
export const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Groups an unsigned digit string with commas: "1234567" -> "1,234,567". */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function trimZeros(frac: string): string {
  return frac.replace(/0+$/, '');
}

/** Fixed decimals without exponent notation for |n| < 1e21, trailing zeros optionally trimmed. */
function fixed(n: number, digits: number, trim: boolean): string {
  // toFixed switches to exponent form from 1e21; doubles that large are integers, so BigInt is exact.
  if (Math.abs(n) >= 1e21) return groupDigits(BigInt(Math.abs(n)).toString());
  const s = Math.abs(n).toFixed(digits);
  const [int = '0', frac = ''] = s.split('.');
  const f = trim ? trimZeros(frac) : frac;
  return groupDigits(int) + (f ? `.${f}` : '');
}

/** Compact form of a non-negative number: 1234 -> "1.2K", 3.4e6 -> "3.4M"; below 1000 as given. */
function compactAbs(abs: number, small: (v: number) => string): string {
  if (abs < 1000) {
    const s = small(abs);
    // 999.996 rounds to "1,000.00": carry into the K unit instead.
    if (!s.startsWith('1,000')) return s;
  }
  let unit = Math.min(Math.floor(Math.log10(abs) / 3), UNITS.length - 1);
  for (;;) {
    const scaled = abs / 1000 ** unit;
    const digits = scaled < 100 ? 1 : 0;
    const text = fixed(scaled, digits, true);
    if (Number.parseFloat(text.replace(/,/g, '')) >= 1000 && unit < UNITS.length - 1) {
      unit += 1;
      continue;
    }
    return text + UNITS[unit];
  }
}

/** Up to `sig` significant digits for values below 1 (prices like 0.00001234), never exponent form. */
function smallDecimal(abs: number, sig: number): string {
  if (abs === 0) return '0';
  const lead = Math.max(0, -Math.floor(Math.log10(abs)) - 1);
  return fixed(abs, Math.min(lead + sig, 20), true);
}

export interface UsdOptions {
  /** 1.2K / 3.4M units from 1000 up (default true) */
  compact?: boolean;
  /** prefix + for gains (PnL) */
  sign?: boolean;
}

/** "$1.2K", "$3.4M", "-$12.50", "$0.0042"; null -> "—". */
export function formatUsd(n: number | null | undefined, opts: UsdOptions = {}): string {
  if (!isNum(n)) return DASH;
  const abs = Math.abs(n);
  // (a value just under 1 that rounds up reads "1.00", like 1 itself, not "1")
  const small = (v: number) =>
    v > 0 && v < 1 ? smallDecimal(v, 4).replace(/^1$/, '1.00') : fixed(v, 2, false);
  const body = opts.compact === false ? small(abs) : compactAbs(abs, small);
  const sign = n < 0 && NONZERO.test(body) ? '-' : opts.sign && n > 0 ? '+' : '';
  return `${sign}$${body}`;
}

export interface NumberOptions {
  compact?: boolean;
  maxFraction?: number;
  sign?: boolean;
}

/** Plain numbers: counts "1,234", amounts "12.5", compact "1.2M". */
export function formatNumber(n: number | null | undefined, opts: NumberOptions = {}): string {
  if (!isNum(n)) return DASH;
  const abs = Math.abs(n);
  const maxFraction = Math.max(0, Math.min(opts.maxFraction ?? 4, 20));
  const small = (v: number) => (v > 0 && v < 1 ? smallDecimal(v, 4) : fixed(v, maxFraction, true));
  const body = opts.compact ? compactAbs(abs, small) : small(abs);
  const sign = n < 0 && NONZERO.test(body) ? '-' : opts.sign && n > 0 ? '+' : '';
  return sign + body;
}

/** A value that is already a percentage (ROI 4.56 -> "4.6%", 12.345 -> "12%", win rate 55 -> "55%"). */
export function formatPercent(n: number | null | undefined, opts: { sign?: boolean } = {}): string {
  if (!isNum(n)) return DASH;
  const abs = Math.abs(n);
  const body = abs >= 1000 ? compactAbs(abs, (v) => fixed(v, 0, true)) : fixed(abs, abs < 10 ? 1 : 0, true);
  const sign = n < 0 && NONZERO.test(body) ? '-' : opts.sign && n > 0 ? '+' : '';
  return `${sign}${body}%`;
}

/**
 * A DCA order's progress (0..100) -> "33%", like formatPercent but rounded down: an order short of
 * done never reads 100% (99.6 -> "99%").
 */
export function formatProgress(p: number | null | undefined): string {
  return isNum(p) ? formatPercent(p < 10 ? Math.floor(p * 10) / 10 : Math.floor(p)) : DASH;
}

/** Odds as a price in 0..1 -> "63%"; never claims 0% or 100% for a market that is not settled. */
export function formatOdds(p: number | null | undefined): string {
  if (!isNum(p)) return DASH;
  const clamped = Math.min(1, Math.max(0, p));
  const pct = Math.round(clamped * 100);
  if (pct === 0 && clamped > 0) return '<1%';
  if (pct === 100 && clamped < 1) return '>99%';
  return `${pct}%`;
}

const RAW_INT = /^-?\d+$/;

/** Splits a base-unit integer into sign, whole part and trimmed fraction; null when not an integer. */
function splitBaseUnits(
  raw: string | bigint,
  decimals: number,
): { neg: boolean; int: bigint; frac: string } | null {
  const text = typeof raw === 'bigint' ? raw.toString() : raw.trim();
  if (!RAW_INT.test(text)) return null;
  const d = Number.isInteger(decimals) ? Math.min(18, Math.max(0, decimals)) : 0;
  let value = BigInt(text);
  const neg = value < 0n;
  if (neg) value = -value;
  const scale = 10n ** BigInt(d);
  const frac = d === 0 ? '' : trimZeros((value % scale).toString().padStart(d, '0'));
  return { neg: neg && value !== 0n, int: value / scale, frac };
}

/** Exact decimal text of a base-unit amount, no grouping: ("1234500", 6) -> "1.2345". */
export function tokenAmountExact(raw: string | bigint, decimals: number): string | null {
  const parts = splitBaseUnits(raw, decimals);
  if (!parts) return null;
  return (parts.neg ? '-' : '') + parts.int.toString() + (parts.frac ? `.${parts.frac}` : '');
}

/** Base units -> token units; unknown decimals give no amount (a wrong number is worse than none). */
export function baseUnitsToNumber(
  raw: string | undefined,
  decimals: number | null | undefined,
): number | null {
  if (!raw || typeof decimals !== 'number') return null;
  const exact = tokenAmountExact(raw, decimals);
  return exact === null ? null : Number(exact);
}

/**
 * Display form of a base-unit amount: grouped, fraction cut (not rounded, so it never shows more
 * than there is) to 4 digits, or 4 significant digits below 1; whole parts of a million and more
 * compact ("12.34M") unless compact is false. Exact BigInt arithmetic throughout.
 */
export function formatTokenAmount(
  raw: string | bigint | null | undefined,
  decimals: number,
  opts: { compact?: boolean } = {},
): string {
  if (raw == null) return DASH;
  const parts = splitBaseUnits(raw, decimals);
  if (!parts) return DASH;
  const sign = parts.neg ? '-' : '';
  const intText = parts.int.toString();
  if (opts.compact !== false && parts.int >= 1_000_000n) {
    const unit = Math.min(Math.floor((intText.length - 1) / 3), UNITS.length - 1);
    const whole = intText.slice(0, intText.length - unit * 3);
    const dec = trimZeros(intText.slice(whole.length, whole.length + 2));
    return `${sign}${groupDigits(whole)}${dec ? `.${dec}` : ''}${UNITS[unit]}`;
  }
  let frac = parts.frac;
  if (parts.int > 0n) frac = trimZeros(frac.slice(0, 4));
  else {
    const lead = frac.length - frac.replace(/^0+/, '').length;
    frac = trimZeros(frac.slice(0, lead + 4));
  }
  return sign + groupDigits(intText) + (frac ? `.${frac}` : '');
}

/** Below this a brief amount reads "<0.000001": a non-zero amount never reads 0. */
const BRIEF_FLOOR = 0.000001;

/**
 * A token amount for a short text (a desktop notification): 3 significant digits, rounded, compact
 * from a thousand ("3.68K", "34.7K", "242K", "1.2M"), small ones to their first 3 significant digits
 * ("0.0312", "0.000012"), and "<0.000001" below that, so a non-zero amount never reads 0. Where a
 * trader needs the exact amount (cards, popup) formatTokenAmount stays.
 */
export function formatBriefAmount(n: number | null | undefined): string {
  if (!isNum(n)) return DASH;
  const abs = Math.abs(n);
  if (abs === 0) return '0';
  const sign = n < 0 ? '-' : '';
  if (abs < BRIEF_FLOOR) return `${sign}<0.000001`;
  // toExponential rounds to 3 significant digits and carries (999.6 -> "1.00e+3"), so 1K, not 1,000.
  const [mantissa = '0', expText = '0'] = abs.toExponential(2).split('e');
  const digits = mantissa.replace('.', '');
  const exp = Number(expText);
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${trimZeros(digits)}`;
  const unit = Math.min(Math.floor(exp / 3), UNITS.length - 1);
  const intLength = exp - unit * 3 + 1;
  const int = digits.slice(0, intLength).padEnd(intLength, '0');
  const frac = trimZeros(digits.slice(intLength));
  return `${sign}${groupDigits(int)}${frac ? `.${frac}` : ''}${UNITS[unit]}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "in 12 min", "3 h ago", "just now"; older than 30 days becomes a date. For something that has
 * already happened (a fill, an order's creation) use formatAgo, which never says "in …".
 */
export function formatRelativeTime(ms: number | null | undefined, now: number = Date.now()): string {
  if (!isNum(ms) || !isNum(now)) return DASH;
  const diff = ms - now;
  const abs = Math.abs(diff);
  if (abs < 45 * SECOND) return diff > 0 ? 'in a moment' : 'just now';
  if (abs >= 30 * DAY) return formatDate(ms);
  // Each unit as long as it rounds below the next one: 59.6 min reads "1 h", not "60 min".
  const minutes = Math.max(1, Math.round(abs / MINUTE));
  const hours = Math.round(abs / HOUR);
  const text = minutes < 60 ? `${minutes} min` : hours < 24 ? `${hours} h` : `${Math.round(abs / DAY)} d`;
  return diff > 0 ? `in ${text}` : `${text} ago`;
}

/**
 * When a past event happened: "3 h ago", "just now". A time ahead of this machine's clock can only be
 * clock skew (the service's or this machine's clock), so it reads "just now", never "in 2 min".
 */
export function formatAgo(ms: number | null | undefined, now: number = Date.now()): string {
  return formatRelativeTime(isNum(ms) && ms > now ? now : ms, now);
}

/**
 * When a DCA order's next cycle runs: "in 12 min" ahead of time, "due now" around it, and
 * "overdue 7 min" once the time has passed without a fill (keepers run late; "7 min ago" would
 * read as if the cycle had happened).
 */
export function formatNextCycle(at: number | null | undefined, now: number = Date.now()): string {
  if (!isNum(at) || !isNum(now)) return DASH;
  const diff = at - now;
  if (diff >= 45 * SECOND) return formatRelativeTime(at, now);
  if (diff > -45 * SECOND) return 'due now';
  return `overdue ${formatDuration(-diff)}`;
}

/** A length of time with at most two units: "45 s", "12 min", "1 h 30 min", "2 d 4 h". */
export function formatDuration(ms: number | null | undefined): string {
  if (!isNum(ms) || ms < 0) return DASH;
  if (ms < MINUTE) return `${Math.round(ms / SECOND)} s`;
  const steps: [number, string][] = [
    [DAY, 'd'],
    [HOUR, 'h'],
    [MINUTE, 'min'],
  ];
  const parts: string[] = [];
  let rest = Math.round(ms / MINUTE) * MINUTE;
  for (const [size, label] of steps) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${count} ${label}`);
    if (parts.length === 2) break;
  }
  return parts.filter((p) => !p.startsWith('0 ')).join(' ');
}

/**
 * Time left on a countdown that re-renders each second: whole seconds, rounded up (never "0 s"
 * before it is due), "1 min 30 s" under ten minutes so every tick shows, else formatDuration's.
 */
export function formatCountdown(ms: number | null | undefined): string {
  if (!isNum(ms) || ms < 0) return DASH;
  const s = Math.ceil(ms / SECOND);
  if (s < 60) return `${s} s`;
  if (s >= 600) return formatDuration(s * SECOND);
  const rest = s % 60;
  return rest ? `${Math.floor(s / 60)} min ${rest} s` : `${s / 60} min`;
}

const DATE_PARTS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME_OF_DAY: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
};

/**
 * Absolute date, e.g. "Mar 3, 2025"; `withTime`: its time of day and zone too ("Mar 3, 2025,
 * 4:05:06 PM UTC"), since a time compared with an explorer's (often UTC) must say which clock it is on.
 */
export function formatDate(ms: number | null | undefined, timeZone?: string, withTime = false): string {
  if (!isNum(ms)) return DASH;
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return DASH;
  return d.toLocaleString('en-US', { ...DATE_PARTS, ...(withTime ? TIME_OF_DAY : {}), timeZone });
}

export const formatDateTime = (ms: number | null | undefined, timeZone?: string) =>
  formatDate(ms, timeZone, true);

const FREQ_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** "1h" or "3600" (seconds) -> "every hour"; "30m" -> "every 30 min"; anything else verbatim. */
export function formatFrequency(freq: string | null | undefined): string {
  if (freq == null) return DASH;
  const text = cleanText(freq).trim();
  const m = /^(\d+)\s*([smhdw])?$/i.exec(text);
  const seconds = m ? Number(m[1]) * (FREQ_UNITS[(m[2] ?? 's').toLowerCase()] ?? 1) : 0;
  if (!m || !Number.isSafeInteger(seconds) || seconds <= 0) return truncateText(text, 24) || DASH;
  const named: [number, string, string][] = [
    [604800, 'week', 'w'],
    [86400, 'day', 'd'],
    [3600, 'hour', 'h'],
    [60, 'minute', 'min'],
  ];
  for (const [size, one, short] of named) {
    if (seconds % size === 0) {
      const count = seconds / size;
      return count === 1 ? `every ${one}` : `every ${count} ${short}`;
    }
  }
  return seconds === 1 ? 'every second' : `every ${seconds} s`;
}

/** "7JsiQ…TZz8"-style short address: first and last four characters. */
export function shortAddress(address: string | null | undefined, head = 4, tail = 4): string {
  if (!address) return DASH;
  const cps = Array.from(address);
  if (cps.length <= head + tail + 1) return address;
  return `${cps.slice(0, head).join('')}…${cps.slice(-tail).join('')}`;
}

// Bidi overrides/isolates and marks, plus C0/C1 controls: they can make a name render reversed or
// hide text, so untrusted names lose them before display.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A count and its noun: "1 order", "3 orders", "1,204 wallets" (`many` for irregular plurals). */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** Removes control and bidi-override characters from untrusted text. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').replace(UNSAFE_CHARS, '');
}

/** Clean untrusted text, cut to `max` code points (never splitting a surrogate pair), with "…". */
export function truncateText(s: string | null | undefined, max: number): string {
  const cps = Array.from(cleanText(s));
  if (cps.length <= max) return cps.join('');
  return `${cps.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** A sentence to follow a colon: its first letter lowercased ("Key check failed: the service …"). */
export const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** The URL, normalised, when it parses and is https:; otherwise null (javascript:, data:, http:...). */
export function safeHttpsUrl(u: string | null | undefined): string | null {
  if (typeof u !== 'string' || u.length > 2048) return null;
  try {
    const url = new URL(u.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Sign class of a value for gain/loss colouring. */
export function trend(n: number | null | undefined): 'up' | 'down' | 'flat' {
  if (!isNum(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}

/** PnL in the user's chosen currency: usd "$1.2K", eur "€1.2K", sol "12.5 SOL"; others as a code. */
export function formatMoney(n: number | null | undefined, currency: string, opts: UsdOptions = {}): string {
  const c = currency.toLowerCase();
  if (c === 'usd' || c === '') return formatUsd(n, opts);
  if (c === 'eur') return formatUsd(n, opts).replace('$', '€');
  const text = formatNumber(n, { compact: opts.compact !== false, maxFraction: 2, sign: opts.sign });
  return text === DASH ? DASH : `${text} ${truncateText(currency.toUpperCase(), 6)}`;
}
