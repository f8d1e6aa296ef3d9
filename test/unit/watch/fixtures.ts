/** Shared test data for the watch tests: real-looking addresses, events parsed by the real schema. */
import bs58 from 'bs58';
import { type DcaTxEvent, DcaTxEventSchema } from '../../../lib/api/schemas/live';
import { defaultSettings, type NotificationRules } from '../../../lib/settings';
import type { OrderView } from '../../../lib/views';
import { createWatchService, type WatchServiceOptions } from '../../../lib/watch';
import type { NotificationOptions } from '../../../lib/watch/notifier';

/** A valid Solana address (32 bytes, base58), different for each n. */
export function addr(n: number): string {
  return bs58.encode(Uint8Array.from({ length: 32 }, (_, i) => (n * 37 + i * 11 + 1) % 256));
}

export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const SOL = 'So11111111111111111111111111111111111111112';
export const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

export const usdcToken = { mint: USDC, symbol: 'USDC', decimals: 6 };
export const solToken = { mint: SOL, symbol: 'SOL', decimals: 9 };
export const bonkToken = { mint: BONK, symbol: 'BONK', decimals: 5 };

export function rules(patch: Partial<NotificationRules> = {}): NotificationRules {
  const base = defaultSettings().notifications;
  return {
    ...base,
    events: { Opened: true, Filled: true, Closed: true, Deposit: true, Withdraw: true },
    ...patch,
  };
}

let sigCounter = 0;
/** A distinct transaction signature per call (88 base58 characters, like a real one). */
export function sig(): string {
  sigCounter += 1;
  return bs58.encode(Uint8Array.from({ length: 64 }, (_, i) => (sigCounter * 13 + i) % 256));
}

interface Base {
  wallet: string;
  order?: string;
  signature?: string;
  eventIndex?: number;
  timestamp?: number;
}

function base(b: Base) {
  return {
    program: 'jupiter',
    address: b.order ?? addr(900),
    owner: b.wallet,
    signature: b.signature ?? sig(),
    eventIndex: b.eventIndex ?? 0,
    timestamp: b.timestamp ?? 1_750_000_000_000,
    slot: 300_000_000,
  };
}

export function filled(
  b: Base & { inAmount?: string; outAmount?: string; usd?: number | null; progress?: number | null },
): DcaTxEvent {
  return DcaTxEventSchema.parse({
    ...base(b),
    eventName: 'Filled',
    inputMint: USDC,
    outputMint: SOL,
    inAmount: b.inAmount ?? '50000000',
    outAmount: b.outAmount ?? '310000000',
    usd: b.usd === null ? {} : { inAmountUsd: b.usd ?? 50, outAmountUsd: b.usd ?? 50 },
    order: {
      input: usdcToken,
      output: solToken,
      ...(b.progress === null ? {} : { progressPercent: b.progress ?? 40 }),
    },
  });
}

/** A fill of 50 USDC whose partial order leaves the totals out (the stored order adds them up). */
export const bareFill = (wallet: string, order: string): DcaTxEvent =>
  DcaTxEventSchema.parse({ ...filled({ wallet, order, inAmount: '50000000' }), order: {} });

export function opened(b: Base & { deposit?: string; freq?: string; usd?: number }): DcaTxEvent {
  return DcaTxEventSchema.parse({
    ...base(b),
    eventName: 'Opened',
    openInstruction: 'openDcaV2',
    userKey: b.wallet,
    inputMint: USDC,
    outputMint: BONK,
    inDeposited: b.deposit ?? '1000000000',
    cycleFrequency: b.freq ?? '3600',
    inAmountPerCycle: '100000000',
    ...(b.usd === undefined ? {} : { usd: { inDepositedUsd: b.usd } }),
    order: { input: usdcToken, output: bonkToken },
  });
}

export function closed(b: Base): DcaTxEvent {
  return DcaTxEventSchema.parse({
    ...base(b),
    eventName: 'Closed',
    inputMint: USDC,
    outputMint: BONK,
    inDeposited: '1000000000',
    totalInWithdrawn: '0',
    totalOutWithdrawn: '5123456789012',
    unfilledAmount: '0',
    userClosed: false,
    order: { input: usdcToken, output: bonkToken },
  });
}

