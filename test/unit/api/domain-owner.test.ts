/** The wallet a resolveSolDomain answer names: the shapes a service may use, and never a guess. */
import { describe, expect, it } from 'vitest';
import { domainOwner } from '../../../lib/api/schemas/rpc';

const W = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('domainOwner', () => {
  it.each([
    ['the address itself', W],
    ['{ domain, owner } (the simulator)', { domain: 'toly.sol', owner: W }],
    ['{ wallet }', { wallet: W }],
    ['{ address }', { address: W }],
    ['{ pubkey }', { pubkey: W }],
  ])('reads %s', (_what, value) => {
    expect(domainOwner(value)).toBe(W);
  });

  it.each([
    ['null (no owner)', null],
    ['a name, not an address', 'toly.sol'],
    ['an object without an address', { domain: 'toly.sol', owner: 'nobody' }],
    ['an address with a character base58 has not (0)', `0${W.slice(1)}`],
  ])('gives null for %s', (_what, value) => {
    expect(domainOwner(value as never)).toBeNull();
  });
});
