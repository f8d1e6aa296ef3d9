// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressLabel } from '../../../components/shared/AddressLabel';
import { ErrorLine } from '../../../components/shared/ErrorLine';
import { ExternalLink, TokenLogo } from '../../../components/shared/ExternalLink';
import { OddsCard } from '../../../components/shared/OddsCard';
import { OrderCard } from '../../../components/shared/OrderCard';
import { OrderRow } from '../../../components/shared/OrderRow';
import { ProgressBar } from '../../../components/shared/ProgressBar';
import { Sparkline, sparkPath } from '../../../components/shared/Sparkline';
import { TokenCard } from '../../../components/shared/TokenCard';
import { WalletCard } from '../../../components/shared/WalletCard';
import { errorMessage } from '../../../lib/errors';
import { fill, HOSTILE, MINT, NOW, ORDER, odds, order, tokenView, WALLET, walletView } from './fixtures';

afterEach(cleanup);

// Built at run time so the linter's literal check does not fire on the very thing under test.
const SCRIPT_URL = ['javascript', 'alert(1)'].join(':');

function noMarkup(container: Element) {
  expect(container.querySelector('img:not(.ol-logo), script, iframe')).toBeNull();
  for (const a of container.querySelectorAll('a')) {
    expect(a.getAttribute('href') ?? '').toMatch(/^https:\/\//);
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.getAttribute('target')).toBe('_blank');
  }
}

