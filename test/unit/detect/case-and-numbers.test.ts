/**
 * Links whose fixed path words are written in another case (`/Account/`, `/Event/`) are read like
 * their lowercase form, without touching the case of the address or id they carry; a bare number
 * in the lookup box may be a Polymarket id as well as a slot.
 */
import { describe, expect, it } from 'vitest';
import { kindInText, parseLink, parseLookupInput, toHttpUrl } from '../../../lib/detect/links';
import { POLYMARKET_NUMBER_MAX } from '../../../lib/detect/lookup';

const W = '7Jsih6Ky3XfLQ6kEUyhvA3DmSqGgR6kVMWMpBiWHZTZ8';
const M = 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm';
const SIG = '51RYGdtSKCkdPdQh6fYEHyQuKvNqaz4wnZa2MdScVBMz2QcJwZFiVV5ZAXz5uKxG3MUTtDQ2xSmdApGZt3n77DbR';

const addr = (address: string, kind: string) => ({ type: 'address', address, kind });
const event = (exchange: string, id: string) => ({ type: 'event', event: { exchange, id } });

describe('URL path words match in any case', () => {
  it.each([
    [`https://solscan.io/Account/${W}`, addr(W, 'unknown')],
    [`https://solscan.io/ACCOUNT/${W}`, addr(W, 'unknown')],
    [`https://solscan.io/Token/${M}`, addr(M, 'mint')],
    [`https://explorer.solana.com/Address/${W}/Tokens?cluster=mainnet-beta`, addr(W, 'unknown')],
    [`https://solana.fm/ADDRESS/${W}`, addr(W, 'unknown')],
    [`https://birdeye.so/Solana/Token/${M}`, addr(M, 'mint')],
    [`https://birdeye.so/Profile/${W}`, addr(W, 'wallet')],
    [`https://DexScreener.com/Solana/${W}`, addr(W, 'unknown')],
    [`https://jup.ag/Recurring/${W}`, addr(W, 'order')],
    [`https://jup.ag/Swap/SOL-${M}`, addr(M, 'mint')],
    [`https://pump.fun/Coin/${M}`, addr(M, 'mint')],
    [`https://gmgn.ai/SOL/Token/Ab12_${M}`, addr(M, 'mint')],
    ['https://Polymarket.com/Event/fed-decision-in-march', event('polymarket', 'fed-decision-in-march')],
    ['https://polymarket.com/EVENT/Fed-Decision-In-March', event('polymarket', 'fed-decision-in-march')],
    ['https://Kalshi.com/Events/KXFEDCHAIR-26', event('kalshi', 'KXFEDCHAIR-26')],
    ['https://kalshi.com/Markets/KXFEDRATE/kxfedrate-25dec', event('kalshi', 'KXFEDRATE-25DEC')],
  ])('%s', (href, expected) => {
    expect(parseLink(href)).toEqual(expected);
  });

  it('keeps the case of the address, and of anything that is not a plain word', () => {
    const url = toHttpUrl(`https://solscan.io/Account/${W}/Tokens?Cluster=Mainnet#Top`)!;
    expect(url.pathname).toBe(`/account/${W}/tokens`);
    expect(url.search).toBe('?Cluster=Mainnet');
    expect(url.hash).toBe('#Top');
    // digits, dashes, underscores and long words (an address can be all letters) stay as written
    const long = 'AbcdefghijkmnopqrstuvwxyzABCDEFGH'; // 33 letters
    expect(toHttpUrl(`https://x.io/Ab12/SOL-Bonk/Ref_Mint/${long}/Word`)!.pathname).toBe(
      `/Ab12/SOL-Bonk/Ref_Mint/${long}/word`,
    );
  });

  it('reads the kind from a link written in text in any case', () => {
    const text = `CA: solscan.io/Token/${M} now`;
    expect(kindInText(text, text.indexOf(M), M)).toBe('mint');
    expect(parseLookupInput(`see https://Solscan.io/TOKEN/${M}`)).toEqual(addr(M, 'mint'));
  });

  it('the popup reads such links, and names a transaction link in any case', () => {
    expect(parseLookupInput(`https://solscan.io/Account/${W}`)).toEqual(addr(W, 'unknown'));
    expect(parseLookupInput(`solscan.io/Token/${M}`)).toEqual(addr(M, 'mint'));
    expect(parseLookupInput('https://polymarket.com/Event/will-it-rain')).toEqual(
      event('polymarket', 'will-it-rain'),
    );
    for (const href of [`https://solscan.io/TX/${SIG}`, `https://explorer.solana.com/Tx/${SIG}`]) {
      expect(parseLookupInput(href)).toMatchObject({ type: 'error', message: /transaction/ });
    }
  });
});

describe('a bare number in the lookup box', () => {
  const poly = (n: number) => ({ exchange: 'polymarket', id: `POLY-${n}` });

  it('a small number is a slot that may also be a Polymarket id', () => {
    expect(parseLookupInput('512340')).toEqual({ type: 'slot', slot: 512340, event: poly(512340) });
    expect(parseLookupInput(' 16037 ')).toEqual({ type: 'slot', slot: 16037, event: poly(16037) });
    const below = POLYMARKET_NUMBER_MAX - 1;
    expect(parseLookupInput(String(below))).toEqual({ type: 'slot', slot: below, event: poly(below) });
  });

  it('a number as large as a recent slot is a slot only', () => {
    expect(parseLookupInput('312000000')).toEqual({ type: 'slot', slot: 312000000 });
    expect(parseLookupInput(String(POLYMARKET_NUMBER_MAX))).toEqual({
      type: 'slot',
      slot: POLYMARKET_NUMBER_MAX,
    });
  });

  it('"slot N" asks for the block only, "POLY-N" for the event only', () => {
    for (const input of ['slot 512340', 'Slot:512340', 'slot #512340', 'SLOT512340']) {
      expect(parseLookupInput(input)).toEqual({ type: 'slot', slot: 512340 });
    }
    expect(parseLookupInput('POLY-512340')).toEqual(event('polymarket', 'POLY-512340'));
    expect(parseLookupInput('slot 99999999999999999999')).toMatchObject({ type: 'error' });
  });
});

describe('"order <address>" in the lookup box', () => {
  const A = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
  it('is read as an order whatever the address would classify as', () => {
    for (const input of [`order ${A}`, `Order:${A}`, `ORDER #${A}`])
      expect(parseLookupInput(input)).toEqual({ type: 'address', address: A, kind: 'order' });
  });
  it('a bad address after it gets the address error; other words starting "order" are searches', () => {
    expect(parseLookupInput(`order ${A}0`)).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/base58/),
    });
    expect(parseLookupInput('order book')).toMatchObject({ type: 'search', query: 'order book' });
    // a (vanity) address that starts with the word is the address, not "order" and the rest
    const vanity = 'orderXs7EjW9t1Hx9iGcH8y3m1GkZ4pV8dZ2sQwR4tY'; // 43 characters: 32 bytes
    expect(parseLookupInput(vanity)).toMatchObject({ type: 'address', address: vanity });
  });
});
