import { defineAdapter, hostIs } from './types';

/** solscan.io: account, token and transaction pages; tables of truncated, linked addresses. */
export const solscan = defineAdapter({
  id: 'solscan',
  origin: 'https://solscan.io',
  matches: hostIs('solscan.io'),
  sources: {
    links: true,
    text: true,
    attributes: { 'data-address': 'unknown', 'data-token': 'mint' },
  },
  ignore: 'header, nav, search, [role="search"]',
});
