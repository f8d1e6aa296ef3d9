/** Watch a wallet (with an optional label) or stop watching it, from the wallet view: one click. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorView } from '../../lib/errors';
import { toErrorView } from '../shared/Loadable';
import { useAsk } from './ask';
import { focusIsFree } from './focus';
import { errorText } from './states';
import { useWatchSync } from './watchSync';

/**
 * The watchlist's limit is refused by the background ("Watchlist is full (50 wallets): remove one
 * first"): said once, plainly, with the limit when the background gave it.
 */
function watchErrorText(err: ErrorView): string {
  if (/limit|full|max/i.test(`${err.code} ${err.message}`)) {
    const limit = /\d+/.exec(err.message)?.[0];
    return `Watchlist is full${limit ? ` (${limit} wallets)` : ''}: remove a wallet first.`;
  }
  return errorText(err);
}

export function WatchButton({ wallet, watched: initial }: { wallet: string; watched: boolean }) {
  const ask = useAsk();
  const sync = useWatchSync();
  const [watched, setWatched] = useState(initial);
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  /** Watch and Stop watching replace each other: the one shown takes the focus the other had */
  const swapRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    swapRef.current?.focus();
  }, [busy, watched]);
  // A change to this wallet made elsewhere on the page (the popup watchlist's ×) is followed here. The
  // change already known when this view mounted is older than the lookup that gave `initial`: skipped.
  const seen = useRef(sync.last);
  useEffect(() => {
    const change = sync.last;
    if (change && change !== seen.current && change.wallet === wallet) setWatched(change.watched);
  }, [sync.last]);

  async function act(fn: () => Promise<unknown>, next: boolean) {
    // read before the buttons are disabled (which drops their focus)
    const hadFocus = rootRef.current?.contains(document.activeElement) ?? false;
    setBusy(true);
    setError(null);
    try {
      await fn();
      setWatched(next);
      sync.changed({ wallet, watched: next });
    } catch (e) {
      setError(watchErrorText(toErrorView(e)));
    } finally {
      // (not if the user has gone on meanwhile, e.g. typing in the search box)
      refocus.current = hadFocus && focusIsFree(rootRef.current);
      setBusy(false);
    }
  }

  const add = () =>
    act(() => ask('watchAdd', { wallet, ...(label.trim() ? { label: label.trim() } : {}) }), true);
  return (
    <div class="watch" data-testid="watch-control" ref={rootRef}>
      {watched ? (
        <p class="row small">
          <span data-testid="watching">Watching ✓</span>
          <button
            ref={swapRef}
            type="button"
            class="link"
            disabled={busy}
            onClick={() => act(() => ask('watchRemove', { wallet }), false)}
          >
            Stop watching
          </button>
        </p>
      ) : (
        <form
          class="row inline"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <button ref={swapRef} type="submit" disabled={busy} data-testid="watch-button">
            Watch
          </button>
          <input
            aria-label="Label (optional)"
            placeholder="Label (optional)"
            maxLength={40}
            value={label}
            onInput={(e) => setLabel(e.currentTarget.value)}
          />
        </form>
      )}
      {error && (
        <p class="state state-error" role="alert" data-testid="watch-error">
          {error}
        </p>
      )}
    </div>
  );
}
