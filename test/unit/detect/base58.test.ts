import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSolanaAddress } from '../../../lib/detect/address';
import { decodeBase58, encodeBase58 } from '../../../lib/detect/base58';

describe('base58', () => {
  it('round-trips and agrees with bs58 on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = encodeBase58(bytes);
        expect(text).toBe(bs58.encode(bytes));
        expect(Array.from(decodeBase58(text) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });

  it('accepts 32-byte keys and rejects other lengths', () => {
    expect(isSolanaAddress('DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M')).toBe(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true);
    expect(isSolanaAddress('DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23MM')).toBe(false);
    expect(isSolanaAddress(bs58.encode(new Uint8Array(33).fill(7)))).toBe(false);
    expect(isSolanaAddress('0CA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M')).toBe(false);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(isSolanaAddress(bs58.encode(bytes))).toBe(true);
      }),
    );
  });
});
