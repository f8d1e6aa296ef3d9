// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Badge } from '../../../components/shared/Badge';
import { badgeText, describeBadge } from '../../../components/shared/badgeFace';
import { errorMessage } from '../../../lib/errors';
import { HOSTILE, odds, order, tokenView, walletBadge } from './fixtures';

const ready = <T,>(value: T) => ({ status: 'ready' as const, value });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Badge states', () => {
  it('shows a neutral dot while loading (the stylesheet reveals it after 150 ms: see layout.e2e.ts)', () => {
    render(<Badge kind="wallet" data={{ status: 'loading' }} />);
    const button = screen.getByRole('button');
    expect(button.getAttribute('data-state')).toBe('loading');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.ol-dot')).not.toBeNull();
    expect(button.textContent).toBe('');
  });

  it.each(['RATE_LIMITED', 'NO_KEY', 'UNAUTHORIZED', 'OFFLINE', 'SCHEMA_MISMATCH', 'TIMEOUT', 'WEIRD_NEW'])(
    'explains the error %s in the hover title',
    (code) => {
      render(<Badge kind="mint" data={{ status: 'error', error: { code, message: errorMessage(code) } }} />);
      const button = screen.getByRole('button');
      expect(button.getAttribute('data-state')).toBe('error');
      expect(button.getAttribute('title')).toContain(errorMessage(code));
      expect(button.textContent).toBe('⚠');
    },
  );

  it('shows the message the background gave the error, as text (the badge has no table of its own)', () => {
    const message = 'A text <b>the background</b> chose.';
    render(<Badge kind="mint" data={{ status: 'error', error: { code: 'TIMEOUT', message } }} />);
    const button = screen.getByRole('button');
    expect(button.getAttribute('title')).toBe(message);
    expect(button.querySelector('b')).toBeNull();
    // INVALID_INPUT's specific message is a detail for the extension pages: the badge says the code's
    const invalid = describeBadge({
      kind: 'mint',
      data: { status: 'error', error: { code: 'INVALID_INPUT', message: 'event id must be an id.' } },
    });
    expect(invalid.title).toBe(errorMessage('INVALID_INPUT'));
  });

  it("a wallet's half failure notes say the messages given", () => {
    const dcaError = { code: 'TIMEOUT', message: 'DCA text.' };
    const dcaHalf = describeBadge({ kind: 'wallet', data: ready(walletBadge({ dcaError })) });
    expect(dcaHalf.title).toBe('DCA: DCA text.');
    const pnl = { state: 'error' as const, error: { code: 'RATE_LIMITED', message: 'PnL text.' } };
    const pnlHalf = describeBadge({ kind: 'wallet', data: ready(walletBadge({ pnl })) });
    expect(pnlHalf.title).toBe('PnL: PnL text.');
  });

  it('says when to retry a rate limit', () => {
    render(
      <Badge
        kind="order"
        data={{
          status: 'error',
          error: { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED'), retryAfterMs: 30_000 },
        }}
      />,
    );
    expect(screen.getByRole('button').getAttribute('title')).toContain('Retry in 30 s');
  });

  it('shows a wallet as active DCA orders with a PnL tint', () => {
    render(<Badge kind="wallet" data={ready(walletBadge())} />);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('DCA3PnL+$1.2K');
    expect(button.getAttribute('data-tint')).toBe('up');
    const base = walletBadge().pnl;
    if (base.state !== 'ready') throw new Error('fixture');
    const loss = walletBadge({ pnl: { state: 'ready', pnl: { ...base.pnl, total: -12.5 } } });
    expect(badgeText(describeBadge({ kind: 'wallet', data: ready(loss) }))).toBe('DCA 3 PnL -$12.50');
    expect(describeBadge({ kind: 'wallet', data: ready(loss) }).tint).toBe('down');
  });

  it('shows a wallet that never used DCA by its PnL alone, and one with none active as DCA 0', () => {
    const never = describeBadge({
      kind: 'wallet',
      data: ready(walletBadge({ activeOrders: 0, totalOrders: 0 })),
    });
    expect(badgeText(never)).toBe('PnL +$1.2K');
    expect(never.label).toBe('PnL +$1.2K: wallet with 0 active DCA orders');
    const past = describeBadge({
      kind: 'wallet',
      data: ready(walletBadge({ activeOrders: 0, totalOrders: 5 })),
    });
    expect(badgeText(past)).toBe('DCA 0 PnL +$1.2K');
    // nothing known but that it has no orders: the DCA half says so
    const unknown = describeBadge({
      kind: 'wallet',
      data: ready(walletBadge({ activeOrders: 0, totalOrders: 0, pnl: { state: 'none' } })),
    });
    expect(badgeText(unknown)).toBe('DCA 0');
  });

  it('shows a wallet being indexed as queued', () => {
    const v = walletBadge({ activeOrders: null, pnl: { state: 'queued', message: 'indexing' } });
    render(<Badge kind="wallet" data={ready(v)} />);
    const button = screen.getByRole('button');
    expect(button.getAttribute('data-state')).toBe('queued');
    expect(button.textContent).toContain('indexing');
    expect(button.getAttribute('title')).toMatch(/try again shortly/);
  });

  it('turns a wallet into an error only when both halves failed', () => {
    const dcaError = { code: 'TIMEOUT', message: errorMessage('TIMEOUT') };
    const both = describeBadge({
      kind: 'wallet',
      data: ready(walletBadge({ dcaError, pnl: { state: 'none' } })),
    });
    expect(both.state).toBe('error');
    expect(both.errorCode).toBe('TIMEOUT');
    const half = describeBadge({ kind: 'wallet', data: ready(walletBadge({ dcaError })) });
    expect(half.state).toBe('ready');
    expect(half.title).toContain(errorMessage('TIMEOUT'));
  });

  it('shows a mint as buyers vs sellers, and an empty flow', () => {
    render(<Badge kind="mint" data={ready(tokenView().flow)} />);
    expect(screen.getByRole('button').textContent).toBe('DCA▲12$3.4K▼5$1.1K');
    const empty = describeBadge({
      kind: 'mint',
      data: ready({
        ...tokenView().flow,
        buyers: { count: 0, volumeUsd: null },
        sellers: { count: 0, volumeUsd: null },
      }),
    });
    expect(empty.state).toBe('empty');
    expect(badgeText(empty)).toBe('DCA 0');
  });

  it('shows an order status with its progress', () => {
    render(<Badge kind="order" data={ready(order())} />);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('active40%');
    expect(button.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')).toBe('40');
  });

  it('shows a status the spec does not list verbatim, as text, neither green nor taken for active', () => {
    render(<Badge kind="order" data={ready(order({ status: '<img src=x onerror=alert(1)>' }))} />);
    const button = screen.getByRole('button');
    expect(button.querySelector('img')).toBeNull();
    expect(button.textContent).toBe('<img src=x …40%');
    const face = describeBadge({ kind: 'order', data: ready(order({ status: 'cancelled' })) });
    expect(face.parts[0]).toEqual({ text: 'cancelled', cls: 'muted' });
    expect(face.label).toBe('cancelled 40%: DCA order cancelled, 40% done');
  });

  it('opens on click without letting the page see the click', () => {
    const onActivate = vi.fn();
    const pageClick = vi.fn();
    const { container } = render(
      <a href="https://example.com" onClick={pageClick}>
        <Badge kind="order" data={ready(order())} onActivate={onActivate} />
      </a>,
    );
    const ev = new MouseEvent('click', { bubbles: true, cancelable: true });
    container.querySelector('button')!.dispatchEvent(ev);
    expect(onActivate).toHaveBeenCalledTimes(1);
    expect(ev.defaultPrevented).toBe(true);
    expect(pageClick).not.toHaveBeenCalled();
  });

  it('reports hover start and end', () => {
    const start = vi.fn();
    const end = vi.fn();
    render(<Badge kind="order" data={ready(order())} onHoverStart={start} onHoverEnd={end} />);
    fireEvent.mouseEnter(screen.getByRole('button'));
    fireEvent.mouseLeave(screen.getByRole('button'));
    expect(start).toHaveBeenCalledTimes(1);
    expect(end).toHaveBeenCalledTimes(1);
  });
});

