/** What an account is, judged from its owner program and data size (getMultipleAccounts). */
export type AccountKind = 'wallet' | 'mint' | 'tokenAccount' | 'order' | 'pool' | 'program' | 'unknown';

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
const TOKEN_ACCOUNT_SIZE = 165;
/**
 * Token-2022 accounts with extensions: the base mint (82 bytes, zero-padded) or token account
 * (165 bytes), then the account-type byte at offset 165 (1 = mint, 2 = token account), then the
 * extensions. It is the only byte the classification needs.
 */
export const ACCOUNT_TYPE_OFFSET = TOKEN_ACCOUNT_SIZE;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_TOKEN_ACCOUNT = 2;
/**
 * The getMultipleAccounts `dataSlice` of a token account's head: its mint (bytes 0..32), its owner
 * (32..64) and, for Token-2022 with extensions, the account-type byte (165).
 */
export const ACCOUNT_HEAD_SLICE = { offset: 0, length: ACCOUNT_TYPE_OFFSET + 1 } as const;
/** The getMultipleAccounts `dataSlice` that returns just the account-type byte (nothing for shorter accounts). */
export const ACCOUNT_TYPE_SLICE = { offset: ACCOUNT_TYPE_OFFSET, length: 1 } as const;

export interface AccountFacts {
  /** Programs are executable accounts. */
  executable?: boolean;
  /**
   * The account-type byte (data offset 165) when it was fetched (see ACCOUNT_TYPE_SLICE and
   * accountTypeByte): tells Token-2022 mints (1) from token accounts (2) with extensions.
   */
  accountType?: number;
}

/**
 * An account's `data` as getMultipleAccounts returns it (`[base64, 'base64']`), one character per
 * byte; null for no data, another encoding or a malformed field. Never throws.
 */
function dataBytes(data: unknown): string | null {
  if (!Array.isArray(data) || data[1] !== 'base64' || typeof data[0] !== 'string') return null;
  try {
    return atob(data[0]);
  } catch {
    return null;
  }
}

/**
 * The account-type byte from an account's `data` (`[base64, 'base64']`) as getMultipleAccounts
 * returns it with ACCOUNT_TYPE_SLICE: the one byte of the slice, or byte 165 of the whole data
 * when the node ignored the slice (`space` bytes came back). `undefined` when there is no such
 * byte (an account of 165 bytes or less, no data, another encoding, a malformed field); never throws.
 */
export function accountTypeByte(data: unknown, space?: number | null): number | undefined {
  const bytes = dataBytes(data);
  if (bytes === null) return undefined;
  if (bytes.length === 1) return bytes.charCodeAt(0);
  const whole = typeof space === 'number' && bytes.length === space && space > ACCOUNT_TYPE_OFFSET;
  return whole ? bytes.charCodeAt(ACCOUNT_TYPE_OFFSET) : undefined;
}

/**
 * `space` is the full data length (also when only a slice of the data was fetched). A token account
 * (a holder's balance: 165 bytes of the token program, or of Token-2022 with no extension) is
 * 'tokenAccount'; other sizes of the token program (multisigs) are 'unknown'. A Token-2022 account
 * over 165 bytes is a mint if its account-type byte is 1, a 'tokenAccount' if it is 2 (else
 * 'unknown': an uninitialized account); when the
 * byte is not known (a node that returned no data) it counts as a mint, as before the byte was read:
 * an address that a page links and that is Token-2022 with extensions is most often a token (mints
 * with metadata extensions), and calling mints anything else would take their token badge away,
 * while the price of the guess, a token badge on a token account, is what happened before.
 */
export function classifyAccountOwner(
  owner: string | null | undefined,
  space: number | null | undefined,
  facts: AccountFacts = {},
): AccountKind {
  if (facts.executable) return 'program';
  if (!owner) return 'unknown';
  if (owner === SYSTEM_PROGRAM) return 'wallet';
  if (owner === TOKEN_PROGRAM) {
    return space === MINT_SIZE ? 'mint' : space === TOKEN_ACCOUNT_SIZE ? 'tokenAccount' : 'unknown';
  }
  if (owner === TOKEN_2022_PROGRAM) {
    if (space === MINT_SIZE) return 'mint';
    if (space === TOKEN_ACCOUNT_SIZE) return 'tokenAccount';
    if (typeof space !== 'number' || space < TOKEN_ACCOUNT_SIZE) return 'unknown';
    const { accountType } = facts;
    if (accountType === undefined || accountType === ACCOUNT_TYPE_MINT) return 'mint';
    return accountType === ACCOUNT_TYPE_TOKEN_ACCOUNT ? 'tokenAccount' : 'unknown';
  }
  if (owner === DCA_PROGRAM) return 'order';
  if (POOL_PROGRAMS.has(owner)) return 'pool';
  return 'unknown';
}

/**
 * The head of an account's data (`[base64, 'base64']`, whole or ACCOUNT_HEAD_SLICE): what
 * classifyAccountOwner needs (its account-type byte) and, for a token account, its mint and owner
 * as raw 32-byte keys (the SPL layout, which Token-2022 shares). `parties` is null when there are
 * not 64 bytes; null for no data, another encoding or a malformed field. Never throws.
 */
export function accountHead(
  data: unknown,
): { accountType?: number; parties: { mint: Uint8Array; owner: Uint8Array } | null } | null {
  const text = dataBytes(data);
  if (text === null) return null;
  const bytes = Uint8Array.from(text.slice(0, ACCOUNT_HEAD_SLICE.length), (c) => c.charCodeAt(0));
  const parties = bytes.length >= 64 ? { mint: bytes.slice(0, 32), owner: bytes.slice(32, 64) } : null;
  const type = bytes[ACCOUNT_TYPE_OFFSET];
  return type === undefined ? { parties } : { accountType: type, parties };
}
