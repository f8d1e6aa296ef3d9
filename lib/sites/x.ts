import { defineAdapter, hostIs } from './types';

const TWEET_TEXT = '[data-testid="tweetText"], [data-testid="UserDescription"]';

/**
 * x.com / twitter.com (and X Pro, the decks many traders watch): addresses in tweet text and bios,
 * and links. Tweet links go through t.co, so
 * the real URL is read from the link's text, which holds it in full (the hidden parts included).
 */
export const x = defineAdapter({
  id: 'x',
  origin: 'https://x.com',
  matches: hostIs('x.com', 'pro.x.com', 'twitter.com'),
  sources: { links: true, text: TWEET_TEXT },
  linkHref(link) {
    const href = link.getAttribute('href') ?? '';
    if (!/^https?:\/\/t\.co\//i.test(href)) return href;
    const shown = (link.textContent ?? '').trim().replace(/(?:…|\.\.\.)$/, '');
    if (!shown || /\s/.test(shown)) return null;
    return /^https?:\/\//i.test(shown) ? shown : `https://${shown}`;
  },
});
