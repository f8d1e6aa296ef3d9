/**
 * Fuzzing the trust boundary: every API response schema, the live message parser and every message
 * input, fed random JSON. The only outcomes allowed are a parsed value or a typed error; nothing
 * may throw anything else (a TypeError from a refine, a stack overflow, a raw ZodError).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { parseBody } from '../../../lib/api/parse';
import * as common from '../../../lib/api/schemas/common';
import * as dca from '../../../lib/api/schemas/dca';
import * as live from '../../../lib/api/schemas/live';
import * as market from '../../../lib/api/schemas/market';
import * as pnl from '../../../lib/api/schemas/pnl';
import * as prediction from '../../../lib/api/schemas/prediction';
import * as rpc from '../../../lib/api/schemas/rpc';
import { createRouter, type Handlers } from '../../../lib/background/router';
import { INPUTS, type MessageName } from '../../../lib/messaging';

const MODULES = { common, dca, live, market, pnl, prediction, rpc };
const SCHEMAS: Array<[string, z.ZodType]> = Object.entries(MODULES).flatMap(([mod, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${mod}.${name}`, schema] as [string, z.ZodType]),
);

/** Random JSON, with the values API bodies are made of more likely than pure noise. */
const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    'NaN',
    '-1',
    '1e309',
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '\u202Eevil',
  ),
  fc.string({ unit: 'binary', maxLength: 50 }),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.string(),
        fc.constantFrom('wallet', 'orders', 'summary', 'error', 'data', 'results', '__proto__'),
      ),
      tie('value'),
      { maxKeys: 6 },
    ),
  ),
})).value;

function parsedOrTyped(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('SCHEMA_MISMATCH');
  }
}

describe('every API response schema against random JSON', () => {
  it('finds the schemas (the list below is not silently empty)', () => {
    expect(SCHEMAS.length).toBeGreaterThan(40);
  });

  for (const [name, schema] of SCHEMAS) {
    it(`${name}: a value or SCHEMA_MISMATCH, never another throw`, () => {
      fc.assert(
        fc.property(json, (body) => parsedOrTyped(() => parseBody(schema, body, '/fuzz'))),
        { numRuns: 150 },
      );
    });
  }
});

describe('live messages against random JSON', () => {
  const rooms = [
    'dca:jupiter',
    'dca:jupiter:opened',
    'pnl:So11111111111111111111111111111111111111112',
    'pnl:So11111111111111111111111111111111111111112:summary',
    'price:aggregated:So11111111111111111111111111111111111111112',
  ];
  it('parseLiveMessage answers a result for any room and any data, never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...rooms), fc.string()), json, (room, data) => {
        const result = live.parseLiveMessage(room, data) as unknown;
        expect(result).toBeTypeOf('object');
        expect(result).not.toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('every message input against random JSON', () => {
  const calls: string[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_t, name: string) => async () => {
      calls.push(name);
      return null;
    },
  });
  const dispatch = createRouter(handlers, { extensionId: 'x', extensionBaseUrl: 'chrome-extension://x/' });
  const names = Object.keys(INPUTS) as MessageName[];

  it('the router answers INVALID_INPUT or runs the handler with input that passed the schema', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), json, async (name, data) => {
        calls.length = 0;
        const r = await dispatch(name, data, { id: 'x', url: 'chrome-extension://x/popup.html' });
        if (r.ok) {
          expect(calls).toEqual([name]);
          expect(INPUTS[name].safeParse(data).success).toBe(true);
        } else {
          expect(r.error.code).toBe('INVALID_INPUT');
          expect(calls).toEqual([]);
          expect(r.error.message.length).toBeLessThan(500);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('random message names never reach a handler', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), json, async (name, data) => {
        fc.pre(!Object.hasOwn(INPUTS, name));
        calls.length = 0;
        const r = await dispatch(name as MessageName, data, {
          id: 'x',
          url: 'chrome-extension://x/popup.html',
        });
        expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
        expect(calls).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
