/** The toolbar popup: lookup, recent searches and watchlist, status line. Opening it marks events read. */
import { useCallback } from 'preact/hooks';
import { type AskFn, useAsk } from '../lookup/ask';
import { LookupPanel } from '../lookup/LookupPanel';
import { PageShell } from '../lookup/PageShell';
import { StatusLine } from './StatusLine';
import { Watchlist } from './Watchlist';

function Popup() {
  const ask = useAsk();
  // The toolbar badge counts unread watch events; opening the popup is reading them, once the
  // watchlist has shown each wallet's count (marked read first, the list could come back all zero:
  // a summary notification's click opens this page to show those counts).
  const shown = useCallback(() => void ask('markRead', {}).catch(() => {}), [ask]);
  return (
    <>
      {/* the page's name for screen readers (the lookup tab shows it): its first heading, above Recent and the result */}
      <h1 class="sr-only">Onchain Lens</h1>
      <LookupPanel aside={<Watchlist onShown={shown} />} />
      <StatusLine />
    </>
  );
}

export function PopupApp({ ask }: { ask?: AskFn }) {
  return (
    <PageShell ask={ask} page="popup">
      <Popup />
    </PageShell>
  );
}
