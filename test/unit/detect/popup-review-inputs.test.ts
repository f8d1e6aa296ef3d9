/**
 * Inputs a trader pastes that the lookup read wrongly: a Polymarket slug in capitals (a token search
 * before), and a DexScreener pair link as DexScreener writes it (its address in lower case, which no
 * case-sensitive base58 reader can recover).
 */
import { describe, expect, it } from 'vitest';
import { parseLookupInput } from '../../../lib/detect/links';

const event = (exchange: string, id: string) => ({ type: 'event', event: { exchange, id } });

describe('a Polymarket slug in any case', () => {
  it.each([
    ['WILL-BITCOIN-REACH-150K-IN-2026-1', 'will-bitcoin-reach-150k-in-2026-1'],
    ['Fed-Decision-In-March-0', 'fed-decision-in-march-0'],
    ['FED-DECISION', 'fed-decision'],
    ['fed-decision-in-march', 'fed-decision-in-march'],
  ])('%s is the event %s, sent in lower case', (input, slug) => {
    expect(parseLookupInput(input)).toEqual(event('polymarket', slug));
  });

  it('an all-caps text shaped like a Kalshi ticker is still Kalshi’s', () => {
    expect(parseLookupInput('KXFEDRATE-25DEC')).toEqual(event('kalshi', 'KXFEDRATE-25DEC'));
    expect(parseLookupInput('BTC-100K')).toEqual(event('kalshi', 'BTC-100K'));
    // Kalshi's URL form (lower case) reads as a slug first, as before: the lookup tries Kalshi next
    expect(parseLookupInput('kxfedrate-25dec')).toEqual(event('polymarket', 'kxfedrate-25dec'));
  });

  it('a word without a hyphen is still a token search', () => {
    expect(parseLookupInput('BONK')).toEqual({ type: 'search', query: 'BONK' });
  });
});

describe('a DexScreener pair link with its address in lower case', () => {
  const pair = '3savhiuxglf3zdq8cfiutmrv5evcswgkbv7gkbcjxuqg';
  it.each([
    `https://dexscreener.com/solana/${pair}`,
    `dexscreener.com/solana/${pair}`,
    `https://dexscreener.com/solana/${pair}?maker=1`,
    `chart: https://dexscreener.com/solana/${pair}`,
  ])('%s says why it cannot be read and what to paste instead', (input) => {
    const parsed = parseLookupInput(input);
    expect(parsed).toMatchObject({ type: 'error', code: 'INVALID_INPUT' });
    expect(parsed.type === 'error' && parsed.message).toMatch(
      /^DexScreener writes pair addresses in lower case, which cannot be read back: paste the token's mint/,
    );
  });

  it('a lower-case address that happens to decode to 32 bytes is refused too (it names another account)', () => {
    const decodable = 'de1ozu1tczki7vyunhw1uke4kinz4x77n4tp755orqx';
    expect(parseLookupInput(decodable)).toMatchObject({ type: 'address' });
    expect(parseLookupInput(`https://dexscreener.com/solana/${decodable}`)).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/^DexScreener writes pair addresses in lower case/),
    });
  });

  it('a pair link with the address in its own case is read as before', () => {
    const W = '7Jsih6Ky3XfLQ6kEUyhvA3DmSqGgR6kVMWMpBiWHZTZ8';
    expect(parseLookupInput(`https://dexscreener.com/solana/${W}`)).toEqual({
      type: 'address',
      address: W,
      kind: 'unknown',
    });
  });
});
