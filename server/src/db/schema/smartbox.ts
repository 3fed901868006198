import type { Selectable } from 'kysely';

/** A command to a box and where it is (migration 0024; docs/box-protocol.md "Commands"). */
export interface BoxCommandsTable {
  id: string;
  job: string;
  box_id: number;
  cmd: string;
  /** The arguments as sent, JSON. */
  args: string;
  state: string;
  reason: string | null;
  detail: string | null;
  fw: string | null;
  created_by: string;
  created_at: number;
  sent_at: number | null;
  /** When a command sent ends as `timeout` without a final answer. */
  deadline_at: number | null;
  updated_at: number;
  expires_at: number;
  finished_at: number | null;
}

/** A box's data upload settings as root last set them (/smartbox/box-dws): null fields were never set. */
export interface BoxUploadSettingsTable {
  box_id: number;
  interval: number | null;
  deadband: number | null;
  /** JSON array of register numbers; `[]`: all of them. */
  registers: string | null;
  /** The batch of the `config` command that carried them last. */
  job: string;
  updated_at: number;
  updated_by: string;
}

export type BoxCommandDbRow = Selectable<BoxCommandsTable>;

export interface SmartboxTables {
  box_commands: BoxCommandsTable;
  box_upload_settings: BoxUploadSettingsTable;
}
