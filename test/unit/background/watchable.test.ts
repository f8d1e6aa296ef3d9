/**
 * What an address's account says about watching it (lib/background/watchable.ts), with the reads
 * stubbed: mints, orders, pools and programs are refused, a token account is refused with its
 * owner named, a wallet, no account and another program's account are allowed, and so is an
 * address whose account could not be read.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import type { UnknownAccount } from '../../../lib/background/accounts';
import {
  type AccountReads,
  assertWatchable,
  notWalletsOf,
  notWatchableReason,
} from '../../../lib/background/watchable';
import type { AddressKind } from '../../../lib/detect/types';

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const OWNER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

function reads(kind: AddressKind | Error, account: UnknownAccount | Error = { type: 'none' }): AccountReads {
  return {
    kindOf: vi.fn(async () => {
      if (kind instanceof Error) throw kind;
      return kind;
    }),
    readUnknown: vi.fn(async () => {
      if (account instanceof Error) throw account;
      return account;
    }),
    orderOwner: vi.fn(async () => null),
  };
}

describe('notWatchableReason', () => {
  it.each([
    ['mint', /token mint, not a wallet/],
    ['order', /DCA order account, not a wallet/],
    ['pool', /liquidity pool, not a wallet/],
    ['program', /program, not a wallet/],
  ] as const)('refuses a %s', async (kind, why) => {
    const r = reads(kind);
    expect(await notWatchableReason(ADDRESS, r)).toMatch(why);
    expect(r.readUnknown).not.toHaveBeenCalled();
  });

  it("refuses an order and names its owner when the order's view says it", async () => {
    const r = { ...reads('order'), orderOwner: vi.fn(async () => OWNER) };
    expect(await notWatchableReason(ADDRESS, r)).toBe(
      `That address is a DCA order account, not a wallet: watch its owner ${OWNER} instead.`,
    );
    const failing = { ...reads('order'), orderOwner: vi.fn(async () => Promise.reject(new Error('503'))) };
    expect(await notWatchableReason(ADDRESS, failing)).toBe(
      'That address is a DCA order account, not a wallet: watch its owner instead.',
    );
  });

  it('refuses a token account and names its owner', async () => {
    const r = reads('unknown', { type: 'tokenAccount', mint: 'M', owner: OWNER });
    expect(await notWatchableReason(ADDRESS, r)).toBe(
      `That address is a token account, not a wallet: watch its owner ${OWNER} instead.`,
    );
  });

  it.each([
    ['a wallet', reads('wallet')],
    ['no account at all (a fresh wallet)', reads('unknown', { type: 'none' })],
    ["another program's account (the lookup shows it as a wallet)", reads('unknown', { type: 'other' })],
    ['a kind that could not be read', reads(new ApiError({ code: 'RATE_LIMITED', endpoint: 'rpc' }))],
    ['a head that could not be read', reads('unknown', new ApiError({ code: 'NETWORK', endpoint: 'rpc' }))],
    ['no key', reads(new ApiError({ code: 'NO_KEY', endpoint: 'rpc' }))],
  ])('allows %s', async (_what, r) => {
    expect(await notWatchableReason(ADDRESS, r)).toBeNull();
  });

  it('reads nothing for what is not an address (the watchlist says what is wrong with it)', async () => {
    const r = reads('mint');
    expect(await notWatchableReason('nope', r)).toBeNull();
    expect(r.kindOf).not.toHaveBeenCalled();
  });

  it('assertWatchable throws the INVALID_INPUT error the watchlist throws, for the address trimmed', async () => {
    await expect(assertWatchable(` ${ADDRESS}\n`, reads('order'))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/DCA order account/),
    });
    await expect(assertWatchable(ADDRESS, reads('wallet'))).resolves.toBeUndefined();
  });
});

describe('notWalletsOf (an import)', () => {
  it('is the addresses classified as mints, orders, pools or programs, in one call', async () => {
    const kinds: Record<string, AddressKind> = {
      a: 'mint',
      b: 'wallet',
      c: 'order',
      d: 'unknown',
      e: 'pool',
    };
    const classify = vi.fn(async (list: string[]) =>
      Object.fromEntries(list.filter((x) => x !== 'f').map((x) => [x, kinds[x]!])),
    );
    const out = await notWalletsOf(['a', 'b', 'c', 'd', 'e', 'f', 'a'], classify);
    expect([...out].sort()).toEqual(['a', 'c', 'e']);
    expect(classify).toHaveBeenCalledTimes(1);
    expect(classify).toHaveBeenCalledWith(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('is empty when the read fails (nothing is skipped for it), and reads nothing for no address', async () => {
    expect(await notWalletsOf(['a'], async () => Promise.reject(new Error('down')))).toEqual(new Set());
    const classify = vi.fn(async () => ({}));
    expect(await notWalletsOf([], classify)).toEqual(new Set());
    expect(classify).not.toHaveBeenCalled();
  });
});
