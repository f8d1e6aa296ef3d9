/**
 * `npm run demo`: the extension on the simulator. Starts the simulator, builds the extension pointed
 * at it (key `demo`), opens Chromium with a fresh profile, watches a wallet through the popup and has
 * the simulator emit DCA events for it, so desktop notifications arrive within a minute.
 *
 * With a display it opens the demo start page and stays until Ctrl-C. Without one (or with
 * `--headless`) it visits every surface, saves screenshots to demo-output/, prints their paths and exits.
 *
 * Options: --headless, --port N (the simulator's port; default: any free port).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { ADAPTERS } from '../lib/sites';
import { buildForSim } from '../test/e2e/build';
import { chromiumPath, launchChromium } from '../test/e2e/chromium';
import { startFixtureServer } from '../test/e2e/fixture-server';
import { lookupIn, openPopup, watchWalletInPopup } from '../test/e2e/ui';
import { type Catalog, type Sim, startSim } from '../test/sim';

const argv = process.argv.slice(2);
const headless = argv.includes('--headless') || (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);
const out = resolve('demo-output');

function portArg(): number {
  const i = argv.indexOf('--port');
  if (i < 0) return 0;
  const port = Number(argv[i + 1]);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`--port needs a port number (1-65535), got "${argv[i + 1] ?? ''}"`);
  }
  return port;
}

async function startSimulator(port: number): Promise<Sim> {
  try {
    // Anchored at this minute, not at the day's start (the library's default): active orders' next
    // cycles lie ahead as on the live service, instead of all reading "overdue 6 h" by the afternoon.
    return await startSim({
      port,
      seed: 42,
      eventsPerSecond: 1,
      epochMs: Math.floor(Date.now() / 60_000) * 60_000,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `port ${port} is in use: stop what is listening there, or pick another port with --port N (or leave --port out for any free port)`,
      );
    }
    throw error;
  }
}

interface Note {
  /** Names the wallet it is about. */
  id: string;
  title: string;
  message: string;
}

/** The notifications Chrome is showing, with their texts (kept by the build's test hook). */
async function shownNotifications(context: BrowserContext, worker: Worker): Promise<Note[]> {
  const live = context.serviceWorkers()[0] ?? worker;
  return live.evaluate(async () => {
    const g = globalThis as unknown as {
      chrome: { notifications: { getAll(cb: (ids: Record<string, boolean>) => void): void } };
      __lensNotifications?: { id: string; title: string; message: string }[];
    };
    const shown = await new Promise<Record<string, boolean>>((r) => g.chrome.notifications.getAll(r));
    // A burst summary keeps one id and is updated in place: the latest text per id is what shows.
    const latest = new Map<string, { id: string; title: string; message: string }>();
    for (const n of g.__lensNotifications ?? []) {
      if (!shown[n.id]) continue;
      latest.delete(n.id);
      latest.set(n.id, { id: n.id, title: n.title, message: n.message });
    }
    return [...latest.values()].reverse();
  });
}

