import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { allPositions, summarize, withMode } from './pnl-data';
import { hash32, noise } from './rng';
import type { SimState } from './state';

interface Client {
  ws: WebSocket;
  rooms: Set<string>;
  missed: number;
  awaiting: boolean;
  timers: NodeJS.Timeout[];
}

export interface HubOptions {
  pingIntervalMs: number;
  streamIntervalMs: number;
}

/** The datastream: rooms, join/leave/joined, ping/pong liveness, fan-out, periodic PnL/price rooms. */
export class Hub {
  readonly wss = new WebSocketServer({ noServer: true });
  readonly clients = new Set<Client>();
  private timers: NodeJS.Timeout[] = [];
  private tick = 0;

  constructor(
    private readonly s: SimState,
    opts: HubOptions,
  ) {
    this.timers.push(setInterval(() => this.ping(), opts.pingIntervalMs));
    this.timers.push(setInterval(() => this.periodic(), opts.streamIntervalMs));
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.attach(ws));
  }

  private attach(ws: WebSocket): void {
    const c: Client = { ws, rooms: new Set(), missed: 0, awaiting: false, timers: [] };
    this.clients.add(c);
    this.scheduleDrop(c);
    ws.on('message', (raw) => this.onMessage(c, raw.toString()));
    ws.on('close', () => this.detach(c));
    ws.on('error', () => this.detach(c));
  }

  private scheduleDrop(c: Client): void {
    const drop = this.s.faults.dropSocketAfterMs;
    if (drop > 0) c.timers.push(setTimeout(() => c.ws.close(1012, 'sim: dropped'), drop));
  }

  /** Applies a new dropSocketAfterMs fault to sockets already open. */
  faultsChanged(): void {
    for (const c of this.clients) {
      for (const t of c.timers) clearTimeout(t);
      c.timers = [];
      this.scheduleDrop(c);
    }
  }

  get hasClients(): boolean {
    return this.clients.size > 0;
  }

  private detach(c: Client): void {
    for (const t of c.timers) clearTimeout(t);
    this.clients.delete(c);
  }

  private onMessage(c: Client, text: string): void {
    if (this.s.faults.silentSocket) return;
    let msg: { type?: unknown; room?: unknown };
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (msg.type === 'pong') {
      c.awaiting = false;
      c.missed = 0;
      return;
    }
    if (typeof msg.room !== 'string' || msg.room.length === 0 || msg.room.length > 300) return;
    if (msg.type === 'join') {
      c.rooms.add(msg.room);
      this.send(c, { type: 'joined', room: msg.room });
      this.sendPeriodic(c, msg.room);
    } else if (msg.type === 'leave') {
      c.rooms.delete(msg.room);
    }
  }

  private send(c: Client, msg: unknown): void {
    if (this.s.faults.silentSocket || c.ws.readyState !== WebSocket.OPEN) return;
    c.ws.send(JSON.stringify(msg));
  }

  private ping(): void {
    if (this.s.faults.silentSocket) return;
    for (const c of this.clients) {
      if (c.awaiting) c.missed++;
      if (c.missed >= 2) {
        c.ws.close(4000, 'sim: missed 2 pongs');
        continue;
      }
      c.awaiting = true;
      this.send(c, { type: 'ping' });
    }
  }

  /** Sends `data` to every client in every listed room (one message per room: duplicates on overlap). */
  publish(rooms: string[], data: unknown): number {
    let sent = 0;
    for (const c of this.clients) {
      for (const room of rooms) {
        if (c.rooms.has(room)) {
          this.send(c, { type: 'message', room, data });
          sent++;
        }
      }
    }
    return sent;
  }

  private periodic(): void {
    this.tick++;
    for (const c of this.clients) for (const room of c.rooms) this.sendPeriodic(c, room);
  }

  private sendPeriodic(c: Client, room: string): void {
    const data = this.roomData(room);
    if (data !== undefined) this.send(c, { type: 'message', room, data });
  }

  /** Payload for the PnL and aggregated-price rooms; undefined for event-driven rooms. */
  roomData(room: string): unknown {
    const w = this.s.world;
    const parts = room.split(':');
    if (parts[0] === 'price' && parts[1] === 'aggregated' && parts[2]) {
      const token = parts[2];
      const base = w.tokenByMint.get(token)?.priceUsd ?? 0.01 + (hash32(token) % 1000) / 1000;
      const pools = w.pools.slice(hash32(token) % 20, (hash32(token) % 20) + 3);
      const prices = pools.map(
        (p, i) => base * (1 + (noise(w.seed, `${token}:${p}:${this.tick}:${i}`) - 0.5) * 0.01),
      );
      const sorted = [...prices].sort((a, b) => a - b);
      return {
        token,
        timestamp: Date.now(),
        price: prices[0],
        pool: pools[0],
        aggregated: {
          median: sorted[1],
          average: prices.reduce((a, b) => a + b, 0) / prices.length,
          min: sorted[0],
          max: sorted[2],
          poolCount: prices.length,
        },
        topPools: pools.map((poolId, i) => ({
          poolId,
          price: prices[i],
          liquidity: 1e6 / (i + 1),
          market: 'raydium',
        })),
      };
    }
    if (parts[0] === 'pnl' && parts[1]) {
      const ps = allPositions(w).get(parts[1]);
      if (!ps) return undefined;
      if (parts[2] === 'summary' && parts.length === 3) {
        const { pnl, invested, proceeds, openPositions, counts, averages, roi, timing } = summarize(
          ps.map((p) => withMode(p, 'strict')),
        );
        return {
          pnl: { realized: pnl.realized, unrealized: pnl.unrealized, total: pnl.total },
          invested,
          proceeds,
          openPositions,
          counts,
          averages,
          roi,
          timing: { firstTrade: timing.firstTrade, lastTrade: timing.lastTrade },
        };
      }
      const p = parts[2] ? ps.find((x) => x.token === parts[2]) : ps[this.tick % ps.length];
      if (!p || parts.length > 3) return undefined;
      return {
        type: 'priceUpdate',
        wallet: parts[1],
        token: p.token,
        price: p.current.price,
        value: p.current.value,
        unrealized: p.pnl.unrealized,
        timestamp: Date.now(),
      };
    }
    return undefined;
  }

  /** Closes every socket (used on reset of socket faults and on shutdown). */
  closeAll(code = 1001): void {
    for (const c of this.clients) {
      c.ws.close(code, 'sim: closing');
      this.detach(c);
    }
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
    this.wss.close();
  }
}