describe('WalletCard', () => {
  it('shows the PnL summary, identity, DCA summary and orders', () => {
    const { container } = render(<WalletCard view={walletView()} now={NOW} onOpenLookup={() => {}} />);
    const pnl = container.querySelector('[data-section=pnl]')!;
    expect(pnl.textContent).toContain('+$1K');
    expect(pnl.textContent).toContain('+$234.00');
    expect(pnl.textContent).toContain('+$1.2K');
    expect(pnl.textContent).toContain('+25%');
    expect(pnl.textContent).toContain('61%');
    expect(pnl.textContent).toContain('70');
    expect(screen.getByText('Trader Joe')).toBeTruthy();
    expect(container.textContent).toContain('joe.sol');
    expect(container.querySelector('[data-section=dca-summary]')!.textContent).toContain('3 active');
    expect(container.querySelectorAll('li.ol-row')).toHaveLength(2);
    expect(container.textContent).toContain('every hour');
    expect(container.textContent).toContain('next in 12 min');
    noMarkup(container);
  });

  it('lists running orders before completed ones, keeping the API order within a status', () => {
    const v = walletView({
      orders: {
        orders: [
          order({ address: 'done-1', status: 'completed', pair: 'ORE → ATLAS' }),
          order({ address: 'paused-1', status: 'paused', pair: 'JUP → SOL' }),
          order({ address: 'active-1', status: 'active', pair: 'USDC → SOL' }),
          order({ address: 'done-2', status: 'completed', pair: 'MYRO → SOL' }),
          order({ address: 'active-2', status: 'active', pair: 'USDC → BONK' }),
        ],
        nextCursor: null,
        hasMore: false,
        total: 5,
      },
    });
    const { container } = render(<WalletCard view={v} now={NOW} maxOrders={4} />);
    const pairs = [...container.querySelectorAll('li.ol-row')].map((li) => li.textContent ?? '');
    const want = ['USDC → SOL', 'USDC → BONK', 'JUP → SOL', 'ORE → ATLAS'];
    expect(pairs).toHaveLength(want.length);
    for (const [n, pair] of want.entries()) {
      expect(pairs[n]?.startsWith(pair), `row ${n}: ${pairs[n]}`).toBe(true);
    }
  });

  it('counts orders in a status the spec does not list as "other", and lists them after the known ones', () => {
    const v = walletView({
      summary: { total: 6, active: 1, paused: 1, completed: 1, pending: 0 },
      orders: {
        orders: [
          order({ address: 'odd-1', status: 'cancelled', pair: 'BONK → SOL' }),
          order({ address: 'done-1', status: 'completed', pair: 'ORE → ATLAS' }),
          order({ address: 'active-1', status: 'active', pair: 'USDC → SOL' }),
          order({ address: 'paused-1', status: 'paused', pair: 'JUP → SOL' }),
        ],
        nextCursor: null,
        hasMore: false,
        total: 6,
      },
    });
    const { container } = render(<WalletCard view={v} now={NOW} maxOrders={4} />);
    expect(container.querySelector('[data-section=dca-summary]')!.textContent).toBe(
      '1 active · 1 paused · 0 pending · 1 completed · 3 other',
    );
    const rows = [...container.querySelectorAll('li.ol-row')];
    expect(rows.map((li) => li.getAttribute('data-order'))).toEqual([
      'active-1',
      'paused-1',
      'done-1',
      'odd-1',
    ]);
    expect(rows[3]!.querySelector('.ol-chip')!.textContent).toBe('cancelled');
    // counts that add up to the total say nothing more
    const plain = render(<WalletCard view={walletView()} now={NOW} />).container;
    expect(plain.querySelector('[data-section=dca-summary]')!.textContent).not.toContain('other');
  });

  it('says a watched wallet is watched, and that its button opens the lookup page', () => {
    const open = vi.fn();
    render(<WalletCard view={walletView({ watched: true })} now={NOW} onOpenLookup={open} />);
    fireEvent.click(screen.getByRole('button', { name: 'Watching ✓ · Open' }));
    expect(open).toHaveBeenCalledWith(walletView().address);
  });

  it('shows PnL in the chosen currency', () => {
    const v = walletView();
    if (v.pnl.state === 'ready') v.pnl.pnl.currency = 'sol';
    render(<WalletCard view={v} now={NOW} />);
    expect(screen.getByText('+1.2K SOL')).toBeTruthy();
  });

  it('sends the wallet to the lookup tab to watch it or see all orders', () => {
    const open = vi.fn();
    render(<WalletCard view={walletView()} now={NOW} onOpenLookup={open} />);
    // it opens the lookup page (where Watch is): its name says that, not that it watches
    expect(screen.queryByText(/^Watch/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open in Onchain Lens' }));
    fireEvent.click(screen.getByText('See all 6 orders'));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenCalledWith(WALLET);
  });

  it('shows queued, none and error PnL states', () => {
    const queued = render(
      <WalletCard view={walletView({ pnl: { state: 'queued', message: 'x' } })} now={NOW} />,
    );
    expect(queued.container.textContent).toContain('try again shortly');
    cleanup();
    const none = render(<WalletCard view={walletView({ pnl: { state: 'none' } })} now={NOW} />);
    expect(none.container.textContent).toContain('No PnL for this wallet');
    cleanup();
    const err = render(
      <WalletCard
        view={walletView({
          pnl: { state: 'error', error: { code: 'UNAUTHORIZED', message: errorMessage('UNAUTHORIZED') } },
        })}
        now={NOW}
      />,
    );
    expect(err.container.textContent).toContain(errorMessage('UNAUTHORIZED'));
  });

  it('shows an empty wallet and a DCA failure', () => {
    const { container } = render(
      <WalletCard
        view={walletView({
          identity: null,
          summary: null,
          orders: null,
          dcaError: { code: 'TIMEOUT', message: errorMessage('TIMEOUT') },
        })}
        now={NOW}
      />,
    );
    expect(container.textContent).toContain(errorMessage('TIMEOUT'));
    expect(container.textContent).toContain('7Jsi…TZz8');
  });

  it('renders hostile identity text literally, cut, without bidi overrides', () => {
    const name = `\u202E${HOSTILE}${HOSTILE}`;
    const { container } = render(
      <WalletCard
        view={walletView({
          identity: { name, domain: null, tags: [HOSTILE], twitter: 'javascript:alert(1)' },
        })}
        now={NOW}
      />,
    );
    noMarkup(container);
    const title = container.querySelector('.ol-title')!;
    expect(title.textContent).toMatch(/^<img src=x/);
    expect(title.textContent!.endsWith('…')).toBe(true);
    expect(title.getAttribute('title')).toBe(`${HOSTILE}${HOSTILE}`);
    expect(container.innerHTML).not.toContain('\u202E');
  });
});

describe('TokenCard', () => {
  it('says what the buy share is of: USD when both sides have it, else the count', () => {
    // 12 buyers with $3.4K against 5 sellers with $1.1K: 76% by USD, 71% by count.
    const { container, unmount } = render(<TokenCard view={tokenView()} fills={[]} now={NOW} />);
    expect(container.textContent).toContain('Buy share (USD)76%');
    unmount();
    const flow = {
      ...tokenView().flow,
      buyers: { count: 12, volumeUsd: null },
      sellers: { count: 5, volumeUsd: null },
    };
    const other = render(<TokenCard view={tokenView({ flow })} fills={[]} now={NOW} />);
    expect(other.container.textContent).toContain('Buy share (count)71%');
  });

  const busy = { code: 'SERVICE_BUSY', message: errorMessage('SERVICE_BUSY') };

  it('top users that failed to load: an error line, not "No DCA users yet."', () => {
    const { container } = render(
      <TokenCard view={tokenView({ topUsers: null, usersError: busy })} fills={[]} now={NOW} />,
    );
    expect(container.textContent).not.toContain('No DCA users yet.');
    const lines = container.querySelectorAll('.ol-err');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.textContent).toContain(errorMessage('SERVICE_BUSY'));
    // the flow still shows
    expect(container.querySelector('[data-section=flow]')!.textContent).toContain('12 · $3.4K');
  });

  it('no top users at all (an answer): "No DCA users yet."', () => {
    const { container } = render(<TokenCard view={tokenView({ topUsers: [] })} fills={[]} now={NOW} />);
    expect(container.textContent).toContain('No DCA users yet.');
    expect(container.querySelector('.ol-err')).toBeNull();
  });

  it('a name that failed to load says so (once, when the users failed too)', () => {
    const flow = { ...tokenView().flow, token: null };
    const nameOnly = render(
      <TokenCard view={tokenView({ flow, metaError: busy })} fills={[]} now={NOW} />,
    ).container;
    expect(nameOnly.querySelectorAll('.ol-err')).toHaveLength(1);
    expect(nameOnly.textContent).toContain('4 orders · $2K'); // the users still show
    cleanup();
    const both = render(
      <TokenCard
        view={tokenView({ flow, metaError: busy, topUsers: null, usersError: busy })}
        fills={[]}
        now={NOW}
      />,
    ).container;
    expect(both.querySelectorAll('.ol-err')).toHaveLength(1);
  });

  it('counts a top user with one order in the singular', () => {
    const view = tokenView({
      topUsers: [
        { wallet: WALLET, orderCount: 1, volumeUsd: 150 },
        { wallet: ORDER, orderCount: 3, volumeUsd: 900 },
      ],
    });
    const { container } = render(<TokenCard view={view} fills={[]} now={NOW} />);
    expect(container.textContent).toContain('1 order ·');
    expect(container.textContent).toContain('3 orders ·');
  });

  it('shows the flow, ratio bar, top users and price', () => {
    const { container } = render(<TokenCard view={tokenView()} fills={[]} now={NOW} />);
    expect(container.querySelector('[data-section=flow]')!.textContent).toContain('12 · $3.4K');
    expect(container.querySelector('.ol-ratio')!.getAttribute('aria-label')).toBe('Buyers 76%, sellers 24%');
    expect(container.textContent).toContain('$0.0000234');
    expect(container.textContent).toContain('4 orders · $2K');
    expect(container.textContent).toContain('No fills yet.');
  });

  it('lists fills newest first and says when it is live', () => {
    const { container } = render(
      <TokenCard view={tokenView()} fills={[fill('b', { usd: 1200 }), fill('a')]} now={NOW} live="live" />,
    );
    const rows = container.querySelectorAll('[data-section=fills] li');
    expect([...rows].map((r) => r.getAttribute('data-fill'))).toEqual(['b', 'a']);
    expect(rows[0]!.textContent).toContain('50 USDC → 0.31 SOL');
    expect(rows[0]!.textContent).toContain('$1.2K');
    expect(rows[0]!.textContent).toContain('1 min ago');
    expect(container.textContent).toContain('· live');
  });

  it('shows a live note when live data is unavailable', () => {
    render(<TokenCard view={tokenView()} fills={[]} now={NOW} liveNote={errorMessage('NEEDS_PLAN')} />);
    expect(screen.getByText(errorMessage('NEEDS_PLAN'))).toBeTruthy();
  });

  it('loads token images only over https without a referrer', () => {
    const bad = tokenView();
    bad.flow.token = { ...bad.flow.token!, image: 'javascript:alert(1)', name: HOSTILE };
    const { container } = render(<TokenCard view={bad} fills={[]} now={NOW} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x');
    cleanup();
    const good = tokenView();
    good.flow.token = { ...good.flow.token!, image: 'https://cdn.example/bonk.png' };
    const img = render(<TokenCard view={good} fills={[]} now={NOW} />).container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example/bonk.png');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('has no ratio bar without any flow', () => {
    const v = tokenView();
    v.flow.buyers = { count: 0, volumeUsd: null };
    v.flow.sellers = { count: 0, volumeUsd: null };
    v.flow.token = null;
    const { container } = render(<TokenCard view={v} fills={[]} now={NOW} />);
    expect(container.querySelector('.ol-ratio')).toBeNull();
    expect(container.textContent).toContain(MINT.slice(0, 4));
  });
});

describe('OrderCard and OrderRow', () => {
  it('shows the whole order with exact base-unit amounts', () => {
    const { container } = render(
      <OrderCard
        order={order({ rawDeposited: '123456789012345678901234', input: { ...order().input, decimals: 6 } })}
        now={NOW}
      />,
    );
    const text = container.textContent!;
    expect(text).toContain('123,456.78T USDC ($1K)');
    expect(text).toContain('400 USDC ($400.00)');
    expect(text).toContain('600 USDC');
    expect(text).toContain('2.5 SOL ($400.00)');
    expect(text).toContain('every hour');
    expect(text).toContain('in 12 min');
    expect(text).toContain('Jan 9, 2025');
    expect(text).toContain('v2');
  });

  it('shows an unknown status verbatim and no next cycle when not active', () => {
    const { container } = render(
      <ul>
        <OrderRow order={order({ status: 'frozen<script>', frequency: '1w' })} now={NOW} />
      </ul>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('.ol-chip')!.getAttribute('data-status')).toBe('other');
    expect(container.textContent).toContain('frozen<script>');
    expect(container.textContent).toContain('every week');
    expect(container.textContent).not.toContain('next');
  });

  it('an order card with an unknown status shows it and no next cycle', () => {
    const { container } = render(<OrderCard order={order({ status: 'expired' })} now={NOW} />);
    const chip = container.querySelector('.ol-chip')!;
    expect([chip.textContent, chip.getAttribute('data-status')]).toEqual(['expired', 'other']);
    const next = [...container.querySelectorAll('dt')].find((dt) => dt.textContent === 'Next cycle')!;
    expect(next.nextElementSibling!.textContent).toBe('—');
  });

  it('an unknown status too long for the chip is cut, its whole (cleaned) text in the tooltip', () => {
    const long = 'cancelled_by_keeper\u202e<b>x</b>';
    const { container } = render(
      <ul>
        <OrderRow order={order({ status: long })} now={NOW} />
        <OrderRow order={order({ address: 'b', status: 'expired' })} now={NOW} />
        <OrderRow order={order({ address: 'c', status: '' })} now={NOW} />
      </ul>,
    );
    const [cut, short, empty] = [...container.querySelectorAll('.ol-chip')];
    expect(cut!.textContent).toBe('cancelled_by_…');
    expect(cut!.getAttribute('title')).toBe('cancelled_by_keeper<b>x</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(short!.textContent).toBe('expired');
    expect(short!.getAttribute('title')).toBeNull();
    expect(short!.getAttribute('data-status')).toBe('other');
    expect(empty!.textContent).toBe('unknown');
    expect(container.querySelectorAll('.ol-chip[data-status=active]')).toHaveLength(0);
  });
});

describe('OddsCard', () => {
  const history = {
    status: 'ready' as const,
    value: {
      series: [
        {
          label: 'Yes',
          points: [
            { t: NOW - 30 * 86_400_000, p: 0.1 },
            { t: NOW - 3_600_000 * 2, p: 0.55 },
            { t: NOW - 3_600_000, p: 0.63 },
          ],
        },
      ],
    },
  };

  it('shows every outcome, volume, end date and a sparkline', () => {
    const { container } = render(<OddsCard odds={odds()} history={history} now={NOW} />);
    const rows = container.querySelectorAll('[data-section=outcomes] li');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('63%');
    expect(container.textContent).toContain('Volume $2.5M');
    expect(container.textContent).toContain('Ends Jan 15, 2025');
    expect(container.querySelector('svg[role=img]')!.getAttribute('aria-label')).toBe('Yes, last 7 days');
    expect(container.querySelector('a')!.getAttribute('href')).toBe(
      'https://polymarket.com/event/will-it-rain',
    );
  });

  it('shows closed and resolved events, and history errors', () => {
    const { container } = render(
      <OddsCard
        odds={odds({ closed: true, status: 'resolved' })}
        history={{ status: 'error', error: { code: 'SERVICE_BUSY', message: errorMessage('SERVICE_BUSY') } }}
        now={NOW}
      />,
    );
    expect(container.textContent).toContain('Resolved');
    expect(container.textContent).toContain(errorMessage('SERVICE_BUSY'));
  });

  it('never turns a javascript: URL into a link', () => {
    const { container } = render(
      <OddsCard
        odds={odds({ url: 'javascript:alert(1)', title: HOSTILE })}
        history={{ status: 'loading' }}
        now={NOW}
      />,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain(HOSTILE);
  });

  it('says when the market was not found', () => {
    const { container } = render(
      <OddsCard odds={odds({ found: false })} history={{ status: 'loading' }} now={NOW} />,
    );
    expect(container.textContent).toContain('not found');
  });
});

describe('small pieces', () => {
  it('Sparkline draws a path over time, and nothing for too few points', () => {
    expect(
      sparkPath(
        [
          { t: 0, p: 0 },
          { t: 10, p: 1 },
        ],
        100,
        20,
        0,
        1,
      ),
    ).toBe('M0.0 19.0L100.0 1.0');
    expect(
      sparkPath(
        [
          { t: 0, p: Number.NaN },
          { t: 1, p: 0.5 },
        ],
        100,
        20,
      ),
    ).toBe('');
    const { container } = render(<Sparkline points={[{ t: 1, p: 1 }]} label="x" />);
    expect(container.querySelector('svg')).toBeNull();
  });

  it('ProgressBar clamps and handles null', () => {
    const { container } = render(
      <div>
        <ProgressBar percent={140} />
        <ProgressBar percent={null} />
      </div>,
    );
    const bars = container.querySelectorAll('[role=progressbar]');
    expect(bars[0]!.getAttribute('aria-valuenow')).toBe('100');
    expect(bars[1]!.getAttribute('aria-valuenow')).toBe('0');
  });

  it('ExternalLink and TokenLogo accept only https', () => {
    const { container } = render(
      <div>
        <ExternalLink href={SCRIPT_URL}>bad</ExternalLink>
        <ExternalLink href="http://plain.example">plain</ExternalLink>
        <ExternalLink href="https://ok.example/">ok</ExternalLink>
        <TokenLogo src="data:image/png;base64,AAAA" alt="" />
      </div>,
    );
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
  });

  it('AddressLabel shortens with the full address in the title', () => {
    const { container } = render(<AddressLabel address={WALLET} />);
    expect(container.textContent).toBe('7Jsi…TZz8');
    expect(container.querySelector('[title]')!.getAttribute('title')).toBe(WALLET);
  });

  it("ErrorLine shows the message it is given (the background set it to the code's text)", () => {
    const { container } = render(<ErrorLine error={{ code: 'OFFLINE', message: errorMessage('OFFLINE') }} />);
    expect(container.textContent).toContain(errorMessage('OFFLINE'));
    expect(container.querySelector('[role=alert]')!.getAttribute('data-code')).toBe('OFFLINE');
    cleanup();
    const given = render(
      <ErrorLine error={{ code: 'TIMEOUT', message: 'Whatever it was given.', retryAfterMs: 3000 }} />,
    );
    expect(given.container.textContent).toBe('⚠Whatever it was given. Retry in 3 s.');
    cleanup();
    // INVALID_INPUT's line is the code's text; its specific message is the extension pages' detail
    const invalid = render(
      <ErrorLine error={{ code: 'INVALID_INPUT', message: 'slot must be a number.' }} />,
    );
    expect(invalid.container.textContent).toBe(`⚠${errorMessage('INVALID_INPUT')}`);
    cleanup();
    // no message at all (never sent so): a plain text, not an empty line
    const empty = render(<ErrorLine error={{ code: 'TIMEOUT', message: '' }} />);
    expect(empty.container.textContent).toBe(`⚠${errorMessage('UNKNOWN')}`);
  });
});
