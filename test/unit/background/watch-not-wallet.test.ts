/**
 * Watching what is not a wallet, through the real service worker (startBackground on the fake
 * browser) against the simulator over HTTP: the context menu's "Watch wallet" and the watchAdd
 * message read the address's account first and refuse a mint (one not known offline), a DCA order,
 * a pool and a token account (naming its owner); a wallet and an address with no account are
 * watched, and so is anything while the account cannot be read. An import skips the mints, orders,
 * pools and token accounts it names as not wallets.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startBackground } from '../../../lib/background/start';
import { knownKind } from '../../../lib/detect/programs';
import { writeApiKey } from '../../../lib/secrets';
import { saveSettings } from '../../../lib/settings';
import {
  clearLog,
  control,
  namedWallet,
  requests,
  resetSims,
  rest,
  type Sim,
  simSettings,
  startSim,
} from './helpers';
import { endFakeWorker, fake, fakeWorker, optionsPage, send } from './worker-env';

/** A valid address the simulator has no account at (never funded). */
const NOWHERE = 'Bq1nDrT9yV4fzqYhU3YgBjzXwWkWQdTy3Vx4LrxYjNhk';

let sim: Sim;
let notes: string[];
/** The owner of the simulator's first DCA order, as its REST view says. */
let orderOwner: string;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
  orderOwner = ((await rest(sim, `/dca/order/${sim.catalog.orders[0]}?program=jupiter`)) as { owner: string })
    .owner;
});
afterAll(() => sim.close());
beforeEach(async () => {
  fakeWorker();
  await resetSims(sim);
  globalThis.indexedDB = new IDBFactory();
  await saveSettings(simSettings(sim));
  await writeApiKey('demo');
  notes = [];
  fake.notifications.create = vi.fn(async (id: string, options: { message: string }) => {
    notes.push(options.message);
    return id;
  });
  fake.windows.getLastFocused = vi.fn(async () => ({ id: 7 }));
  fake.windows.update = vi.fn(async () => ({}));
  startBackground();
});
afterEach(endFakeWorker);

const watched = async () =>
  ((await send('watchList', {}, optionsPage)).res as { value: { wallet: string }[] }).value.map(
    (e) => e.wallet,
  );
const add = async (wallet: string) => (await send('watchAdd', { wallet }, optionsPage)).res;
const menuWatch = (selectionText: string) =>
  (fake.contextMenus.onClicked.addListener.mock.calls[0]![0] as (info: object) => Promise<void>)({
    menuItemId: 'watch-wallet',
    selectionText,
  });
/** The simulator's `n`th mint that only its account tells to be one (USDC, SOL... are known offline). */
const unknownMint = (n: number) => sim.catalog.mints.filter((m) => !knownKind(m))[n]!;
const refused = (why: RegExp | string) => ({
  ok: false,
  error: { code: 'INVALID_INPUT', message: typeof why === 'string' ? why : expect.stringMatching(why) },
});

/** The addresses that are not wallets, each with what the refusal says. */
const notWallets = (): [string, string, RegExp | string][] => [
  ['a mint not known offline', unknownMint(0), /token mint, not a wallet/],
  [
    'a DCA order account (its owner named)',
    sim.catalog.orders[0]!,
    `That address is a DCA order account, not a wallet: watch its owner ${orderOwner} instead.`,
  ],
  ['a liquidity pool', sim.catalog.pools[0]!, /liquidity pool, not a wallet/],
  [
    'a token account (its owner named)',
    sim.catalog.token2022.accounts[0]!,
    `That address is a token account, not a wallet: watch its owner ${sim.catalog.wallets[0]} instead.`,
  ],
];

