/** Test helpers: a scriptable datastream server on a real socket, sample events, waitFor. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { encodeBase58 } from '../../../lib/detect/base58';

export async function waitFor(cond: () => boolean, timeoutMs = 3_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let counter = 1;
/** A fresh valid Solana address (32 bytes, base58). */
export function addr(): string {
  const bytes = new Uint8Array(32);
  let x = counter++ * 2654435761;
  for (let i = 0; i < 32; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x & 0xff;
  }
  bytes[0] = (bytes[0]! % 200) + 20;
  return encodeBase58(bytes);
}

export interface Frame {
  type: string;
  room?: string;
  [k: string]: unknown;
}

export interface Conn {
  ws: WebSocket;
  frames: Frame[];
  send(frame: unknown): void;
}

export interface ScriptServer {
  url: string;
  conns: Conn[];
  /** HTTP upgrade requests seen (refused ones included). */
  upgrades: number;
  paths: string[];
  /** Every client frame over every connection. */
  frames(): Frame[];
  joins(room?: string): number;
  last(): Conn;
  close(): Promise<void>;
}

export interface ScriptOptions {
  /** Answer `join` with `joined` (default true). */
  ack?: boolean;
  /** Refuse the upgrade with this HTTP status (like `demo-free`'s 403). */
  refuseWith?: number;
}

export async function startScriptServer(opts: ScriptOptions = {}): Promise<ScriptServer> {
  const http: Server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  const s: ScriptServer = {
    url: '',
    conns: [],
    upgrades: 0,
    paths: [],
    frames: () => s.conns.flatMap((c) => c.frames),
    joins: (room) =>
      s.frames().filter((f) => f.type === 'join' && (room === undefined || f.room === room)).length,
    last: () => s.conns[s.conns.length - 1]!,
    close: async () => {
      for (const c of s.conns) c.ws.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    },
  };
  http.on('upgrade', (req, socket, head) => {
    s.upgrades++;
    s.paths.push(req.url ?? '');
    if (opts.refuseWith) {
      socket.end(`HTTP/1.1 ${opts.refuseWith} Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = {
        ws,
        frames: [],
        send: (f) => ws.send(typeof f === 'string' ? f : JSON.stringify(f)),
      };
      s.conns.push(conn);
      ws.on('message', (raw) => {
        const f = JSON.parse(raw.toString()) as Frame;
        conn.frames.push(f);
        if (f.type === 'join' && opts.ack !== false) conn.send({ type: 'joined', room: f.room });
      });
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  s.url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ws/test-key-SECRET`;
  return s;
}

export const PROGRAM = 'jupiter';

/** A Filled event as the service sends it (amounts as base-unit strings). */
export function filled(o: {
  signature: string;
  owner: string;
  address: string;
  inputMint: string;
  outputMint: string;
  eventIndex?: number;
}) {
  return {
    program: PROGRAM,
    programId: 'DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M',
    address: o.address,
    owner: o.owner,
    signature: o.signature,
    slot: 320_000_001,
    timestamp: 1_795_305_113_340,
    eventIndex: o.eventIndex ?? 0,
    dcaKey: o.address,
    eventName: 'Filled',
    userKey: o.owner,
    inputMint: o.inputMint,
    outputMint: o.outputMint,
    inAmount: '50000000',
    outAmount: '310000000',
    feeMint: o.outputMint,
    fee: '1000',
    usd: { inAmountUsd: 50, outAmountUsd: 49.9, feeUsd: 0.01 },
    prices: { [o.inputMint]: 1 },
    order: { address: o.address, owner: o.owner, status: 'active', progressPercent: 40 },
    someNewField: { nested: true },
  };
}
