import { dataError, fail, isAddress } from './http';
import {
  DCA_PROGRAM_ID,
  makeOrder,
  metrics,
  type OrderState,
  orderJson,
  PROGRAM,
  remainingRaw,
} from './orders';
import type { SimState } from './state';

export const EVENT_NAMES = [
  'Opened',
  'Filled',
  'Closed',
  'Deposit',
  'Withdraw',
  'CollectedFee',
  'Position',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];
const TYPE_ROOM: Record<EventName, string> = {
  Opened: 'opened',
  Filled: 'filled',
  Closed: 'closed',
  Deposit: 'deposit',
  Withdraw: 'withdraw',
  CollectedFee: 'collected_fee',
  Position: 'position',
};

export interface DcaEvent {
  rooms: string[];
  data: Record<string, unknown>;
}

const prices = (o: OrderState) => {
  const p: Record<string, number> = {};
  if (o.input.priceUsd !== null) p[o.input.mint] = o.input.priceUsd;
  if (o.output.priceUsd !== null) p[o.output.mint] = o.output.priceUsd;
  return p;
};
const usdOf = (raw: bigint, t: OrderState['input']) =>
  t.priceUsd === null ? undefined : Math.round((Number(raw) / 10 ** t.decimals) * t.priceUsd * 100) / 100;
