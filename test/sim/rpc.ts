import { encodeBase58 } from '../../lib/detect/base58';
import { isAddress } from './http';
import { DCA_PROGRAM_ID } from './orders';
import { Rng } from './rng';
import type { LogEntry, SimState } from './state';
import { rentExempt } from './token2022';

const SYSTEM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const RAYDIUM_AMM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';

type RpcResult = { result: unknown } | { error: { code: number; message: string } };
const invalidParams = (message: string): RpcResult => ({ error: { code: -32602, message } });

const blockhash = (seed: number, slot: number) => encodeBase58(new Rng(seed, slot ^ 0x5bd1e995).bytes(32));

function block(s: SimState, slot: number, cfg: Record<string, unknown>): unknown {
  const { confirmed, unconfirmed, head } = s.world.slots;
  if (unconfirmed.includes(slot) || slot > head || (slot > confirmed[0]! && !confirmed.includes(slot)))
    return null;
  const rng = new Rng(s.seed, slot);
  const details = (cfg.transactionDetails as string) ?? 'full';
  const rewards = cfg.rewards !== false;
  const blockTime = Math.floor(s.now / 1000) - Math.round((head - slot) * 0.4);
  const txs = Array.from({ length: rng.int(2, 6) }, () => {
    const payer = rng.pick(s.world.wallets);
    const dest = rng.pick(s.world.wallets);
    const sig = rng.signature();
    const fee = 5000;
    const pre = rng.int(10_000_000, 9_000_000_000);
    const amount = rng.int(1, 1_000_000);
    return {
      sig,
      tx: {
        meta: {
          err: null,
          fee,
          innerInstructions: [],
          loadedAddresses: { readonly: [], writable: [] },
          logMessages: [
            'Program 11111111111111111111111111111111 invoke [1]',
            'Program 11111111111111111111111111111111 success',
          ],
          postBalances: [pre - fee - amount, amount, 1],
          preBalances: [pre, 0, 1],
          postTokenBalances: [],
          preTokenBalances: [],
          ...(rewards ? { rewards: [] } : {}),
          status: { Ok: null },
        },
        transaction: {
          message: {
            accountKeys: [payer, dest, SYSTEM],
            header: {
              numRequiredSignatures: 1,
              numReadonlySignedAccounts: 0,
              numReadonlyUnsignedAccounts: 1,
            },
            instructions: [{ accounts: [0, 1], data: '3Bxs4h24hBtQy9rw', programIdIndex: 2 }],
            recentBlockhash: blockhash(s.seed, slot - 2),
          },
          signatures: [sig],
        },
      },
    };
  });
  const out: Record<string, unknown> = {
    // (behind the slot by the slots skipped so far: about 6 % on mainnet)
    blockHeight: Math.floor(slot * 0.94),
    blockTime,
    blockhash: blockhash(s.seed, slot),
    parentSlot: slot - 1,
    previousBlockhash: blockhash(s.seed, slot - 1),
  };
  if (details === 'full') out.transactions = txs.map((t) => t.tx);
  else if (details === 'signatures') out.signatures = txs.map((t) => t.sig);
  if (rewards)
    out.rewards = [
      {
        pubkey: s.world.wallets[slot % 200],
        lamports: 5000,
        postBalance: 1e9,
        rewardType: 'Fee',
        commission: null,
      },
    ];
  return out;
}

interface SimAccount {
  lamports: number;
  owner: string;
  data: Uint8Array;
}

/** Accounts by address; the data of wallets, mints, orders and pools is zeros of their size. */
function account(s: SimState, addr: string): SimAccount | null {
  const w = s.world;
  const zeros = (space: number) => new Uint8Array(space);
  if (w.walletIndex.has(addr) || w.queuedWallets.includes(addr)) {
    const lamports =
      1_000_000 + (new Rng(w.seed, addr.length + (w.walletIndex.get(addr) ?? 300)).u32() % 50_000_000_000);
    return { lamports, owner: SYSTEM, data: zeros(0) };
  }
  if (w.tokenByMint.has(addr)) return { lamports: 1_461_600, owner: TOKEN_PROGRAM, data: zeros(82) };
  if (w.orderByAddress.has(addr)) return { lamports: 2_039_280, owner: DCA_PROGRAM_ID, data: zeros(289) };
  if (w.poolToken.has(addr)) return { lamports: 6_124_800, owner: RAYDIUM_AMM, data: zeros(752) };
  const raw = w.token2022.byAddress.get(addr);
  if (raw) return { lamports: rentExempt(raw.data.length), owner: raw.owner, data: raw.data };
  return null;
}

interface AccountsConfig {
  encoding: 'base64' | 'base58';
  slice: { offset: number; length: number } | null;
}

