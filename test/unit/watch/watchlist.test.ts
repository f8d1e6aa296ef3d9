import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../lib/api/errors';
import {
  createWatchlist,
  importedWallets,
  normalizeLabel,
  WATCH_LIMIT,
  watchlistItem,
} from '../../../lib/watch/watchlist';
import { addr, SOL, USDC } from './fixtures';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

const clock = () => {
  let t = 1_750_000_000_000;
  return () => t++;
};

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('watchlist', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('adds a valid wallet with a trimmed label and refuses an invalid address', async () => {
    const wl = createWatchlist({ now: clock() });
    const list = await wl.add(addr(1), '   Whale   one  ');
    expect(list).toEqual([
      { wallet: addr(1), label: 'Whale one', addedAt: 1_750_000_000_000, unread: 0, domain: null },
    ]);
    const err = await rejection(wl.add('not-an-address', 'x'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('INVALID_INPUT');
    // a Bitcoin-length base58 string that does not decode to 32 bytes
    expect((await rejection(wl.add('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'))).code).toBe('INVALID_INPUT');
    expect(await wl.list()).toHaveLength(1);
  });

  it('refuses token mints and programs: they are valid addresses but never wallets', async () => {
    const wl = createWatchlist();
    const mint = await rejection(wl.add(SOL, 'wsol'));
    expect(mint.code).toBe('INVALID_INPUT');
    expect(mint.message).toBe('That address is a token mint, not a wallet.');
    expect((await rejection(wl.add(` ${USDC} `))).message).toBe(
      'That address is a token mint, not a wallet.',
    );
    const program = await rejection(wl.add(TOKEN_PROGRAM));
    expect(program.code).toBe('INVALID_INPUT');
    expect(program.message).toBe('That address is a program, not a wallet.');
    expect(await wl.list()).toEqual([]);
  });

  it('cuts labels to 40 characters, drops control characters, and keeps empty labels as null', () => {
    expect(normalizeLabel('x'.repeat(60))).toBe('x'.repeat(40));
    expect(normalizeLabel('a\u202eb\u0007c')).toBe('abc');
    expect(normalizeLabel('   ')).toBeNull();
    expect(normalizeLabel(undefined)).toBeNull();
  });

  it('adding a watched wallet again relabels it instead of duplicating it', async () => {
    const wl = createWatchlist();
    await wl.add(addr(1), 'old');
    await wl.add(addr(1));
    expect((await wl.list())[0]?.label).toBe('old');
    const list = await wl.add(addr(1), 'new');
    expect(list.map((e) => [e.wallet, e.label])).toEqual([[addr(1), 'new']]);
  });

  describe('rename', () => {
    it('sets, normalizes and clears a label, keeping the entry otherwise as it was', async () => {
      const wl = createWatchlist({ now: clock() });
      await wl.add(addr(1), 'old');
      await wl.bumpUnread(addr(1), 2);
      const list = await wl.rename(addr(1), '  new\u0007   name ');
      expect(list).toEqual([
        { wallet: addr(1), label: 'new name', addedAt: 1_750_000_000_000, unread: 2, domain: null },
      ]);
      expect((await wl.rename(addr(1), '')).map((e) => e.label)).toEqual([null]);
      expect(await wl.list()).toEqual([
        { wallet: addr(1), label: null, addedAt: 1_750_000_000_000, unread: 2, domain: null },
      ]);
      expect(wl.get(addr(1))?.label).toBeNull(); // the copy notifications read is current too
    });

    it('refuses a wallet not watched (removed meanwhile) instead of adding it', async () => {
      const wl = createWatchlist();
      await wl.add(addr(1), 'one');
      const removing = wl.remove(addr(1));
      const err = await rejection(wl.rename(addr(1), 'too late'));
      await removing;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.code).toBe('INVALID_INPUT');
      expect(err.message).toBe('That wallet is no longer watched: it was removed meanwhile.');
      expect(await wl.list()).toEqual([]);
    });

    it('writes nothing when the label is already that one', async () => {
      const wl = createWatchlist();
      await wl.add(addr(1), 'same');
      const writes = vi.spyOn(watchlistItem, 'setValue');
      expect((await wl.rename(addr(1), ' same ')).map((e) => e.label)).toEqual(['same']);
      expect(writes).not.toHaveBeenCalled();
      writes.mockRestore();
    });
  });

  it('stops at 50 wallets with a clear INVALID_INPUT error, and accepts one again after a removal', async () => {
    const wl = createWatchlist();
    for (let i = 0; i < WATCH_LIMIT; i++) await wl.add(addr(i));
    const err = await rejection(wl.add(addr(999), 'one too many'));
    expect(err.code).toBe('INVALID_INPUT');
    expect(err.message).toBe('Watchlist is full (50 wallets): remove one first');
    expect(err.toView()).toEqual({
      code: 'INVALID_INPUT',
      message: 'Watchlist is full (50 wallets): remove one first',
    });
    await wl.remove(addr(3));
    const list = await wl.add(addr(999));
    expect(list).toHaveLength(50);
    expect(list.at(-1)?.wallet).toBe(addr(999));
  });

  it('concurrent adds are serialised: none is lost', async () => {
    const wl = createWatchlist();
    await Promise.all([1, 2, 3, 4, 5].map((i) => wl.add(addr(i), `w${i}`)));
    expect((await wl.list()).map((e) => e.label).sort()).toEqual(['w1', 'w2', 'w3', 'w4', 'w5']);
  });

  it('persists across re-creation (a worker or browser restart) and skips corrupted stored entries', async () => {
    const a = createWatchlist();
    await a.add(addr(1), 'A');
    await a.add(addr(2));
    await a.bumpUnread(addr(2), 3);
    const b = createWatchlist();
    expect(b.snapshot()).toEqual([]); // nothing read yet
    await b.load();
    expect(b.snapshot().map((e) => [e.wallet, e.label, e.unread])).toEqual([
      [addr(1), 'A', 0],
      [addr(2), null, 3],
    ]);
    const raw = (await watchlistItem.getValue()) as unknown[];
    await watchlistItem.setValue([...raw, { wallet: 'junk' }, 42, raw[0]]);
    expect((await createWatchlist().list()).map((e) => e.wallet)).toEqual([addr(1), addr(2)]);
  });

  it('drops mints and programs an older version saved: they take no slot and go at the next write', async () => {
    const entry = (wallet: string) => ({ wallet, label: null, addedAt: 1, unread: 0 });
    await watchlistItem.setValue([entry(addr(1)), entry(USDC), entry(TOKEN_PROGRAM)]);
    const list = createWatchlist();
    expect((await list.load()).map((e) => e.wallet)).toEqual([addr(1)]);
    await list.add(addr(2));
    expect(((await watchlistItem.getValue()) as { wallet: string }[]).map((e) => e.wallet)).toEqual([
      addr(1),
      addr(2),
    ]);
  });

  it('counts unread per wallet and in total; markRead clears one wallet or all', async () => {
    const wl = createWatchlist();
    await wl.add(addr(1));
    await wl.add(addr(2));
    expect(await wl.bumpUnread(addr(1), 2)).toBe(2);
    expect(await wl.bumpUnread(addr(2))).toBe(3);
    expect(await wl.bumpUnread(addr(77))).toBe(3); // not watched: ignored
    expect(await wl.unread()).toEqual({ total: 3, byWallet: { [addr(1)]: 2, [addr(2)]: 1 } });
    expect(await wl.markRead(addr(1))).toBe(1);
    expect(await wl.markRead()).toBe(0);
    expect((await wl.unread()).total).toBe(0);
  });

  describe('export and import', () => {
    it('round-trips labels through JSON without unread counts', async () => {
      const a = createWatchlist();
      await a.add(addr(1), 'Whale');
      await a.add(addr(2));
      await a.bumpUnread(addr(1), 5);
      const json = await a.exportJson();
      const parsed = JSON.parse(json);
      expect(parsed.type).toBe('onchain-lens-watchlist');
      expect(parsed.wallets).toEqual([
        { wallet: addr(1), label: 'Whale' },
        { wallet: addr(2), label: null },
      ]);
      fakeBrowser.reset();
      const b = createWatchlist();
      const result = await b.importJson(json);
      expect(result).toMatchObject({ added: 2, skipped: 0 });
      expect(result.entries.map((e) => [e.wallet, e.label, e.unread])).toEqual([
        [addr(1), 'Whale', 0],
        [addr(2), null, 0],
      ]);
    });

    it('rejects junk JSON and wrong shapes with INVALID_INPUT, leaving the list untouched', async () => {
      const wl = createWatchlist();
      await wl.add(addr(1), 'keep me');
      for (const junk of ['{not json', '', '42', '"text"', '{"wallet":"x"}', '{"wallets":"nope"}', 'null']) {
        const err = await rejection(wl.importJson(junk));
        expect(err.code, junk).toBe('INVALID_INPUT');
      }
      expect((await rejection(wl.importJson(' '.repeat(200_001)))).code).toBe('INVALID_INPUT');
      expect(await wl.list()).toMatchObject([{ wallet: addr(1), label: 'keep me' }]);
    });

    it('skips invalid addresses, wrong item shapes and duplicates, and never changes existing entries', async () => {
      const wl = createWatchlist();
      await wl.add(addr(1), 'mine');
      const file = [
        { wallet: addr(1), label: 'theirs' }, // duplicate of an existing entry
        addr(2), // plain string form
        { address: addr(3), label: '  spaced  ' }, // `address` form
        { wallet: addr(3) }, // duplicate inside the file
        { wallet: '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl' }, // not base58
        { wallet: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv' }, // too long: 33 bytes
        { label: 'no wallet' },
        12,
        null,
        { wallet: addr(4), label: 7 }, // wrong label type
        { wallet: '', address: addr(5) }, // an empty wallet field: the address field names it
      ];
      const result = await wl.importJson(JSON.stringify({ wallets: file }));
      expect(result).toMatchObject({
        added: 3,
        skipped: 8,
        reasons: { invalid: 6, duplicate: 2, full: 0, notWallet: 0 },
      });
      expect(result.entries.map((e) => [e.wallet, e.label])).toEqual([
        [addr(1), 'mine'],
        [addr(2), null],
        [addr(3), 'spaced'],
        [addr(5), null],
      ]);
    });

    it('skips token mints and programs as not wallets, so they take no slot', async () => {
      const wl = createWatchlist();
      for (let i = 0; i < 48; i++) await wl.add(addr(i));
      const file = [SOL, { wallet: USDC, label: 'usdc' }, { address: TOKEN_PROGRAM }, addr(100), addr(101)];
      const result = await wl.importJson(JSON.stringify({ wallets: file }));
      expect(result).toMatchObject({
        added: 2,
        skipped: 3,
        reasons: { invalid: 0, duplicate: 0, full: 0, notWallet: 3 },
      });
      expect((await wl.list()).slice(-2).map((e) => e.wallet)).toEqual([addr(100), addr(101)]);
    });

    it('skips the addresses the background read as not wallets, so they take no slot either', async () => {
      const wl = createWatchlist();
      for (let i = 0; i < 49; i++) await wl.add(addr(i));
      const json = JSON.stringify([addr(100), addr(101), { wallet: addr(102) }]);
      const result = await wl.importJson(json, new Set([addr(100), addr(102)]));
      expect(result).toMatchObject({ added: 1, skipped: 2, reasons: { notWallet: 2, full: 0 } });
      expect((await wl.list()).at(-1)?.wallet).toBe(addr(101));
    });

    it('importedWallets: the valid addresses a file names, once each, without those known offline', () => {
      const file = {
        wallets: [addr(1), { address: addr(2) }, 'nope', USDC, { wallet: ` ${addr(1)} ` }, SOL],
      };
      expect(importedWallets(JSON.stringify(file))).toEqual([addr(1), addr(2)]);
      // a file importJson refuses names none (its error is importJson's to give)
      expect(importedWallets('{')).toEqual([]);
      expect(importedWallets(JSON.stringify({ list: [addr(1)] }))).toEqual([]);
    });

    it('refuses a file of more than 1000 entries with its own message, leaving the list untouched', async () => {
      const wl = createWatchlist();
      await wl.add(addr(1));
      const many = Array.from({ length: 1001 }, () => addr(2));
      for (const json of [JSON.stringify(many), JSON.stringify({ wallets: many })]) {
        const err = await rejection(wl.importJson(json));
        expect(err.code).toBe('INVALID_INPUT');
        expect(err.message).toBe(
          'The file has too many entries (1001): a watchlist file holds at most 1000.',
        );
      }
      expect(await wl.importJson(JSON.stringify(many.slice(0, 1000)))).toMatchObject({
        added: 1,
        skipped: 999,
      });
      expect((await wl.list()).map((e) => e.wallet)).toEqual([addr(1), addr(2)]);
    });

    it('fills up to the limit and counts the rest as skipped', async () => {
      const wl = createWatchlist();
      for (let i = 0; i < 48; i++) await wl.add(addr(i));
      const result = await wl.importJson(JSON.stringify([addr(100), addr(101), addr(102), addr(103)]));
      expect(result).toMatchObject({ added: 2, skipped: 2, reasons: { full: 2 } });
      expect(await wl.list()).toHaveLength(50);
    });
  });
});