const clean = (o: Record<string, number | undefined>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Rooms an event for this order reaches (global, type, scoped). */
export function roomsFor(o: OrderState, name: EventName): string[] {
  const p = `dca:${PROGRAM}`;
  return [
    p,
    `${p}:${TYPE_ROOM[name]}`,
    `${p}:${o.output.mint}:buyers`,
    `${p}:${o.input.mint}:sellers`,
    `${p}:wallet:${o.owner}`,
    `${p}:${o.address}`,
  ];
}

function canApply(o: OrderState, name: EventName): boolean {
  if (name === 'Filled' || name === 'Withdraw' || name === 'Closed')
    return remainingRaw(o) > 0n && o.status !== 'completed';
  if (name === 'Deposit') return o.status !== 'completed';
  return true;
}

/** Picks the order an emit targets: explicit, else the first suitable one of the wallet/mint. */
export function pickOrder(
  s: SimState,
  req: { wallet?: string; order?: string; mint?: string },
  name: EventName,
): OrderState | null {
  if (req.order) {
    const o = s.world.orderByAddress.get(req.order);
    if (!o) fail(dataError(404, 'NOT_FOUND', 'order not found'));
    return o!;
  }
  return (
    s.world.orders.find(
      (o) =>
        (!req.wallet || o.owner === req.wallet) &&
        (!req.mint || o.input.mint === req.mint || o.output.mint === req.mint) &&
        canApply(o, name) &&
        (name !== 'Filled' || o.status === 'active' || o.status === 'pending'),
    ) ?? null
  );
}

/** Applies an event to the REST state and returns its payload and rooms. */
export function applyEvent(s: SimState, o: OrderState, name: EventName): DcaEvent {
  if (!canApply(o, name)) {
    fail(
      dataError(
        409,
        'NOT_APPLICABLE',
        `${name} cannot apply to a ${o.status} order with remaining ${remainingRaw(o)}`,
      ),
    );
  }
  s.slot += 1 + s.rng.int(0, 3);
  s.eventCounter++;
  const now = Date.now();
  const base: Record<string, unknown> = {
    program: PROGRAM,
    programId: DCA_PROGRAM_ID,
    address: o.address,
    owner: o.owner,
  };
  const extra: Record<string, unknown> = {};
  let a = 0n;
  switch (name) {
    case 'Filled': {
      const rem = remainingRaw(o);
      let inAmt = o.perCycleRaw;
      if (rem < inAmt) inAmt = rem;
      const m = metrics(o);
      const rate =
        m.used > 0
          ? Number(o.receivedRaw) / Number(o.usedRaw)
          : ((o.input.priceUsd ?? 1) / (o.output.priceUsd ?? 1)) *
            10 ** (o.output.decimals - o.input.decimals);
      const outAmt = BigInt(Math.max(1, Math.floor(Number(inAmt) * rate)));
      const fee = outAmt / 1000n;
      o.usedRaw += inAmt;
      o.receivedRaw += outAmt - fee;
      o.lastActivityAt = now;
      o.status = remainingRaw(o) === 0n ? 'completed' : 'active';
      o.nextCycleAt = o.status === 'completed' ? null : now + o.frequencySec * 1000;
      Object.assign(extra, {
        userKey: o.owner,
        inputMint: o.input.mint,
        outputMint: o.output.mint,
        inAmount: inAmt.toString(),
        outAmount: outAmt.toString(),
        feeMint: o.output.mint,
        fee: fee.toString(),
        fillInstruction: 'fulfillFlashFill',
        usd: clean({
          inAmountUsd: usdOf(inAmt, o.input),
          outAmountUsd: usdOf(outAmt, o.output),
          feeUsd: usdOf(fee, o.output),
        }),
        prices: prices(o),
      });
      break;
    }
    case 'Opened':
      Object.assign(extra, {
        openInstruction: o.openInstruction ?? 'openDca',
        userKey: o.owner,
        inputMint: o.input.mint,
        outputMint: o.output.mint,
        inDeposited: o.depositedRaw.toString(),
        cycleFrequency: String(o.frequencySec),
        inAmountPerCycle: o.perCycleRaw.toString(),
        createdAt: String(Math.floor(o.createdAt / 1000)),
        usd: clean({
          inDepositedUsd: usdOf(o.depositedRaw, o.input),
          inAmountPerCycleUsd: usdOf(o.perCycleRaw, o.input),
        }),
        prices: prices(o),
      });
      break;
    case 'Closed': {
      const unfilled = remainingRaw(o);
      o.withdrawnRaw += unfilled;
      o.status = 'completed';
      o.nextCycleAt = null;
      o.lastActivityAt = now;
      Object.assign(extra, {
        userKey: o.owner,
        inputMint: o.input.mint,
        outputMint: o.output.mint,
        inDeposited: o.depositedRaw.toString(),
        totalInWithdrawn: o.withdrawnRaw.toString(),
        totalOutWithdrawn: o.receivedRaw.toString(),
        unfilledAmount: unfilled.toString(),
        userClosed: true,
        usd: clean({
          totalInWithdrawnUsd: usdOf(o.withdrawnRaw, o.input),
          totalOutWithdrawnUsd: usdOf(o.receivedRaw, o.output),
          unfilledAmountUsd: usdOf(unfilled, o.input),
        }),
        prices: prices(o),
      });
      break;
    }
    case 'Deposit':
      a = o.perCycleRaw * 2n;
      o.depositedRaw += a;
      if (o.status === 'paused') o.status = o.usedRaw > 0n ? 'active' : 'pending';
      Object.assign(extra, { amount: a.toString(), usd: clean({ amountUsd: usdOf(a, o.input) }) });
      break;
    case 'Withdraw':
      a = remainingRaw(o) / 2n > 0n ? remainingRaw(o) / 2n : remainingRaw(o);
      o.withdrawnRaw += a;
      if (remainingRaw(o) === 0n) {
        o.status = 'completed';
        o.nextCycleAt = null;
      }
      Object.assign(extra, {
        inAmount: a.toString(),
        outAmount: '0',
        userWithdraw: true,
        usd: clean({ inAmountUsd: usdOf(a, o.input), outAmountUsd: 0 }),
      });
      break;
    case 'CollectedFee':
      a = o.receivedRaw / 1000n + 1n;
      Object.assign(extra, {
        userKey: o.owner,
        mint: o.output.mint,
        amount: a.toString(),
        usd: clean({ amountUsd: usdOf(a, o.output) }),
        prices: prices(o),
      });
      break;
    case 'Position':
      break;
  }
  o.writeVersion++;
  const order = orderJson(o);
  if (name === 'Position') {
    // Live snapshots sometimes carry numbers where REST has strings.
    if (s.eventCounter % 2 === 0) {
      order.raw = {
        ...(order.raw as object),
        createdAt: Math.floor(o.createdAt / 1000),
        nextCycleAt: o.nextCycleAt === null ? null : Math.floor(o.nextCycleAt / 1000),
      };
    }
    return {
      rooms: roomsFor(o, name),
      data: { ...base, pubkey: o.address, slot: s.slot, timestamp: now, writeVersion: o.writeVersion, order },
    };
  }
  const data = {
    ...base,
    signature: s.rng.signature(),
    slot: s.slot,
    timestamp: now,
    eventIndex: s.rng.int(0, 3),
    dcaKey: o.address,
    eventName: name,
    order,
    ...extra,
  };
  return { rooms: roomsFor(o, name), data };
}

/** Opens a new order (pending) for a wallet; the mint (if any) is the output. */
export function openOrder(s: SimState, wallet?: string, mint?: string): OrderState {
  const w = s.world;
  if (wallet !== undefined && !isAddress(wallet))
    fail(dataError(400, 'INVALID_WALLET', 'wallet is not a valid address'));
  if (mint !== undefined && !w.tokenByMint.has(mint)) fail(dataError(400, 'INVALID_MINT', 'unknown mint'));
  const output = mint ? w.tokenByMint.get(mint)! : s.rng.pick(w.tokens.slice(2, 5));
  const input = output === w.tokens[1] ? w.tokens[0]! : w.tokens[1]!;
  const o = makeOrder(s.rng, {
    owner: wallet ?? s.rng.pick(w.wallets.slice(30)),
    input,
    output,
    status: 'pending',
    now: Date.now(),
    benign: true,
  });
  o.createdAt = Date.now();
  o.lastActivityAt = o.createdAt;
  w.orders.push(o);
  w.orderByAddress.set(o.address, o);
  return o;
}
