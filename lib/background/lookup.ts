/** The popup's "paste anything": works out what the input is, then builds the matching view. */
import { type ApiClient, ApiError } from '../api';
import type { Block } from '../api/schemas/rpc';
import { parseLookupInput } from '../detect/links';
import { kalshiTickerOf } from '../detect/lookup';
import { knownLabel } from '../detect/programs';
import type { AddressKind } from '../detect/types';
import { isKeyCode } from '../errors';
import { safeHttpsUrl, shortAddress } from '../format';
import { type BlockView, type LookupResult, pairOfInput, type SearchHit } from '../lookup';
import type { OddsView } from '../views';
import { readUnknown, resolveDomain } from './accounts';
import type { DataService } from './data';

export function toBlockView(slot: number, block: Block | null): BlockView | null {
  if (!block) return null;
  const txs = block.transactions ?? [];
  let fees = 0;
  let failed = 0;
  const signatures: string[] = [];
  for (const { meta, transaction } of txs) {
    fees += meta?.fee ?? 0;
    if (meta?.err) failed++;
    const sig = Array.isArray(transaction) ? undefined : transaction?.signatures?.[0];
    if (sig && signatures.length < 5) signatures.push(sig);
  }
  return {
    slot,
    blockTime: block.blockTime ?? null,
    blockhash: block.blockhash,
    parentSlot: block.parentSlot,
    transactionCount: txs.length,
    totalFeesLamports: fees,
    failedCount: failed,
    signatures,
  };
}

export async function fetchBlock(client: ApiClient, slot: number): Promise<BlockView | null> {
  // The view counts transactions and fees and shows five signatures: the rewards list is not needed.
  return toBlockView(slot, await client.rpc.getBlock(slot, { rewards: false }, { priority: 'hover' }));
}

export async function searchTokens(client: ApiClient, query: string): Promise<SearchHit[]> {
  const r = await client.market.search(query, { limit: 20 }, { priority: 'hover' });
  return r.data.slice(0, 20).map((t) => ({
    mint: t.mint,
    symbol: t.symbol ?? '?',
    name: t.name ?? '',
    image: safeHttpsUrl(t.image ?? null),
    priceUsd: t.priceUsd ?? null,
    liquidityUsd: t.liquidityUsd ?? null,
  }));
}

/**
 * The address's kind could not be read: that read's error (its code, its Retry-After), saying so. A
 * key or plan problem is not about this address: it goes on as it is, so the popup says it as it does
 * everywhere (with its "Open options").
 */
function kindError(error: unknown): never {
  const cause = ApiError.from(error, 'lookup');
  if (isKeyCode(cause.code) || cause.code === 'NEEDS_PLAN') throw cause;
  throw new ApiError({
    code: cause.code,
    status: cause.status,
    endpoint: 'lookup',
    detail: `Could not tell what kind of address this is (wallet, token, order): ${cause.toView().message}`,
    retryAfterMs: cause.retryAfterMs,
  });
}

/** What an address that is not a mint is, as a pair's refusal names it. */
const NOT_MINT: Partial<Record<AddressKind, string>> = {
  wallet: 'a wallet',
  order: 'a DCA order',
  pool: 'a liquidity pool',
  program: 'a program',
  unknown: 'not a token mint',
};

/**
 * Two addresses typed together are a pair only when both are mints: a wallet and its token pasted
 * together showed an empty pair ("no orders"), which reads as "this wallet never traded it". Each
 * address is refused by name. The kinds come from the page's cached batch read; one that could not
 * be read is not held against the pair (the pair's own request answers, with its own error).
 */
async function pairOfMints(data: DataService, a: string, b: string): Promise<void> {
  const kinds = await Promise.all([a, b].map((x) => data.kindOf(x, 'hover').catch(() => 'mint' as const)));
  const wrong = [a, b].flatMap((x, i) => {
    const what = NOT_MINT[kinds[i]!];
    return what ? [`${shortAddress(x)} is ${what}`] : [];
  });
  if (!wrong.length) return;
  throw new ApiError({
    code: 'INVALID_INPUT',
    status: 0,
    endpoint: 'lookup',
    message: `Two addresses are a DCA pair of two token mints, but ${wrong.join(' and ')}: paste one address at a time.`,
  });
}

/**
 * Input that reads as a bare slug ("wif-sol", "dog-wif-hat"), not a link: one word of letters, digits
 * and dashes. A slug no exchange has is more likely a token search than a missing event.
 */
const isBareSlug = (text: string) => /^[a-z0-9][a-z0-9-]*$/i.test(text);

