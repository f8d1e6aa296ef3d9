import { defineAdapter, hostIs } from './types';

/** pump.fun: coin pages (`/coin/<mint>`), profiles (`/profile/<wallet>`), trade and holder tables. */
export const pumpfun = defineAdapter({
  id: 'pumpfun',
  origin: 'https://pump.fun',
  matches: hostIs('pump.fun'),
  sources: { links: true, text: true, attributes: { 'data-mint': 'mint', 'data-address': 'unknown' } },
  ignore: 'nav, search, [role="search"]',
});
