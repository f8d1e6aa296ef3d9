import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ApiError,
  Block,
  BlockResult,
  CandlesResponse,
  ChartResponse,
  CreditsResponse,
  candleTimeMs,
  DCA_ORDER_STATUSES,
  DcaProgramsResponse,
  domainName,
  droppedFrom,
  EventsBatchResponse,
  Identity,
  isKnownDcaStatus,
  MultipleAccountsResult,
  MultipleDomains,
  Order,
  OrderListResponse,
  PairResponse,
  PnlPairsBatchResponse,
  PnlQueued,
  PnlWalletSummary,
  PnlWalletsBatchResponse,
  parseBody,
  readErrorBody,
  SearchResponse,
  StatsResponse,
  SubscriptionResponse,
  Token,
  TokenFlowResponse,
  TokenOrdersResponse,
  TokenUsersResponse,
  WalletDcaResponse,
} from '../../../lib/api';
import { addr, order, pagination, SOL, token, USDC } from './helpers';

function mismatch(schema: z.ZodType, body: unknown): string {
  try {
    parseBody(schema, body, '/x');
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe('SCHEMA_MISMATCH');
    return (e as ApiError).message;
  }
  throw new Error('expected SCHEMA_MISMATCH');
}

const ok = <S extends z.ZodType>(schema: S, body: unknown) => parseBody(schema, body, '/x');

