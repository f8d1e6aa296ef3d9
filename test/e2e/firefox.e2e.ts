/**
 * The extension in Firefox: the MV2 build the Firefox ZIP holds, installed in Debian's Firefox ESR
 * and driven over WebDriver BiDi, against the same simulator as the Chromium suite. What differs
 * from Chromium at run time is all on this path: a background page instead of a service worker, the
 * content script's messaging to it, the IndexedDB cache, the API client's requests and the
 * datastream's WebSocket, and the overlay's rendering in Firefox's layout engine.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney, formatProgress } from '../../lib/format';
import { ADAPTERS } from '../../lib/sites';
import { overlayExpectation } from '../fixtures/render';
import type { Catalog } from '../sim';
import { type Firefox, launchFirefox } from './firefox';
import { startFixtureServer, startTrap } from './fixture-server';
import { ARTIFACTS } from './harness';
import { emitUntil, simClient } from './sim-client';
import { selfSignedCert } from './tls';

const { api, sim } = simClient(inject('simUrl'));
const fixture = (name: string) => `${inject('fixturesUrl')}/${name}.html`;
let ff: Firefox;
let catalog: Catalog;

beforeAll(async () => {
  ff = await launchFirefox(inject('firefoxExtensionDir'));
  catalog = await sim<Catalog>('catalog');
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await ff?.close();
});

interface Host {
  kind: string;
  state: string;
  address: string;
  text: string;
}
/** Our hosts on the page (badges or popovers), as the test build marks them. */
const hosts = (what: 'badge' | 'popover', browser = ff) =>
  browser.evaluate<Host[]>(
    `[...document.querySelectorAll('[data-onchain-lens="${what}"][data-kind]')].map((h) => ({
      kind: h.dataset.kind, state: h.dataset.state, address: h.dataset.address, text: h.dataset.text ?? '',
    }))`,
  );
const countBy = (list: Host[]) => {
  const out: Record<string, number> = {};
  for (const h of list) out[h.kind] = (out[h.kind] ?? 0) + 1;
  return out;
};

/** The middle of the element `selector` names, scrolled into view first (viewport coordinates). */
const centerOf = (browser: Firefox, selector: string, context?: string) =>
  browser.evaluate<{ x: number; y: number }>(
    `(() => {
      const el = document.querySelector(${JSON.stringify(selector)});
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    })()`,
    context,
  );

/** The overlay a fixture expects, as a count of hosts per kind (its odds chips as `event`). */
function expectedKinds(site: string): Record<string, number> {
  const want = overlayExpectation(readFileSync(`test/fixtures/${site}.html`, 'utf8'));
  return { ...want.badges, ...(want.odds ? { event: want.odds } : {}) };
}

/** Scrolls a wallet's badge into view and points at it, as a trader does; returns once its popover has data. */
async function hoverOpen(address: string): Promise<void> {
  await expect
    .poll(async () => (await hosts('badge')).find((b) => b.address === address)?.state, { timeout: 15_000 })
    .toBe('ready');
  const at = await centerOf(ff, `[data-onchain-lens="badge"][data-address="${address}"]`);
  await ff.hover(0, 0);
  await ff.hover(at.x, at.y);
  await expect
    .poll(async () => (await hosts('popover')).find((p) => p.address === address)?.state, {
      timeout: 15_000,
    })
    .toBe('ready');
}
const popoverText = async () => (await hosts('popover'))[0]?.text ?? '';

/** Loads the popup page (afresh) in the extension's tab and waits for its search box to take the focus. */
async function openPopupPage(tab: string): Promise<void> {
  await ff.evaluate(`(window.lensLeft = true, location.assign('popup.html'))`, tab);
  await expect
    .poll(
      () =>
        ff.evaluate<string | null>(
          `window.lensLeft ? null : (document.activeElement?.dataset.testid ?? null)`,
          tab,
        ),
      { timeout: 10_000 },
    )
    .toBe('search-input');
}

