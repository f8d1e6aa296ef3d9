// @vitest-environment happy-dom
/**
 * The token popover's live line while it is open: the real overlay over the real background (services,
 * handlers, router, tab subscriptions) against the simulator's HTTP API and datastream, the worker's
 * pushes to the tab handed straight to the overlay. And the fills' relative times, painted again
 * while the popover stays open (fake timers, a fake background).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type Services, topicRooms } from '../../../lib/background/services';
import { createTabLive, RECONNECTING_TEXT } from '../../../lib/background/tab-live';
import { errorMessage } from '../../../lib/errors';
import type { WebSocketCtor } from '../../../lib/live/types';
import { LensError } from '../../../lib/messenger';
import { createOverlay } from '../../../lib/overlay/runtime';
import type { LiveEvent, ViewAsk } from '../../../lib/overlay/types';
import {
  control,
  requests,
  type Sim,
  simServices,
  tabSender,
  testHandlers,
  testRouter,
} from '../background/helpers';
import { simHooks } from '../background/sim-hooks';
import { fill } from '../components/fixtures';
import { badgeButton, badges, found, overlayPerTest, popoverRoot, startOverlay } from './harness';

const sender = tabSender('https://solscan.io/token/x');

/** The token card's "Latest fills" heading, and the line under it (the live note, if any). */
function fillsHeading(): { title: string | undefined; next: string | undefined } {
  const h = [...(popoverRoot()?.querySelectorAll('h3') ?? [])].find((x) =>
    x.textContent?.startsWith('Latest fills'),
  );
  return { title: h?.textContent ?? undefined, next: h?.nextElementSibling?.textContent ?? undefined };
}

describe('the live line of an open token popover, over the real background and the simulator', () => {
  let sim: Sim;
  let services: Services | undefined;
  let overlay: ReturnType<typeof createOverlay> | undefined;
  simHooks(
    { port: 0, seed: 23, eventsPerSecond: 0 },
    (s) => (sim = s),
    () => services,
  );
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    overlay?.destroy();
    overlay = undefined;
  });

  /** A worker with the key and the page's overlay in tab 7; the token popover opened. */
  async function open(apiKey: string, mint: string, liveFirst = false) {
    services = simServices(sim, { apiKey, WebSocketImpl: WebSocket as unknown as WebSocketCtor });
    if (liveFirst) {
      const hub = services.hub;
      hub.acquire('watchlist', topicRooms({ kind: 'wallet', address: sim.catalog.wallets[0]! }));
      await vi.waitFor(() => expect(hub.status().state).toBe('live'), { timeout: 10_000 });
    }
    let listener: ((e: LiveEvent) => void) | null = null;
    const tabLive = createTabLive(services.hub, async (tabId, event) => {
      if (tabId === sender.tab!.id) listener?.(event);
    });
    const dispatch = testRouter(testHandlers(services, { tabLive }));
    const answers: [string, unknown][] = [];
    const ask = (async (name: string, data: unknown) => {
      const r = await dispatch(name as never, data, sender);
      answers.push([name, r]);
      if (r.ok) return r.value;
      throw new LensError(r.error.code, r.error.message);
    }) as ViewAsk;
    overlay = createOverlay({
      ask,
      onPush: (l) => {
        listener = l;
        return () => {
          listener = null;
        };
      },
      document,
      config: { maxBadges: 300, theme: 'auto', currency: 'usd' },
      testHooks: true,
      commitMs: 0,
    });
    overlay.startPage();
    overlay.visible([found('mint', mint)]);
    await vi.waitFor(() => expect(badges().length).toBe(1), { timeout: 5_000 });
    badgeButton(badges()[0]!).click();
    await vi.waitFor(() => expect(popoverRoot()?.querySelector('[data-card=token]')).toBeTruthy(), {
      timeout: 5_000,
    });
    return { answers, hub: services.hub };
  }

  it('says reconnecting while the connection is down (the server answering 503), and live again once it is back', async () => {
    // The connection is up before the popover opens (for a watched wallet, another tab's popover).
    const { hub } = await open('demo', sim.catalog.mints[0]!, true);
    await vi.waitFor(() =>
      expect(fillsHeading()).toEqual({ title: 'Latest fills · live', next: 'Waiting for fills…' }),
    );

    await control(sim, 'POST', '/__sim/faults', { dropSocketAfterMs: 1, status: 503, paths: '/ws' });
    await vi.waitFor(
      async () => expect((await requests(sim, '/ws')).some((r) => r.status === 503)).toBe(true),
      {
        timeout: 10_000,
      },
    );
    expect(hub.status().state).toBe('reconnecting');
    expect(fillsHeading()).toEqual({ title: 'Latest fills', next: RECONNECTING_TEXT });

    await control(sim, 'POST', '/__sim/faults', {});
    await vi.waitFor(() => expect(fillsHeading().title).toBe('Latest fills · live'), { timeout: 20_000 });
    expect(popoverRoot()!.textContent).not.toContain(RECONNECTING_TEXT);
    expect(fillsHeading().next).toBe('Waiting for fills…');
  }, 30_000);

  it('a free key: says live fills need Premium, though it subscribed while the connection was still being made', async () => {
    const { answers, hub } = await open('demo-free', sim.catalog.mints[1]!);
    // answered before the datastream refused the plan (not live, and no NEEDS_PLAN error yet)
    expect(answers.find(([name]) => name === 'liveSubscribe')?.[1]).toMatchObject({
      ok: true,
      value: { live: false },
    });
    await vi.waitFor(() => expect(hub.status().state).toBe('needs-plan'), { timeout: 10_000 });
    await vi.waitFor(() =>
      expect(fillsHeading()).toEqual({ title: 'Latest fills', next: errorMessage('NEEDS_PLAN') }),
    );
  });
});

