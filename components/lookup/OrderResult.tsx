/** A single DCA order: the shared OrderCard, plus the way on to the owner's wallet lookup. */
import { truncateText } from '../../lib/format';
import type { OrderView } from '../../lib/views';
import { OrderCard } from '../shared/OrderCard';
import { useOpenLookup } from './nav';

export function OrderResult({ order }: { order: OrderView }) {
  const open = useOpenLookup();
  return (
    <article class="view view-order" data-testid="view-order">
      <OrderCard order={order} now={Date.now()} />
      <p class="links">
        <button type="button" class="link" onClick={() => open(order.owner)}>
          Owner's wallet
        </button>
        <button
          type="button"
          class="link"
          aria-label={`Token ${order.input.symbol || order.input.mint}`}
          onClick={() => open(order.input.mint)}
        >
          Sells {truncateText(order.input.symbol || 'input token', 12)}
        </button>
        <button
          type="button"
          class="link"
          aria-label={`Token ${order.output.symbol || order.output.mint}`}
          onClick={() => open(order.output.mint)}
        >
          Buys {truncateText(order.output.symbol || 'output token', 12)}
        </button>
      </p>
    </article>
  );
}