/** Emits DCA events for the watched wallet, as its live room would see them on the real service. */
async function emitFor(sim: Sim, wallet: string, eventName: string): Promise<void> {
  await fetch(`${sim.url}/__sim/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ wallet, eventName }),
  }).catch(() => {});
}

/**
 * The watched wallets' unread counts as stored (what the popup's watchlist shows): `watchlist` in the
 * extension's private store (lib/private-store.ts: IndexedDB `onchain-lens-private`, store `kv`).
 */
async function unreadCounts(context: BrowserContext, worker: Worker): Promise<Record<string, number>> {
  const live = context.serviceWorkers()[0] ?? worker;
  return live.evaluate(async () => {
    const watchlist = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open('onchain-lens-private');
      // (not there yet: nothing watched; never created here, with no store, under the extension)
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => resolve(undefined);
      open.onsuccess = () => {
        const read = open.result.transaction('kv').objectStore('kv').get('watchlist');
        read.onsuccess = () => {
          open.result.close();
          resolve(read.result);
        };
        read.onerror = () => reject(read.error);
      };
    });
    const counts: Record<string, number> = {};
    for (const e of Array.isArray(watchlist) ? watchlist : []) {
      const entry = e as { wallet?: unknown; unread?: unknown };
      if (typeof entry.wallet === 'string' && typeof entry.unread === 'number')
        counts[entry.wallet] = entry.unread;
    }
    return counts;
  });
}

/**
 * How many events a notification stands for: "7 fills: ..." is 7, "4 fills, 1 deposit" 5 (the nouns
 * of lib/watch/text.ts countsText), a single event's "Filled: ..." 1.
 */
function eventsIn(note: Note | undefined): number {
  if (!note) return 0;
  const nouns = /\b(\d+) (?:fills?|new orders?|closed orders?|deposits?|withdrawals?|fees?)\b/g;
  const counts = [...note.message.matchAll(nouns)];
  return counts.length > 0 ? counts.reduce((n, m) => n + Number(m[1]), 0) : 1;
}

/**
 * Waits for the unread counts to settle: a notification shows at once, while its wallet's count is
 * written with the worker's next write of live events (LIVE_WRITE_MS, 2 s, in lib/watch/poller.ts).
 * Settled: `wallet` counts at least `expected` and nothing changed for longer than that window.
 */
async function settleUnread(
  page: Page,
  read: () => Promise<Record<string, number>>,
  wallet: string,
  expected: number,
): Promise<Record<string, number>> {
  const deadline = Date.now() + 15_000;
  let counts = await read();
  let last = JSON.stringify(counts);
  let since = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(250);
    counts = await read();
    const now = JSON.stringify(counts);
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since > 2_500 && (counts[wallet] ?? 0) >= expected) {
      return counts;
    }
  }
  console.warn(`unread counts did not settle (${last}, expected ${expected} for ${wallet})`);
  return counts;
}

/**
 * An active DCA order of `mint` owned by none of `skip` (the watched wallets: a fill of theirs would
 * be a desktop notification ahead of the notification step); null if there is none.
 */
async function activeOrderOf(sim: Sim, mint: string, skip: readonly string[]): Promise<string | null> {
  for (const side of ['buyers', 'sellers']) {
    const res = await fetch(`${sim.url}/dca/token/${mint}/${side}?status=active&limit=200`, {
      headers: { 'x-api-key': 'demo' },
    }).catch(() => null);
    if (!res?.ok) continue;
    const body = (await res.json()) as { orders?: { address: string; owner: string }[] };
    const hit = body.orders?.find((o) => !skip.includes(o.owner));
    if (hit) return hit.address;
  }
  return null;
}

/**
 * A fill for the token popover's live list: waits for the popover to have joined the token's room
 * (its fills heading says "· live"; the simulator's own events may have filled the list already, so
 * "Waiting for fills" is not always there), has the simulator fill an order of that mint (not one of
 * the watched wallets') and waits for the list to change. The popover's text is read from the mirror
 * the test-hook build keeps on its host.
 */
async function liveFill(page: Page, sim: Sim, mint: string, watched: readonly string[]): Promise<void> {
  const host = page.locator(`[data-onchain-lens="popover"][data-address="${mint}"]`).first();
  const read = () => host.getAttribute('data-text', { timeout: 1_000 }).catch(() => null);
  const until = async (ok: (t: string) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (ok((await read()) ?? '')) return true;
      await page.waitForTimeout(200);
    }
    return false;
  };
  // without the mirror (a build without test hooks), the fill is emitted and given time to show
  const mirrored = (await read()) !== null;
  if (mirrored && !(await until((t) => t.includes('Latest fills · live'), 10_000))) {
    console.warn('token popover: its latest fills never went live; no fill emitted');
    return;
  }
  const fillsOf = (t: string) => t.slice(t.indexOf('Latest fills · live'));
  const before = fillsOf((await read()) ?? '');
  const order = await activeOrderOf(sim, mint, watched);
  const res = await fetch(`${sim.url}/__sim/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(order ? { order, eventName: 'Filled' } : { mint, eventName: 'Filled' }),
  }).catch(() => null);
  if (!res?.ok) {
    console.warn(`token popover: the simulator emitted no fill for ${mint} (${res?.status ?? 'no answer'})`);
    return;
  }
  if (!mirrored) await page.waitForTimeout(1_500);
  else if (!(await until((t) => fillsOf(t) !== before && !t.includes('Waiting for fills'), 10_000))) {
    console.warn('token popover: the emitted fill did not show');
  }
  await page.waitForTimeout(300); // painted
}

async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.querySelectorAll('[data-onchain-lens="badge"][data-state="loading"]').length === 0,
      null,
      { timeout: 15_000 },
    )
    .catch(() => {});
  await page.waitForTimeout(300);
}

