import type { Found } from '../page';
import type { Item } from './types';

/** Kinds that get a badge; pools and programs do not (nothing useful to show for them yet). */
export const BADGED = new Set<string>(['wallet', 'mint', 'order']);

export function itemOf(f: Found): Item | null {
  if (f.kind === 'event') {
    const { exchange, id } = f.event;
    return {
      key: `event:${exchange}:${id}`,
      kind: 'event',
      address: `${exchange}:${id}`,
      event: { exchange, id },
    };
  }
  if (BADGED.has(f.kind) || f.kind === 'unknown') {
    return { key: `${f.kind}:${f.address}`, kind: f.kind as Item['kind'], address: f.address };
  }
  return null; // pools and programs get no badge
}
