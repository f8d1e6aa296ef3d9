/**
 * One service worker of the watch tests against the simulator: real background services (API
 * client, scheduler, live hub) over HTTP and WebSocket, wired to the watch service with the hooks
 * start.ts uses. The "Wi-Fi" is the hub's isOnline plus a socket closed under it.
 */
import WebSocket from 'ws';
import { createServices } from '../../../lib/background/services';
import { watchLiveHooks } from '../../../lib/background/start';
import type { WebSocketCtor } from '../../../lib/live/types';
import type { WatchService, WatchServiceOptions } from '../../../lib/watch';
import { waitFor } from '../live/helpers';
import { type Sim, simSettings, simWatch } from './helpers';

/**
 * Services + watch service, wired as start.ts wires them, watching `wallets` (labelled by `labels`)
 * and live; `watch` adds to the watch service's options or overrides them.
 */
export async function simWatchWorker(
  sim: Sim,
  opts: {
    wallets?: readonly string[];
    labels?: readonly string[];
    watch?: Partial<WatchServiceOptions>;
  } = {},
) {
  const net = { online: true };
  const sockets: WebSocket[] = [];
  class Tracked extends WebSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  let watch: WatchService | null = null;
  const services = createServices({
    settings: simSettings(sim),
    apiKey: 'demo',
    WebSocketImpl: Tracked as unknown as WebSocketCtor,
    isOnline: () => net.online,
    isWatched: (w) => watch?.isWatched(w) ?? false,
    onLiveStatus: (s) => hooks.onLiveStatus(s),
    onReconnected: () => hooks.onReconnected(),
    // live-push hands every transaction event to onTxEvent; start.ts passes snapshots on the same way
    onLive: (message, rooms) => {
      hooks.onLiveMessage(message, rooms);
      if (message.kind === 'dca-event') hooks.onTxEvent(message.event, rooms);
    },
  });
  const hooks = watchLiveHooks(
    () => watch,
    (room) => services.hub.owners(room),
  );
  services.hub.watchInvalid(hooks.onInvalid);
  const { watch: w, n } = simWatch(services, opts.watch);
  watch = w;
  await w.start();
  for (const [i, wallet] of (opts.wallets ?? []).entries()) await w.add(wallet, opts.labels?.[i] ?? null);
  services.hub.acquire('watchlist', w.rooms());
  await waitFor(() => services.hub.status().state === 'live', 5_000, 'live');
  await w.idle();

  return {
    services,
    watch: w,
    n,
    messages: () => [...n.shown.values()].map((o) => `${o.title}: ${o.message}`),
    /** The Wi-Fi drops: the socket closes under the hub, and the browser says it is offline. */
    async dropWifi() {
      net.online = false;
      sockets.at(-1)?.close();
      await waitFor(() => services.hub.status().state === 'offline', 5_000, 'offline');
    },
    /** The Wi-Fi is back: the browser's online event (the hub re-joins; the test waits as it needs). */
    wifiOn() {
      net.online = true;
      services.hub.online();
    },
  };
}
