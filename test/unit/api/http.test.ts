import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, type ScheduleMeta } from '../../../lib/api';
import {
  addr,
  caught,
  json,
  KEY,
  script,
  startServer,
  type TestServer,
  testClient,
  walletBody,
} from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const W = addr(1);
const ok = (res: Parameters<typeof json>[0]) => json(res, 200, walletBody);

describe('HTTP core: requests', () => {
  it('sends the key header, no Content-Type on GET, and the default program', async () => {
    server.handle(script(ok));
    const { client } = testClient(server.url);
    const r = await client.dca.wallet(W, { sort: 'recent', status: 'active', limit: 10 });
    expect(r.orders[0]?.raw.deposited).toBe('1000000000');
    const hit = server.hits[0]!;
    expect(hit.method).toBe('GET');
    expect(hit.url.pathname).toBe(`/dca/wallet/${W}`);
    expect(hit.headers['x-api-key']).toBe(KEY);
    expect(hit.headers['content-type']).toBeUndefined();
    expect(hit.headers.accept).toBe('application/json');
    expect(Object.fromEntries(hit.url.searchParams)).toEqual({
      program: 'jupiter',
      sort: 'recent',
      status: 'active',
      limit: '10',
    });
  });

  it('POSTs JSON bodies with Content-Type application/json', async () => {
    server.handle(script((res) => json(res, 200, { count: 0, wallets: [], notFound: [W] })));
    const { client } = testClient(server.url);
    const r = await client.pnl.walletsBatch([W]);
    expect(r.notFound).toEqual([W]);
    const hit = server.hits[0]!;
    expect(hit.method).toBe('POST');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hit.body)).toEqual({ wallets: [W] });
  });

  it('sends the RPC key as api_key only, never as a header', async () => {
    server.handle(script((res) => json(res, 200, { jsonrpc: '2.0', id: 1, result: null })));
    const { client } = testClient(server.url);
    expect(await client.rpc.getBlock(5)).toBeNull();
    const hit = server.hits[0]!;
    expect(hit.url.pathname).toBe('/rpc');
    expect(hit.url.searchParams.get('api_key')).toBe(KEY);
    expect(hit.headers['x-api-key']).toBeUndefined();
    expect(JSON.parse(hit.body)).toMatchObject({ jsonrpc: '2.0', method: 'getBlock', params: [5, {}] });
  });

  it('reads the key through a getter on every attempt', async () => {
    let key: string | undefined = 'first-key-1';
    server.handle(script((res) => json(res, 500, {}), ok));
    const { client } = testClient(server.url, {
      apiKey: () => {
        const k = key;
        key = 'second-key-2';
        return k;
      },
    });
    await client.dca.wallet(W);
    expect(server.hits.map((h) => h.headers['x-api-key'])).toEqual(['first-key-1', 'second-key-2']);
  });

  it('fails with NO_KEY before any request when no key is set', async () => {
    server.handle(script(ok));
    for (const apiKey of [undefined, '', '  ', () => undefined, async () => '']) {
      const { client } = testClient(server.url, { apiKey });
      const e = await caught(client.dca.wallet(W));
      expect(e.code).toBe('NO_KEY');
    }
    expect(server.hits).toHaveLength(0);
  });

  it('passes every attempt through schedule with priority and endpoint', async () => {
    server.handle(script((res) => json(res, 502, ''), ok));
    const metas: ScheduleMeta[] = [];
    const { client } = testClient(server.url, {
      schedule: (task, meta) => {
        metas.push(meta);
        return task();
      },
    });
    await client.dca.wallet(W, {}, { priority: 'hover' });
    expect(metas).toEqual([
      { priority: 'hover', endpoint: `/dca/wallet/${W}` },
      { priority: 'hover', endpoint: `/dca/wallet/${W}` },
    ]);
  });
});

