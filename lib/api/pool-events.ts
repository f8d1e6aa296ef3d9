import { ApiError } from './errors';

/** One trade from the deprecated binary `/events/{token}/{pool}` answer. */
export interface PoolTrade {
  wallet: string;
  walletIndex: number;
  amount: number;
  priceUsd: number;
  volume: number;
  type: 'buy' | 'sell';
  /** Unix milliseconds (the wire carries seconds). */
  time: number;
}

export interface PoolEvents {
  wallets: string[];
  trades: PoolTrade[];
}

export const POOL_TRADE_BYTES = 21;
const ENDPOINT = '/events/{token}/{pool}';

function bad(message: string, offset: number): ApiError {
  return new ApiError({
    code: 'SCHEMA_MISMATCH',
    status: 200,
    endpoint: ENDPOINT,
    message: `Pool events: ${message} at byte ${offset}.`,
  });
}

/**
 * Decodes the little-endian layout: u32 walletCount; per wallet u8 length + UTF-8; u32 tradeCount;
 * per trade u32 walletIndex, f32 amount, f32 priceUsd, f32 volume, u8 type (0 buy), u32 time (s).
 * Every length is checked before it is read; truncation, a wallet index out of range, bad UTF-8,
 * non-finite numbers or trailing bytes throw SCHEMA_MISMATCH instead of yielding garbage.
 */
export function decodePoolEvents(buf: ArrayBuffer | Uint8Array): PoolEvents {
  const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  const need = (n: number, what: string) => {
    if (offset + n > bytes.byteLength) throw bad(`truncated ${what}`, offset);
  };

  need(4, 'wallet count');
  const walletCount = view.getUint32(offset, true);
  offset += 4;
  // Each wallet takes at least its length byte: reject impossible counts before allocating.
  if (walletCount > bytes.byteLength - offset) throw bad('wallet count larger than the data', 0);
  const wallets: string[] = [];
  for (let i = 0; i < walletCount; i++) {
    need(1, 'wallet length');
    const length = view.getUint8(offset);
    offset += 1;
    need(length, 'wallet text');
    try {
      wallets.push(utf8.decode(bytes.subarray(offset, offset + length)));
    } catch {
      throw bad('wallet text is not UTF-8', offset);
    }
    offset += length;
  }

  need(4, 'trade count');
  const tradeCount = view.getUint32(offset, true);
  offset += 4;
  const rest = bytes.byteLength - offset;
  if (tradeCount * POOL_TRADE_BYTES > rest) throw bad('truncated trades', offset);
  if (tradeCount * POOL_TRADE_BYTES < rest) throw bad('trailing bytes after the trades', offset);

  const trades: PoolTrade[] = [];
  for (let i = 0; i < tradeCount; i++) {
    const walletIndex = view.getUint32(offset, true);
    const amount = view.getFloat32(offset + 4, true);
    const priceUsd = view.getFloat32(offset + 8, true);
    const volume = view.getFloat32(offset + 12, true);
    const typeCode = view.getUint8(offset + 16);
    const seconds = view.getUint32(offset + 17, true);
    const wallet = wallets[walletIndex];
    if (wallet === undefined) throw bad(`wallet index ${walletIndex} out of range`, offset);
    if (!Number.isFinite(amount) || !Number.isFinite(priceUsd) || !Number.isFinite(volume)) {
      throw bad('non-finite number in a trade', offset);
    }
    trades.push({
      wallet,
      walletIndex,
      amount,
      priceUsd,
      volume,
      type: typeCode === 0 ? 'buy' : 'sell',
      time: seconds * 1000,
    });
    offset += POOL_TRADE_BYTES;
  }
  return { wallets, trades };
}
