import { decodeBase58 } from './base58';

/** A Solana address: base58 text (32 to 44 characters) that decodes to exactly 32 bytes. */
export function isSolanaAddress(s: string): boolean {
  if (s.length < 32 || s.length > 44) return false;
  const bytes = decodeBase58(s);
  return bytes !== null && bytes.length === 32;
}
