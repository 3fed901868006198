import type { Generated } from 'kysely';

/** A maintenance script's run (migration 0033; docs/scripts.md): its form, state and counts. */
export interface ScriptRunsTable {
  id: Generated<number>;
  script: string;
  state: string;
  user_id: number;
  /** The form as previewed, JSON (an uploaded file's bytes are not kept). */
  input: string;
  total: number;
  done: number;
  /** Items per outcome, JSON. */
  counts: string;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  error: string | null;
  /** The instance it runs (or undoes) on (migration 0041); null before. */
  instance: string | null;
}

/** One item of a run: what it names, before and after, what to do (payload) and how to put it back (undo), JSON. */
export interface ScriptItemsTable {
  run_id: number;
  seq: number;
  target: string;
  before: string | null;
  after: string | null;
  payload: string;
  outcome: string;
  /** What went wrong: a message key and its parameters, JSON; translated when read. */
  message: string | null;
  undo: string | null;
  /** The box it waits for while queued. */
  box_id: number | null;
}

export interface ScriptTables {
  script_runs: ScriptRunsTable;
  script_items: ScriptItemsTable;
}
