/** Watched wallets with unread counts; click opens the wallet lookup, × removes it. */

import { useEffect, useRef, useState } from 'preact/hooks';
import { shortAddress, truncateText } from '../../lib/format';
import type { WatchEntry } from '../../lib/watch/watchlist';
import { useAsk } from '../lookup/ask';
import { useRemoveFocus } from '../lookup/focus';
import { useOpenLookup } from '../lookup/nav';
import { Empty, ErrorState, errorText, Loading } from '../lookup/states';
import { useAsync } from '../lookup/useAsync';
import { useWatchSync } from '../lookup/watchSync';

/**
 * A watched wallet's name as its row shows it (here and in the options page): its label, else its
 * .sol name (the one notifications use), cut at `max`, else the short address.
 */
export const watchName = (e: Pick<WatchEntry, 'wallet' | 'label' | 'domain'>, max: number) =>
  truncateText(e.label || e.domain, max) || shortAddress(e.wallet, 6, 6);

/** (one empty list, so the focus effect does not run for a new [] each render) */
const NONE: WatchEntry[] = [];

/** `onShown`: called once, when the list (with its unread counts) has first been shown. */
export function Watchlist({ onShown }: { onShown?: () => void } = {}) {
  const ask = useAsk();
  const open = useOpenLookup();
  const sync = useWatchSync();
  const { version } = sync;
  const [state, reload, autoReload] = useAsync(() => ask('watchList', {}), [version]);
  const [override, setOverride] = useState<WatchEntry[] | null>(null);
  useEffect(() => setOverride(null), [version]);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const shown = override ?? (state.status === 'ok' ? state.value : NONE);
  const removing = useRemoveFocus(sectionRef, '.watch-rows .icon', shown);
  const told = useRef(false);
  useEffect(() => {
    if (state.status !== 'ok' || told.current) return;
    told.current = true;
    onShown?.();
  }, [state.status, onShown]);

  async function remove(wallet: string, row: number) {
    setRemoveError(null);
    try {
      setOverride(await removing(wallet, row, () => ask('watchRemove', { wallet })));
      // the wallet's view above must stop saying "Watching"; this list already is the answer
      sync.changed({ wallet, watched: false }, false);
    } catch (e) {
      setRemoveError(errorText(e));
    }
  }

  let body = null;
  if (state.status === 'loading' || state.status === 'idle') body = <Loading label="Loading watchlist" />;
  else if (state.status === 'error')
    body = <ErrorState error={state.error} onRetry={reload} autoRetry={autoReload} />;
  else {
    body =
      shown.length === 0 ? (
        <Empty>No watched wallets. Look up a wallet and press Watch.</Empty>
      ) : (
        <ul class="watch-rows">
          {shown.map((e, i) => (
            <li key={e.wallet} data-testid="watch-row">
              <button type="button" class="link truncate" onClick={() => open(e.wallet)} title={e.wallet}>
                {watchName(e, 30)}
              </button>
              {e.unread > 0 && (
                <span class="unread" data-testid="watch-unread" title={`${e.unread} unread`}>
                  {e.unread > 99 ? '99+' : e.unread}
                  <span class="sr-only"> unread</span>
                </span>
              )}
              <button
                type="button"
                class="icon"
                aria-label={`Remove ${e.label || e.domain || e.wallet} from watchlist`}
                onClick={() => void remove(e.wallet, i)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      );
  }
  return (
    // tabIndex -1: focus comes here when its last row is removed, or from a Retry (lookup/focus.ts)
    <section
      ref={sectionRef}
      class="watchlist"
      aria-labelledby="watchlist-title"
      data-testid="watchlist"
      tabIndex={-1}
    >
      <h2 id="watchlist-title">Watchlist</h2>
      {body}
      {removeError && (
        <p class="state state-error" role="alert">
          {removeError}
        </p>
      )}
    </section>
  );
}
