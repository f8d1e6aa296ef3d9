/**
 * The status the popup shows: notifications the browser blocks are said, since creating one still
 * succeeds and nothing shows. Real handlers and services on the simulator; the watch service is a
 * stand-in holding one watched wallet.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../lib/background/services';
import type { WatchService } from '../../../lib/watch';
import { closeServices, type Sim, simServices, simSettings, startSim, testHandlers } from './helpers';

let sim: Sim;
let services: Services | undefined;
beforeAll(async () => {
  sim = await startSim({ eventsPerSecond: 0 });
});
afterAll(() => sim.close());
afterEach(() => closeServices(services));

function statusWith(s: Services, watched: number, blocked: boolean) {
  const watch = {
    watchlist: {
      snapshot: () => Array.from({ length: watched }, (_, i) => ({ wallet: `w${i}`, unread: 0 })),
    },
    lastError: async () => null,
  } as unknown as WatchService;
  const handlers = testHandlers(s, {
    watch,
    notificationsBlocked: async () => blocked,
  });
  return handlers.status({}, {} as never) as Promise<{ notificationsBlocked?: boolean }>;
}

describe('notifications blocked by the browser', () => {
  it('are said while wallets are watched and notifications are on in our settings', async () => {
    services = simServices(sim);
    expect((await statusWith(services, 1, true)).notificationsBlocked).toBe(true);
    expect((await statusWith(services, 1, false)).notificationsBlocked).toBe(false);
    // nothing watched: nothing to miss
    expect((await statusWith(services, 0, true)).notificationsBlocked).toBe(false);
  });

  it('are not, when our own setting has them off', async () => {
    const settings = simSettings(sim);
    services = simServices(sim, {
      settings: { ...settings, notifications: { ...settings.notifications, enabled: false } },
    });
    expect((await statusWith(services, 1, true)).notificationsBlocked).toBe(false);
  });
});
