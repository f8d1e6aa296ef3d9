// @vitest-environment happy-dom
/**
 * A reviewer's findings on the shared cards: the token card's mint, the order card's mix of exact
 * and compact amounts, and the odds card's outcome bars that did not line up.
 */
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { explorerUrl } from '../../../components/shared/AddressLabel';
import { OddsCard } from '../../../components/shared/OddsCard';
import { OrderCard } from '../../../components/shared/OrderCard';
import { CARD_CSS } from '../../../components/shared/styles';
import { TokenCard } from '../../../components/shared/TokenCard';
import { shortAddress } from '../../../lib/format';
import { MINT, NOW, odds, order, token, tokenView } from './fixtures';

afterEach(cleanup);

describe("the token card's mint", () => {
  it('is shown (short, full in the title, linked) under the name, not only when the name is missing', () => {
    const { container } = render(<TokenCard view={tokenView()} fills={[]} now={NOW} />);
    const head = container.querySelector('.ol-title')!.parentElement!;
    expect(head.textContent).toContain('Bonk');
    const mint = head.querySelector('.ol-addr')!;
    expect(mint, 'the mint beside the name').not.toBeNull();
    expect(mint.textContent).toBe(shortAddress(MINT));
    expect(mint.getAttribute('title')).toBe(MINT);
    expect(mint.closest('a')?.getAttribute('href')).toBe(explorerUrl(MINT));
    // the name comes first, the mint on its own line under it
    expect(head.textContent).toBe(`BONKBonk${shortAddress(MINT)}`);
    expect(head.querySelector('br')).not.toBeNull();
  });

  it('is shown once when the token has no name', () => {
    const flow = { ...tokenView().flow, token: token({ symbol: 'BONK', name: '' }) };
    const { container } = render(<TokenCard view={tokenView({ flow })} fills={[]} now={NOW} />);
    const head = container.querySelector('.ol-title')!.parentElement!;
    expect(head.querySelectorAll('.ol-addr')).toHaveLength(1);
    expect(head.querySelector('br')).toBeNull();
    expect(head.textContent).toBe(`BONK${shortAddress(MINT)}`);
  });
});

/** The order card's rows as label -> value. */
function rows(container: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dt of container.querySelectorAll('dt'))
    out[dt.textContent!] = dt.nextElementSibling!.textContent!;
  return out;
}

describe("the order card's amounts", () => {
  // The reviewer's order: 91,956.6817 USDC deposited, 69,887.0781 used, 3,678.2672 a cycle, BONK received.
  const bonk = token({ symbol: 'BONK', name: 'Bonk', decimals: 5, priceUsd: 0.000023 });
  const reviewed = order({
    output: bonk,
    deposited: 91_956.6817,
    depositedUsd: 91_956.68,
    used: 69_887.0781,
    usedUsd: 69_887.08,
    remaining: 22_069.6036,
    remainingUsd: 22_069.6,
    received: 659_123.45678,
    receivedUsd: 15.16,
    perCycle: 3_678.2672,
    perCycleUsd: 3_678.27,
    rawDeposited: '91956681700',
    rawUsed: '69887078100',
    rawRemaining: '22069603600',
    rawReceived: '65912345678',
    rawPerCycle: '3678267272',
  });

  it('are all exact when the view has the base units: remaining, received and per cycle too', () => {
    const r = rows(render(<OrderCard order={reviewed} now={NOW} />).container);
    expect(r.Deposited).toBe('91,956.6817 USDC ($92K)');
    expect(r.Used).toBe('69,887.0781 USDC ($69.9K)');
    expect(r.Remaining).toBe('22,069.6036 USDC ($22.1K)');
    expect(r.Received).toBe('659,123.4567 BONK ($15.16)');
    expect(r['Per cycle']).toBe('3,678.2672 USDC ($3.7K)');
    // deposited − used − remaining: nothing withdrawn, so the exact rows add up to the base unit
    expect(91_956_681_700n - 69_887_078_100n - 22_069_603_600n).toBe(0n);
  });

  it('read the received amount with the output token decimals, not the input one', () => {
    const r = rows(render(<OrderCard order={order({ rawReceived: '2512345678' })} now={NOW} />).container);
    expect(r.Received).toContain('2.5123 SOL');
  });

  it('stay the compact number where the view has no base units (a live update, an older answer)', () => {
    const r = rows(
      render(<OrderCard order={{ ...reviewed, rawRemaining: null, rawReceived: undefined }} now={NOW} />)
        .container,
    );
    expect(r.Remaining).toBe('22.1K USDC ($22.1K)');
    expect(r.Received).toBe('659K BONK ($15.16)');
    expect(r['Per cycle']).toBe('3,678.2672 USDC ($3.7K)');
  });
});

describe("the odds card's outcome bars", () => {
  const many = odds({
    outcomes: [
      { label: 'Yes', price: 0.63, market: 'm1' },
      { label: 'A much longer outcome label', price: 0.001, market: 'm2' },
      { label: 'No', price: 0.999, market: 'm3' },
    ],
  });

  it('are each row of three columns: label | bar | percent', () => {
    const { container } = render(<OddsCard odds={many} history={{ status: 'loading' }} now={NOW} />);
    const items = [...container.querySelectorAll('[data-section=outcomes] > li')];
    expect(items).toHaveLength(3);
    for (const li of items) {
      const [label, bar, pct] = [...li.children];
      expect(li.children).toHaveLength(3);
      expect(label!.tagName).toBe('SPAN');
      expect(bar!.getAttribute('role')).toBe('progressbar');
      expect(pct!.tagName).toBe('B');
    }
  });

  it('share one grid of fixed label and percent columns, so every track starts at the same x with the same width', () => {
    // happy-dom lays nothing out: this checks the rule applies; the screenshots check the result.
    const style = document.createElement('style');
    style.textContent = CARD_CSS;
    document.head.append(style);
    try {
      const { container } = render(
        <div class="ol">
          <OddsCard odds={many} history={{ status: 'loading' }} now={NOW} />
        </div>,
      );
      for (const li of container.querySelectorAll<HTMLElement>('[data-section=outcomes] > li')) {
        const css = getComputedStyle(li);
        expect(css.display).toBe('grid');
        // label and percent columns of a fixed size, the bar the rest: the same in every row
        // (an `auto` column would size to each row's own text: "<1%" and "63%" differ)
        const tracks = css.gridTemplateColumns.split(/\s+(?![^(]*\))/);
        expect(tracks).toEqual(['minmax(0,9em)', '1fr', '3em']);
        expect(getComputedStyle(li.querySelector('b')!).textAlign).toBe('right');
      }
      // the other .ol-line rows stay flex
      expect(getComputedStyle(container.querySelector<HTMLElement>('.ol-card > .ol-line')!).display).toBe(
        'flex',
      );
    } finally {
      style.remove();
    }
  });
});
