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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  server_log: ServerLogTable;
  operation_log: OperationLogTable;
  controller_types: ControllerTypesTable;
  controller_registers: ControllerRegistersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ServerLogRow = Selectable<ServerLogTable>;
export type OperationLogRow = Selectable<OperationLogTable>;
export type ControllerTypeRow = Selectable<ControllerTypesTable>;
export type ControllerRegisterRow = Selectable<ControllerRegistersTable>;
