/**
 * Wallet lookup: the shared WalletCard (identity, PnL, DCA summary) plus what only the extension
 * pages offer: watching, a retry while PnL is indexing or when a half failed for a transient reason,
 * and the full filterable, paged order list.
 */
import { isTransientCode } from '../../lib/errors';
import type { WalletView } from '../../lib/views';
import { WalletCard } from '../shared/WalletCard';
import { useAsk } from './ask';
import { OrderList } from './OrderList';
import { useSettings } from './settingsContext';
import { retryFrom } from './states';
import { WatchButton } from './WatchButton';

export function WalletResult({ wallet, onReload }: { wallet: WalletView; onReload?: () => void }) {
  const ask = useAsk();
  const { currency } = useSettings();
  const noOrders = wallet.summary?.total === 0 && (wallet.orders?.orders.length ?? 0) === 0;
  // One half (DCA or PnL) failed for a reason another try may fix: the card says which, this retries.
  // (Both failed: the lookup itself failed, see lib/background/lookup.ts.)
  const pnlError = wallet.pnl.state === 'error' ? wallet.pnl.error : null;
  const retry = [wallet.dcaError, pnlError].some((e) => e && isTransientCode(e.code));
  return (
    <article class="view view-wallet" data-testid="view-wallet">
      <WatchButton wallet={wallet.address} watched={wallet.watched} />
      {/* the card lists no orders (maxOrders 0): the OrderList below owns filters and paging */}
      <WalletCard view={wallet} now={Date.now()} currency={currency} maxOrders={0} />
      {onReload && retry && (
        <div class="state state-error" data-testid="wallet-retry">
          <button type="button" class="link" onClick={(e) => retryFrom(e.currentTarget, onReload)}>
            Retry
          </button>
        </div>
      )}
      {/* PnL still indexing: "Check PnL again" (a Retry above, when shown, does that as well) */}
      {wallet.pnl.state === 'queued' && !retry && (
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