describe('the extension in Firefox', () => {
  for (const site of ADAPTERS.map((a) => a.id)) {
    it(`${site}: the fixture's badges and odds appear and settle with the simulator's data`, async () => {
      const kinds = expectedKinds(site);
      await ff.goto(fixture(site));
      await expect.poll(async () => countBy(await hosts('badge')), { timeout: 20_000 }).toEqual(kinds);
      // Each one leaves the loading state: the background page answered it.
      await expect
        .poll(async () => (await hosts('badge')).filter((h) => h.state === 'loading').length, {
          timeout: 15_000,
        })
        .toBe(0);
      expect(new Set((await hosts('badge')).map((h) => h.state))).toEqual(new Set(['ready']));
      await ff.screenshot(join(ARTIFACTS, `firefox-${site}.png`));
    });
  }

  it('x: a token badge in a post with room on its line is a pill, not a dot (its parent is an inline span)', async () => {
    // Firefox gives an inline box a content height (scrollHeight) and no client height: read as a
    // box whose content overflows by a line, it made every badge inside an inline span a dot.
    const mint = catalog.mints[2]!;
    const badge = `document.querySelector('[data-onchain-lens="badge"][data-address="${mint}"]')`;
    await ff.goto(fixture('x'));
    await expect
      .poll(() => ff.evaluate<string | null>(`${badge}?.dataset.state ?? null`), { timeout: 15_000 })
      .toBe('ready');
    await new Promise((r) => setTimeout(r, 500)); // (room is checked in the task after each commit's frame)
    expect(await ff.evaluate<string>(`getComputedStyle(${badge}.parentElement).display`)).toBe('inline');
    expect(await ff.evaluate<boolean>(`${badge}.hasAttribute('data-fit')`)).toBe(false);
    expect(await ff.evaluate<number>(`${badge}.getBoundingClientRect().width`)).toBeGreaterThan(100);
  });

  it('the popup page: the key checked in the status line; a wallet typed into the search box shows its orders', async () => {
    const tab = await ff.extensionTab();
    await openPopupPage(tab);
    const status = (id: string) =>
      ff.evaluate<string | null>(`document.querySelector('[data-testid="${id}"]')?.textContent ?? null`, tab);
    await expect.poll(() => status('status-key'), { timeout: 10_000 }).toBe('Key valid');
    const sub = await api<{ plan: string }>('/subscription');
    expect(await status('status-plan')).toContain(sub.plan);

    const wallet = catalog.wallets[0]!;
    const first = await api<{ orders: { address: string }[]; pagination: { total: number } }>(
      `/dca/wallet/${wallet}?limit=10&sort=recent`,
    );
    await ff.type(`${wallet}\uE007`, tab); // Enter
    const view = `document.querySelector('[data-testid="lookup-result"] > [data-testid="view-wallet"]')`;
    await expect
      .poll(
        () => ff.evaluate<number>(`${view}?.querySelectorAll('[data-testid="order-row"]').length ?? 0`, tab),
        {
          timeout: 15_000,
        },
      )
      .toBe(first.orders.length);
    expect(await ff.evaluate<string>(`${view}.textContent`, tab)).toContain(
      `${first.pagination.total} total`,
    );
    await ff.screenshot(join(ARTIFACTS, 'firefox-popup-wallet.png'), tab);
  });

  it('a wallet watched from the popup page: a fill over its live room becomes a desktop notification', async () => {
    const tab = await ff.extensionTab();
    await openPopupPage(tab);
    const wallet = catalog.wallets[3]!;
    await ff.type(`${wallet}\uE007`, tab);
    const watch = `[...document.querySelectorAll('button')].find((b) => /^watch/i.test(b.textContent.trim()))`;
    await expect.poll(() => ff.evaluate<boolean>(`!!${watch}`, tab), { timeout: 15_000 }).toBe(true);
    await ff.evaluate(`${watch}.click()`, tab);
    await expect
      .poll(() => ff.evaluate<number>(`document.querySelectorAll('[data-testid="watch-row"]').length`, tab), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    // The notifications Firefox took (its notifications.create resolved), as the test build keeps
    // them on the background page: headless Firefox shows no system alert, and its
    // notifications.getAll() answers none. The first fills may come before the wallet's room is
    // joined: they go on until one is taken.
    const shown = `browser.runtime.getBackgroundPage().then((bg) =>
      (bg.__lensNotifications ?? []).map((n) => n.title + ': ' + n.message))`;
    let notes: string[] = [];
    await emitUntil(
      () => sim('emit', { wallet, eventName: 'Filled' }),
      async () => {
        notes = await ff.evaluate<string[]>(shown, tab);
        return notes.some((n) => /fill/i.test(n));
      },
    );
    expect(notes.find((n) => /fill/i.test(n))).toMatch(/→/);
    // The toolbar icon counts the unread events (MV2's browserAction in Firefox, not action).
    await expect
      .poll(() => ff.evaluate<string>('browser.browserAction.getBadgeText({})', tab), { timeout: 10_000 })
      .toMatch(/^[1-9]\d*$/);

    // The wallet is in the watchlist, the recent lookups and the watch state: none of them is in
    // storage.local, which Firefox lets a content script read (lib/private-store.ts).
    await ff.goto(fixture('solscan'));
    await expect.poll(async () => (await hosts('badge')).length, { timeout: 15_000 }).toBeGreaterThan(0);
    // (something there for the read to find: the read is not simply refused)
    await ff.evaluate(`browser.storage.local.set({ probe: 'readable' })`, tab);
    const local = await ff.evaluate<string>(
      `(async () => {
        const [page] = (await browser.tabs.query({})).filter((t) => t.url.includes('/solscan.html'));
        const [r] = await browser.scripting.executeScript({
          target: { tabId: page.id },
          func: async () => JSON.stringify(await browser.storage.local.get(null)),
        });
        return r.result;
      })()`,
      tab,
    );
    expect(local).toContain('readable'); // (read: Firefox lets it)
    expect(local).not.toContain(wallet);
  });

  it('a hovered wallet badge opens its popover with the simulator PnL, follows a fill live, and Esc closes it', async () => {
    const wallet = catalog.wallets[0]!;
    const pnl = await api<{ summary: { pnl: { total: number } } }>(
      `/v2/pnl/wallets/${wallet}?pnlMode=strict&currency=usd`,
    );
    const list = await api<{ orders: { address: string; status: string }[] }>(
      `/dca/wallet/${wallet}?limit=10&sort=recent`,
    );
    const order = list.orders.find((o) => o.status === 'active')!.address;
    await ff.goto(fixture('solscan'));
    await hoverOpen(wallet);
    expect(await popoverText()).toContain(formatMoney(pnl.summary.pnl.total, 'usd', { sign: true }));

    // A fill of one of its orders, over the datastream: the popover's row shows the new progress
    // (the first may come before the popover's room is joined, so fills go on until one shows).
    await emitUntil(
      () => sim<{ order: { progressPercent: number } }>('emit', { order, eventName: 'Filled' }),
      async (fill) => (await popoverText()).includes(formatProgress(fill.order.progressPercent)),
      20_000,
    );
    await ff.screenshot(join(ARTIFACTS, 'firefox-popover-wallet.png'));

    await ff.type('\uE00C'); // Escape
    await expect.poll(async () => (await hosts('popover')).length, { timeout: 5_000 }).toBe(0);
  });
});

/**
 * "Any site" detection end to end: the options page's switch asks Firefox for the optional
 * permission for every https site (the profile answers such requests yes without a prompt, which a
 * headless browser could not show), the background page registers the overlay for every https site
 * but the supported ones, and a site no adapter names gets badges. Its own Firefox: the grant stays
 * with the profile. The site is https://anysite.test (Firefox resolves that name to this machine),
 * served with a self-signed certificate.
 */
describe('"any site" detection in Firefox', () => {
  const HOST = 'anysite.test';
  let any: Firefox;
  let site: Awaited<ReturnType<typeof startFixtureServer>>;
  beforeAll(async () => {
    site = await startFixtureServer(catalog, 0, selfSignedCert(HOST));
    any = await launchFirefox(inject('firefoxExtensionDir'), {
      prefs: { 'extensions.webextOptionalPermissionPrompts': false, 'network.dns.localDomains': HOST },
      acceptInsecureCerts: true,
    });
  });
  afterAll(async () => {
    await any?.close();
    await site?.close();
  });

  /** Clicks the options page's "any site" box, as a trader does (a user gesture: the request needs one). */
  async function clickAnySite(tab: string): Promise<void> {
    await any.send('browsingContext.activate', { context: tab });
    const at = await centerOf(any, '[data-testid="any-site"]', tab);
    await any.click(at.x, at.y, tab);
    await any.send('browsingContext.activate', { context: any.context });
  }
  const granted = (tab: string) =>
    any.evaluate<boolean>(`browser.permissions.contains({ origins: ['https://*/*'] })`, tab);
  /** The ids of the content scripts the background registered (none in the manifest's list). */
  const registered = (tab: string) =>
    any.evaluate<string[]>(
      `browser.scripting.getRegisteredContentScripts().then((l) => l.map((s) => s.id))`,
      tab,
    );
  /** The test build's mark on a page the overlay runs on ('ready', or 'off' once switched off). */
  const overlayMark = () =>
    any.evaluate<string | null>('document.documentElement.dataset.onchainLensOverlay ?? null');

  it('a site no adapter names: nothing until the switch grants it, then its badges; switched off, they go at once and new loads get no script', async () => {
    const page = `${site.url.replace('127.0.0.1', HOST)}/generic.html`;
    const tab = await any.extensionTab();
    await expect
      .poll(() => any.evaluate<boolean>(`!!document.querySelector('[data-testid="any-site"]')`, tab), {
        timeout: 10_000,
      })
      .toBe(true);

    // Not granted: the page loads (its own text is there) and the overlay is not in it.
    await any.goto(page);
    expect(await any.evaluate<string>('location.protocol + document.title')).toMatch(/^https:/);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await overlayMark()).toBeNull();
    expect(await hosts('badge', any)).toEqual([]);

    await clickAnySite(tab);
    await expect.poll(() => granted(tab), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => any.evaluate<boolean>(`document.querySelector('[data-testid="any-site"]').checked`, tab), {
        timeout: 10_000,
      })
      .toBe(true);
    await expect.poll(() => registered(tab), { timeout: 10_000 }).toEqual(['overlay-any-site']);
    // For pages loaded from now on (the note under the switch says so).
    const kinds = expectedKinds('generic');
    await expect
      .poll(
        async () => {
          await any.goto(page);
          await new Promise((r) => setTimeout(r, 1_000));
          return countBy(await hosts('badge', any));
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual(kinds);
    await expect
      .poll(async () => (await hosts('badge', any)).every((h) => h.state === 'ready'), { timeout: 15_000 })
      .toBe(true);
    await any.screenshot(join(ARTIFACTS, 'firefox-any-site.png'));

    // Off: the permission goes back, the open page's badges go without a reload, the script is
    // unregistered, and a new load of the page has no overlay at all.
    await clickAnySite(tab);
    await expect.poll(() => granted(tab), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => registered(tab), { timeout: 10_000 }).toEqual([]);
    await expect.poll(async () => (await hosts('badge', any)).length, { timeout: 10_000 }).toBe(0);
    await any.goto(page);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await overlayMark()).toBeNull();
    expect(await hosts('badge', any)).toEqual([]);
  });
});

/**
 * The key in Firefox, where content scripts may read and write storage.local (Chrome 140's is
 * closed to them): the key is not there, the secrets' IndexedDB is the extension's own, the
 * privileged messages are refused, and API hosts (or other settings) written into storage.local from
 * a content script are not where the key goes (or what the add-on uses) after it restarts. Its own
 * Firefox: the add-on is reloaded.
 */
describe("the key in Firefox, out of a content script's reach", () => {
  let fx: Firefox;
  /** A server the key must never reach. */
  let trap: Awaited<ReturnType<typeof startTrap>>;
  beforeAll(async () => {
    trap = await startTrap();
    fx = await launchFirefox(inject('firefoxExtensionDir'));
  });
  afterAll(async () => {
    await fx?.close();
    await trap?.close();
  });

  it('the key saved is in no store a content script reads, and hosts it writes do not move the key after a restart', async () => {
    const tab = await fx.extensionTab();
    // The key saved as the options page saves it (a message to the background page).
    const saved = await fx.evaluate<{ res?: { ok: boolean } }>(
      `browser.runtime.sendMessage({ id: 1, type: 'keySet', data: { key: 'demo' }, timestamp: Date.now() })`,
      tab,
    );
    expect(saved.res?.ok).toBe(true);
    await fx.goto(fixture('solscan'));
    await expect
      .poll(async () => (await hosts('badge', fx)).filter((h) => h.state === 'ready').length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);

    // In the content script's world of that tab (run there by the extension, as its own script).
    const seen = await fx.evaluate<{
      local: string;
      dbs: string[];
      forbidden: unknown;
      keyCheck: unknown;
    }>(
      `(async () => {
        const [page] = (await browser.tabs.query({})).filter((t) => t.url.includes('/solscan.html'));
        const [r] = await browser.scripting.executeScript({
          target: { tabId: page.id },
          func: async (trapUrl) => {
            const local = JSON.stringify(await browser.storage.local.get(null));
            const dbs = (await indexedDB.databases()).map((d) => d.name);
            const ask = (type, data) => browser.runtime.sendMessage({ id: 9, type, data, timestamp: Date.now() });
            const forbidden = await ask('settingsGet', {});
            const keyCheck = await ask('keyCheck', { key: 'stolen-key-123' });
            // What Firefox lets it do: write settings into storage.local, where earlier versions
            // kept them: hosts of its own, and notifications and badges of its choosing.
            const { settings = {} } = await browser.storage.local.get('settings');
            const hosts = { ...settings.hosts, data: trapUrl, prediction: trapUrl, rpc: trapUrl };
            await browser.storage.local.set({
              settings: { ...settings, hosts, currency: 'sol', notifications: { enabled: false } },
            });
            return { local, dbs, forbidden, keyCheck };
          },
          args: [${JSON.stringify(trap.url)}],
        });
        return r.result;
      })()`,
      tab,
    );
    // Readable in Firefox (a JSON object, where Chrome's is refused), and holding no key.
    expect(seen.local).toMatch(/^\{/);
    expect(seen.local).not.toContain('demo');
    expect(seen.dbs).not.toContain('onchain-lens-secrets');
    for (const answer of [seen.forbidden, seen.keyCheck])
      expect(answer).toEqual({
        res: { ok: false, error: expect.objectContaining({ code: 'FORBIDDEN_SENDER' }) },
      });

    // The add-on restarts (its background page starts over and loads its settings): the fixture's
    // badges settle, and the trap is never asked (before lib/secrets.ts's trustedHosts it was, with
    // the key: checked).
    await fx.evaluate('browser.runtime.reload()', tab).catch(() => {}); // (the tab goes with it)
    await fx.goto(fixture('solscan'));
    // (a load before the add-on is back has no content script: loaded again until it has badges)
    await expect
      .poll(
        async () => {
          const list = await hosts('badge', fx);
          if (!list.length) await fx.goto(fixture('solscan'));
          return list.length > 0 && list.every((h) => h.state === 'ready');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    expect(trap.hits).toEqual([]);
    // Nor are the other settings it wrote taken (they live in the private store, lib/private-store.ts,
    // which a content script cannot open): the wallets' PnL is still in dollars, not in SOL.
    const wallets = (await hosts('badge', fx)).filter((h) => h.kind === 'wallet').map((h) => h.text);
    expect(wallets.some((t) => t.includes('$'))).toBe(true);
    expect(wallets.filter((t) => /SOL/.test(t))).toEqual([]);
  });
});
