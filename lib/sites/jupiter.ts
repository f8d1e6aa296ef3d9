import { defineAdapter, hostIs } from './types';

/** jup.ag: swap pages (`/swap/SOL-<mint>`, `?sell=&buy=`) and recurring (DCA) order lists. */
export const jupiter = defineAdapter({
  id: 'jupiter',
  origin: 'https://jup.ag',
  matches: hostIs('jup.ag'),
  sources: {
    links: true,
    text: true,
    attributes: { 'data-order': 'order', 'data-mint': 'mint', 'data-wallet': 'wallet' },
  },
  // The connected wallet button repeats the viewer's own address on every page.
  ignore: 'header, [data-testid="wallet-button"]',
});
