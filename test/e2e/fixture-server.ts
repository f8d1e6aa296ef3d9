import { readFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { renderFixture } from '../fixtures/render';
import type { Catalog } from '../sim';

const ROOT = join(process.cwd(), 'test/fixtures');

/**
 * Serves test/fixtures/*.html with the simulator's catalog filled in, on 127.0.0.1 (the content
 * script matches http://127.0.0.1/* in simulator builds). With `tls` (a key and certificate, PEM),
 * over https instead: a site the manifest does not name, as "any site" detection sees one.
 */
export async function startFixtureServer(
  catalog: Catalog,
  port = 0,
  tls?: { key: string; cert: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const serve: RequestListener = async (req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    const file = path.endsWith('.html') ? path : `${path}.html`;
    if (file.includes('..') || file.includes('/')) {
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const html = await readFile(join(ROOT, file), 'utf8');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(renderFixture(html, catalog));
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  };
  const server: Server = tls ? createTlsServer(tls, serve) : createServer(serve);
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${bound}`,
    close: () => closeServer(server),
  };
}

/**
 * A server standing for a host the extension must never reach (an attacker's): it records the path
 * of each request it gets, and answers `{}`.
 */
export async function startTrap(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((ok) => {
    server.closeAllConnections();
    server.close(() => ok());
  });
}