export function deposit(b: Base & { amount?: string; usd?: number | null }): DcaTxEvent {
  return DcaTxEventSchema.parse({
    ...base(b),
    eventName: 'Deposit',
    amount: b.amount ?? '250000000',
    ...(b.usd === null ? {} : { usd: { amountUsd: b.usd ?? 250 } }),
    order: { input: usdcToken, output: solToken },
  });
}

export function withdraw(b: Base & { inAmount?: string; outAmount?: string }): DcaTxEvent {
  return DcaTxEventSchema.parse({
    ...base(b),
    eventName: 'Withdraw',
    inAmount: b.inAmount ?? '0',
    outAmount: b.outAmount ?? '1500000000',
    userWithdraw: true,
    order: { input: usdcToken, output: solToken },
  });
}

export function fakeNotifications() {
  const shown = new Map<string, NotificationOptions>();
  const created: string[] = [];
  const cleared: string[] = [];
  return {
    shown,
    created,
    cleared,
    api: {
      async create(id: string, options: NotificationOptions) {
        shown.set(id, options);
        created.push(id);
        return id;
      },
      async clear(id: string) {
        cleared.push(id);
        return shown.delete(id);
      },
    },
  };
}

export function fakeBadge() {
  const texts: string[] = [];
  return { texts, last: () => texts.at(-1), set: async (t: string) => void texts.push(t) };
}

/**
 * A watch service over fake notifications and badge, with what the watch tests share (rules(), UTC,
 * timers that never fire); `opts` adds to it or overrides it. `messages`: what the shown say.
 */
export function watchService(opts: Partial<WatchServiceOptions> = {}) {
  const n = fakeNotifications();
  const badge = fakeBadge();
  const svc = createWatchService({
    notifications: n.api,
    setBadge: badge.set,
    getRules: () => rules(),
    iconUrl: 'icon.png',
    timezoneOffsetMinutes: () => 0,
    setTimer: () => 0,
    clearTimer: () => {},
    ...opts,
  });
  return { svc, n, badge, messages: () => [...n.shown.values()].map((o) => o.message) };
}

/** Timers that run only when the test fires them. */
export function manualTimers() {
  let next = 1;
  const timers = new Map<number, { fn: () => void; ms: number }>();
  return {
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { fn, ms });
      return id;
    },
    clearTimer: (h: unknown) => void timers.delete(h as number),
    pending: () => [...timers.values()].map((t) => t.ms),
    fireAll() {
      const all = [...timers.values()];
      timers.clear();
      for (const t of all) t.fn();
    },
  };
}

export function order(address: string, patch: Partial<OrderView> = {}): OrderView {
  return {
    address,
    owner: addr(1),
    program: 'jupiter',
    status: 'active',
    direction: 'buying',
    pair: 'USDC -> SOL',
    input: { ...usdcToken, name: 'USD Coin', image: null, priceUsd: 1 },
    output: { ...solToken, name: 'Solana', image: null, priceUsd: 160 },
    deposited: 1000,
    depositedUsd: 1000,
    used: 200,
    usedUsd: 200,
    remaining: 800,
    remainingUsd: 800,
    received: 1.24,
    receivedUsd: 198.4,
    perCycle: 50,
    perCycleUsd: 50,
    rawDeposited: '1000000000',
    rawUsed: '200000000',
    frequency: '1h',
    progressPercent: 20,
    createdAt: 1_749_000_000_000,
    nextCycleAt: 1_750_000_000_000,
    v2: true,
    ...patch,
  };
}

/** How many events a notification's text names: "7 fills, 1 deposit" is 8, a single event's text 1. */
export function eventsNamed(message: string | undefined): number {
  if (!message) return 0;
  const counts = [...message.matchAll(/\b(\d+) (?:fills?|new orders?|closed orders?|deposits?)\b/g)];
  return counts.length > 0 ? counts.reduce((n, m) => n + Number(m[1]), 0) : 1;
}
