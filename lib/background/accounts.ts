/** Reads of one account for what the page's kind batch cannot tell, and of a .sol name's owner (lookup, watch). */
import { type ApiClient, ApiError } from '../api';
import type { MultipleAccounts } from '../api/endpoints/rpc';
import { ACCOUNT_HEAD_SLICE, accountHead, classifyAccountOwner } from '../api/owners';
import { domainOwner } from '../api/schemas/rpc';
import { encodeBase58 } from '../detect/base58';

/**
 * An address whose kind is 'unknown', read again with its head: no account at all (never funded,
 * closed, a bad copy), a token account (its mint and owner), or an account of another program.
 */
export type UnknownAccount =
  | { type: 'none' }
  | { type: 'tokenAccount'; mint: string; owner: string }
  | { type: 'other' };

export async function readUnknown(client: ApiClient, address: string): Promise<UnknownAccount> {
  const read = (await readUnknowns(client, [address])).get(address)!;
  if (read instanceof ApiError) throw read;
  return read;
}

/** `readUnknown` of many addresses in one read (100 per request): each one's account, or its error. */
export async function readUnknowns(
  client: ApiClient,
  addresses: readonly string[],
): Promise<Map<string, UnknownAccount | ApiError>> {
  const answer = await client.rpc.getMultipleAccounts(
    addresses,
    { dataSlice: ACCOUNT_HEAD_SLICE },
    { priority: 'hover' },
  );
  const out = new Map<string, UnknownAccount | ApiError>();
  addresses.forEach((address, i) => {
    const failed = answer.failed[address];
    out.set(address, failed ?? unknownAccount(answer.value[i]));
  });
  return out;
}

function unknownAccount(info: MultipleAccounts['value'][number] | undefined): UnknownAccount {
  if (!info) return { type: 'none' };
  const head = accountHead(info.data);
  const space = typeof info.space === 'number' ? info.space : null;
  const kind = classifyAccountOwner(info.owner, space, {
    executable: !!info.executable,
    ...(head?.accountType === undefined ? {} : { accountType: head.accountType }),
  });
  if (kind !== 'tokenAccount' || !head?.parties) return { type: 'other' };
  return {
    type: 'tokenAccount',
    mint: encodeBase58(head.parties.mint),
    owner: encodeBase58(head.parties.owner),
  };
}

/** The wallet a .sol name resolves to (the lookup, the menu's "Watch wallet"); NOT_FOUND when none owns it. */
export async function resolveDomain(client: ApiClient, name: string): Promise<string> {
  const owner = domainOwner(await client.rpc.resolveSolDomain(name, { priority: 'hover' }));
  if (owner) return owner;
  throw new ApiError({
    code: 'NOT_FOUND',
    status: 404,
    endpoint: 'lookup',
    detail: `No wallet owns ${name}: check the spelling, or paste the wallet address.`,
  });
}
