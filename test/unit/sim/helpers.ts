import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { Order } from '../../../lib/api/schemas/dca';
import { type Sim, type SimOptions, startSim } from '../../sim/index';

/**
 * One HTTP answer. `body` is the parsed JSON (undefined when the text is not JSON), typed as the
 * shape the caller names: nothing checks it at run time, the test's assertions do.
 */
export interface Res<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * A DCA order as the sim renders it (test/sim/orders.ts orderJson): the client's Order, whose `raw`
 * also carries the amounts the client does not read.
 */
export type SimOrder = Order & {
  raw: { remaining: string; received: string; perCycle: string; withdrawn: string };
};

/** A page of DCA orders: the wallet, token and pair listings (test/sim/routes-dca.ts page). */
export interface OrderPage {
  orders: SimOrder[];
  pagination: { limit: number; nextCursor: string | null; hasMore: boolean; count: number; total: number };
}

/** What POST /__sim/emit answers (test/sim/events.ts applyEvent): a live DCA event with the REST order. */
export type Emitted<E extends object> = E & { order: SimOrder };

/** A JSON-RPC 2.0 answer of the sim (test/sim/rpc.ts): `result` on success, `error` otherwise. */
export interface RpcReply<R> {
  jsonrpc: string;
  id: string | number | null;
  result?: R;
  error?: { code: number; message: string };
}

/** Frames the sim's datastream sends (test/sim/datastream.ts). */
export interface JoinedFrame {
  type: 'joined';
  room: string;
}
export interface PingFrame {
  type: 'ping';
  /** Pings belong to no room (declared so a test can read `room` of any frame). */
  room?: undefined;
}
/** A room message; `D` is the payload the room carries (an object for every sim room). */
export interface MessageFrame<D = Record<string, unknown>> {
  type: 'message';
  room: string;
  data: D;
}
export type DsFrame = JoinedFrame | PingFrame | MessageFrame;

export async function start(opts: SimOptions = {}): Promise<Sim> {
  return startSim({ eventsPerSecond: 0, epochMs: Date.UTC(2026, 0, 15), ...opts });
}

/** One sim (and a demo-key client) for the whole test file: read env.sim / env.api inside the tests. */
export function useSim(opts: SimOptions = {}) {
  const t = {} as { sim: Sim; api: ReturnType<typeof client> };
  beforeAll(async () => {
    t.sim = await start(opts);
    t.api = client(t.sim);
  });
  afterAll(() => t.sim.close());
  return t;
}

/** GET/POST helper speaking JSON to the sim. */
export function client(sim: Sim, key: string | null = 'demo') {
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Res<T>> => {
    const headers: Record<string, string> = { ...extra };
    if (key !== null) headers['x-api-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(sim.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    // the caller names the shape it expects (see Res)
    return { status: r.status, headers: r.headers, body: parsed as T, text };
  };
  return {
    get: <T = unknown>(path: string, extra?: Record<string, string>) =>
      call<T>('GET', path, undefined, extra),
    post: <T = unknown>(path: string, body: unknown) => call<T>('POST', path, body),
    del: <T = unknown>(path: string) => call<T>('DELETE', path),
  };
}

/** One JSON-RPC call; `R` names the `result` the caller expects (unchecked, like Res). */
export async function rpcCall<R = unknown>(
  sim: Sim,
  method: string,
  params: unknown[],
  key = 'demo',
): Promise<{ status: number; body: RpcReply<R> }> {
  const r = await fetch(`${sim.rpcUrl}?api_key=${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  const body: RpcReply<R> = await r.json();
  return { status: r.status, body };
}

/** A raw datastream client that records every message and can wait for one. */
export class WsProbe {
  readonly messages: DsFrame[] = [];
  readonly ws: WebSocket;
  autoPong = true;
  private waiters: { pred: (m: DsFrame) => boolean; resolve: (m: DsFrame) => void }[] = [];
  closed: Promise<{ code: number }>;
  opened: Promise<void>;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      this.ws.once('error', reject);
    });
    this.ws.on('error', () => {});
    this.closed = new Promise((resolve) => this.ws.once('close', (code) => resolve({ code })));
    this.ws.on('message', (raw) => {
      const m: DsFrame = JSON.parse(raw.toString());
      if (m.type === 'ping' && this.autoPong) this.ws.send(JSON.stringify({ type: 'pong' }));
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(m)) return true;
        w.resolve(m);
        return false;
      });
    });
  }

  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg));
  }

  /**
   * Resolves with the first message (already received or future) matching pred. `F` names the frame
   * pred selects (e.g. a MessageFrame with its room's payload); like Res, that is not checked at run time.
   */
  next<F extends DsFrame = DsFrame>(pred: (m: DsFrame) => boolean, from = 0): Promise<F> {
    const found = this.messages.slice(from).find(pred);
    if (found) return Promise.resolve(found as F);
    return new Promise((resolve) => this.waiters.push({ pred, resolve: (m) => resolve(m as F) }));
  }

  async join(room: string): Promise<void> {
    this.send({ type: 'join', room });
    await this.next((m) => m.type === 'joined' && m.room === room);
  }

  close(): void {
    this.ws.close();
  }
}

/** Status code of a refused WebSocket upgrade. */
export function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('error', () => {});
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('close', () => reject(new Error('closed without response')));
  });
}
