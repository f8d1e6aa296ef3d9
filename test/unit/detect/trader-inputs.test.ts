/**
 * What traders paste into the popup's lookup box, as they paste it: links from the explorers, DEX
 * screens, launchpads and markets they use (with share and referral parameters), addresses wrapped
 * in quotes or cut short, other chains' links and addresses, .sol names, links inside text.
 */
import { describe, expect, it } from 'vitest';
import { parseLookupInput } from '../../../lib/detect/links';
import { pairOfInput } from '../../../lib/lookup';

const W = '7Jsih6Ky3XfLQ6kEUyhvA3DmSqGgR6kVMWMpBiWHZTZ8';
const M = 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm';
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SIG = '51RYGdtSKCkdPdQh6fYEHyQuKvNqaz4wnZa2MdScVBMz2QcJwZFiVV5ZAXz5uKxG3MUTtDQ2xSmdApGZt3n77DbR';
const EVM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

const addr = (address: string, kind: string) => ({ type: 'address', address, kind });
const event = (exchange: string, id: string) => ({ type: 'event', event: { exchange, id } });

function expectError(input: string, message: RegExp) {
  const result = parseLookupInput(input);
  expect(result).toMatchObject({ type: 'error', code: 'INVALID_INPUT' });
  if (result.type === 'error') expect(result.message).toMatch(message);
}

describe('links traders share that already read right', () => {
  it.each([
    [`https://solscan.io/account/${W}`, addr(W, 'unknown')],
    [`https://solscan.io/token/${M}#holders`, addr(M, 'mint')],
    [`https://explorer.solana.com/address/${W}`, addr(W, 'unknown')],
    [`https://solana.fm/address/${W}/transactions?cluster=mainnet-alpha`, addr(W, 'unknown')],
    [`https://birdeye.so/token/${M}?chain=solana`, addr(M, 'mint')],
    [`https://birdeye.so/solana/token/${M}`, addr(M, 'mint')],
    [`https://birdeye.so/profile/${W}?chain=solana`, addr(W, 'wallet')],
    // a pair (pool) or, when a CA was shared this way, a token: the background reads its account
    [`https://dexscreener.com/solana/${W}?utm_source=telegram&utm_medium=share`, addr(W, 'unknown')],
    [`https://jup.ag/swap/SOL-${M}?ref=abc`, addr(M, 'mint')],
    [`https://jup.ag/swap?sell=${SOL}&buy=${M}`, addr(M, 'mint')],
    [`https://jup.ag/tokens/${M}`, addr(M, 'mint')],
    [`https://pump.fun/coin/${M}?include-nsfw=true&utm_source=share`, addr(M, 'mint')],
    [`https://pump.fun/profile/${W}`, addr(W, 'wallet')],
    [`https://gmgn.ai/sol/token/${M}?chain=sol&ref=abc`, addr(M, 'mint')],
    [`https://gmgn.ai/sol/token/abc_${M}`, addr(M, 'mint')],
    [`https://gmgn.ai/sol/address/${W}`, addr(W, 'wallet')],
    [
      'https://polymarket.com/event/fed-decision-in-march/will-the-fed-cut-rates?tid=1758800000000',
      event('polymarket', 'fed-decision-in-march'),
    ],
    [
      'https://kalshi.com/markets/kxfedrate/fed-rate/kxfedrate-25dec?referral=abc',
      event('kalshi', 'KXFEDRATE-25DEC'),
    ],
    [`HTTPS://SOLSCAN.IO/ACCOUNT/${W}`, addr(W, 'unknown')],
    [`\n  "${W}"\n`, addr(W, 'unknown')],
    [`“${W}”`, addr(W, 'unknown')],
    [`\u200b${W}\u200b`, addr(W, 'unknown')], // zero-width spaces copied from a web page
  ])('%s', (input, expected) => {
    expect(parseLookupInput(input)).toEqual(expected);
  });

  it.each([
    [`https://solscan.io/tx/${SIG}`, /transaction, not an address/],
    [`https://explorer.solana.com/tx/${SIG}`, /transaction, not an address/],
    [`https://solscan.io/token/${M}?cluster=devnet`, /devnet.*mainnet only/],
    [`https://explorer.solana.com/tx/${SIG}?cluster=devnet`, /devnet.*mainnet only/],
    ['https://x.com/aeyakovenko/status/1234567890123456789?s=46&t=AbCdEf', /does not point/],
    [EVM, /not a Solana address/],
    ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', /decodes to 25 bytes.*another chain/], // a Tron address
  ])('%s is refused', (input, message) => {
    expectError(input, message);
  });
});

/** A DCA order account (any valid address: the link's place says what it is). */
const ORDER = 'CT5vZjVFsSLrj3JqrBHrRVmYdcTetW1eq7QNKsh3CnDC';

