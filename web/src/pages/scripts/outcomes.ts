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

/** The inputs a run shows (its form, as the server keeps it), each named in the console's words. */
export const INPUT_NAMES = [
  'usernames',
  'ck',
  'days',
  'typeId',
  'register',
  'value',
  'startBoxId',
  'endBoxId',
  'onlyType',
  'companyName',
  'contact',
  'boxType',
  'pushWarning',
  'pushFault',
  'pushNormal',
  'kind',
  'fileName',
] as const;
export type InputName = (typeof INPUT_NAMES)[number];
export const isInputName = (k: string): k is InputName => (INPUT_NAMES as readonly string[]).includes(k);
