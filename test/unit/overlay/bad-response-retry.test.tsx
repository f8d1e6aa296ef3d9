// @vitest-environment happy-dom
/**
 * A body the service cut off (BAD_RESPONSE) is transient: the badge asks again on its backoff, where
 * a well-formed body of the wrong shape (SCHEMA_MISMATCH) would fail the same way and is left alone.
 */
import { describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../../lib/errors';
import { RETRY_DELAYS_MS } from '../../../lib/overlay/retry';
import type { createOverlay } from '../../../lib/overlay/runtime';
import { badgeButton, badges, type fakeBackground, found, overlayPerTest, startOverlay } from './harness';

const M = (i: number) => `Mint${String(i).padStart(3, '0')}${'y'.repeat(33)}`;

let bg: ReturnType<typeof fakeBackground>;
let overlay: ReturnType<typeof createOverlay>;
overlayPerTest(() => overlay);

describe('BAD_RESPONSE badges', () => {
  it('are retried after the backoff and turn ready once the service answers whole', async () => {
    let cut = true;
    ({ bg, overlay } = startOverlay({
      tokenFlow: ((d: { mint: string }) => {
        if (cut) throw { code: 'BAD_RESPONSE', message: errorMessage('BAD_RESPONSE') };
        return { mint: d.mint, buyers: { count: 3, volumeUsd: 10 }, sellers: { count: 1, volumeUsd: 5 } };
      }) as never,
    }));
    const items = [found('mint', M(1))];
    overlay.found(items);
    overlay.visible(items);
    await vi.advanceTimersByTimeAsync(30);
    const host = badges()[0]!;
    expect(host.getAttribute('data-error-code')).toBe('BAD_RESPONSE');
    expect(badgeButton(host).getAttribute('title')).toContain(errorMessage('BAD_RESPONSE'));
    cut = false;
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! + 100);
    expect(bg.count('tokenFlow')).toBe(2);
    expect(host.getAttribute('data-state')).toBe('ready');
  });
});
