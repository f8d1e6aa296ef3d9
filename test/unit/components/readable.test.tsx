// @vitest-environment happy-dom
/**
 * What the cards show must read right: text cut with an ellipsis keeps its whole text in a title,
 * past events never read "in …", and a bar announces the same odds the card shows.
 */
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { RecentList } from '../../../components/lookup/RecentList';
import { OddsCard } from '../../../components/shared/OddsCard';
import { OrderCard } from '../../../components/shared/OrderCard';
import { OrderRow } from '../../../components/shared/OrderRow';
import { TokenCard } from '../../../components/shared/TokenCard';
import { fill, NOW, odds, order, tokenView } from './fixtures';

afterEach(cleanup);

describe('cut text keeps a title', () => {
  it('OrderRow: per-cycle amount and next cycle carry their whole text', () => {
    const o = order({ perCycleUsd: 219.51, frequency: '300', nextCycleAt: NOW - (15 * 3600 + 60) * 1000 });
    const { container } = render(
      <ul>
        <OrderRow order={o} now={NOW} />
      </ul>,
    );
    const spans = [...container.querySelectorAll('.ol-line.ol-sub > span')];
    expect(spans.map((s) => s.getAttribute('title'))).toEqual([
      '50 USDC ($219.51) every 5 min',
      'overdue 15 h 1 min',
    ]);
    for (const s of spans) expect(s.getAttribute('title')).toBe(s.textContent);
  });

  it('RecentList: a long item carries its whole text', () => {
    const item = `https://solscan.io/account/${'x'.repeat(60)}`;
    render(<RecentList items={[item]} active={-1} onPick={() => {}} onRemove={() => {}} />);
    expect(screen.getByTestId('recent-item').querySelector('.truncate')!.getAttribute('title')).toBe(item);
  });
});

describe('past events never read "in …"', () => {
  it('a fill stamped 90 s ahead of this clock reads "just now"', () => {
    const { container } = render(
      <TokenCard view={tokenView()} fills={[fill('a', { timestamp: NOW + 90_000 })]} now={NOW} />,
    );
    const row = container.querySelector('[data-fill]')!.textContent!;
    expect(row).toContain('just now');
    expect(row).not.toMatch(/\bin \d/);
  });

  it('an order created 2 min ahead of this clock reads "just now"; its next cycle still reads ahead', () => {
    const { container } = render(<OrderCard order={order({ createdAt: NOW + 120_000 })} now={NOW} />);
    const text = container.textContent!;
    expect(text).toContain('(just now)');
    expect(text).not.toContain('(in 2 min)');
    expect(text).toContain('in 12 min');
  });
});

describe('TokenCard fills section', () => {
  it('is left out when the caller shows no fills (maxFills 0)', () => {
    const { container } = render(<TokenCard view={tokenView()} fills={[]} now={NOW} maxFills={0} />);
    expect(container.textContent).not.toContain('Latest fills');
    expect(container.textContent).not.toContain('No fills yet.');
  });
});

describe('OddsCard bars', () => {
  it('announce the odds text shown beside them', () => {
    const o = odds({
      outcomes: [
        { label: 'Yes', price: 0.559, market: null },
        { label: 'No', price: 0.004, market: null },
      ],
    });
    render(<OddsCard odds={o} history={{ status: 'loading' }} now={NOW} />);
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuetext'))).toEqual(['56%', '<1%']);
    expect(bars.map((b) => b.nextElementSibling?.textContent)).toEqual(['56%', '<1%']);
  });
});
