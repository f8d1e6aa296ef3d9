import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { type Sim, type SimOptions, startSim } from '../../sim/index';

export interface Res<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

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
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Res> => {
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
    return { status: r.status, headers: r.headers, body: parsed, text };
  };
  return {
    get: (path: string, extra?: Record<string, string>) => call('GET', path, undefined, extra),
    post: (path: string, body: unknown) => call('POST', path, body),
    del: (path: string) => call('DELETE', path),
  };
}

export async function rpcCall(sim: Sim, method: string, params: unknown[], key = 'demo') {
  const r = await fetch(`${sim.rpcUrl}?api_key=${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return { status: r.status, body: (await r.json()) as any };
}

/** A raw datastream client that records every message and can wait for one. */
export class WsProbe {
  readonly messages: any[] = [];
  readonly ws: WebSocket;
  autoPong = true;
  private waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
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
      const m = JSON.parse(raw.toString());
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

  /** Resolves with the first message (already received or future) matching pred. */
  next(pred: (m: any) => boolean, from = 0): Promise<any> {
    const found = this.messages.slice(from).find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
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
