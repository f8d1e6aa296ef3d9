import { describe, expect, it } from 'vitest';
import { classifyUrl } from '../../../lib/detect/classify';
import { parseLink, parseLookupInput } from '../../../lib/detect/links';
import { watchTargetOf } from '../../../lib/watch/menu';

const W = '7Jsih6Ky3XfLQ6kEUyhvA3DmSqGgR6kVMWMpBiWHZTZ8';
const M = 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm';
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SIG = '51RYGdtSKCkdPdQh6fYEHyQuKvNqaz4wnZa2MdScVBMz2QcJwZFiVV5ZAXz5uKxG3MUTtDQ2xSmdApGZt3n77DbR';

const addr = (address: string, kind: string) => ({ type: 'address', address, kind });
const search = (query: string) => ({ type: 'search', query });
const event = (exchange: string, id: string) => ({ type: 'event', event: { exchange, id } });

function expectError(input: string, message: RegExp) {
  const result = parseLookupInput(input);
  expect(result).toMatchObject({ type: 'error', code: 'INVALID_INPUT' });
  if (result.type === 'error') expect(result.message).toMatch(message);
}

describe('parseLookupInput: an address with text around it', () => {
  it.each([
    [`CA: ${M}`, addr(M, 'unknown')],
    [`${M}.`, addr(M, 'unknown')],
    [`"${M}"`, addr(M, 'unknown')],
    [`'${M}'`, addr(M, 'unknown')],
    [`\`${M}\``, addr(M, 'unknown')],
    [`${M},`, addr(M, 'unknown')],
    [`$${M}`, addr(M, 'unknown')],
    [`check this wallet ${W} it's pumping`, addr(W, 'unknown')],
    [`CA: ${USDC}`, addr(USDC, 'mint')],
    [`see solscan.io/token/${M} now`, addr(M, 'mint')],
    [`${W} (again: ${W})`, addr(W, 'unknown')],
    ['dog wif hat', search('dog wif hat')],
    ['Bonk Token', search('Bonk Token')], // a multi-word name, capitals kept
    ['BONK', search('BONK')],
    ['$WIF', search('WIF')],
  ])('%s', (input, expected) => {
    expect(parseLookupInput(input)).toEqual(expected);
  });

  it.each([
    [`wallets ${W} and ${M}`, /2 addresses.*one at a time/],
    [`${W}, ${M}; ${USDC}`, /3 addresses.*one at a time/],
    ['CA: 0CA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', /outside base58/],
    ['CA: 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNaXYZ.', /decodes to 28 bytes/],
    [`"DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1"`, /too short/],
    [`tx: ${SIG}`, /transaction signature/],
    ['hash: 0x9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', /hex/],
    [`CA: ${M}...`, /may be cut short/],
  ])('rejects %s with a specific reason', (input, message) => {
    expectError(input, message);
  });

  it('lets the context menu watch a wallet selected with text around it', () => {
    expect(watchTargetOf(`wallet: ${W}.`)).toEqual({ wallet: W });
  });
});

describe('Jupiter swap links whose output is a symbol without a known mint', () => {
  it.each([
    'https://jup.ag/swap/SOL-BONK',
    'https://jup.ag/swap/SOL-WIF',
    'https://jup.ag/swap?sell=SOL&buy=BONK',
    `https://jup.ag/swap?inputMint=${SOL}&outputMint=BONK`,
  ])('%s names nothing (not the input token)', (href) => {
    expect(classifyUrl(new URL(href))).toEqual([]);
    expect(parseLink(href)).toBeNull();
  });

  it('keeps the output-first order when both sides resolve', () => {
    expect(classifyUrl(new URL('https://jup.ag/swap/SOL-USDC'))).toEqual([
      { address: USDC, kind: 'mint' },
      { address: SOL, kind: 'mint' },
    ]);
    expect(classifyUrl(new URL(`https://jup.ag/swap/USDC-${M}`))).toEqual([
      { address: M, kind: 'mint' },
      { address: USDC, kind: 'mint' },
    ]);
  });

  it.each([
    ['https://jup.ag/swap/SOL-BONK', search('BONK')],
    ['https://jup.ag/swap/SOL-WIF', search('WIF')],
    ['https://jup.ag/swap?sell=SOL&buy=BONK', search('BONK')],
    ['jup.ag/swap/SOL-BONK', search('BONK')],
    ['https://jup.ag/recurring/SOL-BONK', search('BONK')], // a pair's recurring (DCA) page
    ['https://jup.ag/swap/SOL-USDC', addr(USDC, 'mint')],
  ])('the popup looks up %s as the output token', (input, expected) => {
    expect(parseLookupInput(input)).toEqual(expected);
  });

  it('gives a bad output mint its specific reason', () => {
    expectError('https://jup.ag/swap/SOL-0CA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', /outside base58/);
  });
});

