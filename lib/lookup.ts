/** Results of the popup's "paste anything" lookup. Built by the background (lib/background/lookup.ts). */
import type { OddsView, OrderPageView, OrderView, TokenView, WalletView } from './views';

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
  | { kind: 'wallet'; wallet: WalletView }
  | { kind: 'token'; mint: string; token: TokenView }
  | { kind: 'order'; order: OrderView }
  | { kind: 'pair'; inputMint: string; outputMint: string; page: OrderPageView }
  | { kind: 'event'; event: OddsView }
  | { kind: 'block'; slot: number; block: BlockView | null }
  | { kind: 'search'; query: string; hits: SearchHit[] }
  | { kind: 'program'; address: string; label: string };
