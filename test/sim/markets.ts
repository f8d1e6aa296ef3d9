import { round } from './http';
import { hash32, noise, Rng } from './rng';
import { RLO, XSS_NAME } from './tokens';

export interface PmMarket {
  id: string;
  title: string;
  status: 'active' | 'closed' | 'resolved';
  yes: number;
  groupItemTitle: string | null;
  ticker: string;
  volume: number;
  startMs: number;
  closeMs: number | null;
}
export interface PmEvent {
  exchange: 'polymarket' | 'kalshi';
  id: string;
  slug: string;
  ticker: string;
  title: string;
  category: string;
  image: string;
  startMs: number;
  endMs: number;
  closedMs: number | null;
  markets: PmMarket[];
  hostile?: string;
}

/** A day of the year (month 1..12, day) an event named after it ends on. */
type MonthDay = readonly [month: number, day: number];

/**
 * Polymarket topics: title, category, outcomes (none: one Yes/No market), and the day the event is
 * decided on when its title names it (a month, a date, a game): its end date is then that day.
 */
const POLY_TOPICS: [string, string, string[], MonthDay?][] = [
  ['Fed decision in March', 'economics', ['No change', '25 bps cut', '50+ bps cut'], [3, 18]],
  ['Will Bitcoin reach $150k in 2026?', 'crypto', []],
  ['Super Bowl LXI winner', 'sports', ['Chiefs', 'Eagles', 'Bills', 'Lions'], [2, 14]],
  ['Who will win the Best Picture Oscar?', 'culture', ['One Battle After Another', 'Sinners', 'Hamnet']],
  ['Will Solana flip Ethereum by market cap?', 'crypto', []],
  ['US recession in 2026?', 'economics', []],
  ['Next UK general election winner', 'politics', ['Labour', 'Conservative', 'Reform']],
  ['Will SOL be above $300 on Dec 31?', 'crypto', [], [12, 31]],
  ['World Cup 2026 winner', 'sports', ['Brazil', 'France', 'Argentina', 'England', 'Spain']],
  ['Will a spot SOL ETF launch this year?', 'crypto', []],
];
/** Kalshi events: ticker, title, the day a title names. */
const KALSHI: [string, string, MonthDay?][] = [
  ['KXFEDCHAIR-26', 'Who will be the next Fed chair?'],
  ['KXBTCMAX-26DEC31', 'Bitcoin high by Dec 31', [12, 31]],
  ['KXNBA-26', 'NBA champion 2026'],
  ['KXINFL-26MAR', 'CPI inflation in March', [3, 31]],
  ['KXSENATE-26', 'Senate control after 2026'],
  ['KXGDP-26Q1', 'GDP growth Q1 2026'],
  ['KXOSCAR-26', 'Best Picture 2026'],
  ['KXTEMPNYC-26JUL', 'NYC high temperature in July', [7, 31]],
  ['KXETH-26', 'Ether price end of 2026'],
  ['KXRECESSION-26', 'Recession in 2026'],
];
/** The multi-outcome Kalshi events' outcomes (by index in KALSHI), named as a trader would read them. */
const KALSHI_OPTIONS: Record<number, string[]> = {
  0: ['Hassett', 'Warsh', 'Waller'],
  3: ['Above 3%', 'Between 2.5% and 3%', 'Below 2.5%'],
  6: ['Sinners', 'Hamnet', 'Marty Supreme'],
  9: ['By June', 'By September', 'By December'],
};
const DAY = 86_400_000;

/**
 * When an open event whose title names a day ends: that day (end of it, UTC) in `year` if given and
 * still ahead, else its next occurrence after `now` ("Fed decision in March" seen in November ends
 * next March, not on a random day of May). Events naming no day end `fallback` (random).
 */
