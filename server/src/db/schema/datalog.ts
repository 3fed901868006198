import type { Generated, Selectable } from 'kysely';

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

/** The server log (migration 0001) and the operation log (0002). */
export interface DatalogTables {
  server_log: ServerLogTable;
  operation_log: OperationLogTable;
}

export type ServerLogRow = Selectable<ServerLogTable>;
export type OperationLogRow = Selectable<OperationLogTable>;
