export type {
  Priority,
  RunOptions,
  ScheduleHook,
  Scheduler,
  SchedulerOptions,
  SchedulerStats,
} from './scheduler';
export { createScheduler, PRIORITIES, priorityRank, schedulerHook } from './scheduler';
export { createKeyedTurns, createTurns, type InTurn } from './turns';
