/**
 * Every answer the extension pages get is parsed against its schema (ANSWERS, lib/messaging.ts)
 * before a page shows it (components/lookup/ask.tsx). Here the real handlers answer through the
 * router, against the simulator over real HTTP, and each answer must parse to itself: a schema
 * stricter than what the background sends would turn a good answer into an error, and one that
 * left a field out would drop it on the way (zod strips keys it does not know).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../lib/background/services';
import { ANSWERS, type MessageName } from '../../../lib/messaging';
import type { Result } from '../../../lib/views';
import { pageSender, type Sim, simServices, simWatch, testHandlers, testRouter } from './helpers';
import { simHooks } from './sim-hooks';

const page = pageSender('popup');

let sim: Sim;
let services: Services;
let dispatch: ReturnType<typeof testRouter>;
simHooks(
  { eventsPerSecond: 0 },
  (started) => (sim = started),
  () => services,
);
beforeEach(async () => {
  services = simServices(sim);
  const { watch } = simWatch(services);
  await watch.start();
  dispatch = testRouter(testHandlers(services, { watch }));
});

/** Sends one message as a page does; the answer's value, after checking it parses to itself. */
async function answerOf(name: MessageName, data: unknown): Promise<unknown> {
  const result = (await dispatch(name, data, page)) as Result<unknown>;
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  const parsed = ANSWERS[name].safeParse(result.value);
  if (!parsed.success)
    throw new Error(`${name}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.message}`);
  expect(parsed.data, name).toEqual(result.value);
  return result.value;
}

describe("the background's answers fit the schemas the pages parse them with", () => {
  it('data views: wallets, tokens, orders, pairs, events', async () => {
    const { wallets, mints, orders, events } = sim.catalog;
    const [wallet, mint, order] = [wallets[0]!, mints[0]!, orders[0]!];
    await answerOf('walletBadge', { address: wallet });
    await answerOf('wallet', { address: wallet });
    await answerOf('walletOrders', { address: wallet, status: 'all', sort: 'recent' });
    await answerOf('tokenFlow', { mint });
    await answerOf('token', { mint });
    await answerOf('tokenOrders', { mint, side: 'buyers' });
    await answerOf('pair', { inputMint: mints[1]!, outputMint: mint });
    await answerOf('order', { address: order });
    await answerOf('classify', { addresses: [wallet, mint, order] });
    const event = { exchange: 'polymarket' as const, id: events.polymarket[0]! };
    const odds = (await answerOf('odds', {
      events: [event, { exchange: 'kalshi', id: events.kalshi[0]! }],
    })) as {
      found: boolean;
    }[];
    expect(odds.map((o) => o.found)).toEqual([true, true]);
    await answerOf('oddsHistory', event);
    await answerOf('candles', { ...event, interval: '1h' });
    await answerOf('chart', { token: mint });
    await answerOf('search', { query: sim.catalog.tokens[0]!.symbol });
    await answerOf('block', { slot: sim.catalog.slots.confirmed[0]! });
  });

  it('each kind of lookup answer', async () => {
    const { wallets, mints, orders, events, slots, token2022, pools } = sim.catalog;
    const inputs = [
      wallets[0]!,
      mints[0]!,
      orders[0]!,
      `${mints[1]} -> ${mints[0]}`,
      `https://polymarket.com/event/${events.polymarket[0]}`,
      String(slots.confirmed[0]),
      sim.catalog.tokens[0]!.name,
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      token2022.accounts[0]!,
      pools[0]!,
    ];
    const kinds: string[] = [];
    for (const input of inputs) kinds.push(((await answerOf('lookup', { input })) as { kind: string }).kind);
    expect(kinds).toEqual([
      'wallet',
      'token',
      'order',
      'pair',
      'event',
      'block',
      'search',
      'program',
      'tokenAccount',
      'pool',
    ]);
  });

  it('status, settings, the watchlist and the cache', async () => {
    await answerOf('status', {});
    await answerOf('settingsGet', {});
    await answerOf('settingsSet', { patch: { theme: 'dark' } });
    await answerOf('watchAdd', { wallet: sim.catalog.wallets[0]!, label: 'Whale' });
    await answerOf('watchRename', { wallet: sim.catalog.wallets[0]!, label: 'Whale one' });
    await answerOf('watchList', {});
    const imported = (await answerOf('watchImport', {
      json: JSON.stringify([sim.catalog.wallets[1], 'not an address']),
    })) as { added: number };
    expect(imported.added).toBe(1);
    await answerOf('watchRemove', { wallet: sim.catalog.wallets[0]! });
    await answerOf('markRead', {});
    await answerOf('cacheStats', {});
    await answerOf('cacheClear', {});
  });
});
