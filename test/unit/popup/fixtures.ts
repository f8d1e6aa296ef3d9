/** Small, valid view models for component tests. Addresses are real-looking base58 (32 bytes). */
import type { BlockView } from '../../../lib/lookup';
import type { OddsView, OrderPageView, OrderView, TokenView, WalletView } from '../../../lib/views';

export const WALLET = '7JsiQTZz8wJq7bYx3ZfK4Wc9g1mNnVfXUv5pR2sHcTZz';
export const MINT = 'So11111111111111111111111111111111111111112';
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const ORDER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

export function order(i: number, patch: Partial<OrderView> = {}): OrderView {
  const token = (mint: string, symbol: string, decimals: number) => ({
    mint,
    symbol,
    name: symbol,
    decimals,
    image: null,
    priceUsd: null,
  });
  return {
    address: `${ORDER.slice(0, -2)}${String(i).padStart(2, '0').replace(/0/g, 'A')}`,
    owner: WALLET,
    program: 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M',
    status: 'active',
    direction: 'buy',
    pair: `USDC -> SOL #${i}`,
    input: token(USDC, 'USDC', 6),
    output: token(MINT, 'SOL', 9),
    deposited: 100,
    depositedUsd: 100,
    used: 40,
    usedUsd: 40,
    remaining: 60,
    remainingUsd: 60,
    received: 0.3,
    receivedUsd: 42,
    perCycle: 10,
    perCycleUsd: 10,
    rawDeposited: '100000000',
    rawUsed: '40000000',
    frequency: '1h',
    progressPercent: 40,
    createdAt: 1_700_000_000_000,
    nextCycleAt: null,
    v2: true,
    ...patch,
  };
}

export const page = (orders: OrderView[], nextCursor: string | null = null): OrderPageView => ({
  orders,
  nextCursor,
  hasMore: nextCursor !== null,
  total: orders.length,
});

export function wallet(patch: Partial<WalletView> = {}): WalletView {
  return {
    address: WALLET,
    identity: { name: 'alice.sol', domain: 'alice.sol', tags: ['whale'], twitter: null },
    pnl: {
      state: 'ready',
      pnl: {
        currency: 'usd',
        mode: 'strict',
        realized: 1200,
        unrealized: -50,
        total: 1150,
        invested: 5000,
        roi: 23,
        winRate: 61,
        buys: 10,
        sells: 4,
        trades: 14,
        tokensTraded: 5,
        updatedAt: null,
      },
    },
    summary: { total: 2, active: 1, paused: 0, completed: 1, pending: 0 },
    orders: page([order(1), order(2, { status: 'completed' })]),
    dcaError: null,
    watched: false,
    ...patch,
  };
}

export const token = (): TokenView => ({
  flow: {
    mint: MINT,
    token: { mint: MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, image: null, priceUsd: 140 },
    buyers: { count: 12, volumeUsd: 5000 },
    sellers: { count: 3, volumeUsd: 900 },
  },
  topUsers: [{ wallet: WALLET, orderCount: 4, volumeUsd: 2000 }],
  usersError: null,
  metaError: null,
  priceUsd: 140,
});

export const event = (patch: Partial<OddsView> = {}): OddsView => ({
  exchange: 'polymarket',
  requestedId: 'will-it-rain',
  found: true,
  eventId: 'ev-1',
  title: 'Will it rain tomorrow?',
  url: 'https://polymarket.com/event/will-it-rain',
  status: 'open',
  closed: false,
  endDate: null,
  volume: 12000,
  leading: { label: 'Yes', price: 0.63, market: null },
  outcomes: [
    { label: 'Yes', price: 0.63, market: null },
    { label: 'No', price: 0.37, market: null },
  ],
  ...patch,
});

export const block = (): BlockView => ({
  slot: 250_000_000,
  blockTime: 1_700_000_000,
  blockhash: 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi',
  parentSlot: 249_999_999,
  transactionCount: 1234,
  totalFeesLamports: 25_000_000,
  failedCount: 17,
  signatures: ['5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'],
});
