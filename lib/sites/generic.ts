import { defineAdapter } from './types';

/** Any other page, only after the user grants the optional "any site" permission. */
export const generic = defineAdapter({
  id: 'generic',
  matches: (url) => url.protocol === 'https:' || url.protocol === 'http:',
  sources: { links: true, text: true, attributes: { 'data-address': 'unknown' } },
});
