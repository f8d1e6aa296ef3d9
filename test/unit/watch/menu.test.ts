import { describe, expect, it } from 'vitest';
import { notWatchedId, notWatchedTarget, watchTargetOf } from '../../../lib/watch/menu';

const WALLET = 'CT5vZjVFsSLrj3JqrBHrRVmYdcTetW1eq7QNKsh3CnDC';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

describe('watchTargetOf (context menu "Watch wallet")', () => {
  it('watches a selected address, trimmed', () => {
    expect(watchTargetOf(`  ${WALLET}\n`)).toEqual({ wallet: WALLET });
  });

  it('reads the wallet from an explorer URL in the selection or from the link under the pointer', () => {
    expect(watchTargetOf(`https://solscan.io/account/${WALLET}`)).toEqual({ wallet: WALLET });
    expect(watchTargetOf(undefined, `https://solscan.io/account/${WALLET}`)).toEqual({ wallet: WALLET });
    expect(watchTargetOf('degen420', `https://pump.fun/profile/${WALLET}`)).toEqual({ wallet: WALLET });
  });

  it('refuses what is known not to be a wallet, saying what it is', () => {
    expect(watchTargetOf(`https://solscan.io/token/${WALLET}`)).toEqual({
      error: expect.stringMatching(/token mint, not a wallet/),
    });
    expect(watchTargetOf(TOKEN_PROGRAM)).toEqual({ error: expect.stringMatching(/program/) });
  });

  it('passes a selected .sol name on to be resolved (the background reads its owner)', () => {
    expect(watchTargetOf(' Toly.sol ')).toEqual({ domain: 'toly.sol' });
  });

  it('gives the lookup parser’s specific message for junk, and a hint for nothing', () => {
    expect(watchTargetOf(WALLET.slice(0, 31))).toEqual({ error: expect.stringMatching(/too short/) });
    expect(watchTargetOf('   ')).toEqual({ error: expect.stringMatching(/Select a wallet address/) });
    expect(watchTargetOf('bonk')).toEqual({ error: expect.stringMatching(/Select a wallet address/) });
  });
});

describe('the "Not watched" notification id', () => {
  it('carries the address it is about, and only an address', () => {
    expect(notWatchedTarget(notWatchedId(WALLET, 1_700_000_000_000))).toBe(WALLET);
    expect(notWatchedTarget(notWatchedId(null, 1))).toBeNull();
    expect(notWatchedTarget(`menu|1|${WALLET}/../x`)).toBeNull();
    expect(notWatchedTarget(`ol|${WALLET}|x|away`)).toBeNull();
  });
});
