/**
 * The one module that spells datastream room names. Everything else (the live hub, the background,
 * the notifier, tests) builds rooms through `rooms.*` and reads them back with `parseRoom`, so a
 * change of naming on the service side is a change in this file only.
 *
 * Room grammar (see shared/spec/live-service.md, "Datastream protocol"):
 *   dca:<program>                      every DCA event of the program
 *   dca:<program>:<type>               opened|filled|closed|deposit|withdraw|collected_fee|position
 *   dca:<program>:<mint>:buyers|sellers
 *   dca:<program>:wallet:<wallet>
 *   dca:<program>:<orderAddress>
 *   pnl:<wallet>:summary | pnl:<wallet> | pnl:<wallet>:<token>
 *   price:aggregated:<token>
 */

/** The program id used when the caller has not picked one (`GET /dca/programs` is the source of truth). */
export const DEFAULT_DCA_PROGRAM = 'jupiter';

export const DCA_ROOM_TYPES = [
  'opened',
  'filled',
  'closed',
  'deposit',
  'withdraw',
  'collected_fee',
  'position',
] as const;
export type DcaRoomType = (typeof DCA_ROOM_TYPES)[number];

const DCA_TYPE_SET: ReadonlySet<string> = new Set(DCA_ROOM_TYPES);

export type ParsedRoom =
  | { kind: 'dca'; program: string }
  | { kind: 'dcaType'; program: string; type: DcaRoomType }
  | { kind: 'dcaTokenBuyers'; program: string; mint: string }
  | { kind: 'dcaTokenSellers'; program: string; mint: string }
  | { kind: 'dcaWallet'; program: string; wallet: string }
  | { kind: 'dcaOrder'; program: string; address: string }
  | { kind: 'pnlSummary'; wallet: string }
  | { kind: 'pnlWallet'; wallet: string }
  | { kind: 'pnlWalletToken'; wallet: string; token: string }
  | { kind: 'priceAggregated'; token: string };

export type RoomKind = ParsedRoom['kind'];

// A segment must not contain the separator or whitespace, or the room would parse back differently
// (or join a room the caller never meant). Addresses and program ids are plain ASCII words.
const SEGMENT = /^[A-Za-z0-9_.-]{1,128}$/;

function seg(value: string, what: string): string {
  if (typeof value !== 'string' || !SEGMENT.test(value)) {
    // No value in the message: it may be anything the page put there.
    throw new RangeError(`Invalid ${what} for a room name`);
  }
  return value;
}

// Words that would make `dca:<p>:<word>` or `pnl:<w>:<word>` ambiguous with a fixed room.
const RESERVED_DCA_SCOPES: ReadonlySet<string> = new Set([...DCA_ROOM_TYPES, 'wallet']);

function scope(value: string, what: string): string {
  seg(value, what);
  if (RESERVED_DCA_SCOPES.has(value) || value === 'summary') throw new RangeError(`Invalid ${what}`);
  return value;
}

export const rooms = {
  dca: (program: string = DEFAULT_DCA_PROGRAM): string => `dca:${seg(program, 'program')}`,
  dcaType: (program: string, type: DcaRoomType): string => {
    if (!DCA_TYPE_SET.has(type)) throw new RangeError('Unknown DCA room type');
    return `dca:${seg(program, 'program')}:${type}`;
  },
  dcaTokenBuyers: (program: string, mint: string): string =>
    `dca:${seg(program, 'program')}:${scope(mint, 'mint')}:buyers`,
  dcaTokenSellers: (program: string, mint: string): string =>
    `dca:${seg(program, 'program')}:${scope(mint, 'mint')}:sellers`,
  dcaWallet: (program: string, wallet: string): string =>
    `dca:${seg(program, 'program')}:wallet:${seg(wallet, 'wallet')}`,
  dcaOrder: (program: string, address: string): string =>
    `dca:${seg(program, 'program')}:${scope(address, 'order address')}`,
  pnlSummary: (wallet: string): string => `pnl:${scope(wallet, 'wallet')}:summary`,
  pnlWallet: (wallet: string): string => `pnl:${scope(wallet, 'wallet')}`,
  pnlWalletToken: (wallet: string, token: string): string =>
    `pnl:${scope(wallet, 'wallet')}:${scope(token, 'token')}`,
  priceAggregated: (token: string): string => `price:aggregated:${seg(token, 'token')}`,
} as const;

/** What a DCA event or snapshot says about itself, to work out which rooms carry it. */
export interface DcaRoutingFacts {
  program: string;
  type?: DcaRoomType;
  wallet?: string;
  /** Order account addresses (the event's `address` and `dcaKey` may both name it). */
  orders?: readonly (string | undefined)[];
  inputMint?: string;
  outputMint?: string;
}

/**
 * Every room the service delivers such an event to (global, type, wallet, order, buyers of the
 * output mint, sellers of the input mint). Used on the hub's hot path to look rooms up in the wanted
 * set, so values are screened with a cheap separator check instead of the builders' regex: a value
 * holding `:` could spell another room, anything else at worst names a room nobody joined.
 */
export function dcaRoomsFor(f: DcaRoutingFacts): string[] {
  const p = f.program;
  if (!p || p.includes(':')) return [];
  const clean = (v: string | undefined): v is string => !!v && !v.includes(':');
  const out = [`dca:${p}`];
  if (f.type && DCA_TYPE_SET.has(f.type)) out.push(`dca:${p}:${f.type}`);
  if (clean(f.wallet)) out.push(`dca:${p}:wallet:${f.wallet}`);
  for (const o of f.orders ?? []) if (clean(o) && !RESERVED_DCA_SCOPES.has(o)) out.push(`dca:${p}:${o}`);
  if (clean(f.outputMint)) out.push(`dca:${p}:${f.outputMint}:buyers`);
  if (clean(f.inputMint)) out.push(`dca:${p}:${f.inputMint}:sellers`);
  return out;
}

function ok(s: string | undefined): s is string {
  return s !== undefined && SEGMENT.test(s);
}

/** The structured form of a room, or null for a room this extension does not build. */
export function parseRoom(room: string): ParsedRoom | null {
  if (typeof room !== 'string') return null;
  const p = room.split(':');
  const [head, a, b, c] = p;
  if (head === 'dca') {
    if (!ok(a)) return null;
    if (p.length === 2) return { kind: 'dca', program: a };
    if (p.length === 3 && ok(b)) {
      if (DCA_TYPE_SET.has(b)) return { kind: 'dcaType', program: a, type: b as DcaRoomType };
      if (b === 'wallet') return null;
      return { kind: 'dcaOrder', program: a, address: b };
    }
    if (p.length === 4 && ok(b) && ok(c)) {
      if (b === 'wallet') return { kind: 'dcaWallet', program: a, wallet: c };
      if (RESERVED_DCA_SCOPES.has(b)) return null;
      if (c === 'buyers') return { kind: 'dcaTokenBuyers', program: a, mint: b };
      if (c === 'sellers') return { kind: 'dcaTokenSellers', program: a, mint: b };
    }
    return null;
  }
  if (head === 'pnl') {
    if (!ok(a) || a === 'summary') return null;
    if (p.length === 2) return { kind: 'pnlWallet', wallet: a };
    if (p.length === 3 && ok(b)) {
      return b === 'summary'
        ? { kind: 'pnlSummary', wallet: a }
        : { kind: 'pnlWalletToken', wallet: a, token: b };
    }
    return null;
  }
  if (head === 'price' && a === 'aggregated' && p.length === 3 && ok(b)) {
    return { kind: 'priceAggregated', token: b };
  }
  return null;
}