describe('DCA schemas', () => {
  it('accepts a realistic order and keeps base units as strings', () => {
    const o = ok(Order, order(1, { openInstruction: 'openDcaV2' }));
    expect(o.raw).toEqual({ deposited: '1000000000', used: '400000000' });
    expect(o.openInstruction).toBe('openDcaV2');
  });

  it('lets hostile but valid text through untouched, with null or missing USD and unknown fields', () => {
    const hostile = order(2, {
      input: token(USDC, {
        name: '<img src=x onerror=alert(1)>',
        symbol: '‮DSU',
        priceUsd: null,
        twitter: null,
      }),
      depositedUsd: null,
      usedUsd: undefined,
      receivedUsd: null,
      brandNewField: { nested: [1, 2] },
      direction: 'sideways',
    });
    delete (hostile as Record<string, unknown>).remainingUsd;
    const o = ok(Order, hostile);
    expect(o.input.name).toBe('<img src=x onerror=alert(1)>');
    expect(o.depositedUsd).toBeNull();
    expect(o.remainingUsd).toBeUndefined();
    expect((o as Record<string, unknown>).brandNewField).toEqual({ nested: [1, 2] });
  });

  it.each([
    [{ status: null }, 'status'],
    [{ status: { code: 'cancelled' } }, 'status'],
    [{ deposited: '1000' }, 'deposited'],
    [{ raw: { deposited: 1000, used: '1' } }, 'raw.deposited'],
    [{ raw: { deposited: '-5', used: '1' } }, 'raw.deposited'],
    [{ owner: 'not-an-address' }, 'owner'],
    [{ input: token('0xdeadbeef') }, 'input.mint'],
    [{ output: { ...token(SOL), decimals: 1.5 } }, 'output.decimals'],
    [{ progressPercent: Number.NaN }, 'progressPercent'],
  ])('rejects %j naming the path %s', (patch, path) => {
    expect(mismatch(Order, order(1, patch))).toContain(`at ${path}:`);
  });

  it('keeps every order of a page when one has a status the spec does not list, carrying it as sent', () => {
    const statuses = ['cancelled', 'expired', 'closed', 'Active', '<img src=x onerror=alert(1)>', ''];
    const body = {
      wallet: addr(1),
      // the service may count the new state too: an unknown count is kept, the known ones checked
      summary: { total: 8, active: 1, paused: 0, completed: 1, pending: 0, cancelled: 6 },
      orders: [
        order(1),
        ...statuses.map((status, i) => order(2 + i, { status })),
        order(9, { status: 'completed' }),
      ],
      pagination: pagination({ count: 8, total: 8 }),
    };
    const wallet = ok(WalletDcaResponse, body);
    expect(wallet.orders.map((o) => o.status)).toEqual(['active', ...statuses, 'completed']);
    expect(wallet.orders.map((o) => o.address)).toEqual(body.orders.map((o) => o.address));
    expect((wallet.summary as Record<string, unknown>).cancelled).toBe(6);
    expect(ok(Order, order(1, { status: 'cancelled' })).status).toBe('cancelled');
    for (const schema of [OrderListResponse, TokenOrdersResponse]) {
      const list = ok(schema, { mint: SOL, orders: body.orders, pagination: pagination() });
      expect(list.orders).toHaveLength(8);
    }
    expect(ok(PairResponse, { inputMint: USDC, outputMint: SOL, ...body }).orders[2]?.status).toBe('expired');
    expect(isKnownDcaStatus('cancelled')).toBe(false);
    expect(isKnownDcaStatus('Active')).toBe(false);
    expect(DCA_ORDER_STATUSES.every(isKnownDcaStatus)).toBe(true);
  });

  it('leaves a bad order out of its list, naming its index and path, and keeps the others', () => {
    const body = {
      orders: [order(1), order(2), order(3, { status: 7 }), order(4)],
      pagination: pagination({ nextCursor: 'c2', hasMore: true }),
    };
    const r = ok(OrderListResponse, body);
    expect(r.orders.map((o) => o.address)).toEqual([addr(1001), addr(1002), addr(1004)]);
    expect(droppedFrom(r.orders)).toEqual([
      { index: 2, key: null, reason: expect.stringContaining('status') },
    ]);
    expect(r.pagination).toMatchObject({ nextCursor: 'c2', hasMore: true });
    expect(droppedFrom(ok(OrderListResponse, { ...body, orders: [order(1)] }).orders)).toEqual([]);
  });

  it('parses wallet, programs, flow, users and pair answers', () => {
    const wallet = ok(WalletDcaResponse, {
      wallet: addr(1),
      summary: { total: 2, active: 1, paused: 0, completed: 1, pending: 0 },
      orders: [order(1), order(2, { status: 'completed', nextCycleAt: null })],
      pagination: pagination({ nextCursor: addr(1002), hasMore: true }),
    });
    expect(wallet.pagination.nextCursor).toBe(addr(1002));
    expect(
      ok(DcaProgramsResponse, {
        programs: [
          { id: 'jupiter', label: 'Jupiter DCA', programId: 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M' },
        ],
      }).programs[0]?.id,
    ).toBe('jupiter');
    const flow = ok(TokenFlowResponse, {
      mint: SOL,
      buyers: { count: 3, volumeUsd: null },
      sellers: { count: 1 },
    });
    expect(flow.sellers.volumeUsd).toBeUndefined();
    expect(
      ok(TokenUsersResponse, { mint: SOL, users: [{ wallet: addr(3), orderCount: 4, volumeUsd: 10 }] }).users,
    ).toHaveLength(1);
    expect(
      ok(PairResponse, {
        inputMint: USDC,
        outputMint: SOL,
        pair: 'USDC -> SOL',
        orders: [],
        pagination: pagination(),
      }).orders,
    ).toEqual([]);
    expect(
      mismatch(TokenFlowResponse, { mint: SOL, buyers: { count: -1 }, sellers: { count: 0 } }),
    ).toContain('buyers.count');
    expect(mismatch(WalletDcaResponse, { wallet: addr(1), orders: [], pagination: pagination() })).toContain(
      'summary',
    );
  });

  it('accepts a token with markup and missing optional fields', () => {
    expect(ok(Token, { mint: SOL, decimals: 9, name: '<script>x</script>' }).name).toBe('<script>x</script>');
  });
});

describe('error bodies', () => {
  it('reads all three error shapes', () => {
    expect(readErrorBody({ error: { code: 'INVALID_MINT', message: 'bad' } })).toEqual({
      code: 'INVALID_MINT',
      message: 'bad',
    });
    expect(readErrorBody({ code: 404, error: 'gone', errorCode: 'NOT_FOUND' })).toEqual({
      code: 'NOT_FOUND',
      message: 'gone',
    });
    expect(readErrorBody({ code: 500, error: 'oops' })).toEqual({ code: undefined, message: 'oops' });
    expect(readErrorBody({ error: 'Invalid currency. Options: usd, sol, eur' })).toEqual({
      message: 'Invalid currency. Options: usd, sol, eur',
    });
    expect(readErrorBody('<html>')).toEqual({});
    expect(readErrorBody(null)).toEqual({});
  });
});

const summary = {
  pnl: { realized: 120.5, realizedRaw: 130, unrealized: null, total: 120.5 },
  invested: 1000,
  proceeds: null,
  openPositions: { cost: null, value: null },
  counts: { buys: 10, sells: 4, trades: 14, tokensTraded: 3, tokensHeldEver: 3 },
  averages: { buy: 100, sell: null },
  roi: null,
  timing: { firstTrade: 1_700_000_000_000, lastTrade: null },
};

describe('PnL schemas', () => {
  it('accepts a wallet summary with many nulls and an identity', () => {
    const s = ok(PnlWalletSummary, {
      wallet: addr(1),
      pnlMode: 'strict',
      currency: 'usd',
      identity: { name: '<b>whale</b>', tags: ['kol', 'sns'], sns: { domain: 'whale.sol' }, extra: 1 },
      summary,
      analysis: {
        winRate: null,
        avgPnlPerAsset: null,
        avgBuyValue: 3,
        tokens: { closed: 1, winning: 1, losing: 0 },
        distribution: [{ range: '>500%', count: 0, rate: null }],
      },
      stats: { total: 3, holding: 1, sold: 2, profitable: 1, losing: 1 },
      tags: { isArbitrage: false, platforms: [] },
      updatedAt: null,
    });
    expect(s.summary.roi).toBeNull();
    expect(s.identity?.sns?.domain).toBe('whale.sol');
  });

  it('keeps a wallet summary whose pnlMode the spec does not list (the mode used, as the service names it)', () => {
    for (const pnlMode of ['realized', 'STRICT', '', null]) {
      const s = ok(PnlWalletSummary, { wallet: addr(1), pnlMode, summary });
      expect(s.pnlMode).toBe(pnlMode);
      expect(s.summary.invested).toBe(1000);
    }
    expect(mismatch(PnlWalletSummary, { pnlMode: 3, summary })).toContain('pnlMode');
  });

  it('rejects a number sent as text', () => {
    expect(mismatch(PnlWalletSummary, { summary: { ...summary, invested: '1000' } })).toContain(
      'summary.invested',
    );
    expect(mismatch(PnlWalletSummary, { summary: { ...summary, pnl: { realized: 'lots' } } })).toContain(
      'summary.pnl.realized',
    );
  });

  it('parses the queued notice as its own shape', () => {
    expect(ok(PnlQueued, { indexed: false, queued: true, message: 'indexing' })).toEqual({
      indexed: false,
      queued: true,
      message: 'indexing',
    });
    expect(mismatch(PnlQueued, { indexed: true, queued: true })).toContain('indexed');
  });

  it('parses batch answers with notFound, invalid and truncated forms', () => {
    for (const truncated of [true, ['x'], { requested: 150, limit: 100 }, undefined, null]) {
      const r = ok(PnlWalletsBatchResponse, {
        count: 1,
        wallets: [
          { wallet: addr(1), summary, tags: { isArbitrage: true, platforms: ['platform_a'] }, updatedAt: 1 },
        ],
        notFound: [addr(2)],
        invalid: ['junk'],
        truncated,
      });
      expect(r.wallets[0]?.summary.pnl.total).toBe(120.5);
    }
    const pairs = ok(PnlPairsBatchResponse, {
      positions: [
        {
          wallet: addr(1),
          token: SOL,
          pnl: { token: { realized: 1, unrealized: 2, total: 3 } },
          invested: 1,
          proceeds: 2,
          roi: 0.1,
        },
      ],
      notFound: [{ wallet: addr(1), token: USDC }],
    });
    expect(pairs.notFound?.[0]?.token).toBe(USDC);
  });

  it('accepts identities with unknown labels', () => {
    expect(ok(Identity, { name: null, type: 'platform_a', tags: ['hacker'], bot: { name: 'x' } }).type).toBe(
      'platform_a',
    );
  });
});

const market = {
  id: '12345',
  exchange: 'polymarket',
  title: 'Will it rain?',
  outcomes: [
    { label: 'Yes', price: 0.62 },
    { label: 'No', price: 0.38 },
  ],
  legs: [{ label: 'Leg 1', side: 'yes', sport: 'nfl' }],
  hasDepth: true,
  clobTokenIds: ['1', '2'],
};

describe('prediction schemas', () => {
  it('parses candles with ISO or unix timestamps', () => {
    const r = ok(CandlesResponse, {
      eventId: '903',
      exchange: 'polymarket',
      periodInterval: '1h',
      series: [
        {
          marketId: 'm1',
          title: 'Yes',
          candles: [
            {
              open: 0.1,
              high: 0.2,
              low: 0.05,
              close: 0.15,
              volume: 10,
              timestamp: '2025-01-01T00:00:00Z',
              tradeCount: 3,
            },
            { open: 0.1, high: 0.2, low: 0.05, close: 0.15, volume: 10, timestamp: 1_735_689_600 },
          ],
        },
      ],
      nextCursor: null,
    });
    const [a, b] = r.series[0]!.candles;
    expect(candleTimeMs(a!)).toBe(1_735_689_600_000);
    expect(candleTimeMs(b!)).toBe(1_735_689_600_000);
    expect(candleTimeMs({ timestamp: '1735689600000' })).toBe(1_735_689_600_000);
    expect(candleTimeMs({ timestamp: 'soon' })).toBeUndefined();
    // a bad candle is a gap in its series, not a lost chart
    const gap = ok(CandlesResponse, { series: [{ marketId: 'm', candles: [{ open: '1' }, b] }] });
    expect(gap.series[0]!.candles).toHaveLength(1);
    expect(droppedFrom(gap.series[0]!.candles)[0]?.reason).toContain('open');
  });

  it('parses a batch with events, combo groups, crypto windows and null events', () => {
    const r = ok(EventsBatchResponse, {
      notFound: ['nope'],
      results: [
        {
          requestedId: 'rain',
          event: {
            id: 'ev1',
            title: '<i>Rain</i>',
            markets: [market],
            comboGroups: [
              {
                id: 'g',
                label: 'G',
                lines: [
                  {
                    marketId: 'm',
                    line: 1.5,
                    selections: [
                      { label: 'Over', outcomeIndex: 0, price: 0.5, selectable: true, tokenId: 't' },
                    ],
                  },
                ],
              },
            ],
            cryptoUpDown: { asset: 'BTC', phase: 'upcoming', priceToBeat: 100000, finalPrice: null },
            somethingNew: true,
          },
        },
        { requestedId: 'nope', event: null },
      ],
    });
    expect(r.results[0]?.event?.markets?.[0]?.outcomes?.[0]?.price).toBe(0.62);
    expect(r.results[1]?.event).toBeNull();
  });

  it('rejects odds outside 0..1 and naming the market path', () => {
    const bad = {
      notFound: [],
      results: [
        {
          requestedId: 'a',
          event: { id: 'e', markets: [market, { ...market, outcomes: [{ label: 'Yes', price: 1.7 }] }] },
        },
      ],
    };
    // the event fails as a whole (a missing market could change the leading outcome), alone, with its id
    const r = ok(EventsBatchResponse, {
      ...bad,
      results: [...bad.results, { requestedId: 'b', event: null }],
    });
    expect(r.results.map((x) => x.requestedId)).toEqual(['b']);
    expect(droppedFrom(r.results)).toEqual([
      { index: 0, key: 'a', reason: expect.stringContaining('event.markets.1.outcomes.0.price') },
    ]);
  });
});

describe('RPC schemas', () => {
  const block = {
    blockHeight: 10,
    blockTime: null,
    blockhash: 'H1',
    parentSlot: 9,
    previousBlockhash: 'H0',
    transactions: [
      {
        meta: {
          err: null,
          fee: 5000,
          preBalances: [1, 2],
          postBalances: [1, 2],
          logMessages: null,
          loadedAddresses: { readonly: [], writable: [] },
          status: { Ok: null },
        },
        transaction: { message: { accountKeys: [], instructions: [] }, signatures: ['s'] },
      },
    ],
  };
  it('accepts a block and null for an unconfirmed one', () => {
    expect(ok(Block, block).parentSlot).toBe(9);
    expect(ok(BlockResult, null)).toBeNull();
    expect(mismatch(Block, { ...block, parentSlot: -1 })).toContain('parentSlot');
  });

  it('parses accounts (null for missing) and domain forms', () => {
    const r = ok(MultipleAccountsResult, {
      context: { slot: 5 },
      value: [
        {
          owner: '11111111111111111111111111111111',
          lamports: 1,
          executable: false,
          data: ['', 'base64'],
          space: 0,
        },
        null,
      ],
    });
    expect(r.value[1]).toBeNull();
    const bad = ok(MultipleAccountsResult, { value: [{ owner: 'x', lamports: 1, executable: false }, null] });
    expect(bad.value).toEqual([null]);
    expect(droppedFrom(bad.value)).toEqual([
      { index: 0, key: null, reason: expect.stringContaining('owner') },
    ]);
    expect(ok(MultipleDomains, ['a.sol', null, { domain: 'b.sol' }])).toHaveLength(3);
    expect(domainName('a.sol')).toBe('a.sol');
    expect(domainName({ domain: 'b.sol' })).toBe('b.sol');
    expect(domainName(null)).toBeNull();
    expect(domainName({})).toBeNull();
  });
});

describe('market data and account schemas', () => {
  it('parses search, chart, stats, credits and subscription', () => {
    expect(
      ok(SearchResponse, { status: 'success', data: [{ mint: SOL, name: '<x>', priceUsd: null, other: 1 }] })
        .data,
    ).toHaveLength(1);
    expect(
      ok(ChartResponse, { oclhv: [{ open: 1, close: 2, low: 0.5, high: 3, volume: 10, time: 1 }] }).oclhv,
    ).toHaveLength(1);
    expect(ok(StatsResponse, { '1h': { buys: 1 }, anything: 'goes' })).toHaveProperty('1h');
    expect(ok(CreditsResponse, { credits: 99 }).credits).toBe(99);
    expect(
      ok(SubscriptionResponse, {
        credits: 1,
        plan: 'premium',
        next_billing_date: '2026-01-01',
        status: 'active',
      }).plan,
    ).toBe('premium');
    expect(droppedFrom(ok(ChartResponse, { oclhv: [{ open: 1 }] }).oclhv)[0]?.index).toBe(0);
    expect(mismatch(ChartResponse, { oclhv: 'bars' })).toContain('oclhv');
    expect(mismatch(StatsResponse, [1, 2])).toContain('(root)');
    expect(mismatch(SubscriptionResponse, { credits: 1 })).toContain('plan');
  });
});
