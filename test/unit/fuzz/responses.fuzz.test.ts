/**
 * Real simulator answers with one random leaf replaced by random JSON, served to the real API client:
 * every call ends in a value or a typed ApiError, never another throw. This reaches the deep parts of
 * each schema (refines, transforms, unions) that random top-level JSON never gets past.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, ApiError, createApiClient } from '../../../lib/api';
import { type Sim, startSim } from '../../sim';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());

/** A client whose transport serves `body` for every request (after one real call recorded it). */
function clientServing(body: () => unknown): ApiClient {
  return createApiClient({
    dataUrl: sim.dataUrl,
    predictionUrl: sim.predictionUrl,
    rpcUrl: sim.rpcUrl,
    apiKey: 'demo',
    retry: { retries: 0 },
    fetch: async () =>
      new Response(JSON.stringify(body()), { status: 200, headers: { 'content-type': 'application/json' } }),
  });
}

const leaf = fc.oneof(
  fc.string(),
  fc.constantFrom('', '-1', 'NaN', 'javascript:alert(1)', '<b>x</b>', '\u202E'),
  fc.double(),
  fc.integer(),
  fc.bigInt().map((b) => b.toString()),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer()), { maxKeys: 3 }),
);

/** Replaces (or deletes, for `undefined`) the node reached by following `path` choices. */
function mutate(body: unknown, path: number[], value: unknown): unknown {
  const copy = structuredClone(body);
  let node = copy as Record<string, unknown>;
  for (let i = 0; i < path.length; i++) {
    const keys = node && typeof node === 'object' ? Object.keys(node) : [];
    if (keys.length === 0) break;
    const key = keys[path[i]! % keys.length]!;
    const child = node[key];
    const last = i === path.length - 1 || !child || typeof child !== 'object';
    if (last) {
      if (value === undefined) delete node[key];
      else node[key] = value;
      return copy;
    }
    node = child as Record<string, unknown>;
  }
  return value === undefined ? copy : value;
}

type Call = (c: ApiClient) => Promise<unknown>;

describe('client responses with a random leaf replaced', () => {
  const calls: Record<string, Call> = {
    'dca.wallet': (c) => c.dca.wallet(sim.catalog.wallets[0]!, { limit: 5 }),
    'dca.order': (c) => c.dca.order(sim.catalog.orders[0]!),
    'dca.tokenFlow': (c) => c.dca.tokenFlow(sim.catalog.mints[2]!),
    'dca.tokenUsers': (c) => c.dca.tokenUsers(sim.catalog.mints[2]!, { limit: 5 }),
    'dca.programs': (c) => c.dca.programs(),
    'pnl.wallet': (c) => c.pnl.wallet(sim.catalog.wallets[0]!),
    'pnl.walletsBatch': (c) => c.pnl.walletsBatch(sim.catalog.wallets.slice(0, 3)),
    'pnl.positions': (c) => c.pnl.positions(sim.catalog.wallets[0]!),
    'prediction.eventsBatch': (c) =>
      c.prediction.eventsBatch([sim.catalog.events.polymarket[0]!], { exchange: 'polymarket' }),
    'rpc.getMultipleAccounts': (c) => c.rpc.getMultipleAccounts([sim.catalog.wallets[0]!]),
    'market.subscription': (c) => c.account.subscription(),
  };

  for (const [name, call] of Object.entries(calls)) {
    it(`${name}: a value or an ApiError`, async () => {
      let captured: unknown;
      // One real answer from the simulator, recorded through the real transport.
      const real = createApiClient({
        dataUrl: sim.dataUrl,
        predictionUrl: sim.predictionUrl,
        rpcUrl: sim.rpcUrl,
        apiKey: 'demo',
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          captured = await res.clone().json();
          return res;
        },
      });
      await call(real);
      expect(captured).toBeTypeOf('object');
      let body: unknown;
      const fuzzed = clientServing(() => body);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 7 }), leaf, async (path, value) => {
          body = mutate(captured, path, value);
          try {
            await call(fuzzed);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});
