/**
 * The sites the overlay runs on: their match patterns and names. Shared by the manifest (wxt.config.ts
 * writes the content script's matches and host permissions from it) and the options page's per-site
 * switches, so the two never disagree; the content script itself does not carry the list.
 */
export interface SupportedSite {
  id: string;
  label: string;
  matches: string[];
}

export const SUPPORTED_SITES: readonly SupportedSite[] = [
  { id: 'solscan', label: 'Solscan', matches: ['https://solscan.io/*'] },
  { id: 'solana-explorer', label: 'Solana Explorer', matches: ['https://explorer.solana.com/*'] },
  { id: 'solanafm', label: 'SolanaFM', matches: ['https://solana.fm/*'] },
  { id: 'birdeye', label: 'Birdeye', matches: ['https://birdeye.so/*'] },
  { id: 'dexscreener', label: 'DexScreener', matches: ['https://dexscreener.com/*'] },
  { id: 'jupiter', label: 'Jupiter', matches: ['https://jup.ag/*'] },
  { id: 'pumpfun', label: 'pump.fun', matches: ['https://pump.fun/*'] },
  { id: 'gmgn', label: 'GMGN', matches: ['https://gmgn.ai/*'] },
  { id: 'x', label: 'X', matches: ['https://x.com/*', 'https://pro.x.com/*', 'https://twitter.com/*'] },
];

export const SITE_MATCHES: string[] = SUPPORTED_SITES.flatMap((s) => s.matches);

/** Local pages (fixtures, the demo) are matched only in builds made for the simulator. */
export const LOCAL_MATCHES = ['http://127.0.0.1/*', 'http://localhost/*'];

/**
 * "Any site" detection: asked for only when the user turns it on (optional), and https only, like
 * the content script it registers (the supported sites are all https).
 */
export const ANY_SITE_ORIGINS = ['https://*/*'];

export const API_HOST_PERMISSIONS = [
  'https://data.solanatracker.io/*',
  'https://prediction-market-api.solanatracker.io/*',
  'https://rpc-mainnet.solanatracker.io/*',
];
