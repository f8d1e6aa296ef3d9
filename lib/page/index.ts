export { ANCHOR_ATTR, OWN_UI_ATTR } from './dom';
export type { Scanner, ScannerOptions } from './scanner';
export { createScanner } from './scanner';
export type { Found, FoundSource, FoundTarget } from './types';
