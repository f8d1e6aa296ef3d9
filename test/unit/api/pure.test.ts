import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, backoffDelay, classifyAccountOwner, paginate, parseRetryAfter } from '../../../lib/api';
import {
  ACCOUNT_HEAD_SLICE,
  ACCOUNT_TYPE_SLICE,
  accountHead,
  accountTypeByte,
} from '../../../lib/api/owners';

describe('classifyAccountOwner', () => {
  it.each([
    ['11111111111111111111111111111111', 0, {}, 'wallet'],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 82, {}, 'mint'],
    // A holder's balance account: 165 bytes of either token program (Token-2022's with extensions
    // have account-type byte 2); the token program's other sizes (a multisig) are not.
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 165, {}, 'tokenAccount'],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 355, {}, 'unknown'],
    ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 82, {}, 'mint'],
    // Token-2022 with extensions: the account-type byte (offset 165) tells a mint from a token account;
    // not known (no data came back), it counts as a mint as before.
    ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 234, {}, 'mint'],
    ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 234, { accountType: 1 }, 'mint'],
    ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 170, { accountType: 2 }, 'tokenAccount'],
    ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 234, { accountType: 0 }, 'unknown'],
    ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 165, { accountType: 1 }, 'tokenAccount'],
    ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 165, {}, 'tokenAccount'],
    ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 120, {}, 'unknown'],
    ['DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M', 289, {}, 'order'],
    ['675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8', 752, {}, 'pool'],
    ['whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', 653, {}, 'pool'],
    ['LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo', 904, {}, 'pool'],
    ['BPFLoaderUpgradeab1e11111111111111111111111', 36, { executable: true }, 'program'],
    ['SomethingElse1111111111111111111111111111111', 10, {}, 'unknown'],
    [null, null, {}, 'unknown'],
  ] as const)('%s space %s -> %s', (owner, space, facts, kind) => {
    expect(classifyAccountOwner(owner, space, facts)).toBe(kind);
  });
});

describe('accountTypeByte', () => {
  const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');

  it('asks for the one byte at offset 165', () => {
    expect(ACCOUNT_TYPE_SLICE).toEqual({ offset: 165, length: 1 });
  });

  it('reads the byte of a one-byte slice whatever the full size', () => {
    expect(accountTypeByte([b64([1]), 'base64'], 234)).toBe(1);
    expect(accountTypeByte([b64([2]), 'base64'], 170)).toBe(2);
    expect(accountTypeByte(['AQ==', 'base64'])).toBe(1);
  });

  it('reads byte 165 of the whole data when the node ignored the slice', () => {
    const data = new Array(170).fill(0);
    data[165] = 2;
    expect(accountTypeByte([b64(data), 'base64'], 170)).toBe(2);
    // Whole data that is not `space` long, or has no byte 165: not known.
    expect(accountTypeByte([b64(data), 'base64'], 171)).toBeUndefined();
    expect(accountTypeByte([b64(new Array(82).fill(0)), 'base64'], 82)).toBeUndefined();
  });

  it('is undefined for no data or a malformed field, and never throws', () => {
    for (const data of [
      undefined,
      null,
      '',
      'AQ==',
      42,
      {},
      [],
      ['', 'base64'],
      ['AQ=='],
      ['AQ==', 'base58'],
      [1, 'base64'],
      ['!!not base64!!', 'base64'],
      ['AQ=', 'base64x'],
      [{ x: 1 }, 'base64'],
    ]) {
      expect(accountTypeByte(data, 234), JSON.stringify(data)).toBeUndefined();
    }
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.option(fc.integer()), (data, space) => {
        const v = accountTypeByte(data, space);
        expect(v === undefined || (Number.isInteger(v) && v >= 0 && v < 256)).toBe(true);
      }),
    );
  });
});

describe('retry policy', () => {
  it('keeps full-jitter delays within [0, min(max, base * 2^n))', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, r) => {
        const d = backoffDelay(attempt, 300, 8000, () => r);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.min(8000, 300 * 2 ** attempt));
      }),
    );
  });

  it('parses Retry-After seconds and HTTP dates', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:09 GMT', now)).toBe(9000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
  });
});

describe('paginate', () => {
  it('carries nextCursor with the same parameters until hasMore is false', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const pages = [
      { items: [1], pagination: { hasMore: true, nextCursor: 'c1' } },
      { items: [2], pagination: { hasMore: true, nextCursor: 'c2' } },
      { items: [3], pagination: { hasMore: false, nextCursor: null } },
    ];
    const fetchPage = async (p: { sort: string; status: string; program: string; cursor?: string }) => {
      calls.push(p);
      return pages[calls.length - 1]!;
    };
    const seen: number[] = [];
    for await (const page of paginate(fetchPage, { sort: 'recent', status: 'active', program: 'jupiter' })) {
      seen.push(...page.items);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(calls).toEqual([
      { sort: 'recent', status: 'active', program: 'jupiter' },
      { sort: 'recent', status: 'active', program: 'jupiter', cursor: 'c1' },
      { sort: 'recent', status: 'active', program: 'jupiter', cursor: 'c2' },
    ]);
  });

  it('throws on a repeated cursor and stops at maxPages', async () => {
    const looping = async () => ({ pagination: { hasMore: true, nextCursor: 'same' } });
    const run = async () => {
      for await (const _ of paginate(looping, {})) {
        // drain
      }
    };
    await expect(run()).rejects.toBeInstanceOf(ApiError);
    let n = 0;
    const endless = async () => ({ pagination: { hasMore: true, nextCursor: `c${n++}` } });
    let pages = 0;
    for await (const _ of paginate(endless, {}, { maxPages: 5 })) pages++;
    expect(pages).toBe(5);
  });
});

describe('accountHead', () => {
  const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');

  it('asks for the mint, the owner and the account-type byte', () => {
    expect(ACCOUNT_HEAD_SLICE).toEqual({ offset: 0, length: 166 });
  });

  it("reads a token account's mint (bytes 0..32) and owner (32..64), and byte 165 when there is one", () => {
    const data = Array.from({ length: 170 }, (_, i) => i % 256);
    const head = accountHead([b64(data), 'base64']);
    expect(Array.from(head?.parties?.mint ?? [])).toEqual(data.slice(0, 32));
    expect(Array.from(head?.parties?.owner ?? [])).toEqual(data.slice(32, 64));
    expect(head?.accountType).toBe(165);
    const spl = accountHead([b64(data.slice(0, 165)), 'base64']);
    expect(spl?.accountType).toBeUndefined();
    expect(Array.from(spl?.parties?.owner ?? [])).toEqual(data.slice(32, 64));
  });

  it('is null or has no parties for what is not base64 data of 64 bytes, and never throws', () => {
    expect(accountHead([b64([1, 2, 3]), 'base64'])).toEqual({ parties: null });
    expect(accountHead(['%%%', 'base64'])).toBeNull();
    expect(accountHead(['abc', 'base58'])).toBeNull();
    expect(accountHead(null)).toBeNull();
  });
});