describe('badge names (WCAG 2.5.3: the name starts with the visible text)', () => {
  it('names a wallet badge by what it shows, then what it means', () => {
    render(<Badge kind="wallet" data={ready(walletBadge())} />);
    expect(
      screen.getByRole('button', { name: 'DCA 3 PnL +$1.2K: wallet with 3 active DCA orders' }),
    ).toBeTruthy();
  });

  it.each([
    ['wallet', { kind: 'wallet', data: ready(walletBadge()) }],
    [
      'queued wallet',
      { kind: 'wallet', data: ready(walletBadge({ pnl: { state: 'queued', message: '' } })) },
    ],
    ['mint', { kind: 'mint', data: ready(tokenView().flow) }],
    [
      'empty mint',
      {
        kind: 'mint',
        data: ready({
          ...tokenView().flow,
          buyers: { count: 0, volumeUsd: null },
          sellers: { count: 0, volumeUsd: null },
        }),
      },
    ],
    ['order', { kind: 'order', data: ready(order()) }],
    ['odds', { kind: 'event', data: ready(odds()) }],
    ['closed odds', { kind: 'event', data: ready(odds({ closed: true, status: 'closed' })) }],
    ['no market', { kind: 'event', data: ready(odds({ found: false })) }],
  ] as [string, Parameters<typeof describeBadge>[0]][])('%s', (_, model) => {
    const face = describeBadge(model);
    expect(face.label.startsWith(`${badgeText(face)}: `)).toBe(true);
    expect(face.label.length).toBeGreaterThan(badgeText(face).length + 2);
  });

  it('keeps the error and loading names (a ⚠ or nothing is shown)', () => {
    const error = describeBadge({
      kind: 'mint',
      data: { status: 'error', error: { code: 'OFFLINE', message: errorMessage('OFFLINE') } },
    });
    expect(error.label).toBe(`Onchain Lens: ${errorMessage('OFFLINE')}`);
    expect(describeBadge({ kind: 'mint', data: { status: 'loading' } }).label).toBe('Onchain Lens: loading');
  });
});

