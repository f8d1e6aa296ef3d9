// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverlayCard, type PopoverContent } from '../../../components/overlay/OverlayCard';
import { initials, TokenLogo } from '../../../components/shared/ExternalLink';
import { OrderCard } from '../../../components/shared/OrderCard';
import { OrderRow } from '../../../components/shared/OrderRow';
import { type ErrorView, errorMessage } from '../../../lib/errors';
import { formatDuration, formatOdds, formatUsd } from '../../../lib/format';
import { NOW, odds, order, tokenView, walletView } from './fixtures';

afterEach(cleanup);

const show = (content: PopoverContent, onOpenOptions = () => {}) =>
  render(
    <OverlayCard
      content={content}
      now={NOW}
      currency="usd"
      onOpenLookup={() => {}}
      onOpenOptions={onOpenOptions}
    />,
  ).container;

const loading = { status: 'loading' } as const;
const failed = (error: ErrorView) => ({ status: 'error', error }) as const;
const ready = <T,>(value: T) => ({ status: 'ready', value }) as const;

/** The reasons a trader must be told apart: no key, rate limited, offline. */
const REASONS: ErrorView[] = [
  { code: 'NO_KEY', message: errorMessage('NO_KEY') },
  { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED'), retryAfterMs: 90_000 },
  { code: 'OFFLINE', message: errorMessage('OFFLINE') },
];

const KINDS: Record<string, (view: unknown) => PopoverContent> = {
  wallet: (view) => ({ kind: 'wallet', view }) as PopoverContent,
  mint: (view) => ({ kind: 'mint', view, fills: [], live: 'off', liveNote: null }) as PopoverContent,
  order: (view) => ({ kind: 'order', view }) as PopoverContent,
  event: (view) => ({ kind: 'event', odds: view, history: loading }) as PopoverContent,
};

describe('OverlayCard: loading and error states of every kind', () => {
  for (const [kind, make] of Object.entries(KINDS)) {
    it(`${kind}: a skeleton while loading, no text pretending to be data (the popover's head says it loads)`, () => {
      const c = show(make(loading));
      expect(c.querySelectorAll('.ol-skel').length).toBeGreaterThan(0);
      expect(c.textContent).toBe('');
    });

    for (const error of REASONS) {
      it(`${kind}: ${error.code} says why, as an alert with its code`, () => {
        const c = show(make(failed(error)));
        const alert = c.querySelector('[role=alert]')!;
        expect(alert.getAttribute('data-code')).toBe(error.code);
        expect(alert.textContent).toContain(errorMessage(error.code));
        if (error.retryAfterMs) expect(alert.textContent).toContain(formatDuration(error.retryAfterMs));
      });
    }

    it(`${kind}: a key refused, missing or out of credits offers the options page; other errors do not`, () => {
      for (const code of ['NO_KEY', 'UNAUTHORIZED', 'FORBIDDEN'] as const) {
        const open = vi.fn();
        const c = show(make(failed({ code, message: errorMessage(code) })), open);
        const button = [...c.querySelectorAll('button')].find((b) => b.textContent === 'Open options');
        expect(button, code).toBeDefined();
        fireEvent.click(button!);
        expect(open).toHaveBeenCalledTimes(1);
        cleanup();
      }
      for (const code of ['RATE_LIMITED', 'OFFLINE', 'SCHEMA_MISMATCH'] as const) {
        const c = show(make(failed({ code, message: errorMessage(code) })));
        expect(c.querySelector('button'), code).toBeNull();
        cleanup();
      }
    });
  }
});

describe('OverlayCard: data and empty states', () => {
  it('wallet: PnL being indexed (not indexed yet) and a wallet with no orders', () => {
    const c = show({
      kind: 'wallet',
      view: ready(
        walletView({
          pnl: { state: 'queued', message: 'queued' },
          summary: { total: 0, active: 0, paused: 0, completed: 0, pending: 0 },
          orders: { orders: [], nextCursor: null, hasMore: false, total: 0 },
        }),
      ),
    });
    expect(c.textContent).toContain('Indexing this wallet');
    expect(c.textContent).toContain('No DCA orders.');
    expect(c.querySelector('[data-section=pnl]')).toBeNull();
  });

  it('wallet: PnL failed (rate limited) while the DCA half still shows', () => {
    const c = show({
      kind: 'wallet',
      view: ready(
        walletView({
          pnl: { state: 'error', error: { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED') } },
        }),
      ),
    });
    expect(c.querySelector('[role=alert]')!.getAttribute('data-code')).toBe('RATE_LIMITED');
    expect(c.querySelector('[data-section=dca-summary]')).not.toBeNull();
    expect(c.querySelectorAll('[data-order]').length).toBe(2);
  });

  it('mint: data with fills, and an empty token (no users, no fills)', () => {
    const full = show({
      kind: 'mint',
      view: ready(tokenView()),
      fills: [],
      live: 'live',
      liveNote: null,
    });
    expect(full.querySelector('[data-card=token]')).not.toBeNull();
    expect(full.textContent).toContain(formatUsd(3400));
    expect(full.textContent).toContain('Waiting for fills');
    cleanup();
    const empty = show({
      kind: 'mint',
      view: ready(
        tokenView({
          topUsers: [],
          flow: {
            ...tokenView().flow,
            buyers: { count: 0, volumeUsd: 0 },
            sellers: { count: 0, volumeUsd: 0 },
          },
        }),
      ),
      fills: [],
      live: 'off',
      liveNote: errorMessage('NEEDS_PLAN'),
    });
    expect(empty.textContent).toContain('No DCA users yet.');
    expect(empty.textContent).toContain('No fills yet.');
    expect(empty.textContent).toContain(errorMessage('NEEDS_PLAN'));
    expect(empty.querySelector('.ol-ratio')).toBeNull();
  });

  it('order: the whole order', () => {
    const c = show({ kind: 'order', view: ready(order()) });
    expect(c.querySelector('[data-card=order]')).not.toBeNull();
    expect(c.textContent).toContain('active');
  });

  it('event: outcomes with history loading, failed history, a market not found, and resolved/closed', () => {
    const open = show({ kind: 'event', odds: ready(odds()), history: loading });
    expect(open.textContent).toContain(formatOdds(0.63));
    expect(open.querySelector('[aria-label="Loading price history"]')).not.toBeNull();
    cleanup();
    const noHistory = show({
      kind: 'event',
      odds: ready(odds()),
      history: failed({ code: 'OFFLINE', message: errorMessage('OFFLINE') }),
    });
    expect(noHistory.querySelector('[role=alert]')!.getAttribute('data-code')).toBe('OFFLINE');
    cleanup();
    const missing = show({ kind: 'event', odds: ready(odds({ found: false })), history: loading });
    expect(missing.textContent).toContain('not found');
    cleanup();
    const resolved = show({
      kind: 'event',
      odds: ready(odds({ closed: true, status: 'resolved' })),
      history: ready({ series: [] }),
    });
    expect(resolved.textContent).toContain('Resolved');
    cleanup();
    const closed = show({
      kind: 'event',
      odds: ready(odds({ closed: true, status: 'closed' })),
      history: ready({ series: [] }),
    });
    expect(closed.textContent).toContain('Closed');
    expect(closed.textContent).not.toContain('Open');
  });
});

describe('next cycle of an order that is late', () => {
  it('never says "ago" for a cycle that has not happened', () => {
    const late = order({ nextCycleAt: NOW - 7 * 60_000 });
    const row = render(
      <ul>
        <OrderRow order={late} now={NOW} />
      </ul>,
    ).container;
    expect(row.textContent).toContain('overdue 7 min');
    expect(row.textContent).not.toMatch(/ago/);
    cleanup();
    const card = render(<OrderCard order={late} now={NOW} />).container;
    const next = [...card.querySelectorAll('dt')].find((dt) => dt.textContent === 'Next cycle')!;
    expect(next.nextElementSibling!.textContent).toBe('overdue 7 min');
  });

  it('says the cycle is due around its time, and "next in" ahead of it', () => {
    const due = render(
      <ul>
        <OrderRow order={order({ nextCycleAt: NOW - 10_000 })} now={NOW} />
        <OrderRow order={order({ nextCycleAt: NOW + 12 * 60_000 })} now={NOW} />
      </ul>,
    ).container;
    const rows = due.querySelectorAll('li');
    expect(rows[0]!.textContent).toContain('next cycle due');
    expect(rows[1]!.textContent).toContain('next in 12 min');
  });

  it('shows the creation date once when it is too old for a relative time', () => {
    const card = render(
      <OrderCard order={order({ createdAt: NOW - 90 * 86_400_000 })} now={NOW} />,
    ).container;
    const created = [...card.querySelectorAll('dt')].find((dt) => dt.textContent === 'Created')!;
    expect(created.nextElementSibling!.textContent).toBe('Oct 12, 2024');
  });
});

describe('TokenLogo', () => {
  it('falls back to initials when the image fails to load, never a broken image', () => {
    const c = render(<TokenLogo src="https://img.example/bonk.png" alt="" fallback="Bonk" />).container;
    const img = c.querySelector('img')!;
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    fireEvent.error(img);
    expect(c.querySelector('img')).toBeNull();
    expect(c.querySelector('.ol-initials')!.textContent).toBe('BO');
  });

  it('shows initials without a usable image, from clean text only', () => {
    const c = render(
      <div>
        <TokenLogo src={null} alt="" fallback="$wif" />
        <TokenLogo src="http://plain.example/x.png" alt="" fallback={'\u202Eabc'} />
        <TokenLogo src={undefined} alt="" />
      </div>,
    ).container;
    expect([...c.querySelectorAll('.ol-initials')].map((s) => s.textContent)).toEqual(['WI', 'AB', '?']);
    expect(c.querySelector('img')).toBeNull();
    expect(initials('  ')).toBe('?');
  });
});
