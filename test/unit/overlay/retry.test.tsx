// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/errors';
import { RETRY_DELAYS_MS, retryDelay } from '../../../lib/overlay/retry';
import type { createOverlay, OverlayDeps } from '../../../lib/overlay/runtime';
import { odds, walletBadge } from '../components/fixtures';
import { badgeButton, badges, type fakeBackground, found, overlayPerTest, startOverlay } from './harness';

const M = (i: number) => `Mint${String(i).padStart(3, '0')}${'y'.repeat(33)}`;
const W = (i: number) => `Wallet${String(i).padStart(3, '0')}${'x'.repeat(30)}`;

let bg: ReturnType<typeof fakeBackground>;
let overlay: ReturnType<typeof createOverlay>;

function start(handlers: Parameters<typeof fakeBackground>[0], extra: Partial<OverlayDeps> = {}) {
  ({ bg, overlay } = startOverlay(handlers, extra));
}

/** A handler that fails with `code` while `failing()` says so, then answers like the default. */
function flaky(code: string, failing: () => boolean, extra: Record<string, unknown> = {}) {
  return (d: { mint: string }) => {
    if (failing()) throw { code, message: errorMessage(code), ...extra };
    return { mint: d.mint, buyers: { count: 3, volumeUsd: 10 }, sellers: { count: 1, volumeUsd: 5 } };
  };
}

function show(kind: 'mint' | 'wallet' | 'event', addresses: string[]) {
  const items = addresses.map((a) => found(kind, a));
  overlay.found(items);
  overlay.visible(items);
}

const states = () => badges().map((b) => b.getAttribute('data-state'));

overlayPerTest(() => overlay);

