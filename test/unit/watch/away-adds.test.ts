/**
 * A "While you were away" still on screen is added to by the next catch-up (the socket dropped
 * twice: "3 fills" becomes "4 fills", as the badge says), not replaced by the second one's news
 * alone; also across a service-worker restart (what it names is stored, not held in memory). Read,
 * clicked or closed, it names nothing any more: the next catch-up starts afresh.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OrderView } from '../../../lib/views';
import { addr, fakeNotifications, order, watchService } from './fixtures';

const T0 = Date.UTC(2025, 0, 15, 12);
const W = addr(1);
const A = addr(60);
beforeEach(() => fakeBrowser.reset());

const filledTo = (used: number) =>
  order(A, {
    owner: W,
    used,
    usedUsd: used,
    rawUsed: String(used * 1e6),
    remaining: 1000 - used,
    received: used / 160,
  });

/** One profile: the system's notifications and storage outlive each worker. */
function profile() {
  const clock = { t: T0 };
  const n = fakeNotifications();
  const lists: Record<string, OrderView[]> = {
    [W]: [order(A, { owner: W, used: 0, usedUsd: 0, rawUsed: '0', received: 0 })],
  };
  const worker = async () => {
    const sw = watchService({
      now: () => clock.t,
      notifications: n.api,
      fetchOrders: async (w) => lists[w] ?? [],
    });
    await sw.svc.start();
    return sw;
  };
  /** The socket drops, the wallet fills to `used` meanwhile, the socket is back. */
  const gap = async (svc: Awaited<ReturnType<typeof worker>>['svc'], used: number) => {
    svc.setLiveState('reconnecting');
    clock.t += 2 * 60_000;
    lists[W] = [filledTo(used)];
    svc.setLiveState('live');
    await svc.reconnected();
  };
  const messages = () => [...n.shown.values()].map((o) => `${o.title}: ${o.message}`);
  return { clock, n, lists, worker, gap, messages };
}

describe('two catch-ups in a row', () => {
  it('the second adds to the visible "While you were away" of the first (4 fills, as the badge says)', async () => {
    const p = profile();
    const { svc, badge } = await p.worker();
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();
    await p.gap(svc, 150);
    expect(p.messages()).toEqual([expect.stringMatching(/^Whale: While you were away: 3 fills/)]);
    await p.gap(svc, 200);
    expect(p.messages()).toEqual([expect.stringMatching(/^Whale: While you were away: 4 fills/)]);
    expect(badge.last()).toBe('4');
  });

  it('across a worker restart: the stored notification is added to, and its click still opens the wallet', async () => {
    const p = profile();
    const first = await p.worker();
    first.svc.setLiveState('live');
    await first.svc.add(W, 'Whale');
    await first.svc.idle();
    await p.gap(first.svc, 150);

    const next = await p.worker(); // MV3 stopped the worker; the notification is still on screen
    next.svc.setLiveState('live');
    await next.svc.idle();
    await p.gap(next.svc, 200);
    expect(p.messages()).toEqual([expect.stringMatching(/^Whale: While you were away: 4 fills/)]);
    const [id] = [...p.n.shown.keys()];
    expect(await next.svc.onClicked(id!)).toBe(`lookup.html#q=${W}`);
    expect(next.badge.last()).toBe('');
  });

  it('read (the popup opened) or closed meanwhile: the next one names only its own news', async () => {
    const p = profile();
    const { svc } = await p.worker();
    svc.setLiveState('live');
    await svc.add(W, 'Whale');
    await svc.idle();
    await p.gap(svc, 150);
    await svc.markRead();
    await p.gap(svc, 200);
    expect(p.messages().at(-1)).toMatch(/^Whale: While you were away: Filled: /);

    await svc.onClosed([...p.n.shown.keys()].at(-1)!);
    await p.gap(svc, 250);
    expect(p.messages().at(-1)).toMatch(/^Whale: While you were away: Filled: /);
  });
});