/** One popup lookup per kind of input a trader pastes. */
function popupLookups(c: Catalog): { name: string; input: string; view: string }[] {
  return [
    { name: 'wallet', input: c.wallets[0]!, view: 'view-wallet' },
    { name: 'token', input: c.mints[2]!, view: 'view-token' },
    { name: 'order', input: c.orders[0]!, view: 'view-order' },
    { name: 'event', input: `https://polymarket.com/event/${c.events.polymarket[0]}`, view: 'view-event' },
    { name: 'block', input: String(c.slots.confirmed[0]), view: 'view-block' },
    { name: 'search', input: 'bonk', view: 'view-search' },
  ];
}

async function main(): Promise<void> {
  chromiumPath(); // fails fast, before the simulator and the build, when there is no Chromium
  const sim = await startSimulator(portArg());
  const fixtures = await startFixtureServer(sim.catalog);
  console.log(`simulator: ${sim.url}   demo pages: ${fixtures.url}/index.html`);
  process.env.LENS_OUT_DIR = resolve('.output/demo');
  const extension = buildForSim({ simUrl: sim.url, key: 'demo', testHooks: true });
  const browser = await launchChromium(extension, headless);
  const { context } = browser;
  let emitter: NodeJS.Timeout | undefined;
  let closing = false;
  const cleanup = async () => {
    if (closing) return;
    closing = true;
    clearInterval(emitter);
    await browser.close();
    await fixtures.close();
    await sim.close();
  };
  const stop = () => void cleanup().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;

  // Watch two wallets through the popup, as a user would; the simulator then trades for them.
  const [wallet, burstWallet] = [sim.catalog.wallets[0]!, sim.catalog.wallets[1]!];
  await (await watchWalletInPopup(context, id, burstWallet)).close();
  const popup = await watchWalletInPopup(context, id, wallet);
  if (!headless) {
    const cycle = ['Filled', 'Deposit', 'Filled'];
    let n = 0;
    emitter = setInterval(() => void emitFor(sim, wallet, cycle[n++ % cycle.length]!), 20_000);
  }

  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${fixtures.url}/index.html`);
  if (!headless) {
    await popup.close();
    console.log('Chromium is open with the extension: try the site pages, hover a badge, open the popup.');
    console.log(`Watching ${wallet}: the simulator emits a DCA event for it every 20 s. Ctrl-C stops.`);
    return;
  }

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const shots: string[] = [];
  const shoot = async (name: string, target: Page = page) => {
    const file = join(out, `${name}.png`);
    await target.screenshot({ path: file });
    shots.push(file);
  };

  // Badges on every supported site's fixture page.
  for (const adapter of ADAPTERS) {
    await page.goto(`${fixtures.url}/${adapter.id}.html`);
    await settle(page);
    await shoot(`site-${adapter.id}`);
  }

  // Popovers: wallet, token and order on Solscan, odds on X.
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [site, kind] of [
    ['solscan', 'wallet'],
    ['solscan', 'mint'],
    ['jupiter', 'order'],
    ['x', 'event'],
  ] as const) {
    await page.goto(`${fixtures.url}/${site}.html`);
    await settle(page);
    const badge = page
      .locator(`[data-onchain-lens="badge"][data-kind="${kind}"][data-state="ready"]`)
      .first();
    if ((await badge.count()) === 0) {
      console.warn(`no ready ${kind} badge on ${site}: popover screenshot skipped`);
      continue;
    }
    await badge.scrollIntoViewIfNeeded();
    await badge.hover();
    await page
      .locator('[data-onchain-lens="popover"]')
      .first()
      .waitFor({ timeout: 5_000 })
      .catch(() => {});
    await page.waitForTimeout(1_200);
    // a token's latest fills are live: one arrives while it is open, as on a traded token
    const mint = kind === 'mint' ? await badge.getAttribute('data-address') : null;
    if (mint) await liveFill(page, sim, mint, [wallet, burstWallet]);
    await shoot(`popover-${kind === 'mint' ? 'token' : kind}`);
    await page.mouse.move(5, 5);
  }

  // The popup: each kind of lookup, light, and the wallet view dark too.
  for (const scheme of ['light', 'dark'] as const) {
    for (const lookup of popupLookups(sim.catalog)) {
      if (scheme === 'dark' && lookup.name !== 'wallet' && lookup.name !== 'event') continue;
      const view = await openPopup(context, id);
      await view.emulateMedia({ colorScheme: scheme });
      await lookupIn(view, lookup.input, lookup.view).catch(() =>
        console.warn(`popup ${lookup.name}: ${lookup.view} did not appear`),
      );
      await view.waitForTimeout(600);
      await shoot(`popup-${lookup.name}${scheme === 'dark' ? '-dark' : ''}`, view);
      await view.close();
    }
  }

  const options = await context.newPage();
  await options.setViewportSize({ width: 1000, height: 1100 });
  await options.goto(`chrome-extension://${id}/options.html`);
  await options.getByTestId('status-line').or(options.getByTestId('options-key')).first().waitFor();
  await options.waitForTimeout(800);
  await shoot('options', options);
  await options.close();

  // Notifications: one fill of the first wallet, then a burst of the second (grouped into one).
  // `emit` runs once, then the list is read until `ok` holds: emitting again each round would turn
  // the first wallet's single fill into a burst of its own.
  const waitFor = async (ok: (notes: Note[]) => boolean, emit: () => Promise<void>, ms: number) => {
    const deadline = Date.now() + ms;
    let notes: Note[] = [];
    await emit();
    while (Date.now() < deadline) {
      await page.waitForTimeout(1_500);
      notes = await shownNotifications(context, worker);
      if (ok(notes)) break;
    }
    return notes;
  };
  // (a grouped notification has one id per wallet, ending in "burst": its text may change)
  const grouped = (n: Note) => n.id.endsWith('|burst');
  const single = (n: Note) => !grouped(n);
  await waitFor(
    (notes) => notes.some(single),
    () => emitFor(sim, wallet, 'Filled'),
    30_000,
  );
  let notes = await waitFor(
    (list) => list.some((n) => grouped(n) && n.id.includes(burstWallet)),
    async () => {
      for (let i = 0; i < 6; i++) await emitFor(sim, burstWallet, 'Filled');
    },
    30_000,
  );
  // The popup's unread counts must agree with the notifications: let the counts be written, then
  // read the notifications again (a background fill meanwhile updates the burst's text in place).
  const burstNote = notes.find((n) => grouped(n) && n.id.includes(burstWallet));
  const counts = await settleUnread(
    page,
    () => unreadCounts(context, worker),
    burstWallet,
    eventsIn(burstNote),
  );
  // (Chromium takes a notification out of the tray once it has timed out: none left, the first read stands)
  const again = await shownNotifications(context, worker);
  if (again.length > 0) notes = again;
  const shownCount = eventsIn(notes.find((n) => grouped(n) && n.id.includes(burstWallet)));
  if (shownCount > 0 && shownCount !== counts[burstWallet]) {
    console.warn(
      `the burst notification names ${shownCount} events, the watchlist counts ${counts[burstWallet]}`,
    );
  }
  await popup.reload();
  await popup.getByTestId('watch-row').first().waitFor({ timeout: 10_000 });
  await popup.waitForTimeout(500);
  await shoot('popup-home', popup);
  await page.setContent(notificationListHtml(notes));
  await shoot('notifications');
  await cleanup();
  console.log(`desktop notifications shown: ${notes.length}`);
  for (const note of notes.slice(0, 5)) console.log(`  ${note.title}: ${note.message}`);
  console.log(`screenshots (${shots.length}) in ${out}:\n${shots.map((s) => `  ${s}`).join('\n')}`);
  writeFileSync(join(out, 'notifications.json'), `${JSON.stringify(notes, null, 2)}\n`);
  if (notes.length === 0) {
    console.error('no desktop notification arrived within a minute');
    process.exit(1);
  }
}

/** A page listing the notifications Chrome shows (headless Chromium draws no notification centre). */
function notificationListHtml(notes: Note[]): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const items = notes
    .map((n) => `<li><strong>${esc(n.title)}</strong><span>${esc(n.message)}</span></li>`)
    .join('');
  return `<!doctype html><meta charset="utf-8"><title>Notifications</title>
<style>
  body { font: 14px/1.45 system-ui, sans-serif; background: #1f2430; color: #eceff4; margin: 32px; }
  h1 { font-size: 16px; font-weight: 600; margin: 0 0 16px; color: #a3acc2; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 10px; max-width: 420px; }
  li { background: #2e3440; border-radius: 10px; padding: 12px 14px; display: grid; gap: 4px;
       box-shadow: 0 4px 14px rgba(0,0,0,.35); }
  span { color: #d8dee9; }
</style>
<h1>Desktop notifications from Onchain Lens (${notes.length}), as chrome.notifications holds them</h1>
<ul>${items || '<li>none</li>'}</ul>`;
}

main().catch((error) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