describe('badges retry transient failures on their own', () => {
  it('a NETWORK failure then success: the badge keeps its error, then turns ready after the 15 s backoff', async () => {
    let down = true;
    start({ tokenFlow: flaky('NETWORK', () => down) });
    show('mint', [M(1)]);
    await vi.advanceTimersByTimeAsync(30);
    const host = badges()[0]!;
    expect(host.getAttribute('data-state')).toBe('error');
    expect(host.getAttribute('data-error-code')).toBe('NETWORK');
    expect(badgeButton(host).getAttribute('title')).toContain(errorMessage('NETWORK'));
    down = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! - 100);
    expect(bg.count('tokenFlow')).toBe(1);
    expect(host.getAttribute('data-state')).toBe('error'); // no flicker back to loading
    await vi.advanceTimersByTimeAsync(200);
    expect(bg.count('tokenFlow')).toBe(2);
    expect(host.getAttribute('data-state')).toBe('ready');
    expect(host.getAttribute('data-error-code')).toBeNull();
    // Ready: nothing more is asked.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(bg.count('tokenFlow')).toBe(2);
  });

  it('shows the error, not loading, while a retry is in flight', async () => {
    let resolve: (v: unknown) => void = () => {};
    let calls = 0;
    start({
      tokenFlow: (() => {
        calls++;
        if (calls === 1) throw { code: 'SERVER_ERROR', message: errorMessage('SERVER_ERROR') };
        return new Promise((r) => {
          resolve = r;
        });
      }) as never,
    });
    show('mint', [M(1)]);
    await vi.advanceTimersByTimeAsync(30 + RETRY_DELAYS_MS[0]! + 30); // the backoff, then the queue's gather
    expect(calls).toBe(2);
    expect(states()).toEqual(['error']);
    resolve({ mint: M(1), buyers: { count: 2, volumeUsd: 1 }, sellers: { count: 0, volumeUsd: 0 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(states()).toEqual(['ready']);
  });

  it('uses the Retry-After the error carries when it is longer than the backoff', async () => {
    let down = true;
    start({ tokenFlow: flaky('RATE_LIMITED', () => down, { retryAfterMs: 40_000 }) });
    show('mint', [M(1)]);
    await vi.advanceTimersByTimeAsync(30);
    down = false;
    await vi.advanceTimersByTimeAsync(39_000);
    expect(bg.count('tokenFlow')).toBe(1);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(bg.count('tokenFlow')).toBe(2);
    expect(states()).toEqual(['ready']);
    expect(
      retryDelay(0, { code: 'RATE_LIMITED', message: errorMessage('RATE_LIMITED'), retryAfterMs: 1000 }),
    ).toBe(RETRY_DELAYS_MS[0]);
  });

  it('never retries a permanent failure (NO_KEY, NOT_FOUND, SCHEMA_MISMATCH, NEEDS_PLAN, INVALID_INPUT)', async () => {
    const codes = ['NO_KEY', 'NOT_FOUND', 'SCHEMA_MISMATCH', 'NEEDS_PLAN', 'INVALID_INPUT'];
    start({
      tokenFlow: ((d: { mint: string }) => {
        throw { code: codes[Number(d.mint.slice(4, 7))], message: '' };
      }) as never,
    });
    show(
      'mint',
      codes.map((_, i) => M(i)),
    );
    await vi.advanceTimersByTimeAsync(30);
    expect(badges().map((b) => b.getAttribute('data-error-code'))).toEqual(codes);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(bg.count('tokenFlow')).toBe(codes.length);
    expect(states()).toEqual(Array(codes.length).fill('error'));
  });

  it('retries many items that failed together in one batch', async () => {
    let down = true;
    const events = Array.from({ length: 12 }, (_, i) => `polymarket:ev-${i}`);
    const mints = Array.from({ length: 8 }, (_, i) => M(i));
    const wallets = Array.from({ length: 6 }, (_, i) => W(i));
    const fail = () => {
      if (down) throw { code: 'TIMEOUT', message: errorMessage('TIMEOUT') };
    };
    start({
      tokenFlow: flaky('TIMEOUT', () => down),
      walletBadge: ((d: { address: string }) => {
        fail();
        return walletBadge({ address: d.address });
      }) as never,
      odds: ((d: { events: { exchange: string; id: string }[] }) => {
        fail();
        return d.events.map((e) => odds({ exchange: e.exchange as 'polymarket', requestedId: e.id }));
      }) as never,
    });
    show('mint', mints);
    await vi.advanceTimersByTimeAsync(500); // failures spread over a short while still retry together
    show('wallet', wallets);
    show('event', events);
    await vi.advanceTimersByTimeAsync(30);
    expect(states().every((s) => s === 'error')).toBe(true);
    const before = bg.sentAt.length;
    expect(bg.count('odds')).toBe(1);
    down = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! + 1000);
    const retried = bg.sentAt.slice(before);
    // Every item asked once more, all in the same gather (the same instant), the events in one message.
    expect(retried.filter(([n]) => n === 'tokenFlow')).toHaveLength(mints.length);
    expect(retried.filter(([n]) => n === 'walletBadge')).toHaveLength(wallets.length);
    expect(retried.filter(([n]) => n === 'odds')).toHaveLength(1);
    expect(new Set(retried.map(([, t]) => t)).size).toBe(1);
    expect(states()).toEqual(Array(mints.length + wallets.length + events.length).fill('ready'));
  });

  it('stops after the cap: at most 5 retries, spaced 15 s, 30 s, 60 s, 2 min, 2 min', async () => {
    start({ tokenFlow: flaky('SERVER_ERROR', () => true) });
    show('mint', [M(1)]);
    await vi.advanceTimersByTimeAsync(30);
    const first = bg.sentAt[0]![1];
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    const times = bg.sentAt.filter(([n]) => n === 'tokenFlow').map(([, t]) => t - first);
    expect(times).toHaveLength(1 + RETRY_DELAYS_MS.length);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    for (const [i, gap] of gaps.entries()) {
      expect(gap).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i]!);
      expect(gap).toBeLessThan(RETRY_DELAYS_MS[i]! + 100);
    }
    expect(states()).toEqual(['error']);
  });

  it('does not retry a badge that left the page, and holds retries while the tab is hidden', async () => {
    let down = true;
    start({ tokenFlow: flaky('NETWORK', () => down) });
    show('mint', [M(1), M(2)]);
    await vi.advanceTimersByTimeAsync(30);
    badges()[0]!.remove(); // the page dropped the first badge
    let hidden = true;
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    try {
      down = false;
      await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! + 1000);
      expect(bg.count('tokenFlow')).toBe(2); // hidden: nothing sent
      hidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(30);
      expect(bg.sentAt.filter(([n]) => n === 'tokenFlow')).toHaveLength(3); // only the badge still in the page
      expect(states()).toEqual(['ready']);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('retries a wallet whose DCA half failed transiently, keeping its PnL shown meanwhile', async () => {
    let down = true;
    start({
      walletBadge: ((d: { address: string }) => ({
        ...walletBadge({ address: d.address }),
        dcaError: down ? { code: 'TIMEOUT', message: errorMessage('TIMEOUT') } : null,
      })) as never,
    });
    show('wallet', [W(1)]);
    await vi.advanceTimersByTimeAsync(30);
    const host = badges()[0]!;
    expect(host.getAttribute('data-text')).toContain('DCA !');
    down = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! + 30);
    expect(bg.count('walletBadge')).toBe(2);
    expect(host.getAttribute('data-text')).not.toContain('DCA !');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(bg.count('walletBadge')).toBe(2);
  });

  it('a new page view drops pending retries', async () => {
    start({ tokenFlow: flaky('NETWORK', () => true) });
    show('mint', [M(1)]);
    await vi.advanceTimersByTimeAsync(30);
    overlay.startPage();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(bg.count('tokenFlow')).toBe(1);
  });
});
