import { decodeBase58 } from '../../lib/detect/base58';
import { hash32, Rng } from './rng';

export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/** An account the RPC serves with its whole data (the other accounts' data is zeros of their size). */
export interface RawAccount {
  owner: string;
  data: Uint8Array;
}

/** Token-2022 accounts with extensions, which only the RPC knows (no REST record names them). */
export interface Token2022World {
  /** Mints with a MetadataPointer extension: 234 bytes, account-type byte (offset 165) = 1. */
  mints: string[];
  /** Token accounts with ImmutableOwner (what an associated token account of Token-2022 is): 170 bytes, byte 165 = 2. */
  accounts: string[];
  byAddress: Map<string, RawAccount>;
}

const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
const EXT_IMMUTABLE_OWNER = 7;
const EXT_METADATA_POINTER = 18;

/** Rent-exempt minimum of an account of `space` bytes (what the sim's other accounts hold). */
export const rentExempt = (space: number) => (128 + space) * 6960;

class Writer {
  readonly bytes: Uint8Array;
  private at = 0;
  constructor(size: number) {
    this.bytes = new Uint8Array(size);
  }
  u8(v: number) {
    this.bytes[this.at++] = v;
  }
  u16(v: number) {
    this.u8(v & 0xff);
    this.u8(v >>> 8);
  }
  u32(v: number) {
    this.u16(v & 0xffff);
    this.u16(v >>> 16);
  }
  u64(v: bigint) {
    for (let i = 0n; i < 8n; i++) this.u8(Number((v >> (8n * i)) & 0xffn));
  }
  key(address: string) {
    this.bytes.set(decodeBase58(address)!, this.at);
    this.at += 32;
  }
  optionKey(address: string | null) {
    this.u32(address ? 1 : 0);
    if (address) this.key(address);
    else this.at += 32;
  }
  seek(offset: number) {
    this.at = offset;
  }
}

/** Mint layout: 82-byte base mint, zeros to 165, account type, then a MetadataPointer TLV. */
function mintData(authority: string, mint: string, supply: bigint, decimals: number): Uint8Array {
  const w = new Writer(ACCOUNT_TYPE_OFFSET + 1 + 4 + 64);
  w.optionKey(authority); // mint authority
  w.u64(supply);
  w.u8(decimals);
  w.u8(1); // initialized
  w.optionKey(null); // freeze authority
  w.seek(ACCOUNT_TYPE_OFFSET);
  w.u8(ACCOUNT_TYPE_MINT);
  w.u16(EXT_METADATA_POINTER);
  w.u16(64);
  w.key(authority);
  w.key(mint); // metadata kept in the mint itself
  return w.bytes;
}

/** Token account layout: the 165-byte base account, account type, then an (empty) ImmutableOwner TLV. */
function tokenAccountData(mint: string, owner: string, amount: bigint): Uint8Array {
  const w = new Writer(ACCOUNT_TYPE_OFFSET + 1 + 4);
  w.key(mint);
  w.key(owner);
  w.u64(amount);
  w.optionKey(null); // delegate
  w.u8(1); // state: initialized
  w.u32(0); // is_native: none
  w.u64(0n);
  w.u64(0n); // delegated amount
  w.optionKey(null); // close authority
  w.u8(ACCOUNT_TYPE_ACCOUNT);
  w.u16(EXT_IMMUTABLE_OWNER);
  w.u16(0);
  return w.bytes;
}

/**
 * Two mints and a token account of each, held by `holders` (wallets of the world). Drawn from their
 * own stream, so the rest of the world is what it was before they existed.
 */
export function makeToken2022(seed: number, holders: readonly string[]): Token2022World {
  const rng = new Rng(seed, hash32('token-2022'));
  const byAddress = new Map<string, RawAccount>();
  const mints: string[] = [];
  const accounts: string[] = [];
  for (let i = 0; i < 2; i++) {
    const mint = rng.address();
    const authority = rng.address();
    const supply = BigInt(rng.int(1, 1_000_000_000)) * 1_000_000n;
    byAddress.set(mint, { owner: TOKEN_2022_PROGRAM, data: mintData(authority, mint, supply, 6) });
    mints.push(mint);
    const account = rng.address();
    const amount = BigInt(rng.int(1, 1_000_000)) * 1_000_000n;
    const holder = holders[i % holders.length]!;
    byAddress.set(account, { owner: TOKEN_2022_PROGRAM, data: tokenAccountData(mint, holder, amount) });
    accounts.push(account);
  }
  return { mints, accounts, byAddress };
}
