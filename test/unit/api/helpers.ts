import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import bs58 from 'bs58';
import { type ApiClientOptions, ApiError, createApiClient } from '../../../lib/api';

/** A deterministic Solana address for test number `n`. */
export function addr(n: number): string {
  const bytes = new Uint8Array(32);
  bytes[0] = 7;
  bytes[30] = (n >> 8) & 0xff;
  bytes[31] = n & 0xff;
  return bs58.encode(bytes);
}

export const SOL = 'So11111111111111111111111111111111111111112';
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const KEY = 'test-key-5f3a9c';

export interface Hit {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (hit: Hit, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  hits: Hit[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A real HTTP server whose answers each test scripts; every request is recorded. */
export async function startServer(): Promise<TestServer> {
  let handler: Handler = (_hit, res) =>
    json(res, 404, { error: { code: 'NOT_FOUND', message: 'no script' } });
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit: Hit = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hits.push(hit);
      void handler(hit, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    handle(next) {
      handler = next;
      hits.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Answers from a queue of scripted replies, the last one repeating. */
export function script(...replies: Array<(res: ServerResponse, hit: Hit) => void>): Handler {
  let i = 0;
  return (hit, res) => {
    const reply = replies[Math.min(i++, replies.length - 1)]!;
    reply(res, hit);
  };
}

/** A client against the server with no real waiting: sleeps are recorded, jitter is fixed. */
export function testClient(base: string, overrides: Partial<ApiClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createApiClient({
    dataUrl: base,
    predictionUrl: `${base}/pm`,
    rpcUrl: `${base}/rpc`,
    apiKey: KEY,
    timeoutMs: 2000,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { client, sleeps };
}

export function token(mint: string, extra: Record<string, unknown> = {}) {
  return {
    mint,
    symbol: 'SOL',
    name: 'Wrapped SOL',
    decimals: 9,
    image: 'https://x/y.png',
    priceUsd: 150.2,
    ...extra,
  };
}

export function order(n: number, extra: Record<string, unknown> = {}) {
  return {
    program: 'jupiter',
    programId: 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M',
    address: addr(1000 + n),
    owner: addr(1),
    status: 'active',
    direction: 'buying',
    pair: 'USDC -> SOL',
    input: token(USDC, { symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1 }),
    output: token(SOL),
    deposited: 1000,
    depositedUsd: 1000,
    used: 400,
    usedUsd: 400,
    remaining: 600,
    remainingUsd: 600,
    received: 2.66,
    receivedUsd: 399.5,
    perCycle: 100,
    perCycleUsd: 100,
    frequency: '1h',
    progressPercent: 40,
    volume: 400,
    volumeUsd: 400,
    createdAt: '2025-01-02T03:04:05.678Z',
    nextCycleAt: '2025-01-02T08:04:05.678Z',
    raw: { deposited: '1000000000', used: '400000000' },
    ...extra,
  };
}

export const pagination = (extra: Record<string, unknown> = {}) => ({
  limit: 50,
  nextCursor: null,
  hasMore: false,
  count: 1,
  total: 1,
  ...extra,
});

/** One wallet's page of orders (wallet addr(1), one order), as the service answers it. */
export const walletBody = {
  wallet: addr(1),
  summary: { total: 1, active: 1, paused: 0, completed: 0, pending: 0 },
  orders: [order(1)],
  pagination: pagination(),
};

/** The ApiError `p` rejects with (fails the test when it resolves, or rejects with anything else). */
export async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(e)}`);
    return e;
  }
  throw new Error('expected a rejection');
}
