import type { Generated, Selectable } from 'kysely';

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
  box_images: BoxImagesTable;
  box_file_sends: BoxFileSendsTable;
  box_rollouts: BoxRolloutsTable;
  box_rollout_boxes: BoxRolloutBoxesTable;
  box_types: BoxTypesTable;
  box_type_versions: BoxTypeVersionsTable;
  box_moves: BoxMovesTable;
  box_deletions: BoxDeletionsTable;
}

/** A deleted box, restorable until `purge_at` (migration 0029; /smartbox/box-delete). */
export interface BoxDeletionsTable {
  box_id: number;
  deleted_at: number;
  /** Who deleted it (username). */
  deleted_by: string;
  /** Their id (the purge is logged under it: the delete's consequence); null once that account is gone. */
  deleted_by_id: number | null;
  purge_at: number;
  /** How many devices it had when deleted. */
  devices: number;
}

/** A box given another server address (migration 0028; /smartbox/ip-config). */
export interface BoxMovesTable {
  id: Generated<number>;
  job: string;
  box_id: number;
  /** The address it was told before (null: not known). */
  from_address: string | null;
  to_address: string;
  command_id: string;
  fallback_s: number;
  /** queued, sent, accepted (open); arrived, reverted, failed. */
  state: string;
  reason: string | null;
  /** The command that told a timed-out box to return. */
  return_command_id: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A box type and its configuration in use (migration 0027): `params` is JSON, the contract's BoxParam[]. */
export interface BoxTypesTable {
  id: Generated<number>;
  code: string;
  /** 0: no configuration saved yet. */
  version: number;
  params: string;
  created_at: number;
  updated_at: number;
  /** Who saved the version in use (null: the release's own). */
  updated_by: string | null;
}

/** Every configuration a box type had, by version. */
export interface BoxTypeVersionsTable {
  type_id: number;
  version: number;
  params: string;
  created_at: number;
  created_by: string | null;
}

/** A firmware image or box program root uploaded (migration 0025): its facts and its bytes. */
export interface BoxImagesTable {
  id: Generated<number>;
  kind: string;
  box_type: string;
  version: string;
  file_name: string;
  size: number;
  sha256: string;
  notes: string;
  content: Uint8Array;
  created_by: string;
  created_at: number;
}

/** The upload log: an image a box downloaded. */
export interface BoxFileSendsTable {
  id: Generated<number>;
  box_id: number;
  image_id: number;
  bytes: number;
  ip: string;
  at: number;
}

/** A staged firmware rollout (/smartbox/box-software). */
export interface BoxRolloutsTable {
  id: Generated<number>;
  image_id: number;
  /** The filter as given, JSON. */
  filter: string;
  canary: number;
  batch_size: number;
  pace_s: number;
  max_failures: number;
  state: string;
  stop_reason: string | null;
  total: number;
  batches_started: number;
  /** When the last batch started. */
  last_batch_at: number | null;
  /** Failures before the last resume: not counted against `max_failures`. */
  failure_base: number;
  /** Where the boxes download the image. */
  url: string;
  created_by: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A box of a rollout: its place in the order, its batch once started, and its firmware command. */
export interface BoxRolloutBoxesTable {
  rollout_id: number;
  box_id: number;
  seq: number;
  batch: number | null;
  command_id: string | null;
}
