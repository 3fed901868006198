import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Times are milliseconds since the epoch, stored as bigint. Booleans are 0/1 integers on both databases. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** JSON array of role names. */
  roles: string;
  level: number;
  is_manager: number;
  group_extra: string | null;
  ck: string | null;
  name: string;
  avatar: string;
  introduction: string;
  remark: string;
  parent_id: number | null;
  disabled: ColumnType<number, number | undefined, number>;
  created_at: number;
  password_changed_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha-256 of the token, hex: the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
}

export interface ServerLogTable {
  id: Generated<number>;
  time: number;
  source: 'server' | 'console';
  level: string;
  message: string;
  detail: string;
  username: string | null;
  url: string;
}

export interface OperationLogTable {
  id: Generated<number>;
  time: number;
  user_id: number | null;
  username: string;
  /** What was done, as a contract OperationAction ('user.login', …). */
  action: string;
  /** What it was done to (a username, a device, a register). */
  target: string;
  old_value: string | null;
  new_value: string | null;
  outcome: 'ok' | 'failed';
  ip: string;
}

export interface ControllerTypesTable {
  id: Generated<number>;
  code: string;
  kind: string;
  /** JSON LocalizedText. */
  name: string;
  builtin: number;
  created_at: number;
  updated_at: number;
}

export interface ControllerRegistersTable {
  type_id: number;
  number: number;
  key: string;
  /** JSON LocalizedText. */
  name: string;
  format: string;
  unit: string;
  decimals: number;
  writable: number;
  min: number | null;
  max: number | null;
  /** JSON Record<raw value, LocalizedText>, for enum registers. */
  options: string | null;
  /** JSON RegisterBit[], for bit-field registers. */
  bits: string | null;
}

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

export interface DevicesTable {
  id: Generated<number>;
  box_id: number;
  controller: number;
  type_id: number | null;
  /** The type code the box reported (kept when the server does not know it). */
  type_code: string | null;
  owner_id: number;
  status: string;
  online: number;
  fault: number;
  alert: number;
  last_seen: number | null;
  created_at: number;
  /** Spec 3's device fields (migration 0005); text ones default to ''. */
  company: Generated<string>;
  station_no: Generated<string>;
  model: Generated<string>;
  remark: Generated<string>;
  iot_module: Generated<string>;
  iot_model: Generated<string>;
  iot_card: Generated<string>;
  province: Generated<string>;
  city: Generated<string>;
  area: Generated<string>;
  street: Generated<string>;
  contact: Generated<string>;
  phone: Generated<string>;
  /** 'YYYY-MM-DD' */
  install_date: string | null;
  expiry_date: string | null;
  lng: number | null;
  lat: number | null;
}

export interface DeviceLinksTable {
  id: Generated<number>;
  device_id: number;
  kind: 'assigned' | 'shared' | 'helper';
  /** Who was given the device (assignee, sharee, helper). */
  user_id: number;
  /** Who gave it (the assigner, the sharer, the helper's manager). */
  source_user_id: number;
  can_switch: number;
  /** For 'assigned': whether the assigner still sees the device's data. */
  show_value: number;
  created_at: number;
  recalled_at: number | null;
}

export interface DeviceStatusLogTable {
  id: Generated<number>;
  device_id: number;
  time: number;
  from_status: string;
  to_status: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  device_id: number;
  type: string;
  status: string;
  time: number;
}

export interface NotificationRecipientsTable {
  user_id: number;
  notification_id: number;
  read_at: number | null;
}

/** One snapshot of one device: `vals` packs (register u16, value u16) pairs (ingest/codec.ts). */
export interface HistoryTable {
  device_id: number;
  ts: number;
  vals: Buffer;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  server_log: ServerLogTable;
  operation_log: OperationLogTable;
  controller_types: ControllerTypesTable;
  controller_registers: ControllerRegistersTable;
  boxes: BoxesTable;
  unregistered_boxes: UnregisteredBoxesTable;
  box_ip_log: BoxIpLogTable;
  box_connection_log: BoxConnectionLogTable;
  devices: DevicesTable;
  device_links: DeviceLinksTable;
  device_status_log: DeviceStatusLogTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  history: HistoryTable;
  device_latest: DeviceLatestTable;
  fault_records: FaultRecordsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ServerLogRow = Selectable<ServerLogTable>;
export type OperationLogRow = Selectable<OperationLogTable>;
export type ControllerTypeRow = Selectable<ControllerTypesTable>;
export type ControllerRegisterRow = Selectable<ControllerRegistersTable>;
export type BoxRow = Selectable<BoxesTable>;
export type DeviceRow = Selectable<DevicesTable>;
