import type { Rng } from './rng';
import { type SimToken, SOL_MINT, tokenJson, USDC_MINT } from './tokens';

export const PROGRAM = 'jupiter';
export const DCA_PROGRAM_ID = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
export const STATUSES = ['active', 'pending', 'paused', 'completed'] as const;
export type Status = (typeof STATUSES)[number];
export type Direction = 'buying' | 'selling' | 'mixed';

/** Mutable internal state of one DCA order; amounts are base units. */
export interface OrderState {
  address: string;
  owner: string;
  input: SimToken;
  output: SimToken;
  status: Status;
  depositedRaw: bigint;
  usedRaw: bigint;
  withdrawnRaw: bigint; // input withdrawn (deposit - used - withdrawn = remaining)
  receivedRaw: bigint;
  perCycleRaw: bigint;
  frequencySec: number;
  frequencyText: string;
  createdAt: number; // unix ms
  lastActivityAt: number; // unix ms
  nextCycleAt: number | null;
  openInstruction?: 'openDcaV2';
  usdMode: 'full' | 'null' | 'omit';
  writeVersion: number;
  extra?: Record<string, unknown>;
  /**
   * A status the spec does not list (`cancelled`...), sent instead of `status` (set through
   * `POST /__sim/status`; never set by default). `status` stays the internal state events work on;
   * a status filter other than `all` leaves the order out and no summary count holds it.
   */
  wireStatus?: string;
}

export function directionOf(o: { input: SimToken; output: SimToken }): Direction {
  const quote = (m: string) => m === SOL_MINT || m === USDC_MINT;
  if (quote(o.input.mint) && !quote(o.output.mint)) return 'buying';
  if (quote(o.output.mint) && !quote(o.input.mint)) return 'selling';
  return 'mixed';
}

export function remainingRaw(o: OrderState): bigint {
  const r = o.depositedRaw - o.usedRaw - o.withdrawnRaw;
  return r > 0n ? r : 0n;
}

