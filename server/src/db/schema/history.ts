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

/** What the devices reported: history, the latest values, and fault records with their moment's values (migration 0004). */
export interface HistoryTables {
  history: HistoryTable;
  device_latest: DeviceLatestTable;
  fault_records: FaultRecordsTable;
}
