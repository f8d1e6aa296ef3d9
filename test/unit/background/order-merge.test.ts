/**
 * Live write-through of orders: the cached order view, merged with the partial order a live event
 * carries, must equal what the REST API answers after that event (the simulator applies the event
 * to its state, so REST after the emit is the truth).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DcaTxEventSchema } from '../../../lib/api/schemas/live';
import { toOrderView } from '../../../lib/background/views';
import { mergeOrderView } from '../../../lib/views';
import { type Sim, startSim } from '../../sim';
import { control, restOrder, restOrderView } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 7, eventsPerSecond: 0 });
});
afterAll(async () => {
  await sim?.close();
});

describe('toOrderView', () => {
  it("writes the pair's arrow as the cards do (the API sends 'USDC -> SOL')", async () => {
    const address = sim.catalog.orders[0]!;
    const raw = await restOrder(sim, address);
    expect(raw.pair).toContain(' -> ');
    expect(toOrderView(raw).pair).toBe(raw.pair!.replace(' -> ', ' → '));
    expect(toOrderView({ ...raw, pair: undefined }).pair).toBe(`${raw.input.symbol} → ${raw.output.symbol}`);
  });
});

describe('mergeOrderView (live write-through)', () => {
  for (const eventName of ['Deposit', 'Filled', 'Withdraw'] as const) {
    it(`a ${eventName} event leaves the cached view equal to the API's order afterwards`, async () => {
      const address = sim.catalog.orders[0]!;
      const before = await restOrderView(sim, address);
      const raw = await control(sim, 'POST', '/__sim/emit', { order: address, eventName });
      const event = DcaTxEventSchema.parse(raw);
      expect(event.order, 'the simulator sends the order with the event').toBeDefined();
      const merged = mergeOrderView(before, event.order!);
      const after = await restOrderView(sim, address);
      for (const field of [
        'status',
        'deposited',
        'depositedUsd',
        'used',
        'remaining',
        'received',
        'progressPercent',
        'rawDeposited',
        'rawUsed',
      ] as const) {
        expect(merged[field], field).toEqual(after[field]);
      }
    });
  }
});
