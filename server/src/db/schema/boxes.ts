import type { ColumnType, Generated, Selectable } from 'kysely';

export interface BoxesTable {
  box_id: number;
  owner_id: number;
  /** sha-256 of the box's secret, hex. */
  secret_hash: string;
  box_type: string;
  contact: string;
  company_name: string;
  push_warning: number;
  push_fault: number;
  push_normal: number;
  registered_at: number;
  registered_by: number;
  /** As the box last said in its hello. */
  firmware: string | null;
  hardware: string | null;
  iccid: string | null;
  signal: number | null;
  report_interval: number | null;
  ip: string | null;
  online: number;
  last_seen: number | null;
  /** The CK code the box carries (spec 3 box-ck, four digits; migration 0008); null when none was set. */
  ck: ColumnType<string | null, string | null | undefined, string | null>;
  ck_set_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The address the box says it dialed (its hello's `server`, `host:port` lower-case; migration 0026); null: never said. */
  dialed: ColumnType<string | null, string | null | undefined, string | null>;
  dialed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its claim labels' generation (migration 0032): the label secret is derived from it; voiding moves it on. */
  claim_generation: Generated<number>;
}

/** The address a box was told to connect to (spec 3 "Box server IP"; migration 0026): `host:port`, lower-case. */
export interface BoxServerIpsTable {
  box_id: number;
  address: string;
  added_at: number;
  updated_at: number;
}

export interface UnregisteredBoxesTable {
  id: Generated<number>;
  box_id: number | null;
  client_id: string;
  username: string;
  reason: 'unregistered' | 'bad-password' | 'unknown-box-data';
  ip: string;
  attempts: number;
  first_seen: number;
  last_seen: number;
}

export interface BoxIpLogTable {
  id: Generated<number>;
  box_id: number;
  source_ip: string;
  destination_ip: string;
  time: number;
}

export interface BoxConnectionLogTable {
  id: Generated<number>;
  box_id: number;
  event: 'connect' | 'disconnect' | 'will' | 'timeout';
  ip: string;
  time: number;
}

/** Registered boxes, boxes refused at connect, the boxes' IP change and connection logs (migration 0004), and their server addresses (0026). */
export interface BoxTables {
  boxes: BoxesTable;
  unregistered_boxes: UnregisteredBoxesTable;
  box_ip_log: BoxIpLogTable;
  box_connection_log: BoxConnectionLogTable;
  box_server_ips: BoxServerIpsTable;
}

export type BoxRow = Selectable<BoxesTable>;
