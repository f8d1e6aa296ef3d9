import { classifyUrl } from '../detect/classify';
import { eventOfUrl, toHttpUrl } from '../detect/links';
import type { SiteAdapter } from '../sites/types';
import type { UrlFound } from './types';

/**
 * Addresses (and a prediction-market event) named by the page URL itself: the account, token or
 * pair page being viewed. The content script shows these once per page view, not inline.
 */
export function scanUrl(url: URL | string, adapter: SiteAdapter): UrlFound[] {
  const parsed = toHttpUrl(String(url));
  const rule = adapter.sources.url ?? true;
  if (!parsed || rule === false) return [];
  const out: UrlFound[] = [];
  const event = adapter.events !== false ? eventOfUrl(parsed) : null;
  if (event) out.push({ kind: 'event', event, source: 'url' });
  if (adapter.addresses === false) return out;
  const hits = typeof rule === 'function' ? rule(parsed) : classifyUrl(parsed);
  for (const hit of hits) {
    const kind = adapter.classify
      ? adapter.classify({ type: 'address', ...hit }, { source: 'url', url: parsed })
      : hit.kind;
    if (kind) out.push({ kind, address: hit.address, source: 'url' });
  }
  return out;
}
