import type {
  FillView,
  OddsView,
  OrderView,
  TokenRefView,
  TokenView,
  WalletBadgeView,
  WalletView,
} from '../../../lib/views';

export const WALLET = '7JsiQWfj8Vn1YqwjcNEPq4uv3R4DDgm2dLVYwxTMTZz8';
export const MINT = 'So11111111111111111111111111111111111111112';
export const ORDER = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
export const NOW = Date.UTC(2025, 0, 10, 12);
export const HOSTILE = '<img src=x onerror="alert(1)">';

export function token(over: Partial<TokenRefView> = {}): TokenRefView {
  return { mint: MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6, image: null, priceUsd: 1, ...over };
}

export function order(over: Partial<OrderView> = {}): OrderView {
  return {
    address: ORDER,
    owner: WALLET,
    program: 'jupiter',
    status: 'active',
    direction: 'buying',
    pair: 'USDC → SOL',
    input: token(),
    output: token({ symbol: 'SOL', name: 'Solana', decimals: 9, priceUsd: 160 }),
    deposited: 1000,
    depositedUsd: 1000,
    used: 400,
    usedUsd: 400,
    remaining: 600,
    remainingUsd: 600,
    received: 2.5,
    receivedUsd: 400,
    perCycle: 50,
    perCycleUsd: 50,
    rawDeposited: '1000000000',
    rawUsed: '400000000',
    frequency: '3600',
    progressPercent: 40,
    createdAt: NOW - 86_400_000,
    nextCycleAt: NOW + 12 * 60_000,
    v2: true,
    ...over,
  };
}

export function walletBadge(over: Partial<WalletBadgeView> = {}): WalletBadgeView {
  return {
    address: WALLET,
    activeOrders: 3,
    totalOrders: 10,
    pnl: {
      state: 'ready',
      pnl: {
        currency: 'usd',
        mode: 'strict',
        realized: 1000,
        unrealized: 234,
        total: 1234,
        invested: 5000,
        roi: 24.7,
        winRate: 61,
        buys: 40,
        sells: 30,
        trades: 70,
        tokensTraded: 12,
        updatedAt: NOW,
      },
    },
    dcaError: null,
    ...over,
  };
}

export function walletView(over: Partial<WalletView> = {}): WalletView {
  return {
    address: WALLET,
    identity: { name: 'Trader Joe', domain: 'joe.sol', tags: ['whale'], twitter: 'joe' },
    pnl: walletBadge().pnl,
    summary: { total: 6, active: 3, paused: 1, completed: 2, pending: 0 },
    orders: {
      orders: [order(), order({ address: WALLET, status: 'paused' })],
      nextCursor: null,
      hasMore: true,
      total: 6,
    },
    dcaError: null,
    watched: false,
    ...over,
  };
}

export function tokenView(over: Partial<TokenView> = {}): TokenView {
  return {
    flow: {
      mint: MINT,
      token: token({ symbol: 'BONK', name: 'Bonk' }),
      buyers: { count: 12, volumeUsd: 3400 },
      sellers: { count: 5, volumeUsd: 1100 },
    },
    topUsers: [{ wallet: WALLET, orderCount: 4, volumeUsd: 2000 }],
    usersError: null,
    metaError: null,
    priceUsd: 0.0000234,
    ...over,
  };
}

export function odds(over: Partial<OddsView> = {}): OddsView {
  return {
    exchange: 'polymarket',
    requestedId: 'will-it-rain',
    found: true,
    eventId: '123',
    title: 'Will it rain?',
    url: 'https://polymarket.com/event/will-it-rain',
    status: 'active',
    closed: false,
    endDate: NOW + 5 * 86_400_000,
    volume: 2_500_000,
    leading: { label: 'Yes', price: 0.63, market: 'm1' },
    outcomes: [
      { label: 'Yes', price: 0.63, market: 'm1' },
      { label: 'No', price: 0.37, market: 'm1' },
    ],
    ...over,
  };
}

/** A DCA fill a minute before NOW. */
export function fill(id: string, over: Partial<FillView> = {}): FillView {
  return {
    id,
    eventName: 'Filled',
    timestamp: NOW - 60_000,
    owner: WALLET,
    order: 'o',
    inAmount: 50,
    inSymbol: 'USDC',
    outAmount: 0.31,
    outSymbol: 'SOL',
    usd: 50,
    progressPercent: 40,
    ...over,
  };
}