describe('every URL form the popup reads, by site (the shapes the sites use, lib/sites/*)', () => {
  const isTx = {
    type: 'error',
    code: 'INVALID_INPUT',
    message: expect.stringMatching(/transaction, not an address/),
  };
  it.each([
    ['Solana Explorer address', `https://explorer.solana.com/address/${W}`, addr(W, 'unknown')],
    ['Solana Explorer tx', `https://explorer.solana.com/tx/${SIG}`, isTx],
    [
      'SolanaFM address on mainnet',
      `https://solana.fm/address/${W}?cluster=mainnet-alpha`,
      addr(W, 'unknown'),
    ],
    ['SolanaFM tx on mainnet', `https://solana.fm/tx/${SIG}?cluster=mainnet-alpha`, isTx],
    ['Birdeye token', `https://birdeye.so/token/${M}?chain=solana`, addr(M, 'mint')],
    ['Birdeye token, chain in the path', `https://birdeye.so/solana/token/${M}`, addr(M, 'mint')],
    ['Birdeye profile', `https://birdeye.so/profile/${W}?chain=solana`, addr(W, 'wallet')],
    ['DexScreener with a mint', `https://dexscreener.com/solana/${M}`, addr(M, 'unknown')],
    ['Jupiter swap path', `https://jup.ag/swap/SOL-${M}`, addr(M, 'mint')],
    ['Jupiter swap query', `https://jup.ag/swap?sell=${SOL}&buy=${M}`, addr(M, 'mint')],
    ['Jupiter tokens page', `https://jup.ag/tokens/${M}`, addr(M, 'mint')],
    ['Jupiter recurring order', `https://jup.ag/recurring?order=${ORDER}`, addr(ORDER, 'order')],
    ['Jupiter portfolio', `https://jup.ag/portfolio/${W}`, addr(W, 'wallet')],
    ['pump.fun coin', `https://pump.fun/coin/${M}`, addr(M, 'mint')],
    ['pump.fun profile', `https://pump.fun/profile/${W}`, addr(W, 'wallet')],
    ['GMGN token', `https://gmgn.ai/sol/token/${M}`, addr(M, 'mint')],
    ['GMGN address', `https://gmgn.ai/sol/address/${W}`, addr(W, 'wallet')],
  ])('%s: %s', (_site, url, expected) => {
    expect(parseLookupInput(url)).toEqual(expected);
  });
});

describe('an explorer block link', () => {
  it.each([
    'https://solscan.io/block/312000000',
    'solscan.io/block/312000000',
    'https://explorer.solana.com/block/312000000?cluster=mainnet-beta',
    'https://solana.fm/block/312000000',
    'https://solscan.io/Block/312000000#transactions',
  ])('%s opens that slot', (input) => {
    expect(parseLookupInput(input)).toEqual({ type: 'slot', slot: 312000000 });
  });

  it('a devnet block is refused; a block link without a number names nothing', () => {
    expectError('https://solscan.io/block/312000000?cluster=devnet', /devnet.*mainnet only/);
    expectError('https://solscan.io/block/latest', /does not point/);
    expectError('https://solscan.io/block/99999999999999999', /does not point/);
  });
});

describe("another chain's link", () => {
  it.each([
    // a Solana-shaped address on another chain's page (SVM chains have them) is not a Solana token
    [`https://birdeye.so/token/${M}?chain=ethereum`, /for ethereum, not Solana/],
    [`https://birdeye.so/token/${EVM}?chain=ethereum`, /for ethereum, not Solana/],
    [`https://birdeye.so/base/token/${EVM}`, /for base, not Solana/],
    [
      'https://dexscreener.com/ethereum/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
      /for ethereum, not Solana/,
    ],
    [`https://dexscreener.com/bsc/${EVM}`, /for bsc, not Solana/],
    [`https://gmgn.ai/eth/token/${EVM}`, /for eth, not Solana/],
    [`https://gmgn.ai/bsc/address/${EVM}`, /for bsc, not Solana/],
  ])('%s is refused as not Solana', (input, message) => {
    expectError(input, message);
  });

  it('Solana named any way is still Solana', () => {
    expect(parseLookupInput(`https://birdeye.so/token/${M}?chain=Solana`)).toEqual(addr(M, 'mint'));
    expect(parseLookupInput(`https://gmgn.ai/sol/token/${M}?chain=sol`)).toEqual(addr(M, 'mint'));
    expect(parseLookupInput(`https://birdeye.so/token/${M}?chain=`)).toEqual(addr(M, 'mint'));
  });
});