describe('watchAdd (the options page, the popup)', () => {
  it('refuses a mint, an order, a pool and a token account, and watches none of them', async () => {
    for (const [what, address, why] of notWallets()) {
      expect({ what, res: await add(address) }).toEqual({ what, res: refused(why) });
    }
    expect(await watched()).toEqual([]);
  });

  it('watches a wallet, and an address with no account (a fresh wallet)', async () => {
    expect(await add(sim.catalog.wallets[1]!)).toMatchObject({ ok: true });
    expect(await add(NOWHERE)).toMatchObject({ ok: true });
    expect(await watched()).toEqual([sim.catalog.wallets[1], NOWHERE]);
  });

  it('watches what it is asked to while the account cannot be read (the RPC failing)', async () => {
    await control(sim, 'POST', '/__sim/faults', { status: 500, paths: '/rpc' });
    const mint = unknownMint(1);
    expect(await add(mint)).toMatchObject({ ok: true });
    expect(await watched()).toEqual([mint]);
  });
});

describe('"Watch wallet" in the context menu', () => {
  it('says why in a notification for a mint, an order, a pool and a token account, and watches none', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    const list = notWallets();
    for (const [, address] of list) await menuWatch(address);
    expect(notes).toEqual(
      list.map(([, , why]) =>
        typeof why === 'string' ? `${why} Click to look it up.` : expect.stringMatching(why),
      ),
    );
    expect(await watched()).toEqual([]);
    expect(created).not.toHaveBeenCalled();
  });

  it("a click on the refusal opens the address's lookup (what it is, its owner linked)", async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    const account = sim.catalog.token2022.accounts[0]!;
    await menuWatch(account);
    const id = (fake.notifications.create.mock.calls[0] as unknown[])[0] as string;
    await fakeBrowser.notifications.onClicked.trigger(id);
    expect(created).toHaveBeenCalledWith(
      expect.objectContaining({ url: expect.stringMatching(new RegExp(`/lookup\\.html#q=${account}$`)) }),
    );
  });

  it('watches a wallet and an address with no account, with no notification', async () => {
    await menuWatch(sim.catalog.wallets[1]!);
    await menuWatch(NOWHERE);
    expect(notes).toEqual([]);
    expect(await watched()).toEqual([sim.catalog.wallets[1], NOWHERE]);
  });

  it('watches the wallet a selected .sol name resolves to; one no wallet owns says so', async () => {
    const [wallet, name] = await namedWallet(sim);
    await menuWatch(` ${name} `);
    expect(notes).toEqual([]);
    expect(await watched()).toEqual([wallet]);
    await menuWatch('no-such-name-xyz.sol');
    expect(notes).toEqual([
      'No wallet owns no-such-name-xyz.sol: check the spelling, or paste the wallet address.',
    ]);
    expect(await watched()).toEqual([wallet]);
  });

  it('watches a token account while the account cannot be read', async () => {
    await control(sim, 'POST', '/__sim/faults', { status: 500, paths: '/rpc' });
    const account = sim.catalog.token2022.accounts[1]!;
    await menuWatch(account);
    expect(notes).toEqual([]);
    expect(await watched()).toEqual([account]);
  });
});

describe('watchImport', () => {
  it('skips the mints, orders, pools and token accounts a file names as not wallets; keeps wallets', async () => {
    const { wallets, orders, pools, token2022 } = sim.catalog;
    const file = [
      wallets[1],
      unknownMint(0),
      orders[0],
      pools[0],
      NOWHERE,
      ...token2022.accounts.slice(0, 2),
    ];
    await clearLog(sim);
    const r = await send('watchImport', { json: JSON.stringify(file) }, optionsPage);
    expect(r.res).toMatchObject({
      ok: true,
      value: { added: 2, skipped: 5, reasons: { invalid: 0, duplicate: 0, full: 0, notWallet: 5 } },
    });
    expect(await watched()).toEqual([wallets[1], NOWHERE]);
    // two batched reads, not one per address: the kinds, then the heads of those it left unknown
    const reads = (await requests(sim, '/rpc')).filter((q) => q.rpc?.method === 'getMultipleAccounts');
    expect(reads.length).toBeLessThanOrEqual(2);
  });

  it('imports them all while the kinds cannot be read', async () => {
    await control(sim, 'POST', '/__sim/faults', { status: 500, paths: '/rpc' });
    const { wallets } = sim.catalog;
    const file = [wallets[1], unknownMint(0)];
    const r = await send('watchImport', { json: JSON.stringify(file) }, optionsPage);
    expect(r.res).toMatchObject({ ok: true, value: { added: 2, skipped: 0 } });
  });
});
