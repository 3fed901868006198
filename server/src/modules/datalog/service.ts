import type { ClientErrorBody, ServerLogPage } from '@dms/contract';
import type { Db } from '../../db/database.js';
import * as repo from './repository.js';

const KEEP_ROWS = 10_000;
const PRUNE_EVERY = 200;

/** The server log (spec 2, /datalog/server-log): the server's own errors and the console's, root only. */
export class DatalogService {
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

  private async insert(row: Omit<Parameters<typeof repo.insertLog>[1], 'time'>): Promise<void> {
    await repo.insertLog(this.db, { ...row, time: this.now() });
    this.inserts += 1;
    if (this.inserts % PRUNE_EVERY === 0) await repo.pruneLogs(this.db, KEEP_ROWS);
  }
}