describe('badge keys', () => {
  it("Enter and Space open the badge without reaching the page's shortcuts", () => {
    const pageKey = vi.fn();
    document.addEventListener('keydown', pageKey);
    try {
      render(<Badge kind="order" data={ready(order())} />);
      const button = screen.getByRole('button');
      fireEvent.keyDown(button, { key: 'Enter' });
      fireEvent.keyDown(button, { key: ' ' });
      expect(pageKey).not.toHaveBeenCalled();
      fireEvent.keyDown(button, { key: 'k' });
      expect(pageKey).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener('keydown', pageKey);
    }
  });
});

describe('odds chip (Badge kind event)', () => {
  it('shows the leading outcome and its price', () => {
    render(<Badge kind="event" data={ready(odds())} />);
    expect(screen.getByRole('button').textContent).toBe('Yes63%');
  });
  it('shows closed and resolved events as such', () => {
    expect(
      badgeText(describeBadge({ kind: 'event', data: ready(odds({ closed: true, status: 'closed' })) })),
    ).toBe('Closed Yes 63%');
    expect(
      badgeText(
        describeBadge({
          kind: 'event',
          data: ready(
            odds({ closed: true, status: 'resolved', leading: { label: 'No', price: 1, market: null } }),
          ),
        }),
      ),
    ).toBe('Resolved No 100%');
  });
  it('shows a market that was not found', () => {
    expect(describeBadge({ kind: 'event', data: ready(odds({ found: false })) }).state).toBe('empty');
  });
  it('renders a hostile outcome label as text, cut and stripped of bidi overrides', () => {
    const { container } = render(
      <Badge
        kind="event"
        data={ready(odds({ leading: { label: `\u202E${HOSTILE}`, price: 0.5, market: null } }))}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    const text = container.textContent ?? '';
    expect(text).toContain('<img src=x onerro…');
    expect(text).not.toContain('\u202E');
  });
});
