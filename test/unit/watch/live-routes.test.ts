/**
 * How live DCA messages reach the watch service. start.ts hands each message to two places: its
 * watch hooks (position snapshots go to `handleSnapshot` there) and live-push (transaction events go
 * on to `onTxEvent`, which start.ts sends to `handleEvent`). Each kind takes one of the two, so no
 * message reaches the watch service twice. Both arrive in the order the socket delivered them, and
 * the watch service applies one wallet's in that order too: a snapshot that follows a fill holds it
 * already, and applied first it would have the fill's amounts added on top.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { rooms } from '../../../lib/api/rooms';
import type { LiveMessage } from '../../../lib/api/schemas/live';
import { createLivePush } from '../../../lib/background/live-push';
import { watchLiveHooks } from '../../../lib/background/start';
import type { Cache } from '../../../lib/cache';
import { privateStore } from '../../../lib/private-store';
import type { WatchService } from '../../../lib/watch';
import type { OrderSnapshot } from '../../../lib/watch/poller';
import { addr, bareFill, order, watchService } from './fixtures';

const W = addr(1);
const A = addr(60);
const ROOM = rooms.dcaWallet('jupiter', W);

beforeEach(() => {
  fakeBrowser.reset();
});

/** A fill of 50 whose partial order leaves the totals out (the stored order adds them up). */
const fill = () => bareFill(W, A);
/** The account after that fill, as a position snapshot says it (absolute values). */
const after = { status: 'active', used: 250, usedUsd: 250, raw: { used: '250000000' } };

describe('the routes from a live message into the watch service', () => {
  /** start.ts's wiring around a watch service that records what reaches it. */
  function wiring() {
    const calls: string[] = [];
    const watch = {
      handleEvent: async () => void calls.push('handleEvent'),
      handleSnapshot: async () => void calls.push('handleSnapshot'),
    } as unknown as WatchService;
    const hooks = watchLiveHooks(
      () => watch,
      (room) => (room === ROOM ? ['watchlist'] : []),
    );
    const cache = { update: async () => undefined } as unknown as Pick<Cache, 'update'>;
    const livePush = createLivePush({
      cache,
      targets: () => [],
      send: async () => {},
      releaseTab: () => {},
      onTxEvent: (event, rs) => hooks.onTxEvent(event, rs),
    });
    // as start.ts's services' onLive
    const onLive = async (message: LiveMessage, rs: string[]) => {
      hooks.onLiveMessage(message, rs);
      await livePush(message, rs);
    };
    return { calls, onLive };
  }

  it('a transaction event reaches it once, by live-push; a snapshot once, by the watch hooks', async () => {
    const { calls, onLive } = wiring();
    await onLive({ kind: 'dca-event', room: ROOM, program: 'jupiter', event: fill() }, [ROOM]);
    expect(calls).toEqual(['handleEvent']);
    calls.length = 0;
    const snapshot = { address: A, owner: W, writeVersion: 2, order: after };
    await onLive({ kind: 'dca-position', room: ROOM, program: 'jupiter', snapshot }, [ROOM]);
    expect(calls).toEqual(['handleSnapshot']);
  });
});

describe("one wallet's live messages, applied in the order they came", () => {
  it('a fill and the snapshot right after it: the stored order is as the snapshot says, the fill not added twice', async () => {
    const { svc } = watchService({ fetchOrders: async () => [order(A, { owner: W })] });
    await svc.start();
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();
    // as the hooks call them: one right after the other, neither waited for
    const event = svc.handleEvent(fill(), ROOM);
    const snapshot = svc.handleSnapshot({ address: A, owner: W, writeVersion: 2, order: after }, ROOM);
    await Promise.all([event, snapshot]);
    await svc.idle();
    const stored = await privateStore.getItem<{ orders: OrderSnapshot[] }>(`local:watch:orders:${W}`);
    expect(stored?.orders.find((o) => o.address === A)).toMatchObject({ used: 250, rawUsed: '250000000' });
  });
});
