import type { ClientErrorBody, OperationAction, OperationLogPage, ServerLogPage } from '@dms/contract';
import { userScope } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../types.js';
import * as repo from './repository.js';

const KEEP_ROWS = 10_000;
const PRUNE_EVERY = 200;

/** One operation to record. Never put a secret (a password, a token) in old or new values. */
export interface Operation {
  user: { id: number; username: string };
  action: OperationAction;
  target?: string;
  oldValue?: string | null;
  newValue?: string | null;
  outcome: 'ok' | 'failed';
  ip: string;
}

/** Anything that records operations (the user service gets this, not the whole datalog service). */
export interface Audit {
  record(op: Operation): Promise<void>;
}

/**
 * The data log area (spec 2, /datalog): the operation log (everyone: their own and their subordinates'
 * operations; root all) and the server log (the server's own errors and the console's, root only).
 */
export class DatalogService implements Audit {
  private inserts = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async recordServerError(error: Error, url: string, username: string | null): Promise<void> {
    await this.insert({
      source: 'server',
      level: 'error',
      message: error.message.slice(0, 2000),
      detail: (error.stack ?? '').slice(0, 20_000),
      username,
      url: url.slice(0, 2000),
    });
  }

  async recordClientError(body: Required<ClientErrorBody>, username: string | null): Promise<void> {
    await this.insert({ source: 'console', level: 'error', message: body.message, detail: body.detail, username, url: body.url });
  }

  async list(query: { page: number; page_size: number; source?: 'server' | 'console' | undefined }): Promise<ServerLogPage> {
    const { total, items } = await repo.listLogs(this.db, {
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
      ...(query.source ? { source: query.source } : {}),
    });
    return { total, items };
  }

  async record(op: Operation): Promise<void> {
    await repo.insertOperation(this.db, {
      time: this.now(),
      user_id: op.user.id,
      username: op.user.username,
      action: op.action,
      target: op.target ?? '',
      old_value: op.oldValue ?? null,
      new_value: op.newValue ?? null,
      outcome: op.outcome,
      ip: op.ip.slice(0, 64),
    });
  }

  async listOperations(
    auth: AuthContext,
    query: { page: number; page_size: number; action?: string | undefined; username?: string | undefined },
  ): Promise<OperationLogPage> {
    const userIds = await userScope(this.db, auth);
    return repo.listOperations(this.db, {
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
      userIds,
      ...(query.action ? { action: query.action } : {}),
      ...(query.username ? { username: query.username } : {}),
    });
  }

  private async insert(row: Omit<Parameters<typeof repo.insertLog>[1], 'time'>): Promise<void> {
    await repo.insertLog(this.db, { ...row, time: this.now() });
    this.inserts += 1;
    if (this.inserts % PRUNE_EVERY === 0) await repo.pruneLogs(this.db, KEEP_ROWS);
  }
}