function endOf(now: number, day: MonthDay | undefined, year: number | undefined, fallback: number): number {
  if (!day) return fallback;
  const at = (y: number) => Date.UTC(y, day[0] - 1, day[1], 23, 59, 59);
  if (year !== undefined && at(year) > now + DAY) return at(year);
  const y = new Date(now).getUTCFullYear();
  return at(y) > now + DAY ? at(y) : at(y + 1);
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function markets(
  rng: Rng,
  ev: { id: string; ticker: string; startMs: number; closedMs: number | null; resolved: boolean },
  options: string[],
  title: string,
): PmMarket[] {
  const n = options.length || 1;
  const weights = Array.from({ length: n }, () => rng.float(0.05, 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const winner = rng.int(0, n - 1);
  return weights.map((wt, i) => {
    let yes = round(n === 1 ? rng.float(0.05, 0.95) : wt / total, 3);
    if (ev.resolved) yes = i === winner ? 1 : 0;
    const label = options[i];
    return {
      id: `${ev.id}${String(i).padStart(2, '0')}`,
      title: label ? `${title}: ${label}?` : title,
      status: ev.resolved ? 'resolved' : ev.closedMs !== null ? 'closed' : 'active',
      yes,
      groupItemTitle: label ?? null,
      ticker: label ? `${ev.ticker}-${slugify(label).toUpperCase().slice(0, 6)}` : ev.ticker,
      volume: round(rng.float(1e4, 5e7)),
      startMs: ev.startMs,
      closeMs: ev.closedMs,
    };
  });
}

export function makeEvents(seed: number, hostile: boolean, now: number): PmEvent[] {
  const rng = new Rng(seed, 7);
  const out: PmEvent[] = [];
  for (let i = 0; i < 20; i++) {
    const [t, category, options, day] = POLY_TOPICS[i % POLY_TOPICS.length]!;
    const year = i < 10 ? undefined : 2026 + Math.floor(i / 10);
    let title = year === undefined ? t : `${t} (${year})`;
    let hostileTag: string | undefined;
    if (i === 3 || (hostile && i >= 5 && i % 3 === 0)) {
      title = `${XSS_NAME} ${title}`;
      hostileTag = 'xss';
    }
    if (i === 4) {
      title = `${RLO}${title} ${'really long title '.repeat(16)}`.slice(0, 300);
      hostileTag = 'rlo-long';
    }
    const id = String(16000 + i * 37 + (seed % 7));
    const startMs = now - rng.int(30, 200) * 86_400_000;
    const resolved = i >= 14 && i < 16;
    const closedMs = i >= 10 && i < 16 ? now - rng.int(1, 20) * 86_400_000 : null;
    const ev = { id, ticker: `POLY-${id}`, startMs, closedMs, resolved };
    out.push({
      exchange: 'polymarket',
      id,
      slug: `${slugify(t)}-${i}`,
      ticker: ev.ticker,
      title,
      category,
      image: hostileTag ? 'javascript:alert(1)' : `https://img.polymarket.example/${id}.png`,
      startMs,
      // (the random end is drawn either way when open, so the generated data stays as it was)
      endMs: closedMs ?? endOf(now, day, year, now + rng.int(10, 300) * DAY),
      closedMs,
      markets: markets(rng, ev, options, title),
      hostile: hostileTag,
    });
  }
  KALSHI.forEach(([ticker, t, day], i) => {
    const title = i === 2 || (hostile && i > 4) ? `${t} ${XSS_NAME}` : t;
    const startMs = now - rng.int(30, 200) * 86_400_000;
    const closedMs = i === 9 ? now - 86_400_000 : null;
    const opts = KALSHI_OPTIONS[i] ?? [];
    out.push({
      exchange: 'kalshi',
      id: ticker,
      slug: slugify(ticker),
      ticker,
      title,
      category: 'kalshi',
      image: i === 2 ? 'http://insecure.kalshi.example/icon.png' : `https://img.kalshi.example/${ticker}.png`,
      startMs,
      endMs: closedMs ?? endOf(now, day, undefined, now + rng.int(10, 300) * DAY),
      closedMs,
      markets: markets(
        rng,
        { id: String(hash32(ticker) % 100000), ticker, startMs, closedMs, resolved: false },
        opts,
        title,
      ),
      hostile: i === 2 ? 'xss-http' : undefined,
    });
  });
  return out;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function marketJson(ev: PmEvent, m: PmMarket): Record<string, unknown> {
  return {
    exchange: ev.exchange,
    hasDepth: m.status === 'active',
    id: m.id,
    isTradable: m.status === 'active',
    marketKind: 'binary',
    outcomes: [
      { label: 'Yes', price: m.yes },
      { label: 'No', price: round(1 - m.yes, 3) },
    ],
    pricingMode: 'orderbook',
    slug: `${ev.slug}-${m.id}`,
    status: m.status,
    title: m.title,
    volume: m.volume,
    category: ev.category,
    clobTokenIds: [`${m.id}1`, `${m.id}2`],
    closeDate: iso(m.closeMs ?? ev.endMs),
    createdAt: iso(m.startMs),
    eventId: ev.id,
    eventSlug: ev.slug,
    eventTicker: ev.ticker,
    eventTitle: ev.title,
    gammaMarketId: ev.exchange === 'polymarket' ? m.id : null,
    groupItemTitle: m.groupItemTitle,
    image: ev.image,
    liquidity: round(m.volume / 20),
    openInterest: Math.round(m.volume / 10),
    outcomeLabel: 'Yes',
    ticker: m.ticker,
    tradeCount24h: Math.round(m.volume / 5000) % 997,
    volume24h: round(m.volume / 40),
  };
}

export function eventJson(ev: PmEvent): Record<string, unknown> {
  const volume = round(ev.markets.reduce((a, m) => a + m.volume, 0));
  const url =
    ev.exchange === 'polymarket'
      ? `https://polymarket.com/event/${ev.slug}`
      : `https://kalshi.com/markets/${ev.ticker.toLowerCase()}`;
  const out: Record<string, unknown> = {
    exchange: ev.exchange,
    id: ev.id,
    marketCount: ev.markets.length,
    marketKind: 'binary',
    title: ev.title,
    category: ev.category,
    comboEnabled: false,
    comboGroups: [],
    createdAt: iso(ev.startMs),
    description: `${ev.title} (simulated)`,
    endDate: iso(ev.endMs),
    icon: ev.image,
    image: ev.image,
    markets: ev.markets.map((m) => marketJson(ev, m)),
    negRisk: ev.markets.length > 1,
    openInterest: round(volume / 10),
    resolutionSource: 'https://resolution.example',
    slug: ev.slug,
    startDate: iso(ev.startMs),
    tags: [ev.category],
    ticker: ev.ticker,
    updatedAt: iso(ev.endMs - 1000),
    url: ev.hostile ? 'javascript:alert(1)' : url,
    volume,
    volume24h: round(volume / 40),
    status: ev.markets.every((m) => m.status === 'resolved')
      ? 'resolved'
      : ev.closedMs !== null
        ? 'closed'
        : 'active',
  };
  if (ev.hostile) out.simUnknown = { extra: true };
  return out;
}

const smooth = (seed: number, key: string, x: number) => {
  const i = Math.floor(x);
  const f = x - i;
  const a = noise(seed, `${key}:${i}`);
  const b = noise(seed, `${key}:${i + 1}`);
  return a + (b - a) * (f * f * (3 - 2 * f));
};

/** The walk's deviation at absolute bucket boundary k: layered value noise (continuous, centred on 0). */
function walk(seed: number, key: string, k: number): number {
  return (
    0.25 * (smooth(seed, `${key}a`, k / 40) - 0.5) +
    0.1 * (smooth(seed, `${key}b`, k / 6) - 0.5) +
    0.02 * (noise(seed, `${key}c:${k}`) - 0.5)
  );
}

const logit = (p: number) => Math.log(p / (1 - p));

/**
 * Yes-price of a market at absolute bucket boundary k (the close of bar k - 1, the open of bar k).
 * `anchor` is the boundary that closes the market's last bar (the current one, or the one it closed
 * in): there the price is the market's own `yes` exactly, so a chart ends where the event's odds are;
 * before it, a walk in log-odds around that price (no bar crosses 0 or 1, none flattens on a bound).
 * Deterministic: a function of the seed, the market, the period, k and the anchor only.
 */
export function priceAt(seed: number, m: PmMarket, period: number, k: number, anchor: number): number {
  if (k >= anchor) return m.yes;
  const key = `${m.id}:${period}`;
  // a resolved market (yes 0 or 1) walks near its outcome and jumps to it in its last bar
  const target = Math.min(0.99, Math.max(0.01, m.yes));
  const x = logit(target) + 4 * (walk(seed, key, k) - walk(seed, key, anchor));
  return Math.min(0.999, Math.max(0.001, round(1 / (1 + Math.exp(-x)), 4)));
}
