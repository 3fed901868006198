import type { Generated, Selectable } from 'kysely';

/** The server's own failures (console reports moved to client_errors in migration 0006). */
export interface ServerLogTable {
  id: Generated<number>;
  time: number;
  source: 'server';
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

/** A console error report (migration 0006): capped to the newest rows, apart from the server log. */
export interface ClientErrorsTable {
  id: Generated<number>;
  time: number;
  /** The reporting session's user (null once the user is deleted); the name stays. */
  user_id: number | null;
  /** Null only for reports moved from the server log, from before a session was required. */
  username: string | null;
  message: string;
  detail: string;
  url: string;
  user_agent: string;
}

/** The server log (migration 0001), the operation log (0002) and the console error reports (0006). */
export interface DatalogTables {
  server_log: ServerLogTable;
  operation_log: OperationLogTable;
  client_errors: ClientErrorsTable;
}

export type ServerLogRow = Selectable<ServerLogTable>;
export type OperationLogRow = Selectable<OperationLogTable>;
export type ClientErrorRow = Selectable<ClientErrorsTable>;
