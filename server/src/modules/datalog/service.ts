import {
  CLIENT_ERROR_LIMITS,
  Code,
  type ClientErrorsPage,
  type OperationAction,
  type OperationLogPage,
  type ServerLogPage,
} from '@dms/contract';
import { userScope } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import * as repo from './repository.js';

const KEEP_ROWS = 10_000;
const PRUNE_EVERY = 200;
/** Console error reports kept: the newest this many (pruned on every insert). */
export const CLIENT_ERRORS_KEPT = 10_000;
const MINUTE_MS = 60_000;

/** One console error report as the route hands it over: the parsed body, the session, the browser. */
export interface ClientErrorReport {
  message: string;
  detail: string;
  url: string;
  userAgent: string;
}

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
 * operations; root all), the server log (the server's own errors, root only) and the console error reports (signed-in
 * consoles send them, at most CLIENT_ERROR_LIMITS.perSessionPerMinute a session; root reads them).
 */
export class DatalogService implements Audit {
  private inserts = 0;
  /** Reports per session in the current minute; only the current minute's sessions are kept. */
  private reportWindow = { minute: -1, counts: new Map<number, number>() };

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly clientErrorsKept = CLIENT_ERRORS_KEPT,
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

  /**
   * Stores a console error report of a signed-in session, or refuses it (429 / 42900) past the session's budget for
   * the current minute. Reports go to their own capped table, never to the server log.
   */
  async recordClientError(auth: AuthContext, report: ClientErrorReport): Promise<void> {
    const now = this.now();
    const minute = Math.floor(now / MINUTE_MS);
    if (this.reportWindow.minute !== minute) this.reportWindow = { minute, counts: new Map() };
    const sent = this.reportWindow.counts.get(auth.sessionId) ?? 0;
    if (sent >= CLIENT_ERROR_LIMITS.perSessionPerMinute) {
      const seconds = Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000));
      throw new AppError(Code.TOO_MANY_ATTEMPTS, 'error.tooManyRequests', { seconds }, { retryAfterSeconds: seconds });
    }
    this.reportWindow.counts.set(auth.sessionId, sent + 1);
    await repo.insertClientError(
      this.db,
      {
        time: now,
        user_id: auth.user.id,
        username: auth.user.username,
        message: report.message,
        detail: report.detail,
        url: report.url,
        user_agent: report.userAgent.slice(0, 512),
      },
      this.clientErrorsKept,
    );
  }

  async listClientErrors(query: { page: number; page_size: number }): Promise<ClientErrorsPage> {
    return repo.listClientErrors(this.db, { offset: (query.page - 1) * query.page_size, limit: query.page_size });
  }

  async list(query: { page: number; page_size: number; source?: 'server' | undefined }): Promise<ServerLogPage> {
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
