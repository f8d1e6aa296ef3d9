import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTrap } from './fixture-server';
import { type ChromeApi, type Lens, launchLens } from './harness';

let lens: Lens;
beforeAll(async () => {
  lens = await launchLens();
});
afterAll(async () => {
  await lens?.close();
});

/**
 * Runs the probe in the content script's isolated world of the fixture tab (the world our content
 * script lives in). Written without named inner functions: the test transpiler would add helpers
 * that do not exist in the page, and MV3 forbids eval there.
 */
async function probeContentScriptWorld() {
  const url = lens.page.url();
  return lens.worker.evaluate(async (url) => {
    const c = (globalThis as unknown as { chrome: ChromeApi }).chrome;
    const tabs = await c.tabs.query({});
    const tab = tabs.find((t: { url?: string }) => t.url === url);
    const [result] = await c.scripting.executeScript({
      target: { tabId: tab!.id! },
      world: 'ISOLATED',
      func: async () => {
        const g = globalThis as unknown as { chrome: ChromeApi };
        let local = 'denied';
        try {
          local = JSON.stringify(await g.chrome.storage.local.get(null));
        } catch {
          // the background restricts storage.local to trusted contexts
        }
        let write = 'denied';
        try {
          await g.chrome.storage.local.set({ settings: { hosts: { data: 'https://elsewhere.example' } } });
          write = 'written';
        } catch {
          // nor write to it (the API hosts among its settings)
        }
        let session = 'denied';
        try {
          session = JSON.stringify(await g.chrome.storage.session.get(null));
        } catch {
          // content scripts are not trusted contexts for storage.session
        }
        const dbs = (await indexedDB.databases()).map((d) => d.name);
        const forbidden = await g.chrome.runtime.sendMessage({
          id: 1,
          type: 'settingsGet',
          data: {},
          timestamp: Date.now(),
        });
        const keyCheck = await g.chrome.runtime.sendMessage({
          id: 2,
          type: 'keyCheck',
          data: { key: 'stolen-key-123' },
          timestamp: Date.now(),
        });
        const bad = await g.chrome.runtime.sendMessage({
          id: 3,
          type: 'walletBadge',
          data: { address: 'not-an-address' },
          timestamp: Date.now(),
        });
        return { local, write, session, dbs, forbidden, keyCheck, bad };
      },
    });
    return result?.result as never;
  }, url) as Promise<{
    local: string;
    write: string;
    session: string;
    dbs: string[];
    forbidden: { res: unknown };
    keyCheck: { res: unknown };
    bad: { res: unknown };
  }>;
}

