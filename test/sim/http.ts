import type { IncomingMessage } from 'node:http';
import { isSolanaAddress } from '../../lib/detect/address';

export interface Reply {
  status: number;
  body?: unknown; // JSON-serialised unless `binary` is set
  binary?: Buffer;
  headers?: Record<string, string>;
}

export interface Req {
  method: string;
  path: string;
  segments: string[]; // decoded path segments
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown; // parsed JSON body (POST) or undefined
  bodyError: boolean; // body present but not valid JSON
}

export const ok = (body: unknown, headers?: Record<string, string>): Reply => ({
  status: 200,
  body,
  headers,
});

/** Data API error body `{error:{code,message}}`. */
export const dataError = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message } },
});

/** Prediction API error body `{code, error, errorCode}`. */
export const pmError = (status: number, errorCode: string, error: string): Reply => ({
  status,
  body: { code: status, error, errorCode },
});

/** Thrown by validators; carries a complete reply. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`sim reply ${reply.status}`);
  }
}

export const fail = (r: Reply): never => {
  throw new ReplyError(r);
};

export const isAddress = (s: string | undefined): s is string => typeof s === 'string' && isSolanaAddress(s);

export function readBody(req: IncomingMessage, maxBytes = 2_000_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Integer query parameter in [min, max], `def` when absent; null when invalid. */
export function intParam(
  q: URLSearchParams,
  name: string,
  def: number,
  min: number,
  max: number,
): number | null {
  const raw = q.get(name);
  if (raw === null || raw === '') return def;
  if (!/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

export const round = (n: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
