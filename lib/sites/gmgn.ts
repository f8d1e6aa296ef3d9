import { defineAdapter, hostIs } from './types';

/** gmgn.ai: `/sol/token/[<ref>_]<mint>` and `/sol/address/[<ref>_]<wallet>`; top-trader tables. */
export const gmgn = defineAdapter({
  id: 'gmgn',
  origin: 'https://gmgn.ai',
  matches: hostIs('gmgn.ai'),
  sources: { links: true, text: true, attributes: { 'data-address': 'unknown' } },
  ignore: 'header, search, [role="search"]',
});
