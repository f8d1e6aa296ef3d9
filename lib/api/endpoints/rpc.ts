import type { z } from 'zod';
import { ApiError } from '../errors';
import type { HttpCore } from '../http';
import { droppedError, droppedFrom, parseBody } from '../parse';
import {
  type AccountInfo,
  BlockResult,
  DomainList,
  DomainValue,
  MultipleAccountsResult,
  MultipleDomains,
  RpcEnvelope,
} from '../schemas/rpc';
import type { CallOptions } from '../types';
import { checkAddress, checkNonEmptyText, chunk } from '../validate';

export interface BlockConfig {
  commitment?: 'finalized' | 'confirmed' | 'processed';
  encoding?: 'json' | 'jsonParsed' | 'base58' | 'base64';
  transactionDetails?: 'full' | 'signatures' | 'none' | 'accounts';
  rewards?: boolean;
  maxSupportedTransactionVersion?: number;
}

export interface AccountsConfig {
  commitment?: 'finalized' | 'confirmed' | 'processed';
  encoding?: 'base64' | 'jsonParsed' | 'base58';
  dataSlice?: { offset: number; length: number };
}

/** getMultipleAccounts' answer, merged over its chunks. */
export interface MultipleAccounts {
  /** The oldest slot among the chunks' answers. */
  context: { slot: number } | null;
  value: Array<AccountInfo | null>;
  /** Addresses whose account did not fit the schema (null in `value`), with the error to report. */
  failed: Record<string, ApiError>;
}

export const RPC_METHOD_NOT_FOUND = -32601;
export const ACCOUNTS_CHUNK = 100;
export const DOMAINS_CHUNK = 100;

/**
 * JSON-RPC 2.0 over the HTTP core. A JSON-RPC error object becomes ApiError with code
 * `RPC_<code>` (for example `RPC_-32601`), HTTP status 200 and the server's message.
 */
export function createRpcEndpoints(http: HttpCore) {
  let nextId = 1;

  async function call<S extends z.ZodType>(
    method: string,
    params: unknown[],
    schema: S,
    options?: CallOptions,
  ): Promise<z.output<S>> {
    const endpoint = `rpc:${method}`;
    const body = { jsonrpc: '2.0', id: nextId++, method, params };
    const raw = await http.raw({ service: 'rpc', method: 'POST', path: '', body, endpoint }, options);
    const envelope = parseBody(RpcEnvelope, raw, endpoint);
    if (envelope.error) {
      throw new ApiError({
        code: `RPC_${envelope.error.code}`,
        status: 200,
        endpoint,
        message: (envelope.error.message ?? 'RPC error').slice(0, 300),
      });
    }
    if (!('result' in envelope)) {
      throw new ApiError({
        code: 'SCHEMA_MISMATCH',
        status: 200,
        endpoint,
        message: 'RPC answer has no result.',
      });
    }
    return parseBody(schema, envelope.result, endpoint);
  }

  const slotParam = (slot: number) => {
    if (Number.isSafeInteger(slot) && slot >= 0) return slot;
    throw new ApiError({
      code: 'INVALID_INPUT',
      message: 'slot must be a non-negative integer.',
      endpoint: 'rpc:getBlock',
    });
  };

  return {
    /** `null` when the block is not confirmed. Falls back to deprecated getConfirmedBlock only on -32601. */
    async getBlock(slot: number, config: BlockConfig = {}, options?: CallOptions) {
      const params = [slotParam(slot), { maxSupportedTransactionVersion: 0, ...config }];
      try {
        return await call('getBlock', params, BlockResult, options);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== `RPC_${RPC_METHOD_NOT_FOUND}`) throw error;
        return call('getConfirmedBlock', params, BlockResult, options);
      }
    },

    /**
     * Accounts in input order (null for missing ones), 100 per request. An account that does not fit
     * the schema is null too, and its address is in `failed` with the reason: read `failed` first.
     */
    async getMultipleAccounts(
      addresses: readonly string[],
      config: AccountsConfig = {},
      options?: CallOptions,
    ) {
      const ep = 'rpc:getMultipleAccounts';
      const keys = addresses.map((a) => checkAddress(a, 'INVALID_INPUT', 'account address', ep));
      const merged: MultipleAccounts = { context: null, value: [], failed: {} };
      let minSlot: number | undefined;
      for (const part of chunk(keys, ACCOUNTS_CHUNK)) {
        const cfg = { encoding: 'base64', ...config };
        const r = await call('getMultipleAccounts', [part, cfg], MultipleAccountsResult, options);
        // The answer is positional: an account left out is put back as a gap at its place.
        const dropped = new Map(droppedFrom(r.value).map((d) => [d.index, d]));
        if (r.value.length + dropped.size !== part.length) {
          throw new ApiError({
            code: 'SCHEMA_MISMATCH',
            status: 200,
            endpoint: ep,
            message: 'Account count differs.',
          });
        }
        let next = 0;
        part.forEach((address, i) => {
          const bad = dropped.get(i);
          if (bad) merged.failed[address] = droppedError(ep, 'value', bad);
          merged.value.push(bad ? null : (r.value[next++] ?? null));
        });
        const slot = r.context?.slot;
        if (slot !== undefined) minSlot = minSlot === undefined ? slot : Math.min(minSlot, slot);
      }
      if (minSlot !== undefined) merged.context = { slot: minSlot };
      return merged;
    },

    async getPrimaryDomain(wallet: string, options?: CallOptions) {
      const w = checkAddress(wallet, 'INVALID_WALLET', 'wallet', 'rpc:getPrimaryDomain');
      return call('getPrimaryDomain', [w], DomainValue, options);
    },

    /** Primary domains by wallet (100 per request), keyed by wallet whatever form the service used. */
    async getMultiplePrimaryDomains(wallets: readonly string[], options?: CallOptions) {
      const ep = 'rpc:getMultiplePrimaryDomains';
      const keys = [...new Set(wallets.map((w) => checkAddress(w, 'INVALID_WALLET', 'wallet', ep)))];
      const out: Record<string, z.output<typeof DomainValue>> = {};
      for (const part of chunk(keys, DOMAINS_CHUNK)) {
        const r = await call('getMultiplePrimaryDomains', [part], MultipleDomains, options);
        part.forEach((w, i) => {
          out[w] = (Array.isArray(r) ? r[i] : r[w]) ?? null;
        });
      }
      return out;
    },

    async getAllDomains(wallet: string, options?: CallOptions) {
      const w = checkAddress(wallet, 'INVALID_WALLET', 'wallet', 'rpc:getAllDomains');
      return call('getAllDomains', [w], DomainList.nullable(), options);
    },

    async resolveSolDomain(domain: string, options?: CallOptions) {
      const name = checkNonEmptyText(domain, 'domain', 253, 'rpc:resolveSolDomain').toLowerCase();
      if (!/^[a-z0-9_.-]+$/.test(name)) {
        throw new ApiError({
          code: 'INVALID_INPUT',
          message: 'domain has invalid characters.',
          endpoint: 'rpc:resolveSolDomain',
        });
      }
      return call('resolveSolDomain', [name], DomainValue, options);
    },
  };
}

export type RpcEndpoints = ReturnType<typeof createRpcEndpoints>;