describe('a truncated address', () => {
  it.each([
    ['7xKX...AsU', '7xKX...AsU'],
    ['7xKX…AsU', '7xKX…AsU'],
    ['EKpQ..zcjm', 'EKpQ..zcjm'],
    ['  7xKXtg...sgAsU\n', '7xKXtg...sgAsU'],
    ['CA: 7xKX...AsU', '7xKX...AsU'],
    ['7xKXtg2CW8...', '7xKXtg2CW8...'],
    ['solscan.io/account/7xKX...AsU', '7xKX...AsU'],
    ['https://gmgn.ai/sol/address/7xKX…AsU', '7xKX…AsU'],
  ])('%s is refused as truncated, not searched for', (input, shown) => {
    const result = parseLookupInput(input);
    expect(result).toMatchObject({ type: 'error', code: 'INVALID_INPUT' });
    if (result.type === 'error') {
      expect(result.message).toMatch(/truncated address.*full address/);
      expect(result.message).toContain(`"${shown}"`);
    }
  });

  it.each(['wait...what', 'dog wif hat...', 'BONK...', 'to the moon...'])('%s is still a search', (input) => {
    expect(parseLookupInput(input)).toMatchObject({ type: 'search' });
  });
});

describe('an address with a character wrong, missing or extra', () => {
  it.each([
    [
      'zxKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
      /decodes to 33 bytes.*character is wrong, missing or extra/,
    ],
    [
      'So1111111111111111111111111111111111111112',
      /decodes to 31 bytes.*character is wrong, missing or extra/,
    ],
    [`CA: z${M.slice(1)}`, /decodes to 33 bytes.*character is wrong/],
  ])('%s says a character is off, not "another chain"', (input, message) => {
    expectError(input, message);
    const result = parseLookupInput(input);
    if (result.type === 'error') expect(result.message).not.toMatch(/another chain/);
  });
});

describe('a .sol name', () => {
  it.each([
    ['toly.sol', 'toly.sol'],
    ['Toly.SOL', 'toly.sol'],
    ['wallet.toly.sol', 'wallet.toly.sol'],
    ['toly.sol/', 'toly.sol'],
    ['https://toly.sol', 'toly.sol'],
  ])('%s is a name to resolve (%s)', (input, name) => {
    expect(parseLookupInput(input)).toEqual({ type: 'domain', name });
  });
});

describe('a link with text around it', () => {
  it.each([
    [`https://pump.fun/coin/${M} check it`, addr(M, 'mint')],
    [`https://solscan.io/account/${W}.`, addr(W, 'unknown')],
    [`https://gmgn.ai/sol/token/${M}!`, addr(M, 'mint')],
    [
      'Check out this market on Polymarket: https://polymarket.com/event/fed-decision-in-march?tid=1758800000000',
      event('polymarket', 'fed-decision-in-march'),
    ],
    [
      'kalshi odds (https://kalshi.com/events/kxbtcmax-26dec31) look off',
      event('kalshi', 'KXBTCMAX-26DEC31'),
    ],
    ['“https://polymarket.com/event/fed-decision-in-march”', event('polymarket', 'fed-decision-in-march')],
  ])('%s', (input, expected) => {
    expect(parseLookupInput(input)).toEqual(expected);
  });

  it('a shared X post still says it names nothing', () => {
    expectError('lol https://x.com/aeyakovenko/status/1234567890123456789?s=20', /does not point/);
  });
});

describe("another site's link that names one address", () => {
  it.each([
    [`https://photon-sol.tinyastro.io/en/lp/${W}?handle=abc`, addr(W, 'unknown')],
    [`https://neo.bullx.io/terminal?chainId=1399811149&address=${M}`, addr(M, 'unknown')],
    [`https://axiom.trade/meme/${W}`, addr(W, 'unknown')],
    [`https://phantom.com/tokens/solana/${USDC}?referralId=x1`, addr(USDC, 'mint')],
    [`https://t.me/bonkbot_bot?start=ref_abc12_ca_${M}`, addr(M, 'unknown')],
  ])('%s gives that address, its kind left to its account', (input, expected) => {
    expect(parseLookupInput(input)).toEqual(expected);
  });

  it('two addresses, none, or another cluster are refused', () => {
    expectError(`https://example.com/swap?from=${W}&to=${M}`, /holds 2 addresses/);
    // a terminal's link (which badges read too) naming two
    expectError(`https://trade.padre.gg/trade/solana/${W}?other=${M}`, /holds 2 addresses/);
    expectError('https://example.com/whatever', /does not point/);
    expectError(`https://example.com/a/${W}?cluster=devnet`, /devnet.*mainnet only/);
  });
});

describe('two mints for a pair', () => {
  it('reads the arrow chat apps make of "->"', () => {
    expect(pairOfInput(`${SOL} → ${M}`)).toEqual({ inputMint: SOL, outputMint: M });
    expect(pairOfInput(`${SOL}→${M}`)).toEqual({ inputMint: SOL, outputMint: M });
  });
});
