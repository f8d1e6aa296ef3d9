/**
 * Wallet lookup: the shared WalletCard (identity, PnL, DCA summary) plus what only the extension
 * pages offer: watching, a retry while PnL is indexing or when a half failed for a transient reason,
 * and the full filterable, paged order list.
 */
import { useRef } from 'preact/hooks';
import { type ErrorView, isTransientCode } from '../../lib/errors';
import type { WalletView } from '../../lib/views';
import { WalletCard } from '../shared/WalletCard';
import { useAsk } from './ask';
import { OrderList } from './OrderList';
import { useSettings } from './settingsContext';
import { RetryCountdown, retryFrom, untimed, useRetryCountdown } from './states';
import { WatchButton } from './WatchButton';

/** A result's reloads, as the panel gives them (ResultView passes them on to the views that use them). */
export interface ResultReloads {
  /** re-runs the lookup (PnL queued, a half failed) */
  onReload?: () => void;
  /** the lookup's one automatic re-run (useAsync's third value), when a failed half's Retry-After runs out */
  onAutoReload?: () => void;
}

/** What the view says of an address with no account on mainnet (see LookupResult's `noAccount`). */
export const NO_ACCOUNT_NOTE =
  'No account exists at this address on mainnet (never funded, or closed): check you copied it whole.';

export function WalletResult({
  wallet,
  noAccount,
  onReload,
  onAutoReload,
}: { wallet: WalletView; noAccount?: boolean } & ResultReloads) {
  const ask = useAsk();
  const { currency } = useSettings();
  const noOrders = wallet.summary?.total === 0 && (wallet.orders?.orders.length ?? 0) === 0;
  // One half (DCA or PnL) failed for a reason another try may fix: the card says which, this retries.
  // (Both failed: the lookup itself failed, see lib/background/lookup.ts.) The card puts the PnL
  // above the DCA section and this Retry comes after both: it names the half it is for.
  const pnlError = wallet.pnl.state === 'error' ? wallet.pnl.error : null;
  const pnlRetry = !!pnlError && isTransientCode(pnlError.code);
  const dcaRetry = !!wallet.dcaError && isTransientCode(wallet.dcaError.code);
  const retry = pnlRetry || dcaRetry;
  const retryLabel =
    pnlRetry && !dcaRetry ? 'Retry PnL' : dcaRetry && !pnlRetry ? 'Retry DCA orders' : 'Retry';
  // the longer Retry-After of the halves a retry is for counts down next to it (and retries at 0, once)
  const waits = [pnlRetry ? pnlError : null, dcaRetry ? wallet.dcaError : null].filter(
    (e): e is ErrorView => !!e?.retryAfterMs,
  );
  const longest = waits.sort((a, b) => (b.retryAfterMs ?? 0) - (a.retryAfterMs ?? 0))[0];
  const wait = onReload && longest ? longest : null;
  const retryRef = useRef<HTMLDivElement>(null);
  const left = useRetryCountdown(wait, onAutoReload, retryRef);
  const view: WalletView =
    wait === null
      ? wallet
      : {
          ...wallet,
          dcaError: wallet.dcaError && untimed(wallet.dcaError),
          pnl: pnlError ? { state: 'error', error: untimed(pnlError) } : wallet.pnl,
        };
  return (
    <article class="view view-wallet" data-testid="view-wallet">
      <WatchButton wallet={wallet.address} watched={wallet.watched} />
      {/* no account: the card's DCA and PnL answers stand, but no retry brings more (none is offered) */}
      {noAccount && (
        <p class="state state-queued" data-testid="wallet-no-account">
          {NO_ACCOUNT_NOTE}
        </p>
      )}
      {/* the card lists no orders (maxOrders 0): the OrderList below owns filters and paging */}
      <WalletCard view={view} now={Date.now()} currency={currency} maxOrders={0} />
      {onReload && retry && (
        <div ref={retryRef} class="state state-error" data-testid="wallet-retry">
          <RetryCountdown left={left} />
          <button type="button" class="link" onClick={(e) => retryFrom(e.currentTarget, onReload)}>
            {retryLabel}
          </button>
        </div>
      )}
      {/* PnL still indexing: "Check PnL again" (a Retry above, when shown, does that as well) */}
      {wallet.pnl.state === 'queued' && !retry && !noAccount && (
        // the card already says "indexing, try again shortly"; this adds the way to do so
        <div class="state state-queued" data-testid="state-queued">
          {onReload && (
            <button type="button" class="link" onClick={(e) => retryFrom(e.currentTarget, onReload)}>
              Check PnL again
            </button>
          )}
        </div>
      )}
      {/* a wallet without any order already reads "No DCA orders" in the card: no empty list and filters */}
      {!wallet.dcaError && !noOrders && (
        <OrderList
          label="Wallet DCA orders"
          owner={wallet.address}
          initial={wallet.orders ?? null}
          fetchPage={(p) => ask('walletOrders', { address: wallet.address, ...p })}
        />
      )}
    </article>
  );
}
