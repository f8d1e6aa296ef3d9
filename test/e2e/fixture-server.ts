import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { renderFixture } from '../fixtures/render';
import type { Catalog } from '../sim';

const ROOT = join(process.cwd(), 'test/fixtures');

/**
 * Serves test/fixtures/*.html with the simulator's catalog filled in, on 127.0.0.1 (the content
 * script matches http://127.0.0.1/* in simulator builds).
 */
export async function startFixtureServer(
  catalog: Catalog,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
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
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
