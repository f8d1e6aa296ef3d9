import type { z } from 'zod';
import type { EventRef, Outputs, OverlayConfig, Pushes, VIEW_INPUTS, ViewMessage } from '../messaging';

/**
 * The content script's only way to the background: the view messages of lib/messaging.ts. Tests
 * inject a fake; start.ts passes the real one (lib/messenger.ts). Rejects with {code, message}.
 */
export type ViewAsk = <K extends ViewMessage>(
  name: K,
  data: z.input<(typeof VIEW_INPUTS)[K]>,
) => Promise<Outputs[K]>;

export type LiveEvent = Pushes['liveEvent'];
/** Registers a listener for live pushes; returns the function that removes it. */
export type OnPush = (listener: (event: LiveEvent) => void) => () => void;

/** What a badge is about. 'unknown' addresses are classified (one message per 200) before mounting. */
export type ItemKind = 'wallet' | 'mint' | 'order' | 'event';

export interface Item {
  key: string;
  kind: ItemKind | 'unknown';
  /** the address, or "exchange:id" for an event */
  address: string;
  event?: EventRef;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  /** Like the platform's: nothing for a timer already run or cleared, or for null. */
  clearTimeout(id: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export type { OverlayConfig };
