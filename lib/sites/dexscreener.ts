import { defineAdapter, hostIs } from './types';

/**
 * dexscreener.com: its URLs carry the pair (`/solana/<pair>`, or a token's address, which opens its top
 * pair: the background tells them apart); the mint comes from explorer links and copy buttons.
 */
export const dexscreener = defineAdapter({
  id: 'dexscreener',
  origin: 'https://dexscreener.com',
  matches: hostIs('dexscreener.com'),
  sources: {
    links: true,
    text: true,
    attributes: { 'data-pair-address': 'pool', 'data-token-address': 'mint', 'data-maker': 'wallet' },
  },
  ignore: 'header, search, [role="search"]',
});
