import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { backgroundEvent, catalogOf, controlRoute } from './control';
import { Hub } from './datastream';
import { dataError, pmError, type Reply, ReplyError, type Req, readBody } from './http';
import { dcaRoute } from './routes-dca';
import { marketRoute } from './routes-market';
import { pmRoute } from './routes-pm';
import { pnlRoute } from './routes-pnl';
import { rpc, rpcLogged } from './rpc';
import { createState, faultApplies, type LogEntry, type SimState } from './state';

export interface SimOptions {
  port?: number; // 0 (default) = a free port
  host?: string; // default 127.0.0.1
  seed?: number; // default 42
  hostile?: boolean; // more hostile records (some are always there)
  pingIntervalMs?: number; // datastream ping period, default 10_000
  eventsPerSecond?: number; // background live events, default 2; 0 = off
  log?: boolean; // print requests (CLI only)
  /** Sim extension: period of the PnL/price room messages, default 2_000. */
  streamIntervalMs?: number;
  /** Sim extension: time anchor of the generated data (unix ms), default start of the current UTC day. */
  epochMs?: number;
}
export interface Catalog {
  wallets: string[];
  queuedWallets: string[];
  mints: string[];
  /** The token of mints[i] as the API serves it (fixture pages write its symbol, name and price). */
  tokens: CatalogToken[];
  orders: string[];
  pools: string[];
  events: { polymarket: string[]; kalshi: string[] };
  slots: { confirmed: number[]; unconfirmed: number[] };
  /** Token-2022 accounts with extensions (RPC only): mints (byte 165 = 1) and token accounts (byte 165 = 2). */
  token2022: { mints: string[]; accounts: string[] };
}
export interface CatalogToken {
  symbol: string;
  name: string;
  priceUsd: number | null;
}
export interface Sim {
  url: string;
  dataUrl: string;
  predictionUrl: string;
  rpcUrl: string;
  datastreamUrl: string;
  catalog: Catalog;
  close(): Promise<void>;
}

export const KEYS: Record<string, 'premium' | 'free'> = { demo: 'premium', 'demo-free': 'free' };
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'x-api-key, content-type',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function faultReply(s: SimState, pm: boolean): Reply {
  const st = s.faults.status;
  const codes: Record<number, [string, string]> = {
    408: ['TIMEOUT', 'Request timed out'],
    429: ['RATE_LIMITED', 'Too many requests'],
    503: ['SERVICE_BUSY', 'Service busy'],
    500: ['SERVER_ERROR', 'Internal server error'],
  };
  const [code, message] =
    codes[st] ?? (st >= 500 ? ['SERVER_ERROR', 'Internal server error'] : ['ERROR', `Simulated ${st}`]);
  const reply = pm
    ? pmError(st, code === 'SERVER_ERROR' ? 'INTERNAL' : code, message)
    : dataError(st, code, message);
  if (st === 429) reply.headers = { 'retry-after': String(s.faults.retryAfter) };
  return reply;
}

function route(s: SimState, r: Req, plan: string): Reply | null {
  const [a, b, ...rest] = r.segments;
  if (a === 'pm') return r.method === 'GET' ? pmRoute(s, r, r.segments.slice(1)) : null;
  if (a === 'rpc' && r.segments.length === 1) {
    if (r.method !== 'POST')
      return {
        status: 405,
        body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'POST only' } },
      };
    return { status: 200, body: rpc(s, r.body, r.bodyError) };
  }
  if (a === 'v2' && b === 'pnl') return pnlRoute(s, r, rest);
  if (r.method !== 'GET') return null;
  if (a === 'dca') return dcaRoute(s, r, r.segments.slice(1));
  return marketRoute(s, r, r.segments, plan);
}

