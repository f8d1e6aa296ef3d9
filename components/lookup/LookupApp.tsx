/**
 * The full-tab lookup page (lookup.html#q=<input>), opened by the context menu and notifications.
 * The hash is the page's state: it is read on load and on hashchange, and written on each lookup so
 * reload and back/forward keep the query.
 */
import { useEffect, useState } from 'preact/hooks';
import { StatusLine } from '../popup/StatusLine';
import { Watchlist } from '../popup/Watchlist';
import type { AskFn } from './ask';
import { LookupPanel } from './LookupPanel';
import { PageShell } from './PageShell';

export function queryFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const q = params.get('q')?.trim();
  return q ? q : null;
}

export function hashForQuery(q: string | null): string {
  return q ? `#${new URLSearchParams({ q }).toString()}` : '';
}

/** The page's title for a query (none: the bare name). */
const titleFor = (q: string | null) => (q ? `${q.slice(0, 40)} · Onchain Lens` : 'Onchain Lens');

function LookupPage() {
  // Each hash the user navigates to (an edited URL, back/forward) is a fresh panel for its query:
  // counted, so a hash naming the query the page started with runs it again although the lookups
  // typed since only replaced the hash (it used to leave the last typed result on screen).
  const [nav, setNav] = useState(() => ({ query: queryFromHash(location.hash), n: 0 }));
  useEffect(() => {
    const onHash = () => {
      const query = queryFromHash(location.hash);
      document.title = titleFor(query);
      setNav((v) => ({ query, n: v.n + 1 }));
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return (
    <>
      <h1 class="brand">Onchain Lens</h1>
      <LookupPanel
        key={nav.n}
        initialQuery={nav.query ?? undefined}
        onQueryChange={(q) => {
          // replaceState does not fire hashchange, so this never loops back into initialQuery
          history.replaceState(null, '', `${location.pathname}${location.search}${hashForQuery(q)}`);
          document.title = titleFor(q);
        }}
        // the watched wallets with their unread counts, as in the popup (a notification summing up
        // many wallets opens this page); reading them stays the popup's (the toolbar badge)
        aside={<Watchlist />}
      />
      <StatusLine />
    </>
  );
}

export function LookupApp({ ask }: { ask?: AskFn }) {
  return (
    <PageShell ask={ask} page="tab">
      <LookupPage />
    </PageShell>
  );
}