describe('the key and privileged messages are out of a content script reach', () => {
  it('a key saved in the options page works for API calls and is unreadable from a content script', async () => {
    const options = await lens.context.newPage();
    await options.goto(lens.extensionPage('options.html'));
    const secret = 'demo';
    await options.getByTestId('key-input').fill(secret);
    await options.getByRole('button', { name: /save/i }).first().click();
    await expect.poll(() => options.getByText(/premium/i).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await lens.screenshot('options-key-saved', options);
    await options.close();

    await lens.page.goto(lens.fixture('solscan'));
    await expect
      .poll(() => lens.page.locator('[data-onchain-lens="badge"][data-state="ready"]').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    const seen = await probeContentScriptWorld();
    expect(seen).not.toBeNull();
    // Settings (API hosts), watchlist and recent lookups: not readable, so not writable either.
    expect(seen.local).toBe('denied');
    expect(seen.write).toBe('denied');
    expect(seen.session).not.toContain('demo');
    expect(seen.dbs).not.toContain('onchain-lens-secrets');
    expect(seen.forbidden.res).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'FORBIDDEN_SENDER' }),
    });
    expect(seen.keyCheck.res).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'FORBIDDEN_SENDER' }),
    });
    expect(seen.bad.res).toEqual({ ok: false, error: expect.objectContaining({ code: 'INVALID_INPUT' }) });
  });

  it('hostile API text renders literally: no script runs, no unsafe link or image appears', async () => {
    const hostileMint = lens.catalog.mints[5]!;
    const hostileEvent = lens.catalog.events.polymarket[3]!;
    const url = lens.fixture('generic').replace('generic.html', 'hostile.html');
    await lens.page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body><h1>Hostile data</h1>
          <p>Token <a href="https://solscan.io/token/${hostileMint}">${hostileMint}</a></p>
          <p>Market <a href="https://polymarket.com/event/${hostileEvent}">a market</a></p></body></html>`,
      }),
    );
    await lens.page.goto(url);
    const badge = lens.page.locator(`[data-onchain-lens="badge"][data-address="${hostileMint}"]`);
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    await badge.hover();
    await expect
      .poll(() => lens.page.locator('[data-onchain-lens="popover"]').count(), { timeout: 5000 })
      .toBe(1);
    await lens.page.waitForTimeout(500);
    await lens.screenshot('hostile-token-popover');
    expect(await lens.page.evaluate(() => document.documentElement.dataset.pwned ?? null)).toBeNull();
    // The page's DOM holds no unsafe link or image; inside our closed shadow roots the component tests check it.
    const unsafe = await lens.page.evaluate(() =>
      [...document.querySelectorAll('a[href], img[src]')]
        .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? '')
        .filter((u) => /^(javascript|data|http):/i.test(u)),
    );
    expect(unsafe).toEqual([]);
  });
});

/** Sends protocol messages from the content script's isolated world of the current tab; returns the answers. */
async function sendFromContentScript(messages: Array<[string, unknown]>): Promise<unknown[]> {
  const url = lens.page.url();
  return lens.worker.evaluate(
    async ([url, messages]) => {
      const c = (globalThis as unknown as { chrome: ChromeApi }).chrome;
      const tab = (await c.tabs.query({})).find((t: { url?: string }) => t.url === url);
      const [result] = await c.scripting.executeScript({
        target: { tabId: tab!.id! },
        world: 'ISOLATED',
        args: [messages],
        func: async (list: Array<[string, unknown]>) => {
          const g = globalThis as unknown as { chrome: ChromeApi };
          const out: unknown[] = [];
          for (let i = 0; i < list.length; i++) {
            const answer = await g.chrome.runtime.sendMessage({
              id: 100 + i,
              type: list[i]![0],
              data: list[i]![1],
              timestamp: Date.now(),
            });
            out.push((answer as { res?: unknown } | undefined)?.res ?? null);
          }
          return out;
        },
      });
      return result?.result as never;
    },
    [url, messages] as const,
  ) as Promise<unknown[]>;
}

describe('a hostile page and a content-script context cannot misuse the background', () => {
  it('the page world has no channel to the background (no externally_connectable)', async () => {
    await lens.page.goto(lens.fixture('solscan'));
    const manifest = await lens.worker.evaluate(() =>
      (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.getManifest(),
    );
    expect(Object.hasOwn(manifest, 'externally_connectable')).toBe(false);
    const fromPage = await lens.page.evaluate(async (extensionId) => {
      const c = (globalThis as { chrome?: { runtime?: { sendMessage?: (...a: unknown[]) => unknown } } })
        .chrome;
      if (typeof c?.runtime?.sendMessage !== 'function') return 'no runtime.sendMessage';
      try {
        await c.runtime.sendMessage(extensionId, { id: 1, type: 'settingsGet', data: {}, timestamp: 0 });
        return 'answered';
      } catch (error) {
        return `threw: ${String(error).slice(0, 80)}`;
      }
    }, lens.extensionId);
    expect(fromPage).not.toBe('answered');
  });

  it('the page is told nothing of the extension: no window message carries its id, and a second copy of the script still replaces the first', async () => {
    // WXT's content-script context announced each start with window.postMessage(..., '*'), its type
    // "<extension id>:overlay:wxt:content-script-started": any page (and any frame in it) learned
    // the extension was installed, and its id.
    const page = await lens.context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      addEventListener('message', (e) => seen.push(JSON.stringify(e.data) ?? String(e.data)));
    });
    // (a URL of its own: the worker below finds this tab by it, and other tests leave tabs on solscan)
    await page.goto(`${lens.fixture('solscan')}?told-nothing`);
    await expect
      .poll(() => page.locator('[data-onchain-lens="badge"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // A page's own message still arrives (the listener works), and nothing of ours came before it.
    const seen = await page.evaluate(async () => {
      postMessage('page-ping', '*');
      await new Promise((r) => setTimeout(r, 200));
      return (window as unknown as { seen: string[] }).seen;
    });
    expect(seen).toEqual(['"page-ping"']);
    expect(seen.join(' ')).not.toContain(lens.extensionId);

    // A second copy of the content script in the same tab (an extension update re-injecting it)
    // still stops the first through WXT's document event: the first takes its badges down, the
    // second puts up its own, one per address. (The first's badges are marked to tell them apart.)
    const badges = page.locator('[data-onchain-lens="badge"]');
    const before = await badges.count();
    await badges.evaluateAll((hosts) => {
      for (const h of hosts) h.setAttribute('data-first-copy', '');
    });
    const url = page.url();
    await lens.worker.evaluate(async (url) => {
      const c = (globalThis as unknown as { chrome: ChromeApi }).chrome;
      const tab = (await c.tabs.query({})).find((t: { url?: string }) => t.url === url);
      await c.scripting.executeScript({
        target: { tabId: tab!.id! },
        files: ['/content-scripts/overlay.js'],
      });
    }, url);
    await expect.poll(() => page.locator('[data-first-copy]').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => badges.count(), { timeout: 15_000 }).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      '"page-ping"',
    ]);
    await page.close();
  });

  it('privileged messages from a content script are refused and change nothing', async () => {
    await lens.page.goto(lens.fixture('solscan'));
    const extPage = await lens.context.newPage();
    await extPage.goto(lens.extensionPage('options.html'));
    const read = (type: string) =>
      extPage.evaluate(
        async (type) =>
          (
            (await (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.sendMessage({
              id: 1,
              type,
              data: {},
              timestamp: Date.now(),
            })) as { res: unknown }
          ).res,
        type,
      );
    const settingsBefore = await read('settingsGet');
    const watchBefore = await read('watchList');
    const answers = await sendFromContentScript([
      ['keySet', { key: 'attacker-key' }],
      ['keyClear', {}],
      ['settingsSet', { patch: { hosts: { data: 'https://evil.example' } } }],
      ['watchAdd', { wallet: lens.catalog.wallets[3] }],
      ['watchImport', { json: JSON.stringify([{ wallet: lens.catalog.wallets[3] }]) }],
      ['cacheClear', {}],
      ['status', {}],
    ]);
    for (const a of answers)
      expect(a).toEqual({ ok: false, error: expect.objectContaining({ code: 'FORBIDDEN_SENDER' }) });
    expect(await read('settingsGet')).toEqual(settingsBefore);
    expect(await read('watchList')).toEqual(watchBefore);
    await extPage.close();
  });

  it('invalid payloads from a content script get typed INVALID_INPUT errors', async () => {
    await lens.page.goto(lens.fixture('solscan'));
    const answers = await sendFromContentScript([
      ['walletBadge', { address: '<img src=x onerror=alert(1)>' }],
      ['walletBadge', null],
      ['classify', { addresses: Array.from({ length: 201 }, () => lens.catalog.wallets[0]) }],
      ['wallet', { address: lens.catalog.wallets[0], sort: { $gt: '' } }],
      ['odds', { events: [{ exchange: 'evil', id: 'x' }] }],
      ['liveSubscribe', { topic: { kind: 'room', address: 'dca:jupiter' } }],
      ['noSuchMessage', {}],
    ]);
    const unknown = answers.pop();
    for (const a of answers)
      expect(a).toEqual({ ok: false, error: expect.objectContaining({ code: 'INVALID_INPUT' }) });
    // A name outside the protocol map has no listener at all: no answer, nothing done.
    expect(unknown).toBeNull();
  });

  it('a content script cannot make the background fetch an arbitrary URL', async () => {
    // A server the attacker controls: any request reaching it is a failure.
    const trap = await startTrap();
    const evil = trap.url;
    try {
      await lens.page.goto(lens.fixture('solscan'));
      const answers = await sendFromContentScript([
        ['walletBadge', { address: `${evil}/steal` }],
        ['wallet', { address: lens.catalog.wallets[0], cursor: `${evil}/page` }],
        ['oddsHistory', { exchange: 'polymarket', id: `${evil}/odds` }],
        ['odds', { events: [{ exchange: 'polymarket', id: `//${evil.slice(7)}/odds` }] }],
        ['overlayConfig', { host: evil }],
        ['settingsSet', { patch: { hosts: { data: evil } } }],
      ]);
      expect(answers).toHaveLength(6);
      await lens.page.waitForTimeout(1000);
      expect(trap.hits).toEqual([]);
    } finally {
      await trap.close();
    }
  });
});
