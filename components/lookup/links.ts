/** Explorer pages for the things a lookup shows (accounts use the shared explorerUrl). */
export { explorerUrl as accountUrl } from '../shared/AddressLabel';
export const tokenUrl = (mint: string) => `https://solscan.io/token/${encodeURIComponent(mint)}`;
export const blockUrl = (slot: number) => `https://solscan.io/block/${slot}`;
export const poolUrl = (pool: string) => `https://dexscreener.com/solana/${encodeURIComponent(pool)}`;
export const txUrl = (sig: string) => `https://solscan.io/tx/${encodeURIComponent(sig)}`;
