import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify, classifyUrl } from '../../../lib/detect/classify';
import { kindInText, parseLink, parseLookupInput } from '../../../lib/detect/links';

const W = '7Jsih6Ky3XfLQ6kEUyhvA3DmSqGgR6kVMWMpBiWHZTZ8';
const M = 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm';
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const DCA = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
const SIG = '51RYGdtSKCkdPdQh6fYEHyQuKvNqaz4wnZa2MdScVBMz2QcJwZFiVV5ZAXz5uKxG3MUTtDQ2xSmdApGZt3n77DbR';

const addr = (address: string, kind: string) => ({ type: 'address', address, kind });

describe('parseLink', () => {
  it.each([
    [`https://solscan.io/account/${W}`, addr(W, 'unknown')],
    [`https://solscan.io/account/${W}?cluster=mainnet#tokens`, addr(W, 'unknown')],
    [`https://solscan.io/token/${M}`, addr(M, 'mint')],
    // the kind the URL's place implies: known programs and mints are classify's (background, popup)
    [`https://solscan.io/account/${DCA}`, addr(DCA, 'unknown')],
    [`https://solscan.io/account/${USDC}`, addr(USDC, 'unknown')],
    [`https://explorer.solana.com/address/${W}/tokens?cluster=mainnet-beta`, addr(W, 'unknown')],
    [`https://solana.fm/address/${W}`, addr(W, 'unknown')],
    [`https://birdeye.so/token/${M}?chain=solana`, addr(M, 'mint')],
    [`https://birdeye.so/profile/${W}?chain=solana`, addr(W, 'wallet')],
    [`https://dexscreener.com/solana/${W}`, addr(W, 'unknown')], // a pair or a token: its account says
    [`https://jup.ag/swap/SOL-${M}`, addr(M, 'mint')],
    [`https://jup.ag/swap?sell=${SOL}&buy=${M}`, addr(M, 'mint')],
    [`https://jup.ag/swap/${M}-USDC`, addr(USDC, 'mint')],
    [`https://jup.ag/recurring/${W}`, addr(W, 'order')],
    [`https://jup.ag/recurring/orders/${W}`, addr(W, 'order')],
    [`https://jup.ag/recurring?order=${W}`, addr(W, 'order')],
    [`https://pump.fun/coin/${M}`, addr(M, 'mint')],
    [`https://pump.fun/profile/${W}`, addr(W, 'wallet')],
    [`https://gmgn.ai/sol/token/${M}`, addr(M, 'mint')],
    [`https://gmgn.ai/sol/token/Ab12_${M}`, addr(M, 'mint')],
    [`https://gmgn.ai/sol/address/${W}`, addr(W, 'wallet')],
    [`https://www.solscan.io/token/${M}`, addr(M, 'mint')],
    [
      'https://polymarket.com/event/fed-decision-in-march',
      { type: 'event', event: { exchange: 'polymarket', id: 'fed-decision-in-march' } },
    ],
    [
      'https://www.polymarket.com/event/fed-decision-in-march/will-the-fed-cut?tid=1',
      { type: 'event', event: { exchange: 'polymarket', id: 'fed-decision-in-march' } },
    ],
    [
      'https://kalshi.com/markets/kxfedrate/fed-rate/kxfedrate-25dec',
      { type: 'event', event: { exchange: 'kalshi', id: 'KXFEDRATE-25DEC' } },
    ],
    [
      'https://kalshi.com/markets/kxfedrate/kxfedrate-25dec',
      { type: 'event', event: { exchange: 'kalshi', id: 'KXFEDRATE-25DEC' } },
    ],
    [
      'https://kalshi.com/events/kxbtcmax-26dec31',
      { type: 'event', event: { exchange: 'kalshi', id: 'KXBTCMAX-26DEC31' } },
    ],
  ])('%s', (href, expected) => {
    expect(parseLink(href)).toEqual(expected);
  });

  it.each([
    `https://solscan.io/tx/${SIG}`,
    'https://solscan.io/block/312000000',
    `https://explorer.solana.com/tx/${SIG}`,
    `https://solscan.io/account/${W.slice(0, 20)}`,
    `https://example.com/account/${W}`,
    `ftp://solscan.io/account/${W}`,
    `javascript:alert('${W}')`,
    'https://kalshi.com/markets/kxfedrate',
    'https://kalshi.com/markets/kxfedrate/fed-rate',
    'https://polymarket.com/markets',
    'https://polymarket.com/event/',
    `https://dexscreener.com/ethereum/${W}`,
    'not a url',
    '',
  ])('gives null for %s', (href) => {
    expect(parseLink(href)).toBeNull();
  });

  it('resolves relative links against the site origin', () => {
    expect(parseLink(`/account/${W}`, 'https://solscan.io')).toEqual(addr(W, 'unknown'));
    expect(parseLink('/event/some-event', 'https://polymarket.com')).toEqual({
      type: 'event',
      event: { exchange: 'polymarket', id: 'some-event' },
    });
  });

  it('never throws on garbage', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.string({ unit: 'binary' })),
        fc.option(fc.string()),
        (s, base) => {
          parseLink(s, base ?? undefined);
          parseLink(`https://solscan.io/${s}`);
          parseLink(`https://kalshi.com/markets/${s}`);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('links to trading terminals and token checkers', () => {
  it.each([
    // the one address such a link names: a mint or a pair, which its account tells
    [`https://neo.bullx.io/terminal?chainId=1399811149&address=${M}&r=ABC12&l=en`, addr(M, 'unknown')],
    [`https://bullx.io/terminal?chainId=1399811149&address=${M}`, addr(M, 'unknown')],
    [`https://photon-sol.tinyastro.io/en/lp/${W}?handle=6276553ddaa3fa`, addr(W, 'unknown')],
    [`https://axiom.trade/meme/${W}?chain=sol`, addr(W, 'unknown')],
    [`https://axiom.trade/t/${M}/@someone`, addr(M, 'unknown')],
    [`https://trade.padre.gg/trade/solana/${W}`, addr(W, 'unknown')],
    [`https://rugcheck.xyz/tokens/${M}`, addr(M, 'unknown')],
    [`https://app.bubblemaps.io/sol/token/${M}`, addr(M, 'unknown')],
    [`https://t.me/solana_trojanbot?start=r-someone-${M}`, addr(M, 'unknown')],
    [`https://t.me/bonkbot_bot?start=ref_abc12_ca_${M}`, addr(M, 'unknown')],
    // a referrer's wallet is not what the link is about
    [`https://axiom.trade/meme/${W}?ref=${M}`, addr(W, 'unknown')],
    // a swap's output first, a symbol resolved
    [`https://raydium.io/swap/?inputMint=sol&outputMint=${M}`, addr(M, 'mint')],
    [`https://raydium.io/swap/?inputMint=${M}&outputMint=${USDC}`, addr(USDC, 'mint')],
    [`https://raydium.io/launchpad/token/?mint=${M}`, addr(M, 'unknown')],
  ])('%s', (href, expected) => {
    expect(parseLink(href)).toEqual(expected);
  });

  it.each([
    // another chain: BullX's chain id, a chain parameter; two addresses: which is meant?
    `https://neo.bullx.io/terminal?chainId=56&address=${M}`,
    `https://axiom.trade/meme/${W}?chain=bnb`,
    `https://trade.padre.gg/trade/solana/${W}?other=${M}`,
    'https://axiom.trade/discover',
    'https://t.me/solana',
    `https://rugcheck.xyz/tokens/${W.slice(0, 20)}`,
  ])('gives null for %s', (href) => {
    expect(parseLink(href)).toBeNull();
  });
});

describe('classifyUrl and classify', () => {
  it('lists both sides of a swap, output first', () => {
    expect(classifyUrl(new URL(`https://jup.ag/swap?sell=${SOL}&buy=${M}`))).toEqual([
      { address: M, kind: 'mint' },
      { address: SOL, kind: 'mint' },
    ]);
  });

  it('known programs and mints win over context', () => {
    expect(classify(DCA, 'wallet')).toBe('program');
    expect(classify(SOL, 'wallet')).toBe('mint');
    expect(classify(W, 'wallet')).toBe('wallet');
    expect(classify(W)).toBe('unknown');
  });

  it('reads the kind of an address written inside a URL in text', () => {
    const text = `see solscan.io/token/${M} and pump.fun/profile/${W} or ${W}`;
    expect(kindInText(text, text.indexOf(M), M)).toBe('mint');
    expect(kindInText(text, text.indexOf(W), W)).toBe('wallet');
    expect(kindInText(text, text.lastIndexOf(W), W)).toBe('unknown');
  });
});

describe('parseLookupInput', () => {
  it.each([
    [W, { type: 'address', address: W, kind: 'unknown' }],
    [`  ${W}\n`, { type: 'address', address: W, kind: 'unknown' }],
    [DCA, { type: 'address', address: DCA, kind: 'program' }],
    [`https://solscan.io/account/${DCA}`, { type: 'address', address: DCA, kind: 'program' }],
    [`https://solscan.io/account/${USDC}`, { type: 'address', address: USDC, kind: 'mint' }],
    [`https://solscan.io/token/${M}`, { type: 'address', address: M, kind: 'mint' }],
    [`solscan.io/account/${W}`, { type: 'address', address: W, kind: 'unknown' }],
    [`https://pump.fun/profile/${W}`, { type: 'address', address: W, kind: 'wallet' }],
    [`https://jup.ag/recurring/${W}`, { type: 'address', address: W, kind: 'order' }],
    [
      'https://polymarket.com/event/fed-decision-in-march',
      { type: 'event', event: { exchange: 'polymarket', id: 'fed-decision-in-march' } },
    ],
    [
      'polymarket.com/event/fed-decision-in-march',
      { type: 'event', event: { exchange: 'polymarket', id: 'fed-decision-in-march' } },
    ],
    [
      'fed-decision-in-march',
      { type: 'event', event: { exchange: 'polymarket', id: 'fed-decision-in-march' } },
    ],
    [
      'https://kalshi.com/events/KXFEDCHAIR-26',
      { type: 'event', event: { exchange: 'kalshi', id: 'KXFEDCHAIR-26' } },
    ],
    ['KXFEDCHAIR-26', { type: 'event', event: { exchange: 'kalshi', id: 'KXFEDCHAIR-26' } }],
    ['312000000', { type: 'slot', slot: 312000000 }],
    ['BONK', { type: 'search', query: 'BONK' }],
    ['$WIF', { type: 'search', query: 'WIF' }],
    ['dog wif hat', { type: 'search', query: 'dog wif hat' }],
  ])('%s', (input, expected) => {
    expect(parseLookupInput(input)).toEqual(expected);
  });

  it.each([
    [SIG, /transaction signature/],
    [`https://solscan.io/tx/${SIG}`, /transaction, not an address/],
    ['0CA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', /outside base58 \(0, O, I, l\)/],
    ['DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1', /too short/],
    [`${W}${W.slice(0, 10)}`, /too long/],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNaXYZ', /decodes to/],
    ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', /hex/],
    ['https://example.com/whatever', /does not point/],
    ['', /Type a wallet/],
    ['x', /Too short/],
    ['dog wif hat '.repeat(4), /Too long/],
    ['99999999999999999999', /too large/],
  ])('rejects %s', (input, message) => {
    const result = parseLookupInput(input);
    expect(result.type).toBe('error');
    if (result.type === 'error') {
      expect(result.code).toBe('INVALID_INPUT');
      expect(result.message).toMatch(message);
    }
  });

  it('never throws and always answers with a known type', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.string({ unit: 'binary', maxLength: 3000 })), (s) => {
        const r = parseLookupInput(s);
        expect(['address', 'event', 'slot', 'search', 'error']).toContain(r.type);
        if (r.type === 'search') expect(r.query.length).toBeGreaterThanOrEqual(2);
      }),
      { numRuns: 1000 },
    );
  });
});
