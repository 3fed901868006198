import type { ColumnType, Generated } from 'kysely';

/** One snapshot of one device: `vals` packs (register u16, value u16) pairs (ingest/codec.ts). */
export interface HistoryTable {
  device_id: number;
  ts: number;
  vals: Buffer;
  /**
   * The box's own time when ingest stored the snapshot at another `ts`: stamped beyond CLOCK_SKEW_S ahead of the
   * server's clock (migration 0007, docs/box-protocol.md Timestamps); null otherwise.
   */
  box_ts: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DeviceLatestTable {
  device_id: number;
  ts: number;
  vals: Buffer;
}

export interface FaultRecordsTable {
  id: Generated<number>;
  device_id: number;
  kind: 'fault' | 'alert';
  register: number;
  bit: number;
  started_at: number;
  ended_at: number | null;
  snapshot: Buffer;
}

/**
 * A rollup of one register of one device over one bucket of a level (migration 0035; modules/history/rollups.ts):
 * its raw values' count, min, max and sum, read with the map of `type_id` at `version` (0, 0: no type).
 */
export interface HistoryRollupsTable {
  device_id: number;
  register: number;
  /** The bucket's length in ms: 60,000 (a minute) or 3,600,000 (an hour). */
  level: number;
  ts: number;
  type_id: number;
  version: number;
  n: number;
  min: number;
  max: number;
  sum: number;
}

/**
 * PostgreSQL only (migration 0036): the box time of each snapshot stored at another time, unique per device, and the
 * time it is stored at; the partitioned history cannot hold that key itself.
 */
export interface HistoryBoxTimesTable {
  device_id: number;
  box_ts: number;
  ts: number;
}

/** A minute of a device whose rollups are behind its history (ingest marks it; the rollup job clears it). */
export interface HistoryRollupDirtyTable {
  device_id: number;
  ts: number;
  /** Raised each time the minute gains snapshots again before the job took it. */
  seq: Generated<number>;
}

/**
 * What the devices reported: history, the latest values, and fault records with their moment's values (migration
 * 0004); history's rollups (migration 0035); the box times of history on PostgreSQL (migration 0036).
 */
export interface HistoryTables {
  history: HistoryTable;
  history_box_times: HistoryBoxTimesTable;
  history_rollups: HistoryRollupsTable;
  history_rollup_dirty: HistoryRollupDirtyTable;
  device_latest: DeviceLatestTable;
  fault_records: FaultRecordsTable;
}
