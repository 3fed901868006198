import type { ItemOutcome, ScriptRunState } from '@dms/contract';

/** The colour of an item's outcome tag (antd preset colours). */
export const OUTCOME_COLOR: Record<ItemOutcome, string> = {
  planned: 'blue',
  ok: 'green',
  unchanged: 'default',
  rejected: 'red',
  timeout: 'orange',
  queued: 'gold',
  failed: 'red',
  undone: 'purple',
  found: 'cyan',
};

/** The colour of a run's state tag. */
export const STATE_COLOR: Record<ScriptRunState, string> = {
  preview: 'blue',
  running: 'processing',
  waiting: 'gold',
  done: 'green',
  failed: 'red',
  undoing: 'processing',
  undone: 'purple',
};
