/**
 * What the client makes of answers that are not the service's data: a body that is not JSON
 * (BAD_RESPONSE, transient) apart from JSON of the wrong shape (SCHEMA_MISMATCH, permanent); no
 * network while the browser knows it is offline (OFFLINE, not NETWORK); and what each answer says
 * of the key (the hook the background's key state follows).
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KeyVerdict } from '../../../lib/api';
import { errorMessage, isKnownErrorCode } from '../../../lib/errors';
import { addr, caught, json, script, startServer, type TestServer, testClient, walletBody } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => vi.unstubAllGlobals());

const W = addr(1);
const good = (res: Parameters<typeof json>[0]) => json(res, 200, walletBody);

/** A port nothing listens on: every fetch to it fails before any answer. */
async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('a body that is not JSON: BAD_RESPONSE, transient', () => {
  it('a cut-off body is retried once, then BAD_RESPONSE with its own message (not SCHEMA_MISMATCH)', async () => {
    const full = JSON.stringify(walletBody);
    server.handle(script((res) => json(res, 200, full.slice(0, full.length / 2))));
    const { client, sleeps } = testClient(server.url);
    const e = await caught(client.dca.wallet(W));
    expect([e.code, e.status]).toEqual(['BAD_RESPONSE', 200]);
    expect(e.message).toBe(errorMessage('BAD_RESPONSE'));
    expect(server.hits).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('a proxy page instead of JSON is BAD_RESPONSE too; a good answer on the retry is served', async () => {
    server.handle(script((res) => json(res, 200, '<html>gateway</html>')));
    const { client } = testClient(server.url);
    expect((await caught(client.dca.wallet(W))).code).toBe('BAD_RESPONSE');
    server.handle(script((res) => json(res, 200, '{"wallet":'), good));
    expect((await client.dca.wallet(W)).wallet).toBe(W);
  });

  it('well-formed JSON of the wrong shape stays SCHEMA_MISMATCH, not retried', async () => {
    server.handle(script((res) => json(res, 200, { ...walletBody, orders: 'none' })));
    const { client } = testClient(server.url);
    const e = await caught(client.dca.wallet(W));
    expect(e.code).toBe('SCHEMA_MISMATCH');
    expect(server.hits).toHaveLength(1);
  });

  it('is a known code with a message of its own, unlike a code the service invented', () => {
    expect(isKnownErrorCode('BAD_RESPONSE')).toBe(true);
    expect(errorMessage('BAD_RESPONSE')).toMatch(/incomplete answer/);
    expect(errorMessage('BAD_RESPONSE')).not.toBe(errorMessage('SCHEMA_MISMATCH'));
  });
});

describe('offline: OFFLINE, not NETWORK', () => {
  it('a failed fetch while navigator.onLine is false is OFFLINE ("You are offline."), and retried', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const { client, sleeps } = testClient(await deadUrl(), { retry: { retries: 2 } });
    const e = await caught(client.dca.wallet(W));
    expect([e.code, e.status, e.message]).toEqual(['OFFLINE', 0, 'You are offline.']);
    expect(e.toView()).toEqual({ code: 'OFFLINE', message: errorMessage('OFFLINE') });
    expect(sleeps).toHaveLength(2); // transient: the client's own retries ran
  });

  it('online, or without any navigator to ask, the same failure stays NETWORK', async () => {
    const url = await deadUrl();
    vi.stubGlobal('navigator', { onLine: true });
    expect((await caught(testClient(url, { retry: { retries: 0 } }).client.dca.wallet(W))).code).toBe(
      'NETWORK',
    );
    vi.stubGlobal('navigator', undefined);
    expect((await caught(testClient(url, { retry: { retries: 0 } }).client.dca.wallet(W))).code).toBe(
      'NETWORK',
    );
  });

  it('an answer that does come while the browser says offline is still served', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    server.handle(script(good));
    expect((await testClient(server.url).client.dca.wallet(W)).wallet).toBe(W);
  });
});

describe('what an answer says of the key (onKeyVerdict)', () => {
  const verdicts = () => {
    const seen: KeyVerdict[] = [];
    return { seen, onKeyVerdict: (v: KeyVerdict) => void seen.push(v) };
  };

  it('a 401 refuses the key; a 2xx accepts it (even with a body that turns out bad)', async () => {
    const v = verdicts();
    const { client } = testClient(server.url, { onKeyVerdict: v.onKeyVerdict });
    server.handle(script((res) => json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'expired' } })));
    expect((await caught(client.dca.wallet(W))).code).toBe('UNAUTHORIZED');
    expect(v.seen).toEqual(['refused']);
    server.handle(script(good));
    await client.dca.wallet(W);
    expect(v.seen).toEqual(['refused', 'accepted']);
    server.handle(script((res) => json(res, 200, { ...walletBody, orders: 'none' })));
    await caught(client.dca.wallet(W));
    expect(v.seen).toEqual(['refused', 'accepted', 'accepted']);
  });

  it('a 403 (plan or credits), a 5xx or no answer says nothing of the key', async () => {
    const v = verdicts();
    const { client } = testClient(server.url, { onKeyVerdict: v.onKeyVerdict, retry: { retries: 0 } });
    for (const status of [403, 429, 500, 503]) {
      server.handle(script((res) => json(res, status, { error: { code: 'X', message: 'no' } })));
      await caught(client.dca.wallet(W));
    }
    await caught(testClient(await deadUrl(), { onKeyVerdict: v.onKeyVerdict }).client.dca.wallet(W));
    expect(v.seen).toEqual([]);
  });

  it('a hook that throws does not fail the request', async () => {
    server.handle(script(good));
    const { client } = testClient(server.url, {
      onKeyVerdict: () => {
        throw new Error('hook');
      },
    });
    expect((await client.dca.wallet(W)).wallet).toBe(W);
  });
});
