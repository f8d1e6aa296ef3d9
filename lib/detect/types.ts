/** What an address is. 'unknown' is resolved later by the background (getMultipleAccounts). */
export type AddressKind = 'wallet' | 'mint' | 'order' | 'pool' | 'program' | 'unknown';

export type Exchange = 'polymarket' | 'kalshi';

/** A prediction-market event: a Polymarket event slug or a Kalshi event ticker (upper case). */
export interface PredictionEvent {
  exchange: Exchange;
  id: string;
}

export interface AddressHit {
  address: string;
  kind: AddressKind;
}

/** What a link or URL points to. */
export type LinkTarget =
  | { type: 'address'; address: string; kind: AddressKind }
  | { type: 'event'; event: PredictionEvent };