/** getMultipleAccounts' config: `encoding` base64 (the default) or base58, `dataSlice`. */
function accountsConfig(raw: unknown): AccountsConfig | string {
  if (raw === undefined || raw === null) return { encoding: 'base64', slice: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) return 'Invalid params: config must be an object';
  const cfg = raw as Record<string, unknown>;
  const encoding = cfg.encoding ?? 'base64';
  if (encoding !== 'base64' && encoding !== 'base58')
    return `Invalid params: encoding ${String(encoding)} is not supported by the simulator`;
  if (cfg.dataSlice === undefined || cfg.dataSlice === null) return { encoding, slice: null };
  const d = cfg.dataSlice as Record<string, unknown>;
  const usize = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
  if (typeof d !== 'object' || !usize(d.offset) || !usize(d.length))
    return 'Invalid params: dataSlice needs integer offset and length';
  return { encoding, slice: { offset: d.offset, length: d.length } };
}

/** The account as the RPC answers it: `data` is `[text, encoding]` of the slice, `space` the full length. */
function renderAccount(a: SimAccount, cfg: AccountsConfig) {
  const data = cfg.slice ? a.data.subarray(cfg.slice.offset, cfg.slice.offset + cfg.slice.length) : a.data;
  const text = cfg.encoding === 'base58' ? encodeBase58(data) : Buffer.from(data).toString('base64');
  return {
    data: [text, cfg.encoding],
    executable: false,
    lamports: a.lamports,
    owner: a.owner,
    rentEpoch: 18446744073709552000,
    space: a.data.length,
  };
}

const primaryDomain = (s: SimState, wallet: string) => s.world.identities.get(wallet)?.sns?.domain ?? null;

function call(s: SimState, method: string, params: unknown[]): RpcResult {
  switch (method) {
    case 'getBlock':
    case 'getConfirmedBlock': {
      const slot = typeof params[0] === 'string' ? Number(params[0]) : params[0];
      if (typeof slot !== 'number' || !Number.isInteger(slot) || slot < 0)
        return invalidParams('Invalid param: slot must be a u64');
      return { result: block(s, slot, (params[1] as Record<string, unknown>) ?? {}) };
    }
    case 'getMultipleAccounts': {
      const keys = params[0];
      if (!Array.isArray(keys)) return invalidParams('Invalid params: expected an array of addresses');
      if (keys.length > 100) return invalidParams('Too many inputs provided; max 100');
      if (!keys.every((k) => isAddress(k))) return invalidParams('Invalid param: WrongSize');
      const cfg = accountsConfig(params[1]);
      if (typeof cfg === 'string') return invalidParams(cfg);
      const value = keys.map((k) => {
        const a = account(s, k);
        return a && renderAccount(a, cfg);
      });
      return { result: { context: { slot: s.slot, apiVersion: '2.2.0' }, value } };
    }
    case 'getPrimaryDomain': {
      const w = params[0];
      if (!isAddress(w as string)) return invalidParams('Invalid param: wallet address');
      return { result: { wallet: w, domain: primaryDomain(s, w as string) } };
    }
    case 'getMultiplePrimaryDomains': {
      const ws = Array.isArray(params[0]) ? params[0] : params;
      if (ws.length > 100) return invalidParams('Too many wallets; max 100');
      if (!ws.every((w) => isAddress(w as string))) return invalidParams('Invalid param: wallet address');
      return { result: ws.map((w) => ({ wallet: w, domain: primaryDomain(s, w as string) })) };
    }
    case 'getAllDomains': {
      const w = params[0];
      if (!isAddress(w as string)) return invalidParams('Invalid param: wallet address');
      const d = primaryDomain(s, w as string);
      return { result: d ? [d, d.replace('.sol', '-vault.sol')] : [] };
    }
    case 'resolveSolDomain': {
      const raw = typeof params[0] === 'string' ? params[0].toLowerCase() : '';
      if (!raw) return invalidParams('Invalid param: domain');
      const domain = raw.endsWith('.sol') ? raw : `${raw}.sol`;
      const base = domain.replace('-vault.sol', '.sol');
      const owner = s.world.domains.get(base);
      return { result: owner ? { domain, owner } : null };
    }
    default:
      return { error: { code: -32601, message: 'Method not found' } };
  }
}

/** What the request log keeps of a JSON-RPC body: the method and config of a single call. */
export function rpcLogged(body: unknown): LogEntry['rpc'] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: unknown };
  if (typeof method !== 'string') return undefined;
  const last = Array.isArray(params) ? params[params.length - 1] : undefined;
  const config =
    last && typeof last === 'object' && !Array.isArray(last) ? (last as Record<string, unknown>) : undefined;
  return config ? { method, config } : { method };
}

/** Handles one JSON-RPC request object (or a batch array). */
export function rpc(s: SimState, body: unknown, bodyError: boolean): unknown {
  if (bodyError) return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
  const one = (req: unknown) => {
    const r = req as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
    const id = (r && (typeof r.id === 'string' || typeof r.id === 'number') ? r.id : null) as
      | string
      | number
      | null;
    if (r?.jsonrpc !== '2.0' || typeof r.method !== 'string') {
      return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
    }
    const params = Array.isArray(r.params) ? r.params : r.params === undefined ? [] : [r.params];
    return { jsonrpc: '2.0', id, ...call(s, r.method, params) };
  };
  if (Array.isArray(body)) return body.map(one);
  return one(body);
}
