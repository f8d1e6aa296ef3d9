// @vitest-environment happy-dom
/**
 * A card whose view carries `asOf` (its data kept through an outage) says how old it is; a card
 * without one says nothing of the kind. The cards are the popup's and the popover's alike.
 */
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OddsCard } from '../../../components/shared/OddsCard';
import { OrderCard } from '../../../components/shared/OrderCard';
import { StaleNote } from '../../../components/shared/StaleNote';
import { TokenCard } from '../../../components/shared/TokenCard';
import { WalletCard } from '../../../components/shared/WalletCard';
import { NOW, odds, order, tokenView, walletBadge, walletView } from './fixtures';

afterEach(cleanup);

const MIN = 60_000;
const NOTE = /As of .+ ago: the service has sent nothing newer\./;
const notes = (container: Element) =>
  [...container.querySelectorAll('[role=status]')]
    .map((n) => n.textContent)
    .filter((t) => NOTE.test(t ?? ''));
const noHistory = { status: 'ready' as const, value: { series: [] } };

describe('the stale note', () => {
  it('says how old, in the shared duration words', () => {
    const { container } = render(<StaleNote asOf={NOW - 12 * MIN} now={NOW} />);
    expect(container.textContent).toBe('As of 12 min ago: the service has sent nothing newer.');
    cleanup();
    expect(render(<StaleNote asOf={NOW - 95 * MIN} now={NOW} />).container.textContent).toBe(
      'As of 1 h 35 min ago: the service has sent nothing newer.',
    );
    cleanup();
    expect(render(<StaleNote now={NOW} />).container.innerHTML).toBe('');
  });

  it('an order kept through an outage says so; a current one does not', () => {
    const { container } = render(<OrderCard order={order({ asOf: NOW - 12 * MIN })} now={NOW} />);
    expect(notes(container)).toEqual(['As of 12 min ago: the service has sent nothing newer.']);
    cleanup();
    expect(notes(render(<OrderCard order={order()} now={NOW} />).container)).toEqual([]);
  });

  it('a wallet: each half its own note, under its own heading', () => {
    const pnl = walletBadge().pnl;
    const both = walletView({
      dcaAsOf: NOW - 12 * MIN,
      pnl: pnl.state === 'ready' ? { ...pnl, asOf: NOW - 30 * MIN } : pnl,
    });
    const { container } = render(<WalletCard view={both} now={NOW} />);
    expect(notes(container)).toEqual([
      'As of 30 min ago: the service has sent nothing newer.',
      'As of 12 min ago: the service has sent nothing newer.',
    ]);
    cleanup();
    const dcaOnly = render(<WalletCard view={walletView({ dcaAsOf: NOW - 2 * MIN })} now={NOW} />);
    expect(notes(dcaOnly.container)).toEqual(['As of 2 min ago: the service has sent nothing newer.']);
    cleanup();
    expect(notes(render(<WalletCard view={walletView()} now={NOW} />).container)).toEqual([]);
  });

  it('a token card and an odds card likewise', () => {
    const token = render(<TokenCard view={tokenView({ asOf: NOW - 5 * MIN })} fills={[]} now={NOW} />);
    expect(notes(token.container)).toEqual(['As of 5 min ago: the service has sent nothing newer.']);
    cleanup();
    expect(notes(render(<TokenCard view={tokenView()} fills={[]} now={NOW} />).container)).toEqual([]);
    cleanup();
    const market = render(<OddsCard odds={odds({ asOf: NOW - 45_000 })} history={noHistory} now={NOW} />);
    expect(notes(market.container)).toEqual(['As of 45 s ago: the service has sent nothing newer.']);
    cleanup();
    expect(notes(render(<OddsCard odds={odds()} history={noHistory} now={NOW} />).container)).toEqual([]);
  });
});
