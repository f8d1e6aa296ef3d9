import type { AddressKind, PredictionEvent } from '../detect/types';

export type FoundSource = 'text' | 'link' | 'attribute';

/** What was found: an address with its kind, or a prediction-market event (kind 'event'). */
export type FoundTarget =
  | { kind: AddressKind; address: string; event?: undefined }
  | { kind: 'event'; event: PredictionEvent; address?: undefined };

/** One occurrence on the page; the badge goes right after `anchor`. */
export type Found = FoundTarget & { source: FoundSource; anchor: Element };
