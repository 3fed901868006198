import { workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { serveThread, ThreadWork } from '../threads.js';
import { openDatabase, type Db } from './database.js';

/** Work on the database in a thread of its own, on a connection of its own (`start` with the server's database). */
export class DbWorker<Req, Rep> extends ThreadWork<Req, Rep> {
  constructor(file: string, db: Db, handle: (db: Db, request: Req) => Promise<Rep>, log: FastifyBaseLogger, name: string) {
    super(file, (request) => handle(db, request), log, name);
  }

  override start(database: Config['database']): void {
    super.start({ database });
  }
}

/** The thread's side of a DbWorker: its own connection to the server's database, closed at 'close'. */
// Req: as serveThread's.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export async function serveDbWorker<Req, Rep>(handle: (db: Db, request: Req) => Promise<Rep>): Promise<void> {
  const { database } = workerData as { database: Config['database'] };
  const opened = await openDatabase(database);
  serveThread((request: Req) => handle(opened.db, request), { close: opened.close });
}
