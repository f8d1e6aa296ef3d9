/**
 * Inputs a trader types that look a little like something the lookup refuses, and links that look a
 * little like something it reads: meme-coin names cut short are searches, not truncated addresses; a
 * GitHub range of commits is not an address; `network=devnet` is a test cluster like `cluster=devnet`;
 * a referral parameter is not the address a link is about; an SVM chain's link is not Solana's.
 */
import { describe, expect, it } from 'vitest';
import { parseLookupInput } from '../../../lib/detect/links';

const W = '7Jsih6Ky3XfLQ6kEUyhvA3DmSqGgR6kVMWMpBiWHZTZ8';
const M = 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm';

const addr = (address: string, kind: string) => ({ type: 'address', address, kind });

function expectError(input: string, message: RegExp) {
  const result = parseLookupInput(input);
  expect(result).toMatchObject({ type: 'error', code: 'INVALID_INPUT' });
  if (result.type === 'error') expect(result.message).toMatch(message);
}

describe('a name cut short with an ellipsis is a search, not a truncated address', () => {
  it.each([
    ['FartCoin...', 'FartCoin...'],
    ['GigaChad…', 'GigaChad…'],
    ['catWifHat...', 'catWifHat...'],
    ['DeepSeek...', 'DeepSeek...'],
    ['BabyDoge…', 'BabyDoge…'],
    ['$FartCoin...', 'FartCoin...'],
    ['...MoonShot', '...MoonShot'],
    ['PEPE2345...', 'PEPE2345...'],
  ])('%s', (input, query) => {
    expect(parseLookupInput(input)).toEqual({ type: 'search', query });
  });

  it('one piece that reads as an address (digits and both cases) is still refused', () => {
    expectError('7xKXtg2CW8...', /"7xKXtg2CW8\.\.\." is a truncated address/);
    expectError('…sgAsU9TZZ8', /"…sgAsU9TZZ8" is a truncated address/);
  });

  it('a GitHub compare link (two lowercase hex commits) is not a truncated address', () => {
    for (const link of [
      'https://github.com/solana-labs/solana/compare/abc123...def456',
      'github.com/jup-ag/jupiter-cpi/compare/abc123...def456',
    ]) {
      const result = parseLookupInput(link);
      expect(result.type).toBe('error');
      if (result.type === 'error') {
        expect(result.message).not.toMatch(/truncated/);
        expect(result.message).toMatch(/does not point to a Solana address/);
      }
    }
    expect(parseLookupInput('abc123...def456')).toEqual({ type: 'search', query: 'abc123...def456' });
  });
});

describe('network=devnet and network=testnet are test clusters, like cluster=', () => {
  it.each([
    [`https://solscan.io/token/${M}?network=devnet`, /devnet: Onchain Lens reads mainnet only/],
    [`https://explorer.solana.com/address/${W}?network=testnet`, /testnet: Onchain Lens reads mainnet only/],
    [`https://birdeye.so/token/${M}?chain=solana&network=devnet`, /devnet.*mainnet only/],
    [`https://example.com/a/${W}?network=solana-devnet`, /devnet.*mainnet only/],
    [`see https://solscan.io/account/${W}?network=devnet`, /devnet.*mainnet only/],
  ])('%s is refused', (input, message) => {
    expectError(input, message);
  });

  it('other network values are not a test cluster', () => {
    expect(parseLookupInput(`https://solscan.io/token/${M}?network=mainnet`)).toEqual(addr(M, 'mint'));
    expect(parseLookupInput(`https://example.com/a/${W}?network=solana`)).toEqual(addr(W, 'unknown'));
  });
});

describe("a referral parameter is not the link's address", () => {
  it.each([
    [`https://trade.example.com/token/${M}?ref=${W}`],
    [`https://trade.example.com/token/${M}?referrer=${W}`],
    [`https://trade.example.com/token/${M}?utm_source=x&Referral=${W}`],
    [`https://trade.example.com/token/${M}?invite=${W}&tab=chart`],
    [`https://trade.example.com/?token=${M}&ref=${W}`],
  ])('%s', (link) => {
    expect(parseLookupInput(link)).toEqual(addr(M, 'unknown'));
  });

  it('a link whose only address is the referrer names nothing; two others are still two', () => {
    expectError(`https://trade.example.com/token/BONK?ref=${W}`, /does not point to a Solana address/);
    expectError(`https://example.com/swap?from=${W}&to=${M}&ref=${W}`, /holds 2 addresses/);
  });
});

describe("an SVM chain's link (Solana-style addresses) is not Solana", () => {
  it.each([
    [`https://trade.example.com/eclipse/token/${M}`, 'eclipse'],
    [`https://trade.example.com/sonic/${M}`, 'sonic'],
    [`https://trade.example.com/sonic-svm/token/${M}`, 'sonic-svm'],
    [`https://trade.example.com/SOON/token/${M}`, 'soon'],
    [`https://trade.example.com/fogo/pair?address=${M}`, 'fogo'],
    [`https://jup.ag/eclipse/${M}`, 'eclipse'],
  ])('%s', (link, chain) => {
    expectError(link, new RegExp(`^That link is for ${chain}, not Solana`));
  });

  it('the same name naming no address is not a chain (an X account called sonic)', () => {
    const result = parseLookupInput('https://x.com/sonic/status/1876543210987654321');
    if (result.type === 'error') expect(result.message).not.toMatch(/not Solana/);
    expect(parseLookupInput(`https://trade.example.com/solana/token/${M}`)).toEqual(addr(M, 'unknown'));
  });
});
