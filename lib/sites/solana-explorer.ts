import { defineAdapter, hostIs } from './types';

/** explorer.solana.com: `/address/<a>` pages; addresses are shown in full inside links. */
export const solanaExplorer = defineAdapter({
  id: 'solana-explorer',
  origin: 'https://explorer.solana.com',
  matches: hostIs('explorer.solana.com'),
  sources: { links: true, text: true, attributes: { 'data-address': 'unknown' } },
  ignore: 'nav, .search-bar',
});
