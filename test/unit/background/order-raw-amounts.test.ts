/**
 * The exact (base-unit) remaining, received and per-cycle amounts of an order view: taken from the
 * service's `raw` (not derived as deposited − used, which withdrawals make wrong), and dropped, never
 * left stale, when a live event changes the number they stand for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../../lib/api/schemas/dca';
import { DcaTxEventSchema } from '../../../lib/api/schemas/live';
import { toOrderView } from '../../../lib/background/views';
import { mergeOrderView } from '../../../lib/views';
import { type Sim, startSim } from '../../sim';
import { order as apiOrder } from '../api/helpers';
import { control, restOrder, restOrderView } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 7, eventsPerSecond: 0 });
});
afterAll(async () => {
  await sim?.close();
});

describe('toOrderView raw amounts', () => {
  it("takes remaining, received and per cycle from the service's raw, as sent", async () => {
    const address = sim.catalog.orders[0]!;
    const raw = (await restOrder(sim, address)).raw;
    const view = await restOrderView(sim, address);
    expect(view.rawRemaining).toBe(raw.remaining);
    expect(view.rawReceived).toBe(raw.received);
    expect(view.rawPerCycle).toBe(raw.perCycle);
    expect(view.rawRemaining).toMatch(/^\d+$/);
  });

  it('has none where the service sends none, or no integer', () => {
    const none = toOrderView(Order.parse(apiOrder(1)));
    expect([none.rawRemaining, none.rawReceived, none.rawPerCycle]).toEqual([null, null, null]);
    const odd = toOrderView(
      Order.parse(
        apiOrder(2, { raw: { deposited: '1', used: '0', remaining: '1.5', received: 7, perCycle: '-3' } }),
      ),
    );
    expect([odd.rawRemaining, odd.rawReceived, odd.rawPerCycle]).toEqual([null, null, null]);
  });

  it('a withdrawal makes deposited − used overstate what remains: the raw remaining does not', async () => {
    const address = sim.catalog.orders[0]!;
    await control(sim, 'POST', '/__sim/emit', { order: address, eventName: 'Withdraw' });
    const v = await restOrderView(sim, address);
    const left = BigInt(v.rawDeposited!) - BigInt(v.rawUsed!);
    expect(BigInt(v.rawRemaining!)).toBeLessThan(left);
  });
});

describe('mergeOrderView and the raw amounts', () => {
  for (const eventName of ['Deposit', 'Filled', 'Withdraw'] as const) {
    it(`after a ${eventName} event each is the API's own or none, never the stale one`, async () => {
      const address = sim.catalog.orders[1]!;
      const before = await restOrderView(sim, address);
      const event = DcaTxEventSchema.parse(
        await control(sim, 'POST', '/__sim/emit', { order: address, eventName }),
      );
      const merged = mergeOrderView(before, event.order!);
      const after = await restOrderView(sim, address);
      let changed = 0;
      for (const field of ['rawRemaining', 'rawReceived', 'rawPerCycle'] as const) {
        if (merged[field] != null) expect(merged[field], field).toBe(after[field]);
        if (before[field] !== after[field]) changed++;
      }
      expect(changed, 'the event changes one of them').toBeGreaterThan(0);
    });
  }

  it('keeps them when the live numbers are the ones already shown', () => {
    const view = toOrderView(
      Order.parse(
        apiOrder(3, { raw: { deposited: '1000000000', used: '400000000', remaining: '600000000' } }),
      ),
    );
    expect(mergeOrderView(view, { remaining: 600, status: 'active' }).rawRemaining).toBe('600000000');
    expect(mergeOrderView(view, { remaining: 550 }).rawRemaining).toBeNull();
  });
});
