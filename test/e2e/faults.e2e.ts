/**
 * Issue 12's faults, end to end: real Chromium with the simulator build, faults injected through the
 * simulator's /__sim/faults. For each fault the badge shows an honest state, retries stay bounded
 * (counted from /__sim/requests), the extension recovers once the fault clears, and neither the
 * watchlist nor the settings lose anything. Faults are kept short so this file stays under 2 minutes.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../sim/state';
import { askFrom } from './chromium';
import { type ChromeApi, type Lens, launchLens } from './harness';

let lens: Lens;
/** An extension page: the only kind of sender that may read settings and the watchlist. */
let extPage: Page;
const WATCHED = () => lens.catalog.wallets[1]!;

type Logged = LogEntry;

beforeAll(async () => {
  lens = await launchLens();
  await faults({});
  extPage = await lens.context.newPage();
  await extPage.goto(lens.extensionPage('options.html'));
  await expectOk(ask('watchAdd', { wallet: WATCHED(), label: 'fault watch' }));
  await expectOk(ask('settingsSet', { patch: { theme: 'dark', maxBadges: 123 } }));
});
afterAll(async () => {
  await faults({}).catch(() => {});
  await lens?.close();
});

async function faults(body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${lens.simUrl}/__sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

async function clearLog(): Promise<void> {
  await fetch(`${lens.simUrl}/__sim/requests`, { method: 'DELETE' });
}

async function log(path?: string): Promise<Logged[]> {
  const all = (await (await fetch(`${lens.simUrl}/__sim/requests`)).json()) as Logged[];
  return path ? all.filter((r) => r.path === path) : all;
}

/** Sends a protocol message from the extension page. */
const ask = <T = unknown>(type: string, data: unknown) => askFrom<T>(extPage, type, data);

async function expectOk<T>(p: Promise<{ ok: boolean; value?: T; error?: unknown }>): Promise<T> {
  const r = await p;
  expect(r, JSON.stringify(r.error)).toMatchObject({ ok: true });
  return r.value as T;
}

/** A page on the fixture server with one solscan token link per mint: one badge, one flow request each. */
async function openTokens(mints: string[], name: string): Promise<void> {
  const url = lens.fixture('generic').replace('generic.html', `${name}.html`);
  await lens.page.unrouteAll();
  await lens.page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body><h1>${name}</h1>${mints
        .map((m) => `<p>Token <a href="https://solscan.io/token/${m}">${m}</a></p>`)
        .join('')}</body></html>`,
    }),
  );
  await lens.page.goto(url);
}

const badge = (mint: string) => lens.page.locator(`[data-onchain-lens="badge"][data-address="${mint}"]`);

/** Waits until the badge leaves 'loading' and returns its state and error code. */
async function settled(mint: string, timeout = 15_000): Promise<{ state: string; code: string | null }> {
  await expect
    .poll(async () => (await badge(mint).getAttribute('data-state')) ?? 'absent', { timeout, interval: 100 })
    .toMatch(/^(ready|error)$/);
  return {
    state: (await badge(mint).getAttribute('data-state'))!,
    code: await badge(mint).getAttribute('data-error-code'),
  };
}

const flowPath = (mint: string) => `/dca/token/${mint}`;

/**
 * Attempts the extension made, from the requests the simulator saw. Chromium's network stack itself
 * resends a request once when a reused keep-alive connection answers 408 (RFC 9110 lets a client
 * retry then), before our code sees any answer: the simulator marks requests that came on a reused
 * connection, and the request right after such a 408 is that resend, not an attempt of ours. (Told
 * apart by time before: within 25 ms. On a loaded 2-core machine a resend came 88 ms later.)
 */
function clientAttempts(requests: Logged[]): number {
  const sorted = [...requests].sort((a, b) => a.time - b.time);
  return sorted.filter((_, i) => {
    const prev = sorted[i - 1];
    return !(prev && prev.status === 408 && prev.reused);
  }).length;
}
/** The API client's retry budget: one attempt and at most three retries per request. */
const MAX_ATTEMPTS = 4;

async function expectSameWatchlistAndSettings(): Promise<void> {
  const list = await expectOk(ask<{ wallet: string; label: string | null }[]>('watchList', {}));
  expect(list.map((e) => [e.wallet, e.label])).toEqual([[WATCHED(), 'fault watch']]);
  const settings = await expectOk(ask<{ theme: string; maxBadges: number }>('settingsGet', {}));
  expect(settings.theme).toBe('dark');
  expect(settings.maxBadges).toBe(123);
}

/** Each REST fault, the error code the badge must show, and the attempts it may spend. */
const REST_FAULTS: Array<{
  name: string;
  fault: Record<string, unknown>;
  code: string | null;
  maxAttempts: number;
}> = [
  { name: 'http-408', fault: { status: 408 }, code: 'TIMEOUT', maxAttempts: MAX_ATTEMPTS },
  {
    name: 'http-429',
    fault: { status: 429, retryAfter: 1 },
    code: 'RATE_LIMITED',
    maxAttempts: MAX_ATTEMPTS,
  },
  // A truncated body is retried once (a proxy may have cut it), then reported (as transient).
  { name: 'malformed', fault: { malformed: true }, code: 'BAD_RESPONSE', maxAttempts: 2 },
];

describe('REST faults: honest badges, bounded retries, recovery', () => {
  for (const [i, { name, fault, code, maxAttempts }] of REST_FAULTS.entries()) {
    it(`${name}: the badge says ${code}, at most ${maxAttempts} attempts, ready again once the fault clears`, async () => {
      const mint = lens.catalog.mints[20 + i]!;
      await clearLog();
      await faults(fault);
      await openTokens([mint], `fault-${name}`);
      const s = await settled(mint);
      expect(s).toEqual({ state: 'error', code });
      const attempts = await log(flowPath(mint));
      expect(attempts.length).toBeGreaterThanOrEqual(1);
      expect(clientAttempts(attempts)).toBeLessThanOrEqual(maxAttempts);
      if (name === 'http-429') {
        // Every retry waited out the 1 s Retry-After.
        const times = attempts.map((a) => a.time).sort((a, b) => a - b);
        for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(950);
      }
      await lens.screenshot(`fault-${name}`);
      // Nothing more is sent for it right after giving up: no storm. The badge's own retry waits
      // out its backoff (3 s in test builds, 15 s in production; see the recovery test below), so
      // anything the simulator saw since the last attempt came at least that long after it (timed
      // by the simulator's clock: a slow screenshot above must not make this a race).
      await lens.page.waitForTimeout(1500);
      const lastAttempt = Math.max(...attempts.map((a) => a.time));
      const since = (await log(flowPath(mint))).filter((r) => r.time > lastAttempt);
      for (const r of since) expect(r.time - lastAttempt).toBeGreaterThanOrEqual(2500);

      await faults({});
      await lens.page.reload();
      expect(await settled(mint)).toEqual({ state: 'ready', code: null });
      const flow = await lens.api<{ buyers: { count: number } }>(flowPath(mint));
      expect(await badge(mint).getAttribute('data-text')).toContain(String(flow.buyers.count));
    });
  }

  it('a refused key (401): the badge says UNAUTHORIZED, and its popover opens the options page, where the key is mended', async () => {
    const mint = lens.catalog.mints[24]!;
    await faults({ status: 401 });
    await openTokens([mint], 'fault-http-401');
    expect(await settled(mint)).toEqual({ state: 'error', code: 'UNAUTHORIZED' });
    // A click opens the popover with the focus in it (as Enter does); Tab passes its close button.
    await badge(mint).click();
    const pop = lens.page.locator('[data-onchain-lens="popover"][data-kind]');
    await expect.poll(() => pop.getAttribute('data-state')).toBe('error');
    expect(await pop.getAttribute('data-text')).toContain('The API key was refused');
    expect(await pop.getAttribute('data-text')).toContain('Open options');
    await lens.screenshot('fault-http-401-popover');
    // This file keeps an options tab open (extPage): the click brings that one to the front rather
    // than opening a second. The fixture's tab is the active one until then.
    const activeTab = () =>
      lens.worker.evaluate(async () => {
        const c = (globalThis as unknown as { chrome: ChromeApi }).chrome;
        const tabs = await c.tabs.query({});
        return { active: tabs.filter((t) => t.active).map((t) => t.url), all: tabs.map((t) => t.url) };
      });
    const options = lens.extensionPage('options.html');
    await lens.page.bringToFront();
    expect((await activeTab()).active).toEqual([lens.page.url()]);
    await lens.page.keyboard.press('Tab'); // the close button
    await lens.page.keyboard.press('Tab'); // Open options
    await lens.page.keyboard.press('Enter');
    await expect.poll(async () => (await activeTab()).active).toEqual([options]);
    expect((await activeTab()).all.filter((u) => u === options)).toHaveLength(1);
    await lens.page.bringToFront();
    await faults({});
  });

  it('50 % server errors: every badge ends ready or SERVER_ERROR, never more than 4 attempts each', async () => {
    const mints = lens.catalog.mints.slice(30, 36);
    await clearLog();
    await faults({ errorRate: 0.5, status: 500 });
    await openTokens(mints, 'fault-half-500');
    const states = await Promise.all(mints.map((m) => settled(m)));
    for (const s of states) {
      if (s.state === 'error') expect(s.code).toBe('SERVER_ERROR');
      else expect(s).toEqual({ state: 'ready', code: null });
    }
    const flows = (await log()).filter((r) => r.path.startsWith('/dca/token/'));
    expect(flows.some((r) => r.status === 500)).toBe(true); // the fault really hit
    // With retries, a half-failing service still gets badges through.
    expect(states.filter((s) => s.state === 'ready').length).toBeGreaterThan(0);
    for (const m of mints) expect(clientAttempts(await log(flowPath(m)))).toBeLessThanOrEqual(MAX_ATTEMPTS);
    await lens.screenshot('fault-half-500');
    await faults({});
    await lens.page.reload();
    for (const m of mints) expect(await settled(m)).toEqual({ state: 'ready', code: null });
  });

  it('3 s latency: the badge shows loading, then ready, with one request and no retry', async () => {
    const mint = lens.catalog.mints[40]!;
    await clearLog();
    await faults({ latencyMs: 3000 });
    await openTokens([mint], 'fault-latency');
    await expect.poll(() => badge(mint).getAttribute('data-state'), { timeout: 5000 }).toBe('loading');
    await lens.screenshot('fault-latency-loading');
    const started = Date.now();
    expect(await settled(mint, 10_000)).toEqual({ state: 'ready', code: null });
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(await log(flowPath(mint))).toHaveLength(1);
    await faults({});
  });

  it('recovers by itself: a badge failed on HTTP 500 turns ready without a reload once the fault clears', async () => {
    const mint = lens.catalog.mints[42]!;
    await clearLog();
    await faults({ status: 500, errorRate: 1, paths: ['/dca/token/'] });
    await openTokens([mint], 'fault-recover');
    expect(await settled(mint)).toEqual({ state: 'error', code: 'SERVER_ERROR' });
    const failed = (await log(flowPath(mint))).length;
    expect(failed).toBeGreaterThanOrEqual(1);
    await lens.screenshot('fault-recover-error');
    await faults({});
    // No reload: the badge's retry (first one after 3 s in test builds) brings it back. Until then
    // it keeps its error; it never flickers back to loading.
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const state = (await badge(mint).getAttribute('data-state')) ?? 'absent';
          seen.add(state);
          return state;
        },
        { timeout: 12_000, interval: 100 },
      )
      .toBe('ready');
    expect([...seen].sort()).toEqual(['error', 'ready']);
    const flow = await lens.api<{ buyers: { count: number } }>(flowPath(mint));
    expect(await badge(mint).getAttribute('data-text')).toContain(String(flow.buyers.count));
    await lens.screenshot('fault-recover-ready');
    // One more request did it: the failed ones, the retry, and the test's own REST read above.
    const after = await log(flowPath(mint));
    expect(after.filter((r) => r.status === 200)).toHaveLength(2);
    expect(after.length).toBe(failed + 2);
  });

  it('after all REST faults the watchlist entry and the settings are intact', async () => {
    await expectSameWatchlistAndSettings();
  });
});

interface Note {
  id: string;
  title: string;
  message: string;
}

/** Every notification the background created so far (test builds keep the texts). */
async function created(): Promise<Note[]> {
  const worker = lens.context.serviceWorkers()[0] ?? lens.worker;
  return worker.evaluate(() => {
    const g = globalThis as unknown as { __lensNotifications?: Note[] };
    return [...(g.__lensNotifications ?? [])];
  });
}

/** The event a notification is about (its id ends with the transaction signature and event index). */
const eventOf = (n: Note) => n.id.slice(n.id.indexOf('|t:') + 1);

/**
 * Emits a Filled event for the watched wallet until one notification follows (the first may land
 * before the room's join is acknowledged), then waits out the notifier's 2 s grouping window.
 */
async function emitUntilNotified(): Promise<void> {
  const before = (await created()).length;
  const deadline = Date.now() + 25_000;
  let notified = false;
  while (!notified && Date.now() < deadline) {
    await lens.sim('emit', { wallet: WATCHED(), eventName: 'Filled' });
    const waitUntil = Date.now() + 4000;
    while (!notified && Date.now() < waitUntil) {
      await new Promise((r) => setTimeout(r, 200));
      notified = (await created()).length > before;
    }
  }
  expect(notified).toBe(true);
  await new Promise((r) => setTimeout(r, 2500));
}

async function expectNoEventNotifiedTwice(): Promise<void> {
  const events = (await created()).map(eventOf);
  expect(new Set(events).size).toBe(events.length);
}

async function liveState(): Promise<string> {
  const r = await ask<{ live: string }>('status', {});
  return r.ok ? r.value!.live : 'error';
}

async function wsUpgrades(): Promise<Logged[]> {
  return (await log()).filter((r) => r.path === '/ws/:key');
}

describe('socket faults: bounded reconnects, no duplicate notification, recovery', () => {
  it('the watched wallet notifies once over the live socket', async () => {
    await expect.poll(liveState, { timeout: 15_000 }).toBe('live');
    await emitUntilNotified();
    await expectNoEventNotifiedTwice();
  });

  it('sockets dropped every 1.5 s: status says reconnecting, reconnects back off, live again when cleared, no duplicate notification', async () => {
    const notesBefore = await created();
    await clearLog();
    await faults({ dropSocketAfterMs: 1500 });
    const seen = new Set<string>();
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      seen.add(await liveState());
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen.has('reconnecting')).toBe(true);
    // Each socket lives 1.5 s and the backoff grows: at most one connection per 1.5 s window, plus one.
    expect((await wsUpgrades()).length).toBeLessThanOrEqual(5);
    // And it does try again. Not always inside those 6 s: the REST faults above may have left the
    // backoff grown (a connection resets it only once open for 60 s), so its next wait can be up to
    // 8 or 16 s (a fresh clone's CI run saw none inside the window once).
    await expect.poll(async () => (await wsUpgrades()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const popup = await lens.context.newPage();
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.goto(lens.extensionPage('popup.html'));
    await popup.getByTestId('status-live').waitFor();
    await lens.screenshot('fault-socket-drops-popup', popup);

    await faults({});
    await expect.poll(liveState, { timeout: 30_000, interval: 500 }).toBe('live');
    await expect
      .poll(() => popup.getByTestId('status-live').textContent(), { timeout: 10_000 })
      .toContain('Live');
    await popup.close();
    // The reconnect triggers a REST catch-up of the watched wallet: it must not repeat the fill
    // already notified over the socket.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await created()).toEqual(notesBefore);
    // Live events still arrive after recovery, each notified once.
    await emitUntilNotified();
    await expectNoEventNotifiedTwice();
  }, 120_000); // (the backoff's waits, see above)

  it('a silent socket: no reconnect storm while silent, events flow again once it speaks', async () => {
    await clearLog();
    await faults({ silentSocket: true });
    await new Promise((r) => setTimeout(r, 4000));
    // Silence shorter than the watchdog window (unit-tested in test/unit/live) costs no new socket.
    expect((await wsUpgrades()).length).toBeLessThanOrEqual(1);
    await faults({});
    await emitUntilNotified();
    await expectNoEventNotifiedTwice();
    await expectSameWatchlistAndSettings();
  });
});

describe('the worker is stopped in the middle of requests', () => {
  it('pending badges resolve or fail cleanly, the room comes back, the cache answers after the restart', async () => {
    const mints = lens.catalog.mints.slice(44, 48);
    await faults({ latencyMs: 1500 });
    await openTokens(mints, 'fault-worker-stop');
    await expect.poll(() => badge(mints[0]!).getAttribute('data-state'), { timeout: 5000 }).toBe('loading');
    const before = lens.context.serviceWorkers()[0] ?? lens.worker;
    await before.evaluate(() => {
      (globalThis as { __beforeStop?: boolean }).__beforeStop = true;
    });
    const cdp = await lens.context.newCDPSession(lens.page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await faults({});
    // No badge stays stuck loading: each ends ready or with an error code.
    const states = await Promise.all(mints.map((m) => settled(m, 20_000)));
    for (const s of states) {
      expect(['ready', 'error']).toContain(s.state);
      if (s.state === 'error') expect(s.code).toBeTruthy();
    }
    await lens.screenshot('fault-worker-stopped');
    // A page message wakes the worker; settings, watchlist and the live room come back.
    await extPage.reload();
    const markers = await Promise.all(
      lens.context
        .serviceWorkers()
        .map((w) =>
          w
            .evaluate(() => (globalThis as { __beforeStop?: boolean }).__beforeStop ?? false)
            .catch(() => 'gone'),
        ),
    );
    // The worker answering now is a fresh one: the stop really happened mid-request.
    expect(markers).toContain(false);
    expect(markers).not.toContain(true);
    await expectSameWatchlistAndSettings();
    await expect.poll(liveState, { timeout: 20_000, interval: 500 }).toBe('live');
    // A fresh page view fetches what is missing; what was cached before the stop costs nothing.
    await lens.page.reload();
    for (const m of mints) expect(await settled(m)).toEqual({ state: 'ready', code: null });
    await clearLog();
    await lens.page.reload();
    for (const m of mints) expect(await settled(m)).toEqual({ state: 'ready', code: null });
    expect((await log()).filter((r) => r.path.startsWith('/dca/token/'))).toEqual([]);
  });
});
