export {
  attemptAfterClose,
  type BackoffPolicy,
  backoffCeiling,
  backoffDelay,
  DEFAULT_BACKOFF,
} from './backoff';
export { dedupKey, SeenSet } from './dedup';
export { createLiveHub } from './hub';
export { RoomRefs } from './refs';
export { deliveryRooms } from './targets';
export * from './types';
