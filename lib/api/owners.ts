/** What an account is, judged from its owner program and data size (getMultipleAccounts). */
export type AccountKind = 'wallet' | 'mint' | 'order' | 'pool' | 'program' | 'unknown';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const DCA_PROGRAM = 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M';
/** AMM programs whose accounts are pools (Raydium AMM v4, CPMM, CLMM; Orca Whirlpool; Meteora DLMM, pools; Pump AMM). */
export const POOL_PROGRAMS = new Set([
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
  'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C',
  'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK',
  'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
  'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
  'Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB',
  'cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG',
  'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA',
]);

const MINT_SIZE = 82;
// Token-2022 mints with extensions: 82 bytes of base mint, padding to 165, then the account-type byte.
const TOKEN_ACCOUNT_SIZE = 165;

export interface AccountFacts {
  /** Programs are executable accounts. */
  executable?: boolean;
  /** Raw account data, when fetched: tells Token-2022 mints from token accounts with extensions. */
  data?: Uint8Array;
}

/** `space` is the data length. Token accounts (165 bytes) are not mints and come back 'unknown'. */
export function classifyAccountOwner(
  owner: string | null | undefined,
  space: number | null | undefined,
  facts: AccountFacts = {},
): AccountKind {
  if (facts.executable) return 'program';
  if (!owner) return 'unknown';
  if (owner === SYSTEM_PROGRAM) return 'wallet';
  if (owner === TOKEN_PROGRAM) return space === MINT_SIZE ? 'mint' : 'unknown';
  if (owner === TOKEN_2022_PROGRAM) {
    if (space === MINT_SIZE) return 'mint';
    if (typeof space !== 'number' || space <= TOKEN_ACCOUNT_SIZE) return 'unknown';
    const accountType = facts.data?.[TOKEN_ACCOUNT_SIZE];
    return accountType === undefined || accountType === 1 ? 'mint' : 'unknown';
  }
  if (owner === DCA_PROGRAM) return 'order';
  if (POOL_PROGRAMS.has(owner)) return 'pool';
  return 'unknown';
}