export async function lookup(input: string, data: DataService, client: ApiClient): Promise<LookupResult> {
  const text = input.trim();
  // Two mints ("A B", "A/B", "A -> B") ask for the DCA pair.
  const pair = pairOfInput(text);
  if (pair) {
    const { inputMint: a, outputMint: b } = pair;
    await pairOfMints(data, a, b);
    // Sorted as the order list shows it (most recent first): its "Load more" sends that sort with the
    // cursor, and a cursor is valid only with the sort of the page it came from.
    return { kind: 'pair', inputMint: a, outputMint: b, page: await data.pairPage(a, b, { sort: 'recent' }) };
  }
  const parsed = parseLookupInput(text);
  switch (parsed.type) {
    case 'error':
      throw new ApiError({ code: 'INVALID_INPUT', status: 0, endpoint: 'lookup', message: parsed.message });
    case 'slot': {
      // A small number may be a Polymarket id as well (see POLYMARKET_NUMBER_MAX): its event when
      // Polymarket has one, else the block. A failing prediction API does not hide the block.
      if (parsed.event) {
        const [event] = await data.odds([parsed.event], 'hover').catch(() => []);
        if (event?.found) return { kind: 'event', event };
      }
      return { kind: 'block', slot: parsed.slot, block: await fetchBlock(client, parsed.slot) };
    }
    case 'search':
      return { kind: 'search', query: parsed.query, hits: await searchTokens(client, parsed.query) };
    case 'event': {
      const ref = { exchange: parsed.event.exchange, id: parsed.event.id } as const;
      // A lowercase Kalshi ticker as Kalshi's URLs write it reads as a Polymarket slug first.
      const ticker = ref.exchange === 'polymarket' ? kalshiTickerOf(ref.id) : null;
      const bare = isBareSlug(text);
      let event: OddsView | undefined;
      try {
        [event] = await data.odds([ref], 'hover');
        if (!event?.found && ticker) [event] = await data.odds([{ exchange: 'kalshi', id: ticker }], 'hover');
      } catch (error) {
        // The prediction API failing (a 503, its own limit) on a bare word ("wif-sol") does not hide
        // the token search: its hits when it has some, else the prediction API's error as it was.
        if (!bare) throw error;
        const hits = await searchTokens(client, text).catch(() => []);
        if (hits.length) return { kind: 'search', query: text, hits };
        throw error;
      }
      if (!event?.found) {
        // A bare slug naming no event ("wif-sol", "sol-usdc") is most likely a token: its search.
        if (bare) {
          return { kind: 'search', query: text, hits: await searchTokens(client, text) };
        }
        throw new ApiError({
          code: 'NOT_FOUND',
          status: 404,
          endpoint: 'lookup',
          detail: 'No such prediction-market event.',
        });
      }
      return { kind: 'event', event };
    }
    case 'domain':
      // A .sol name is its owner's wallet, looked up as that address.
      return lookup(await resolveDomain(client, parsed.name), data, client);
    case 'address': {
      const address = parsed.address;
      let kind = parsed.kind;
      // An account that could not be read is not guessed to be a wallet (a mint pasted during an RPC
      // outage would show as an empty "Wallet" with a Watch button): the read's error is the answer.
      if (kind === 'unknown' || kind === 'pool') kind = await data.kindOf(address, 'hover').catch(kindError);
      if (kind === 'program') return { kind: 'program', address, label: knownLabel(address) ?? 'Program' };
      if (kind === 'pool') return { kind: 'pool', address };
      if (kind === 'mint') return { kind: 'token', mint: address, token: await data.token(address) };
      if (kind === 'order') return { kind: 'order', order: await data.order(address, 'hover') };
      // 'unknown': no account, a token account, or another program's account, read again to tell.
      const account = kind === 'unknown' ? await readUnknown(client, address).catch(kindError) : null;
      if (account?.type === 'tokenAccount') {
        return { kind: 'tokenAccount', address, mint: account.mint, owner: account.owner };
      }
      // wallets and accounts we cannot tell apart are shown as wallets (DCA + PnL)
      const wallet = await data.wallet(address);
      // Neither half answered (both failed: a 429, 503 or no network): the lookup failed, with the DCA
      // half's reason, so the page shows its Retry (or "Open options"), not an empty wallet of two
      // error lines, and Recent does not keep it. One half failed: the card shows the other.
      if (wallet.dcaError && wallet.pnl.state === 'error') {
        throw new ApiError({ ...wallet.dcaError, endpoint: 'lookup' });
      }
      if (account?.type !== 'none') return { kind: 'wallet', wallet };
      // No account on mainnet: an address that never held anything has no trades to index, so a
      // "PnL indexing, try again shortly" would promise what is not coming. The rest is as answered.
      const pnl = wallet.pnl.state === 'queued' ? { state: 'none' as const } : wallet.pnl;
      return { kind: 'wallet', wallet: { ...wallet, pnl }, noAccount: true };
    }
  }
}
