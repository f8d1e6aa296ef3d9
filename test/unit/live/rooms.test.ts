import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DCA_ROOM_TYPES,
  DEFAULT_DCA_PROGRAM,
  dcaRoomsFor,
  type ParsedRoom,
  parseRoom,
  rooms,
} from '../../../lib/api/rooms';
import { addr } from './helpers';

const W = addr();
const M = addr();
const O = addr();

/** Rebuilds the room text from its structured form through the builders: the round trip checks parseRoom. */
function roomOf(r: ParsedRoom): string {
  switch (r.kind) {
    case 'dca':
      return rooms.dca(r.program);
    case 'dcaType':
      return rooms.dcaType(r.program, r.type);
    case 'dcaTokenBuyers':
      return rooms.dcaTokenBuyers(r.program, r.mint);
    case 'dcaTokenSellers':
      return rooms.dcaTokenSellers(r.program, r.mint);
    case 'dcaWallet':
      return rooms.dcaWallet(r.program, r.wallet);
    case 'dcaOrder':
      return rooms.dcaOrder(r.program, r.address);
    case 'pnlSummary':
      return rooms.pnlSummary(r.wallet);
    case 'pnlWallet':
      return rooms.pnlWallet(r.wallet);
    case 'pnlWalletToken':
      return rooms.pnlWalletToken(r.wallet, r.token);
    case 'priceAggregated':
      return rooms.priceAggregated(r.token);
  }
}

describe('rooms', () => {
  test('builds the documented room names, jupiter by default', () => {
    expect(DEFAULT_DCA_PROGRAM).toBe('jupiter');
    expect(rooms.dca()).toBe('dca:jupiter');
    expect(rooms.dcaType('jupiter', 'filled')).toBe('dca:jupiter:filled');
    expect(rooms.dcaType('jupiter', 'collected_fee')).toBe('dca:jupiter:collected_fee');
    expect(rooms.dcaTokenBuyers('jupiter', M)).toBe(`dca:jupiter:${M}:buyers`);
    expect(rooms.dcaTokenSellers('jupiter', M)).toBe(`dca:jupiter:${M}:sellers`);
    expect(rooms.dcaWallet('jupiter', W)).toBe(`dca:jupiter:wallet:${W}`);
    expect(rooms.dcaOrder('jupiter', O)).toBe(`dca:jupiter:${O}`);
    expect(rooms.pnlSummary(W)).toBe(`pnl:${W}:summary`);
    expect(rooms.pnlWallet(W)).toBe(`pnl:${W}`);
    expect(rooms.pnlWalletToken(W, M)).toBe(`pnl:${W}:${M}`);
    expect(rooms.priceAggregated(M)).toBe(`price:aggregated:${M}`);
  });

  test('parseRoom gives the structured form of each kind', () => {
    expect(parseRoom('dca:jupiter')).toEqual({ kind: 'dca', program: 'jupiter' });
    expect(parseRoom('dca:jupiter:position')).toEqual({
      kind: 'dcaType',
      program: 'jupiter',
      type: 'position',
    });
    expect(parseRoom(`dca:jupiter:${M}:buyers`)).toEqual({
      kind: 'dcaTokenBuyers',
      program: 'jupiter',
      mint: M,
    });
    expect(parseRoom(`dca:jupiter:${M}:sellers`)).toEqual({
      kind: 'dcaTokenSellers',
      program: 'jupiter',
      mint: M,
    });
    expect(parseRoom(`dca:jupiter:wallet:${W}`)).toEqual({
      kind: 'dcaWallet',
      program: 'jupiter',
      wallet: W,
    });
    expect(parseRoom(`dca:jupiter:${O}`)).toEqual({ kind: 'dcaOrder', program: 'jupiter', address: O });
    expect(parseRoom(`pnl:${W}:summary`)).toEqual({ kind: 'pnlSummary', wallet: W });
    expect(parseRoom(`pnl:${W}`)).toEqual({ kind: 'pnlWallet', wallet: W });
    expect(parseRoom(`pnl:${W}:${M}`)).toEqual({ kind: 'pnlWalletToken', wallet: W, token: M });
    expect(parseRoom(`price:aggregated:${M}`)).toEqual({ kind: 'priceAggregated', token: M });
  });

  test('rooms it does not build parse to null', () => {
    for (const r of [
      '',
      'dca',
      'dca:',
      'dca:jupiter:wallet',
      `dca:jupiter:${M}:other`,
      'stats:token:x:total',
      'price:x:y',
      `pnl:${W}:a:b`,
      'pnl:summary',
    ]) {
      expect(parseRoom(r)).toBeNull();
    }
  });

  test('refuses segments that would inject or collide with another room', () => {
    expect(() => rooms.dcaWallet('jupiter', `${W}:x`)).toThrow(RangeError);
    expect(() => rooms.pnlWallet('a b')).toThrow(RangeError);
    expect(() => rooms.dcaOrder('jupiter', 'filled')).toThrow(RangeError);
    expect(() => rooms.dcaOrder('jupiter', 'wallet')).toThrow(RangeError);
    expect(() => rooms.pnlWalletToken(W, 'summary')).toThrow(RangeError);
    expect(() => rooms.dca('')).toThrow(RangeError);
  });

  test('parseRoom inverts every builder (property)', () => {
    const seg = fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const prog = fc.constantFrom('jupiter', 'other_prog', 'p2');
    const room = fc.oneof(
      prog.map((p) => rooms.dca(p)),
      fc.tuple(prog, fc.constantFrom(...DCA_ROOM_TYPES)).map(([p, t]) => rooms.dcaType(p, t)),
      fc.tuple(prog, seg).map(([p, m]) => rooms.dcaTokenBuyers(p, m)),
      fc.tuple(prog, seg).map(([p, m]) => rooms.dcaTokenSellers(p, m)),
      fc.tuple(prog, seg).map(([p, w]) => rooms.dcaWallet(p, w)),
      fc.tuple(prog, seg).map(([p, o]) => rooms.dcaOrder(p, o)),
      seg.map((w) => rooms.pnlSummary(w)),
      seg.map((w) => rooms.pnlWallet(w)),
      fc.tuple(seg, seg).map(([w, t]) => rooms.pnlWalletToken(w, t)),
      seg.map((t) => rooms.priceAggregated(t)),
    );
    fc.assert(
      fc.property(room, (r) => {
        const p = parseRoom(r);
        expect(p).not.toBeNull();
        expect(roomOf(p!)).toBe(r);
      }),
    );
  });

  test('dcaRoomsFor lists every room the service fans an event out to, skipping odd values', () => {
    expect(
      dcaRoomsFor({
        program: 'jupiter',
        type: 'filled',
        wallet: W,
        orders: [O, O, undefined],
        inputMint: M,
        outputMint: W,
      }),
    ).toEqual([
      'dca:jupiter',
      'dca:jupiter:filled',
      `dca:jupiter:wallet:${W}`,
      `dca:jupiter:${O}`,
      `dca:jupiter:${O}`,
      `dca:jupiter:${W}:buyers`,
      `dca:jupiter:${M}:sellers`,
    ]);
    expect(dcaRoomsFor({ program: 'jupiter', wallet: 'bad:wallet' })).toEqual(['dca:jupiter']);
  });
});
