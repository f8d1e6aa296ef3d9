import type { AddressKind } from './types';

/**
 * Well-known on-chain programs and sysvars: shown as programs, never badged as wallets. The DCA
 * program list of the service comes from `GET /dca/programs`; this list only names addresses.
 * The ids alone (what the content script needs to classify); their names are in PROGRAM_NAMES.
 */
export const KNOWN_PROGRAMS = [
  '11111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'ComputeBudget111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'SysvarC1ock11111111111111111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'SysvarEpochSchedu1e111111111111111111111111',
  'SysvarFees111111111111111111111111111111111',
  'Sysvar1nstructions1111111111111111111111111',
  'SysvarRecentB1ockHashes11111111111111111111',
  'SysvarRewards111111111111111111111111111111',
  'SysvarS1otHashes111111111111111111111111111',
  'SysvarS1otHistory11111111111111111111111111',
  'SysvarStakeHistory1111111111111111111111111',
  'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
  'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M',
  'jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu',
  'j1o2qRpjcyUwEvwtcfhEQefh773ZgjxcVRry7LDqg5X',
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
  'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK',
  'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C',
  'routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS',
  'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
  '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP',
  'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
  'Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB',
  'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s',
  '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P',
  'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA',
  'PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY',
  'opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb',
  'srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX',
] as const;

export type KnownProgram = (typeof KNOWN_PROGRAMS)[number];
const PROGRAM_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(KNOWN_PROGRAMS);

/**
 * The name of each known program, for the lookup page (the background). Apart from the ids so that
 * the content script, which only classifies, does not carry them; the type makes both lists name
 * the same programs.
 */
export const PROGRAM_NAMES: Readonly<Record<KnownProgram, string>> = {
  '11111111111111111111111111111111': 'System Program',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022 Program',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Program',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo Program',
  Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo: 'Memo Program v1',
  ComputeBudget111111111111111111111111111111: 'Compute Budget Program',
  AddressLookupTab1e1111111111111111111111111: 'Address Lookup Table Program',
  BPFLoaderUpgradeab1e11111111111111111111111: 'BPF Upgradeable Loader',
  BPFLoader2111111111111111111111111111111111: 'BPF Loader',
  Config1111111111111111111111111111111111111: 'Config Program',
  Ed25519SigVerify111111111111111111111111111: 'Ed25519 Program',
  KeccakSecp256k11111111111111111111111111111: 'Secp256k1 Program',
  Stake11111111111111111111111111111111111111: 'Stake Program',
  Vote111111111111111111111111111111111111111: 'Vote Program',
  SysvarC1ock11111111111111111111111111111111: 'Sysvar: Clock',
  SysvarRent111111111111111111111111111111111: 'Sysvar: Rent',
  SysvarEpochSchedu1e111111111111111111111111: 'Sysvar: Epoch Schedule',
  SysvarFees111111111111111111111111111111111: 'Sysvar: Fees',
  Sysvar1nstructions1111111111111111111111111: 'Sysvar: Instructions',
  SysvarRecentB1ockHashes11111111111111111111: 'Sysvar: Recent Blockhashes',
  SysvarRewards111111111111111111111111111111: 'Sysvar: Rewards',
  SysvarS1otHashes111111111111111111111111111: 'Sysvar: Slot Hashes',
  SysvarS1otHistory11111111111111111111111111: 'Sysvar: Slot History',
  SysvarStakeHistory1111111111111111111111111: 'Sysvar: Stake History',
  JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4: 'Jupiter Aggregator v6',
  DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M: 'Jupiter DCA',
  jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu: 'Jupiter Limit Order',
  j1o2qRpjcyUwEvwtcfhEQefh773ZgjxcVRry7LDqg5X: 'Jupiter Limit Order v2',
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': 'Raydium AMM v4',
  CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK: 'Raydium CLMM',
  CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C: 'Raydium CPMM',
  routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS: 'Raydium AMM Routing',
  whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Orca Whirlpools',
  '9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP': 'Orca Token Swap v2',
  LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo: 'Meteora DLMM',
  Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB: 'Meteora Pools',
  metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s: 'Metaplex Token Metadata',
  '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P': 'pump.fun',
  pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA: 'pump.fun AMM',
  PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY: 'Phoenix',
  opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb: 'OpenBook v2',
  srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX: 'OpenBook (Serum) v3',
};

/** Mints everyone trades against; badged as mints. */
export const KNOWN_MINTS: Readonly<Record<string, string>> = {
  So11111111111111111111111111111111111111112: 'Wrapped SOL',
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'USDC',
  Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: 'USDT',
  JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN: 'JUP',
};

/** Symbols that swap URLs use instead of a mint (jup.ag/swap/SOL-USDC). */
export const SYMBOL_MINTS: Readonly<Record<string, string>> = {
  SOL: 'So11111111111111111111111111111111111111112',
  WSOL: 'So11111111111111111111111111111111111111112',
  USDC: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  USDT: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
  JUP: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
};

export function isKnownProgram(address: string): boolean {
  return PROGRAM_SET.has(address);
}

export function isKnownMint(address: string): boolean {
  return Object.hasOwn(KNOWN_MINTS, address);
}

/** The kind a known address always has, whatever its context says; null when not known. */
export function knownKind(address: string): AddressKind | null {
  if (isKnownProgram(address)) return 'program';
  if (isKnownMint(address)) return 'mint';
  return null;
}

/** A human name for a known program or mint. */
export function knownLabel(address: string): string | undefined {
  if (isKnownProgram(address)) return PROGRAM_NAMES[address as KnownProgram];
  return isKnownMint(address) ? KNOWN_MINTS[address] : undefined;
}
