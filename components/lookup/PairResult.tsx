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
  const sym = (mint: string) =>
    page.orders.find((o) => o.input.mint === mint)?.input.symbol ?? shortAddress(mint);
  const outSym =
    page.orders.find((o) => o.output.mint === outputMint)?.output.symbol ?? shortAddress(outputMint);
  return (
    <article class="view view-pair" data-testid="view-pair">
      <header>
        <h2>
          <button type="button" class="link" onClick={() => open(inputMint)}>
            {sym(inputMint)}
          </button>{' '}
          →{' '}
          <button type="button" class="link" onClick={() => open(outputMint)}>
            {outSym}
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