export async function startSim(opts: SimOptions = {}): Promise<Sim> {
  const seed = opts.seed ?? 42;
  const now = opts.epochMs ?? Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const s = createState(seed, opts.hostile ?? false, now);
  const hub = new Hub(s, {
    pingIntervalMs: opts.pingIntervalMs ?? 10_000,
    streamIntervalMs: opts.streamIntervalMs ?? 2_000,
  });
  const host = opts.host ?? '127.0.0.1';

  const write = (res: ServerResponse, reply: Reply) => {
    const headers: Record<string, string> = { ...CORS, ...(reply.headers ?? {}) };
    if (reply.binary) {
      res.writeHead(reply.status, { 'content-type': 'application/octet-stream', ...headers });
      res.end(reply.binary);
      return;
    }
    let text = JSON.stringify(reply.body ?? null);
    let status = reply.status;
    if (s.faults.malformed && faultApplies(s, res.req.url ?? '/') && !res.req.url?.startsWith('/__sim/')) {
      text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      status = 200;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(text);
  };

  /** Requests served on each keep-alive connection so far (to tell a reused connection). */
  const served = new WeakMap<object, number>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const before = served.get(req.socket) ?? 0;
    served.set(req.socket, before + 1);
    const url = new URL(req.url ?? '/', 'http://sim');
    const method = req.method ?? 'GET';
    const control = url.pathname.startsWith('/__sim/');
    const pm = url.pathname === '/pm' || url.pathname.startsWith('/pm/');
    const started = Date.now();
    /** Items a batch POST asked for (its body's first array), for the benchmark's batch sizes. */
    let items: number | undefined;
    let rpcCall: LogEntry['rpc'];
    res.on('finish', () => {
      if (control) return;
      if (s.log.length >= 20_000) s.log.shift();
      s.log.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        time: started,
        status: res.statusCode,
        ...(items === undefined ? {} : { items }),
        ...(before > 0 ? { reused: true } : {}),
        ...(rpcCall ? { rpc: rpcCall } : {}),
      });
      if (opts.log)
        console.log(
          `${method} ${url.pathname}${url.search.replace(/api_key=[^&]*/, 'api_key=***')} -> ${res.statusCode}`,
        );
    });
    try {
      if (method === 'OPTIONS') {
        res.writeHead(204, CORS);
        res.end();
        return;
      }
      let body: unknown;
      let bodyError = false;
      if (method === 'POST' || method === 'DELETE') {
        const buf = await readBody(req);
        if (buf.length > 0) {
          try {
            body = JSON.parse(buf.toString('utf8'));
            const list =
              body && typeof body === 'object' ? Object.values(body).find(Array.isArray) : undefined;
            if (Array.isArray(list)) items = list.length;
            if (url.pathname === '/rpc') rpcCall = rpcLogged(body);
          } catch {
            bodyError = true;
          }
        }
      }
      const segments = url.pathname
        .split('/')
        .filter(Boolean)
        .map((x) => decodeURIComponent(x));
      const r: Req = {
        method,
        path: url.pathname,
        segments,
        query: url.searchParams,
        headers: req.headers,
        body,
        bodyError,
      };
      if (control) {
        const reply = controlRoute(s, hub, r, segments.slice(1));
        write(res, reply ?? dataError(404, 'NOT_FOUND', 'no such control endpoint'));
        return;
      }
      if (faultApplies(s, url.pathname)) {
        if (s.faults.latencyMs > 0) await sleep(s.faults.latencyMs);
        if (s.faults.errorRate > 0 && s.rng.next() < s.faults.errorRate) {
          write(res, faultReply(s, pm));
          return;
        }
      }
      const key =
        segments[0] === 'rpc'
          ? url.searchParams.get('api_key')
          : (req.headers['x-api-key'] as string | undefined);
      const plan = key ? KEYS[key] : undefined;
      if (!plan) {
        const message = key ? 'Invalid API key' : 'Missing API key';
        write(res, pm ? pmError(401, 'UNAUTHORIZED', message) : dataError(401, 'UNAUTHORIZED', message));
        return;
      }
      const reply = route(s, r, plan);
      write(
        res,
        reply ??
          (pm
            ? pmError(404, 'NOT_FOUND', 'no such endpoint')
            : dataError(404, 'NOT_FOUND', 'no such endpoint')),
      );
    } catch (e) {
      if (e instanceof ReplyError) write(res, e.reply);
      else {
        if (opts.log) console.error(e);
        write(
          res,
          pm ? pmError(500, 'INTERNAL', 'internal error') : dataError(500, 'SERVER_ERROR', 'internal error'),
        );
      }
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const segs = url.pathname.split('/').filter(Boolean);
    const refuse = (status: number, text: string) => {
      s.log.push({ method: 'GET', path: '/ws/:key', query: {}, time: Date.now(), status });
      socket.end(
        `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ error: { code: text.toUpperCase().replace(/ /g, '_'), message: text } })}`,
      );
    };
    if (segs[0] !== 'ws' || segs.length !== 2) return refuse(404, 'Not Found');
    if (faultApplies(s, url.pathname) && s.faults.errorRate > 0 && s.rng.next() < s.faults.errorRate) {
      return refuse(s.faults.status, s.faults.status === 429 ? 'Too Many Requests' : 'Service Unavailable');
    }
    const plan = KEYS[decodeURIComponent(segs[1]!)];
    if (!plan) return refuse(401, 'Unauthorized');
    if (plan !== 'premium') return refuse(403, 'Forbidden');
    s.log.push({ method: 'GET', path: '/ws/:key', query: {}, time: Date.now(), status: 101 });
    hub.upgrade(req, socket, head);
  });

  const port = opts.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const eps = opts.eventsPerSecond ?? 2;
  const bg = eps > 0 ? setInterval(() => backgroundEvent(s, hub), Math.max(5, 1000 / eps)) : null;
  const actual = (server.address() as AddressInfo).port;
  const url = `http://${host}:${actual}`;
  let closed: Promise<void> | null = null;
  return {
    url,
    dataUrl: url,
    predictionUrl: `${url}/pm`,
    rpcUrl: `${url}/rpc`,
    datastreamUrl: `ws://${host}:${actual}/ws`,
    catalog: catalogOf(s),
    close() {
      closed ??= new Promise<void>((resolve) => {
        if (bg) clearInterval(bg);
        hub.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
