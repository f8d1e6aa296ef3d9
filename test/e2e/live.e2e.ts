import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromeApi, type Lens, launchLens } from './harness';
import { emitUntil } from './sim-client';
import { watchWalletInPopup } from './ui';

let lens: Lens;
beforeAll(async () => {
  lens = await launchLens();
});
afterAll(async () => {
  await lens?.close();
});

interface Note {
  title: string;
  message: string;
}

/** Notifications Chrome currently shows, with their texts (kept by the test build's hook). */
async function notifications(): Promise<Record<string, Note>> {
  const worker = lens.context.serviceWorkers()[0] ?? lens.worker;
  return worker.evaluate(async () => {
    const g = globalThis as unknown as {
      chrome: ChromeApi;
      __lensNotifications?: { id: string; title: string; message: string }[];
    };
    const shown = await new Promise<Record<string, boolean>>((r) =>
      g.chrome.notifications.getAll(r as never),
    );
    const out: Record<string, { title: string; message: string }> = {};
    for (const n of g.__lensNotifications ?? [])
      if (shown[n.id]) out[n.id] = { title: n.title, message: n.message };
    return out;
  });
}

async function watchFromPopup(wallet: string): Promise<void> {
  const popup = await watchWalletInPopup(lens.context, lens.extensionId, wallet);
  await lens.screenshot('popup-watching', popup);
  await popup.close();
}

/** Emits until a matching notification shows: the first emits may come before the room is joined. */
async function emitUntilNotified(body: Record<string, unknown>, match: (n: Note) => boolean): Promise<Note> {
  let found: Note | undefined;
  await emitUntil(
    () => lens.sim('emit', body),
    async () => {
      found = Object.values(await notifications()).find(match);
      return !!found;
    },
  );
  return found!;
}

describe('watched wallets notify from their live DCA room', () => {
  it('a Filled event for a watched wallet becomes a desktop notification with the fill text', async () => {
    const wallet = lens.catalog.wallets[1]!;
    await watchFromPopup(wallet);
    const note = await emitUntilNotified({ wallet, eventName: 'Filled' }, (n) =>
      /fill/i.test(`${n.title} ${n.message}`),
    );
    expect(`${note.title} ${note.message}`).toMatch(/->|→/);
  });

  it("names the watched wallet by its .sol name from the RPC (the popup's label was left empty)", async () => {
    const wallet = lens.catalog.wallets[1]!;
    const rpc = await fetch(`${lens.simUrl}/rpc?api_key=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getPrimaryDomain', params: [wallet] }),
    });
    const { result } = (await rpc.json()) as { result: { domain: string | null } | null };
    const name = result?.domain;
    expect(name, 'the simulator gives this wallet a .sol name').toMatch(/\.sol$/);
    const note = await emitUntilNotified({ wallet, eventName: 'Filled' }, (n) => n.title.includes(name!));
    expect(note.title).toContain(name);
  });

  it('ten events in five seconds give one grouped notification', async () => {
    const wallet = lens.catalog.wallets[1]!;
    const before = Object.keys(await notifications()).length;
    for (let i = 0; i < 10; i++) await lens.sim('emit', { wallet, eventName: 'Filled' });
    await expect
      .poll(
        async () =>
          // one summary of the fills, with what they add up to ("10 fills: 5K USDC → …", or "10 fills ($5K)")
          Object.values(await notifications()).some((n) => /^\d+ fills\b.*\$/.test(n.message)),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    // Grouped: far fewer new notifications than events.
    expect(Object.keys(await notifications()).length - before).toBeLessThanOrEqual(2);
  });

  it('after the worker is stopped, it wakes, restores the room and still notifies', async () => {
    const wallet = lens.catalog.wallets[2]!;
    await watchFromPopup(wallet);
    const cdp = await lens.context.newCDPSession(lens.page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    // Any extension page wakes the worker again (as an alarm or a page message does for users).
    const popup = await lens.context.newPage();
    await popup.goto(lens.extensionPage('popup.html'));
    await popup.close();
    const note = await emitUntilNotified({ wallet, eventName: 'Filled' }, (n) =>
      /fill/i.test(`${n.title} ${n.message}`),
    );
    expect(note.message.length).toBeGreaterThan(0);
  });
});
