/** Results of the popup's "paste anything" lookup. Built by the background (lib/background/lookup.ts). */
import { findAddresses } from './detect/address';
import type { OddsView, OrderPageView, OrderView, TokenView, WalletView } from './views';

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

export interface BlockView {
  slot: number;
  blockTime: number | null; // unix seconds
  blockhash: string;
  parentSlot: number;
  transactionCount: number;
  totalFeesLamports: number;
  failedCount: number;
  signatures: string[]; // first few
}

export interface SearchHit {
  mint: string;
  symbol: string;
  name: string;
  image: string | null;
  priceUsd: number | null;
  liquidityUsd: number | null;
}

export type LookupResult =
  /**
   * `noAccount`: mainnet has no account at this address (never funded, closed, or a bad copy): its
   * DCA and PnL answers are shown, but nothing is coming to it, so nothing says to try again.
   */
  | { kind: 'wallet'; wallet: WalletView; noAccount?: true }
  /** A holder's balance account (SPL token or Token-2022), not a wallet: its mint and its owner. */
  | { kind: 'tokenAccount'; address: string; mint: string; owner: string }
  | { kind: 'token'; mint: string; token: TokenView }
  | { kind: 'order'; order: OrderView }
  | { kind: 'pair'; inputMint: string; outputMint: string; page: OrderPageView }
  | { kind: 'event'; event: OddsView }
  | { kind: 'block'; slot: number; block: BlockView | null }
  | { kind: 'search'; query: string; hits: SearchHit[] }
  | { kind: 'program'; address: string; label: string }
  /** A liquidity pool (a DEX pair URL names one): no DCA orders or PnL, and no API maps it to its token. */
  | { kind: 'pool'; address: string };
