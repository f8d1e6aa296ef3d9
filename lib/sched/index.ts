export type {
  Priority,
  RunOptions,
  ScheduleHook,
  Scheduler,
  SchedulerOptions,
  SchedulerStats,
} from './scheduler';
export {
  createScheduler,
  effectivePriority,
  higherPriority,
  onPriorityRaised,
  PRIORITIES,
  priorityRank,
  raisePriority,
  schedulerHook,
} from './scheduler';
export { createKeyedTurns, createTurns, type InTurn } from './turns';