describe('devnet, testnet and custom-cluster links', () => {
  it.each([
    `https://explorer.solana.com/address/${W}?cluster=devnet`,
    `https://explorer.solana.com/address/${W}?cluster=testnet`,
    `https://explorer.solana.com/address/${W}?cluster=custom&customUrl=http%3A%2F%2Flocalhost%3A8899`,
    `https://solscan.io/token/${M}?cluster=devnet`,
    `https://solana.fm/address/${W}?cluster=devnet-solana`,
  ])('%s names nothing', (href) => {
    expect(classifyUrl(new URL(href))).toEqual([]);
    expect(parseLink(href)).toBeNull();
  });

  it.each([
    `https://explorer.solana.com/address/${W}?cluster=mainnet-beta`,
    `https://solscan.io/account/${W}?cluster=mainnet`,
    `https://solana.fm/address/${W}?cluster=mainnet-alpha`,
    `https://solana.fm/address/${W}`,
  ])('%s still names the address', (href) => {
    expect(parseLink(href)).toEqual(addr(W, 'unknown'));
  });

  it.each([
    [`https://explorer.solana.com/address/${W}?cluster=devnet`, /devnet.*mainnet only/],
    [`https://solscan.io/token/${M}?cluster=devnet`, /devnet.*mainnet only/],
    [`https://solana.fm/address/${W}?cluster=devnet-solana`, /devnet.*mainnet only/],
    [`https://explorer.solana.com/address/${W}?cluster=testnet`, /testnet.*mainnet only/],
    [`solscan.io/account/${W}?cluster=testnet`, /testnet.*mainnet only/],
    [`https://explorer.solana.com/address/${W}?cluster=custom`, /custom cluster.*mainnet only/],
    // a devnet link inside text (the address is found in the text, the cluster beside it)
    [`see https://explorer.solana.com/address/${W}?cluster=devnet for it`, /devnet.*mainnet only/],
    [`CA: solscan.io/token/${M}?foo=1&cluster=testnet`, /testnet.*mainnet only/],
  ])('the popup says %s is not mainnet', (input, message) => {
    expectError(input, message);
  });
});

describe('prediction-market ids', () => {
  it.each([
    ['POLY-12345', event('polymarket', 'POLY-12345')],
    ['poly-12345', event('polymarket', 'POLY-12345')],
    ['KXFEDCHAIR-26', event('kalshi', 'KXFEDCHAIR-26')],
    ['fed-decision-in-march', event('polymarket', 'fed-decision-in-march')],
  ])('%s', (input, expected) => {
    expect(parseLookupInput(input)).toEqual(expected);
  });
});

describe('a Polymarket or Kalshi link that names no event says so, and what to paste instead', () => {
  it.each([
    [
      'https://kalshi.com/markets/kxfedrate',
      /Kalshi link is the KXFEDRATE series, not one event: open one of its events/,
    ],
    ['https://kalshi.com/markets/kxfedrate/fed-rate', /Kalshi link is the KXFEDRATE series/],
    [
      'https://kalshi.com/portfolio',
      /Kalshi link names no event: paste the link of an event \(kalshi\.com\/markets\//,
    ],
    [
      'https://polymarket.com/market/will-the-fed-cut-rates',
      /Polymarket link is a market's page: paste its event's link/,
    ],
    [
      'https://polymarket.com/profile/0x1234abcd',
      /Polymarket link names no event: paste the link of an event/,
    ],
    ['https://www.polymarket.com/markets', /Polymarket link names no event/],
  ])('%s', (input, message) => {
    const result = parseLookupInput(input);
    expect(result.type).toBe('error');
    if (result.type === 'error') {
      expect(result.message).toMatch(message);
      expect(result.message).not.toMatch(/does not point to a Solana address or a prediction market/);
    }
  });

  it('a series name that is not a ticker is not written into the message', () => {
    expectError('https://kalshi.com/markets/<b>x</b>', /^That Kalshi link names no event/);
  });
});

describe('links typed without https://', () => {
  it.each([
    ['x.com/aeyakovenko/status/1234567890', /does not point/],
    ['kalshi.com/markets/kxfedrate', /That Kalshi link is the KXFEDRATE series, not one event/],
    ['example.com/whatever?x=1', /does not point/],
  ])('%s is read as the link it is', (input, message) => {
    expectError(input, message);
  });

  it.each([
    ['kalshi.com/markets/kxfedrate/kxfedrate-25dec', event('kalshi', 'KXFEDRATE-25DEC')],
    [`solscan.io/account/${W}`, addr(W, 'unknown')],
    ['x.com', search('x.com')],
    ['dogwifhat.io', search('dogwifhat.io')],
  ])('%s', (input, expected) => {
    expect(parseLookupInput(input)).toEqual(expected);
  });
});
