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
          // the whole symbol where the text cuts it (the name starts with what the button shows)
          aria-label={`Sells ${truncateText(order.input.symbol, 40) || 'input token'}`}
          onClick={() => open(order.input.mint)}
        >
          Sells {truncateText(order.input.symbol || 'input token', 12)}
        </button>
        <button
          type="button"
          class="link"
          aria-label={`Buys ${truncateText(order.output.symbol, 40) || 'output token'}`}
          onClick={() => open(order.output.mint)}
        >
          Buys {truncateText(order.output.symbol || 'output token', 12)}
        </button>
      </p>
    </article>
  );
}
