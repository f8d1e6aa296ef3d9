/** Orders between one input mint and one output mint. */
import { shortAddress } from '../../lib/format';
import type { OrderPageView } from '../../lib/views';
import { useAsk } from './ask';
import { useOpenLookup } from './nav';
import { OrderList } from './OrderList';

export function PairResult({
  inputMint,
  outputMint,
  page,
}: {
  inputMint: string;
  outputMint: string;
  page: OrderPageView;
}) {
  const ask = useAsk();
  const open = useOpenLookup();
  // the symbol an order of the first page names for this side's mint, else the short address
  const symbol = (side: 'input' | 'output', mint: string) =>
    page.orders.find((o) => o[side].mint === mint)?.[side].symbol ?? shortAddress(mint);
  return (
    <article class="view view-pair" data-testid="view-pair">
      <header>
        <h2>
          <button type="button" class="link" onClick={() => open(inputMint)}>
            {symbol('input', inputMint)}
          </button>{' '}
          →{' '}
          <button type="button" class="link" onClick={() => open(outputMint)}>
            {symbol('output', outputMint)}
          </button>
        </h2>
      </header>
      <OrderList
        label="Pair DCA orders"
        initial={page}
        fetchPage={(p) => ask('pair', { inputMint, outputMint, ...p })}
      />
    </article>
  );
}