describe('the relative times of an open popover', () => {
  let current: ReturnType<typeof startOverlay> | undefined;
  overlayPerTest(() => current?.overlay);

  /** An overlay with the token's badge, its popover opened by a click; the fake background. */
  async function openToken(mint: string) {
    current = startOverlay({}, { now: () => Date.now() });
    current.overlay.visible([found('mint', mint)]);
    await vi.advanceTimersByTimeAsync(30);
    badgeButton(badges()[0]!).click();
    await vi.advanceTimersByTimeAsync(0);
    return current.bg;
  }

  it('a fill that came "just now" says "1 min ago" a minute later, the popover still open', async () => {
    const mint = `Mint${'x'.repeat(36)}`;
    const bg = await openToken(mint);
    bg.push({
      topic: { kind: 'token', address: mint },
      fill: fill('f1', { timestamp: Date.now() }),
      order: null,
    });
    const row = () => popoverRoot()!.querySelector('[data-fill=f1]')?.textContent;
    expect(row()).toContain('just now');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(row()).toContain('1 min ago');
    expect(row()).not.toContain('just now');
  });

  it('a pushed live line replaces the one the subscription was answered with', async () => {
    const mint = `Mint${'y'.repeat(36)}`;
    const bg = await openToken(mint);
    expect(fillsHeading().title).toBe('Latest fills · live');
    const topic = { kind: 'token' as const, address: mint };
    bg.push({ topic, fill: null, order: null, state: { live: false, note: RECONNECTING_TEXT } });
    expect(fillsHeading()).toEqual({ title: 'Latest fills', next: RECONNECTING_TEXT });
    // another topic's line is not this popover's
    bg.push({
      topic: { ...topic, address: `Mint${'z'.repeat(36)}` },
      fill: null,
      order: null,
      state: { live: true, note: null },
    });
    expect(fillsHeading().title).toBe('Latest fills');
    bg.push({ topic, fill: null, order: null, state: { live: true, note: null } });
    expect(fillsHeading()).toEqual({ title: 'Latest fills · live', next: 'Waiting for fills…' });
  });
});
