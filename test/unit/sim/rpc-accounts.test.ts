/** The sim's getMultipleAccounts: full data, `dataSlice`, encodings and its Token-2022 accounts. */
import { describe, expect, it } from 'vitest';
import type { AccountInfo } from '../../../lib/api/schemas/rpc';
import { decodeBase58, encodeBase58 } from '../../../lib/detect/base58';
import { rpcCall, useSim } from './helpers';

interface Accounts {
  context: { slot: number };
  value: (AccountInfo | null)[];
}

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const env = useSim();

const accounts = async (keys: string[], config?: unknown) => {
  const r = await rpcCall<Accounts>(
    env.sim,
    'getMultipleAccounts',
    config === undefined ? [keys] : [keys, config],
  );
  return r.body;
};
const bytes = (a: AccountInfo | null | undefined): Uint8Array => {
  const [text, encoding] = a!.data as [string, string];
  return encoding === 'base58' ? decodeBase58(text)! : new Uint8Array(Buffer.from(text, 'base64'));
};

describe('sim getMultipleAccounts data', () => {
  it('the catalog has Token-2022 mints and token accounts with extensions', async () => {
    const { mints, accounts: held } = env.sim.catalog.token2022;
    expect(mints.length).toBeGreaterThanOrEqual(1);
    expect(held.length).toBeGreaterThanOrEqual(1);
    const r = await accounts([...mints, ...held]);
    const v = r.result!.value;
    for (const [i, a] of v.entries()) {
      const isMint = i < mints.length;
      expect(a).toMatchObject({ owner: TOKEN_2022, executable: false });
      expect(a!.space!).toBeGreaterThan(165);
      const data = bytes(a);
      expect(data.length).toBe(a!.space);
      expect(data[165]).toBe(isMint ? 1 : 2);
    }
    // A token account's first 32 bytes are its mint, the next 32 its owner (a catalog wallet).
    const account = bytes(v[mints.length]);
    expect(encodeBase58(account.subarray(0, 32))).toBe(mints[0]);
    expect(env.sim.catalog.wallets).toContain(encodeBase58(account.subarray(32, 64)));
  });

  it('dataSlice returns only the slice; space stays the full length', async () => {
    const c = env.sim.catalog;
    const [mint] = c.token2022.mints;
    const [held] = c.token2022.accounts;
    const keys = [mint!, held!, c.wallets[0]!, c.mints[3]!, c.pools[0]!];
    const full = (await accounts(keys)).result!.value;
    const sliced = (await accounts(keys, { encoding: 'base64', dataSlice: { offset: 165, length: 1 } }))
      .result!.value;
    expect(sliced.map((a) => a!.data)).toEqual([
      ['AQ==', 'base64'], // 1: mint
      ['Ag==', 'base64'], // 2: token account
      ['', 'base64'], // a wallet has no data
      ['', 'base64'], // an 82-byte mint has no byte 165
      ['AA==', 'base64'], // a 752-byte pool has one
    ]);
    expect(sliced.map((a) => a!.space)).toEqual(full.map((a) => a!.space));
    expect(sliced.map((a) => a!.owner)).toEqual(full.map((a) => a!.owner));
    // A slice past the end is clamped; base58 is honoured too.
    const tail = (await accounts([held!], { dataSlice: { offset: 160, length: 100 } })).result!.value[0];
    expect(bytes(tail)).toEqual(bytes(full[1]).subarray(160));
    const b58 = (await accounts([mint!], { encoding: 'base58', dataSlice: { offset: 0, length: 36 } }))
      .result!.value[0];
    expect(b58!.data).toEqual([encodeBase58(bytes(full[0]).subarray(0, 36)), 'base58']);
  });

  it('without a config: base64 of the whole data (zeros for the accounts the sim does not model)', async () => {
    const c = env.sim.catalog;
    const v = (await accounts([c.wallets[0]!, c.mints[3]!, c.orders[0]!])).result!.value;
    expect(v[0]!.data).toEqual(['', 'base64']);
    expect(bytes(v[1])).toEqual(new Uint8Array(82));
    expect(bytes(v[2])).toEqual(new Uint8Array(289));
  });

  it('a bad dataSlice or an encoding the sim does not speak is -32602', async () => {
    const key = env.sim.catalog.token2022.mints[0]!;
    for (const config of [
      { dataSlice: { offset: -1, length: 1 } },
      { dataSlice: { offset: 165 } },
      { dataSlice: 'x' },
      { encoding: 'jsonParsed' },
      'base64',
    ]) {
      expect((await accounts([key], config)).error?.code, JSON.stringify(config)).toBe(-32602);
    }
  });
});
