import { api, Code } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import type { DatalogService } from './service.js';

/** Console error reports are accepted without sign-in, so each address gets a budget per minute. */
const REPORTS_PER_MINUTE = 30;

/** /datalog: the operation log, the server log, and the console's error reports. */
export function datalogRoutes(app: FastifyInstance, datalog: DatalogService): void {
  const e = api.datalog;
  const reports = new Map<string, { minute: number; count: number }>();

  route(app, e.operationLog, ({ auth, query }) => datalog.listOperations(auth, query));
  route(app, e.serverLog, ({ query }) => datalog.list(query));
  route(app, e.clientError, async ({ auth, body, ip }) => {
    const minute = Math.floor(Date.now() / 60_000);
    const entry = reports.get(ip);
    const current = entry && entry.minute === minute ? entry : { minute, count: 0 };
    current.count += 1;
    if (reports.size > 10_000) reports.clear();
    reports.set(ip, current);
    if (current.count > REPORTS_PER_MINUTE) {
      throw new AppError(Code.TOO_MANY_ATTEMPTS, 'error.tooManyAttempts', { seconds: 60 }, { retryAfterSeconds: 60 });
    }
    await datalog.recordClientError(body, auth?.user.username ?? null);
    return null;
  });
}
