import { defineAdapter, hostIs } from './types';

/** solana.fm: `/address/<a>`; truncated displays keep the full address in a tooltip attribute. */
export const solanafm = defineAdapter({
  id: 'solanafm',
  origin: 'https://solana.fm',
  matches: hostIs('solana.fm'),
  sources: {
    links: true,
    text: true,
    attributes: { 'data-address': 'unknown', 'data-tooltip-content': 'unknown' },
  },
  ignore: 'header, search, [role="search"], [role="tablist"]',
});
