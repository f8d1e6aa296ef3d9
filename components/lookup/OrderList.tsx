/**
 * A paged list of DCA orders with a status filter, a sort select and "load more" by cursor. Used by
 * the wallet, token (buyers/sellers) and pair views; each passes its own `fetchPage`.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { z } from 'zod';
import type { ErrorView } from '../../lib/errors';
import { countOf } from '../../lib/format';
import type { SortKey, StatusFilter } from '../../lib/messaging';
import type { OrderPageView } from '../../lib/views';
import { toErrorView } from '../shared/Loadable';
import { OrderRow } from '../shared/OrderRow';
import { useOpenLookup } from './nav';
import { Empty, ErrorState, Loading } from './states';
import { useRemembered } from './viewMemory';

export type Status = z.infer<typeof StatusFilter>;
export type Sort = z.infer<typeof SortKey>;
export interface PageParams {
  status?: Status;
  sort?: Sort;
  cursor?: string;
}

const STATUSES: Status[] = ['all', 'active', 'paused', 'completed', 'pending'];
const SORTS: [Sort, string][] = [
  ['recent', 'Most recent'],
  ['created', 'Created'],
  ['volume', 'Volume'],
  ['deposited', 'Deposited'],
  ['remaining', 'Remaining'],
  ['progress', 'Progress'],
  ['status', 'Status'],
];

export function OrderList({
  initial,
  fetchPage,
  label,
  owner,
  testId = 'order-list',
}: {
  /** The first page when the lookup already brought it (wallet, pair); null means fetch on mount. */
  initial: OrderPageView | null;
  fetchPage: (params: PageParams) => Promise<OrderPageView>;
  label: string;
  /** The wallet whose orders these are (the wallet view): its rows need no way to that same wallet. */
  owner?: string;
  testId?: string;
}) {
  // kept with the lookup (viewMemory.ts): Back shows the list as it was left, pages and all
  const [status, setStatus] = useRemembered<Status>(`${label} status`, 'all');
  const [sort, setSort] = useRemembered<Sort>(`${label} sort`, 'recent');
  const [page, setPage] = useRemembered<OrderPageView | null>(`${label} page`, initial);
  const [busy, setBusy] = useState<'first' | 'more' | null>(page ? null : 'first');
  const [error, setError] = useState<{
    error: ErrorView;
    retry: () => void;
    /** the one automatic retry after a Retry-After, until used (per load the user started) */
    auto?: () => void;
  } | null>(null);
  const seq = useRef(0);
  const skipFirst = useRef(page !== null);
  // what a screen reader hears after a page or a filter loads (the rows themselves are not read out)
  const [said, setSaid] = useState('');
  const sectionRef = useRef<HTMLElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  /** the row to focus once rendered: "Load more" was focused and went away with the last page */
  const focusRow = useRef<number | null>(null);

  function load(params: PageParams, append: boolean, auto = false) {
    const id = ++seq.current;
    const start = append ? (page?.orders.length ?? 0) : 0;
    setBusy(append ? 'more' : 'first');
    setError(null);
    setSaid('');
    // page one of a new filter replaces the list: the old filter's rows and total must not stay on
    // screen under it, neither while it loads nor if it fails
    if (!append) setPage(null);
    fetchPage({ ...params, status: params.status === 'all' ? undefined : params.status }).then(
      (next) => {
        if (id !== seq.current) return;
        setPage((prev) =>
          append && prev
            ? {
                ...next,
                orders: [...prev.orders, ...next.orders],
                dropped: (prev.dropped ?? 0) + (next.dropped ?? 0),
              }
            : next,
        );
        setBusy(null);
        setSaid(`${countOf(next.orders.length, append ? 'more order' : 'order')} loaded`);
        const more = moreRef.current;
        if (append && !(next.hasMore && next.nextCursor) && more && more === document.activeElement) {
          focusRow.current = start;
        }
      },
      (e) => {
        if (id !== seq.current) return;
        const err = toErrorView(e);
        // a stale cursor cannot be retried as is: retrying starts again from the first page
        const restart = err.code === 'INVALID_CURSOR';
        const again = (isAuto: boolean) => () =>
          load(restart ? { status, sort } : params, append && !restart, isAuto);
        setError({ error: err, retry: again(false), auto: auto ? undefined : again(true) });
        setBusy(null);
      },
    );
  }

  // a filter change restarts from page one
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    load({ status, sort }, false);
  }, [status, sort]);

  useEffect(() => {
    const i = focusRow.current;
    if (i === null) return;
    focusRow.current = null;
    const row = sectionRef.current?.querySelectorAll('.order-item')[i];
    (row?.querySelector('button') ?? sectionRef.current)?.focus();
  }, [page]);

  const orders = page?.orders ?? [];
  const open = useOpenLookup();
  const now = Date.now();
  return (
    // tabIndex -1: focus comes here from a Retry that goes away (lookup/focus.ts)
    <section ref={sectionRef} class="orders" aria-label={label} data-testid={testId} tabIndex={-1}>
      <div class="filters">
        <label>
          <span class="sr-only">Status</span>
          <select
            aria-label="Status filter"
            data-testid="status-filter"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as Status)}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'All statuses' : s[0]?.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span class="sr-only">Sort</span>
          <select
            aria-label="Sort orders"
            data-testid="sort-select"
            value={sort}
            onChange={(e) => setSort(e.currentTarget.value as Sort)}
          >
            {SORTS.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
        {page?.total != null && <span class="muted small">{page.total} total</span>}
      </div>
      {busy === 'first' && <Loading label="Loading orders" />}
      {busy !== 'first' && !error && orders.length === 0 && !page?.dropped && (
        <Empty>No orders{status !== 'all' ? ` (${status})` : ''}.</Empty>
      )}
      {busy !== 'first' && orders.length > 0 && (
        <ul class="order-rows">
          {orders.map((o) => (
            // the shared row is an <li> without actions: each sits in a nested list, its buttons under it
            // inside the same box (theme.css draws the box around both)
            <li key={o.address} class="order-item" data-testid="order-row">
              <ul class="ol-list">
                <OrderRow order={o} now={now} />
              </ul>
              <div class="order-actions">
                <button
                  type="button"
                  class="link small"
                  aria-label={`Order details ${o.pair} ${o.address}`}
                  onClick={() => open(o.address)}
                >
                  Order details<span aria-hidden="true"> →</span>
                </button>
                {o.owner !== owner && (
                  <button
                    type="button"
                    class="link small"
                    aria-label={`Owner's wallet ${o.owner}`}
                    onClick={() => open(o.owner)}
                  >
                    Owner's wallet
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* orders the service sent in a shape we cannot read are left out, not passed over in silence */}
      {busy !== 'first' && !!page?.dropped && (
        <p class="muted small" data-testid="orders-dropped">
          {countOf(page.dropped, 'order')} could not be read: the service sent{' '}
          {page.dropped === 1 ? 'it' : 'them'} in an unexpected format.
        </p>
      )}
      {error && <ErrorState error={error.error} onRetry={error.retry} autoRetry={error.auto} />}
      {busy !== 'first' && !error && page?.hasMore && page.nextCursor && (
        // aria-disabled, not disabled, while loading: a disabled button would drop the keyboard focus
        <button
          ref={moreRef}
          type="button"
          class="more"
          data-testid="load-more"
          aria-disabled={busy === 'more'}
          onClick={() =>
            busy !== 'more' && load({ status, sort, cursor: page.nextCursor ?? undefined }, true)
          }
        >
          {busy === 'more' ? 'Loading…' : 'Load more'}
        </button>
      )}
      <p class="sr-only" role="status">
        {said}
      </p>
    </section>
  );
}