export function human(raw: bigint, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

function usd(amount: number, price: number | null): number | null {
  return price === null ? null : Math.round(amount * price * 100) / 100;
}

const FREQS: [number, string[]][] = [
  [60, ['1m', '60']],
  [300, ['5m', '300']],
  [3600, ['1h', '3600']],
  [14400, ['4h', '14400']],
  [86400, ['1d', '86400']],
  [604800, ['1w', '604800']],
];

/** Derived numbers of an order (shared by JSON rendering and sorting). */
export function metrics(o: OrderState) {
  const dIn = o.input.decimals;
  const deposited = human(o.depositedRaw, dIn);
  const used = human(o.usedRaw, dIn);
  const remaining = human(remainingRaw(o), dIn);
  const received = human(o.receivedRaw, o.output.decimals);
  const perCycle = human(o.perCycleRaw, dIn);
  const pIn = o.usdMode === 'full' ? o.input.priceUsd : null;
  const pOut = o.usdMode === 'full' ? o.output.priceUsd : null;
  const progress = o.depositedRaw === 0n ? 0 : Number((o.usedRaw * 10000n) / o.depositedRaw) / 100;
  return {
    deposited,
    used,
    remaining,
    received,
    perCycle,
    progress,
    depositedUsd: usd(deposited, pIn),
    usedUsd: usd(used, pIn),
    remainingUsd: usd(remaining, pIn),
    receivedUsd: usd(received, pOut),
    perCycleUsd: usd(perCycle, pIn),
    volumeUsd: usd(used, pIn),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The REST Order object. */
export function orderJson(o: OrderState): Record<string, unknown> {
  const m = metrics(o);
  const out: Record<string, unknown> = {
    program: PROGRAM,
    programId: DCA_PROGRAM_ID,
    address: o.address,
    owner: o.owner,
    status: o.wireStatus ?? o.status,
    direction: directionOf(o),
    pair: `${o.input.symbol} -> ${o.output.symbol}`,
    input: tokenJson(o.input, true),
    output: tokenJson(o.output, false),
    deposited: m.deposited,
    depositedUsd: m.depositedUsd,
    used: m.used,
    usedUsd: m.usedUsd,
    remaining: m.remaining,
    remainingUsd: m.remainingUsd,
    received: m.received,
    receivedUsd: m.receivedUsd,
    perCycle: m.perCycle,
    perCycleUsd: m.perCycleUsd,
    frequency: o.frequencyText,
    progressPercent: m.progress,
    volume: m.used,
    volumeUsd: m.volumeUsd,
    createdAt: iso(o.createdAt),
    nextCycleAt: o.nextCycleAt === null ? null : iso(o.nextCycleAt),
    raw: {
      deposited: o.depositedRaw.toString(),
      used: o.usedRaw.toString(),
      remaining: remainingRaw(o).toString(),
      received: o.receivedRaw.toString(),
      perCycle: o.perCycleRaw.toString(),
      withdrawn: o.withdrawnRaw.toString(),
      createdAt: String(Math.floor(o.createdAt / 1000)),
      nextCycleAt: o.nextCycleAt === null ? null : String(Math.floor(o.nextCycleAt / 1000)),
    },
  };
  if (o.openInstruction) out.openInstruction = o.openInstruction;
  if (o.usdMode === 'omit') {
    for (const k of Object.keys(out)) if (k.endsWith('Usd')) delete out[k];
  }
  if (o.extra) Object.assign(out, o.extra);
  return out;
}

/** Creates one order consistent with its status. */
export function makeOrder(
  rng: Rng,
  p: { owner: string; input: SimToken; output: SimToken; status: Status; now: number; benign?: boolean },
): OrderState {
  const [freqSec, forms] = rng.pick(FREQS);
  const cycles = rng.int(2, 40);
  const dIn = p.input.decimals;
  // per-cycle worth roughly $5..$5000 when priced, otherwise 1..1000 units
  const unitUsd = p.input.priceUsd ?? 1;
  const perCycleHuman = Math.max(10 ** -dIn, rng.float(5, 5000) / unitUsd);
  let perCycleRaw = BigInt(Math.max(1, Math.round(perCycleHuman * 10 ** dIn)));
  if (perCycleRaw > 10n ** 15n) perCycleRaw = 10n ** 15n;
  const depositedRaw = perCycleRaw * BigInt(cycles);
  let done = 0;
  if (p.status === 'completed') done = cycles;
  else if (p.status === 'active') done = rng.int(1, cycles - 1);
  else if (p.status === 'paused') done = rng.int(0, cycles - 1);
  const usedRaw = perCycleRaw * BigInt(done);
  const rate =
    p.input.priceUsd !== null && p.output.priceUsd !== null
      ? p.input.priceUsd / p.output.priceUsd
      : rng.float(0.001, 1000);
  const outPerIn = rate * 10 ** (p.output.decimals - dIn) * rng.float(0.97, 1.0);
  const receivedRaw = BigInt(Math.floor(Number(usedRaw) * outPerIn));
  const createdAt = p.now - (done + rng.int(1, 3)) * freqSec * 1000 - rng.int(0, 86_400_000);
  const lastActivityAt = done > 0 ? createdAt + done * freqSec * 1000 : createdAt;
  let nextCycleAt: number | null = null;
  if (p.status === 'active' || p.status === 'pending') nextCycleAt = p.now + rng.int(1, freqSec) * 1000;
  else if (p.status === 'paused') nextCycleAt = lastActivityAt + freqSec * 1000;
  const order: OrderState = {
    address: rng.address(),
    owner: p.owner,
    input: p.input,
    output: p.output,
    status: p.status,
    depositedRaw,
    usedRaw,
    withdrawnRaw: 0n,
    receivedRaw,
    perCycleRaw,
    frequencySec: freqSec,
    frequencyText: rng.chance(0.7) ? forms[0]! : forms[1]!,
    createdAt,
    lastActivityAt,
    nextCycleAt,
    usdMode: 'full',
    writeVersion: rng.int(1, 1000),
  };
  if (rng.chance(0.3)) order.openInstruction = 'openDcaV2';
  if (!p.benign) {
    const r = rng.next();
    if (r < 0.04) order.usdMode = 'null';
    else if (r < 0.08) order.usdMode = 'omit';
    if (rng.chance(0.05))
      order.extra = { simUnknownField: { note: 'unknown extra field' }, futureFlag: true };
  }
  return order;
}
