/** A single DCA order: the shared OrderCard, plus the way on to the owner's wallet lookup. */
import type { OrderView } from '../../lib/views';
import { OrderCard } from '../shared/OrderCard';
import { useOpenLookup } from './nav';

export function OrderResult({ order }: { order: OrderView }) {
  const open = useOpenLookup();
  return (
    <article class="view view-order" data-testid="view-order">
      <OrderCard order={order} now={Date.now()} />
      <p class="row">
        <button type="button" class="link" onClick={() => open(order.owner)}>
          Look up the owner's wallet
        </button>
        <button type="button" class="link" onClick={() => open(order.input.mint)}>
          {order.input.symbol || 'Input token'}
        </button>
        <button type="button" class="link" onClick={() => open(order.output.mint)}>
          {order.output.symbol || 'Output token'}
        </button>
      </p>
    </article>
  );
}