describe('HTTP core: retries', () => {
  it('retries 500/502/503/504 with full-jitter backoff and then succeeds', async () => {
    server.handle(
      script(
        (res) => json(res, 500, { error: { code: 'SERVER_ERROR', message: 'x' } }),
        (res) => json(res, 502, 'bad gateway'),
        (res) => json(res, 504, ''),
        ok,
      ),
    );
    const { client, sleeps } = testClient(server.url);
    await client.dca.wallet(W);
    expect(server.hits).toHaveLength(4);
    expect(sleeps).toEqual([150, 300, 600]);
  });

  it('gives up after retries+1 attempts with the body code', async () => {
    server.handle(script((res) => json(res, 500, { error: { code: 'SERVER_ERROR', message: 'boom' } })));
    const { client, sleeps } = testClient(server.url, { retry: { retries: 2 } });
    const e = await caught(client.dca.wallet(W));
    expect([e.code, e.status, e.message]).toEqual(['SERVER_ERROR', 500, 'boom']);
    expect(server.hits).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('caps the backoff at maxMs', async () => {
    server.handle(script((res) => json(res, 503, '')));
    const { client, sleeps } = testClient(server.url, {
      random: () => 0.999,
      retry: { retries: 5, baseMs: 1000, maxMs: 3000 },
    });
    const e = await caught(client.dca.wallet(W));
    expect(e.code).toBe('SERVICE_BUSY');
    expect(sleeps).toEqual([999, 1998, 2997, 2997, 2997]);
  });

  it('retries 408 (TIMEOUT body) and 429', async () => {
    const flow = {
      mint: addr(2),
      buyers: { count: 3, volumeUsd: 12.5 },
      sellers: { count: 0, volumeUsd: null },
    };
    server.handle(
      script(
        (res) => json(res, 408, { error: { code: 'TIMEOUT', message: 'slow' } }),
        (res) => json(res, 429, {}),
        (res) => json(res, 200, flow),
      ),
    );
    const { client } = testClient(server.url);
    expect(await client.dca.tokenFlow(addr(2))).toEqual(flow);
    expect(server.hits).toHaveLength(3);
  });

  it('honours Retry-After in seconds and reports it to onRateLimited', async () => {
    server.handle(script((res) => json(res, 429, {}, { 'retry-after': '7' }), ok));
    const onRateLimited = vi.fn();
    const { client, sleeps } = testClient(server.url, { onRateLimited });
    await client.dca.wallet(W);
    expect(sleeps).toEqual([7000]);
    expect(onRateLimited).toHaveBeenCalledWith(7000);
    expect(server.hits).toHaveLength(2);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const date = 'Wed, 21 Oct 2015 07:28:00 GMT';
    server.handle(script((res) => json(res, 429, {}, { 'retry-after': date }), ok));
    const { client, sleeps } = testClient(server.url, { now: () => Date.parse(date) - 5000 });
    await client.dca.wallet(W);
    expect(sleeps).toEqual([5000]);
  });

  it('never waits less than the backoff even when Retry-After is 0', async () => {
    server.handle(script((res) => json(res, 429, {}, { 'retry-after': '0' }), ok));
    const { client, sleeps } = testClient(server.url);
    await client.dca.wallet(W);
    expect(sleeps).toEqual([150]);
  });

  it('gives up at once with RATE_LIMITED when Retry-After exceeds maxRetryAfterMs', async () => {
    server.handle(script((res) => json(res, 429, {}, { 'retry-after': '3600' })));
    const onRateLimited = vi.fn();
    let t = 1_000_000;
    const { client } = testClient(server.url, { onRateLimited, now: () => t });
    const e = await caught(client.dca.wallet(W));
    expect([e.code, e.status, e.retryAfterMs]).toEqual(['RATE_LIMITED', 429, 3_600_000]);
    expect(e.toView()).toEqual({ code: 'RATE_LIMITED', message: e.message, retryAfterMs: 3_600_000 });
    expect(server.hits).toHaveLength(1);
    // The shared queue is not held for an hour (every other view would wait, loading, with no word
    // why): calls in that hour fail at once with the time left, sending nothing.
    expect(onRateLimited).not.toHaveBeenCalled();
    t += 600_000;
    const later = await caught(client.dca.wallet(W));
    expect([later.code, later.retryAfterMs]).toEqual(['RATE_LIMITED', 3_000_000]);
    expect(server.hits).toHaveLength(1);
    // The other hosts limit on their own: the RPC still answers meanwhile.
    server.handle(script((res) => json(res, 200, { jsonrpc: '2.0', id: 1, result: null })));
    expect(await client.rpc.getBlock(5)).toBeNull();
    expect(server.hits).toHaveLength(1);
    // Once it is over, calls go out again.
    t += 3_000_000;
    server.handle(script(ok)); // (a new script: the hit log starts again)
    await client.dca.wallet(W);
    expect(server.hits).toHaveLength(1);
  });

  it.each([
    [400, { error: { code: 'INVALID_SORT', message: 'bad sort' } }, 'INVALID_SORT'],
    [400, { error: { code: 'PROGRAM_PARAM_CONFLICT', message: 'conflict' } }, 'PROGRAM_PARAM_CONFLICT'],
    [404, { error: { code: 'NOT_FOUND', message: 'no such order' } }, 'NOT_FOUND'],
    [401, { error: { code: 'whatever', message: 'no' } }, 'UNAUTHORIZED'],
    [403, 'forbidden', 'FORBIDDEN'],
    [400, { code: 400, error: 'bad id', errorCode: 'BAD_REQUEST' }, 'BAD_REQUEST'],
    [400, { error: 'Invalid currency. Options: usd, sol, eur' }, 'BAD_REQUEST'],
    [422, '<html>nope</html>', 'BAD_REQUEST'],
  ])('never retries a %i (%j) and surfaces %s', async (status, body, code) => {
    server.handle(script((res) => json(res, status, body)));
    const { client, sleeps } = testClient(server.url);
    const e = await caught(client.dca.wallet(W));
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    expect(server.hits).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('reads the prediction error body and retries its 503', async () => {
    server.handle(
      script((res) => json(res, 503, { code: 503, error: 'busy now', errorCode: 'SERVICE_BUSY' })),
    );
    const { client } = testClient(server.url, { retry: { retries: 1 } });
    const e = await caught(client.prediction.eventsBatch(['some-slug']));
    expect([e.code, e.message, e.endpoint]).toEqual(['SERVICE_BUSY', 'busy now', '/v1/events/batch']);
    expect(server.hits).toHaveLength(2);
  });

  it('turns malformed JSON on 200 into BAD_RESPONSE (transient) after one retry', async () => {
    server.handle(script((res) => json(res, 200, '{"wallet": "x", oops')));
    const { client } = testClient(server.url);
    const e = await caught(client.dca.wallet(W));
    expect([e.code, e.status]).toEqual(['BAD_RESPONSE', 200]);
    expect(server.hits).toHaveLength(2);
  });

  it('recovers when the retried malformed answer is good', async () => {
    server.handle(script((res) => json(res, 200, 'not json'), ok));
    const { client } = testClient(server.url);
    expect((await client.dca.wallet(W)).wallet).toBe(W);
  });

  it('does not retry a well-formed body of the wrong shape', async () => {
    const summary = { ...walletBody.summary, active: 'three' };
    server.handle(script((res) => json(res, 200, { ...walletBody, summary })));
    const { client } = testClient(server.url);
    const e = await caught(client.dca.wallet(W));
    expect(e.code).toBe('SCHEMA_MISMATCH');
    expect(e.message).toContain('summary.active');
    expect(server.hits).toHaveLength(1);
  });
});

describe('HTTP core: time-outs, aborts, network', () => {
  it('times an attempt out and retries it', async () => {
    server.handle(() => undefined);
    const { client, sleeps } = testClient(server.url, { timeoutMs: 50, retry: { retries: 1 } });
    const e = await caught(client.dca.wallet(W));
    expect([e.code, e.status]).toEqual(['TIMEOUT', 0]);
    expect(server.hits).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  it('stops at once when the caller aborts mid-request, without retrying', async () => {
    const controller = new AbortController();
    server.handle(() => controller.abort());
    const { client, sleeps } = testClient(server.url);
    const e = await caught(client.dca.wallet(W, {}, { signal: controller.signal }));
    expect(e.code).toBe('ABORTED');
    expect(server.hits).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('makes no request with an already aborted signal', async () => {
    server.handle(script(ok));
    const { client } = testClient(server.url);
    const e = await caught(client.dca.wallet(W, {}, { signal: AbortSignal.abort() }));
    expect(e.code).toBe('ABORTED');
    expect(server.hits).toHaveLength(0);
  });

  it('does not retry after an abort during the backoff wait', async () => {
    const controller = new AbortController();
    server.handle(script((res) => json(res, 503, '')));
    const { client } = testClient(server.url, {
      sleep: async () => {
        controller.abort();
      },
    });
    const e = await caught(client.dca.wallet(W, {}, { signal: controller.signal }));
    expect(e.code).toBe('ABORTED');
    expect(server.hits).toHaveLength(1);
  });

  it('reports NETWORK after retries when nothing listens, with no key in any text', async () => {
    const dead = await startServer();
    const base = dead.url;
    await dead.close();
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const { client } = testClient(base, { fetch: counting, retry: { retries: 2 } });
    for (const p of [client.dca.wallet(W), client.rpc.getBlock(1)]) {
      const e = await caught(p);
      expect(e.code).toBe('NETWORK');
      const text = `${e.message} ${e.endpoint} ${JSON.stringify(e)} ${String(e.stack)} ${JSON.stringify(e.toView())}`;
      expect(text).not.toContain(KEY);
    }
    expect(calls).toBe(6);
  });

  it('redacts the key when a server echoes it in its error message', async () => {
    server.handle(
      script((res, hit) =>
        json(res, 400, {
          error: { code: 'INVALID_WALLET', message: `key ${hit.headers['x-api-key']} is odd` },
        }),
      ),
    );
    const { client } = testClient(server.url);
    const e = await caught(client.dca.wallet(W));
    expect(e.message).toBe('key [key] is odd');
  });
});

describe('HTTP core: the key never leaves in server text', () => {
  it('redacts a key that straddles the 300-character cut (replaced before clipping)', async () => {
    server.handle(
      script((res) =>
        json(res, 400, { error: { code: 'INVALID_WALLET', message: `${'x'.repeat(285)} ${KEY} tail` } }),
      ),
    );
    const { client } = testClient(server.url);
    const e = await caught(client.dca.wallet(W));
    expect(e.message).not.toContain(KEY.slice(0, 6));
    expect(e.message).toBe(`${'x'.repeat(285)} [key] tail`);
  });

  it('redacts the key as a URL encodes it, and in a JSON-RPC error answered with 200', async () => {
    const key = 'ab+cd/ef==-secret';
    server.handle(
      script((res, hit) =>
        json(res, 200, {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32000, message: `bad url ${hit.url.search} (raw ${key})` },
        }),
      ),
    );
    const { client } = testClient(server.url, { apiKey: key });
    const e = await caught(client.rpc.getBlock(5));
    expect(e.code).toBe('RPC_-32000');
    expect(e.message).toBe('bad url ?api_key=[key] (raw [key])');
    expect(JSON.stringify(e.toView())).not.toContain('secret');
  });
});

describe('ApiError', () => {
  it('wraps foreign values without their text', () => {
    const e = ApiError.from(new Error(`https://rpc/?api_key=${KEY}`));
    expect(e.code).toBe('UNKNOWN');
    expect(e.message).not.toContain(KEY);
    expect(ApiError.from(new DOMException('x', 'AbortError')).code).toBe('ABORTED');
    const same = new ApiError({ code: 'NETWORK' });
    expect(ApiError.from(same)).toBe(same);
    expect(same.toView()).toEqual({
      code: 'NETWORK',
      message: 'Network error: the service could not be reached.',
    });
    expect(same.status).toBe(0);
  });
});
