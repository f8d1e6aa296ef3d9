import { defineAdapter, hostIs } from './types';

/** birdeye.so: token pages (`/token/<mint>`), trader profiles; trade tables link makers' wallets. */
export const birdeye = defineAdapter({
  id: 'birdeye',
  origin: 'https://birdeye.so',
  matches: hostIs('birdeye.so'),
  sources: {
    links: true,
    text: true,
    attributes: { 'data-address': 'unknown', 'data-token-address': 'mint', 'data-owner': 'wallet' },
  },
  ignore: 'header, search, [role="search"]',
});
