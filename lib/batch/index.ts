export type { Batcher, BatcherOptions, BatchRunMeta, LoadOptions } from './batcher';
export { createBatcher } from './batcher';
