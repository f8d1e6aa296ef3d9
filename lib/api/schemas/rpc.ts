import { z } from 'zod';
import { isSolanaAddress } from '../../detect/address';
import { listOf } from '../parse';
import { Address, Count, Text } from './common';

export const RpcErrorObject = z.looseObject({
  code: z.number().int(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

export const RpcEnvelope = z.looseObject({
  jsonrpc: z.string().optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  result: z.unknown().optional(),
  error: RpcErrorObject.nullish(),
});

const U64 = z.number().int().nonnegative();

export const RpcTransaction = z.looseObject({
  meta: z
    .looseObject({
      err: z.unknown().nullish(),
      fee: U64.nullish(),
      innerInstructions: z.array(z.unknown()).nullish(),
      loadedAddresses: z.looseObject({ readonly: z.array(Text), writable: z.array(Text) }).nullish(),
      logMessages: z.array(Text).nullish(),
      postBalances: z.array(U64).nullish(),
      preBalances: z.array(U64).nullish(),
      postTokenBalances: z.array(z.unknown()).nullish(),
      preTokenBalances: z.array(z.unknown()).nullish(),
      rewards: z.array(z.unknown()).nullish(),
      status: z.unknown().nullish(),
    })
    .nullish(),
  /** An object for `json`/`jsonParsed` (its signatures read), `[data, encoding]` for binary encodings. */
  transaction: z
    .union([z.looseObject({ signatures: z.array(Text).nullish() }), z.array(z.unknown())])
    .nullish(),
});

export const Block = z.looseObject({
  blockHeight: U64.nullish(),
  blockTime: z.number().int().nullish(),
  blockhash: Text,
  parentSlot: U64,
  previousBlockhash: Text,
  /** One list that fits or fails together: a block's count and fees are sums over all of it. */
  transactions: z.array(RpcTransaction).nullish(),
  signatures: z.array(Text).nullish(),
  rewards: z.array(z.unknown()).nullish(),
});

/** `null` means the block is not confirmed: a value, not an error. */
export const BlockResult = Block.nullable();

export const AccountInfo = z.looseObject({
  owner: Address,
  lamports: U64,
  executable: z.boolean(),
  data: z.unknown(),
  rentEpoch: z.number().nullish(),
  space: Count.nullish(),
});

/**
 * Account by account: one that does not fit is left out and recorded with its place
 * (`droppedFrom(r.value)`), so the others keep theirs and only its address gets an error.
 */
export const MultipleAccountsResult = z.looseObject({
  context: z.looseObject({ slot: U64 }).nullish(),
  value: listOf(AccountInfo.nullable()),
});

/** The name-service methods are only named in release notes: accept every plausible form. */
export const DomainValue = z.union([z.string(), z.null(), z.looseObject({})]);
export const DomainList = z.array(z.union([z.string(), z.looseObject({})]));
export const MultipleDomains = z.union([z.array(DomainValue), z.record(z.string(), DomainValue)]);

export type RpcErrorObject = z.infer<typeof RpcErrorObject>;
export type Block = z.infer<typeof Block>;
export type RpcTransaction = z.infer<typeof RpcTransaction>;
export type AccountInfo = z.infer<typeof AccountInfo>;
export type MultipleAccountsResult = z.infer<typeof MultipleAccountsResult>;
export type DomainValue = z.infer<typeof DomainValue>;
export type DomainList = z.infer<typeof DomainList>;
export type MultipleDomains = z.infer<typeof MultipleDomains>;

/** The `.sol` name in any of the forms a domain method may answer with. */
/**
 * The wallet a name resolves to (resolveSolDomain): the answer itself when it is an address, else
 * its owner's field, by the names services use for it. Null when the name has no owner, or when the
 * answer names none that is an address (never a guess).
 */
export function domainOwner(value: DomainValue | undefined): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return isSolanaAddress(value) ? value : null;
  for (const key of ['owner', 'wallet', 'address', 'pubkey']) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && isSolanaAddress(v)) return v;
  }
  return null;
}

export function domainName(value: DomainValue | undefined): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value || null;
  for (const key of ['domain', 'name', 'primaryDomain']) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && v) return v;
  }
  return null;
}
