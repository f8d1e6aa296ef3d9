/**
 * Results of the popup's "paste anything" lookup. Built by the background (lib/background/lookup.ts);
 * schemas, like the views, so the pages check what they got (lib/messaging.ts ANSWERS).
 */

import { z } from 'zod';
import { findAddresses } from './detect/address';
import { OddsView, OrderPageView, OrderView, TokenView, WalletView } from './views';

/**
 * Two mints typed together ("A B", "A/B", "A -> B", "A → B", "A, B") ask for their DCA pair: the
 * input and output mint, in that order (chat apps turn "->" into "→"). Null for anything else. Used
 * by the page's check and the background.
 */
export function pairOfInput(text: string): { inputMint: string; outputMint: string } | null {
  const t = text.trim();
  const found = findAddresses(t);
  if (found.length !== 2) return null;
  const [a, b] = [found[0]!.address, found[1]!.address];
  const rest = t.replace(a, '').replace(b, '');
  return /^[\s/>,→-]*$/.test(rest) ? { inputMint: a, outputMint: b } : null;
}

export const BlockView = z.object({
  slot: z.number(),
  blockTime: z.number().nullable(), // unix seconds
  blockhash: z.string(),
  parentSlot: z.number(),
  transactionCount: z.number(),
  totalFeesLamports: z.number(),
  failedCount: z.number(),
  signatures: z.array(z.string()), // first few
});
export type BlockView = z.infer<typeof BlockView>;

export const SearchHit = z.object({
  mint: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string().nullable(), // https only, checked by the background
  priceUsd: z.number().nullable(),
  liquidityUsd: z.number().nullable(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const LookupResult = z.discriminatedUnion('kind', [
  /**
   * `noAccount`: mainnet has no account at this address (never funded, closed, or a bad copy): its
   * DCA and PnL answers are shown, but nothing is coming to it, so nothing says to try again.
   */
  z.object({ kind: z.literal('wallet'), wallet: WalletView, noAccount: z.literal(true).optional() }),
  /** A holder's balance account (SPL token or Token-2022), not a wallet: its mint and its owner. */
  z.object({ kind: z.literal('tokenAccount'), address: z.string(), mint: z.string(), owner: z.string() }),
  z.object({ kind: z.literal('token'), mint: z.string(), token: TokenView }),
  z.object({ kind: z.literal('order'), order: OrderView }),
  z.object({ kind: z.literal('pair'), inputMint: z.string(), outputMint: z.string(), page: OrderPageView }),
  z.object({ kind: z.literal('event'), event: OddsView }),
  z.object({ kind: z.literal('block'), slot: z.number(), block: BlockView.nullable() }),
  z.object({ kind: z.literal('search'), query: z.string(), hits: z.array(SearchHit) }),
  z.object({ kind: z.literal('program'), address: z.string(), label: z.string() }),
  /** A liquidity pool (a DEX pair URL names one): no DCA orders or PnL, and no API maps it to its token. */
  z.object({ kind: z.literal('pool'), address: z.string() }),
]);
export type LookupResult = z.infer<typeof LookupResult>;
