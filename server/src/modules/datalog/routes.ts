import { api, CLIENT_ERROR_LIMITS } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { DatalogService } from './service.js';

/** /datalog: the operation log, the server log, and the console's error reports. */
export function datalogRoutes(app: FastifyInstance, datalog: DatalogService): void {
  const e = api.datalog;
  // A console error report is small: its route reads at most 16 KiB of body (413 past that), not the server's 1 MiB.
  app.addHook('onRoute', (options) => {
    if (options.config?.endpoint === e.clientError) options.bodyLimit = CLIENT_ERROR_LIMITS.bodyBytes;
  });

  route(app, e.operationLog, ({ auth, query }) => datalog.listOperations(auth, query));
  route(app, e.serverLog, ({ query }) => datalog.list(query));
  route(app, e.clientErrors, ({ query }) => datalog.listClientErrors(query));
  route(app, e.clientError, async ({ auth, body, request }) => {
    await datalog.recordClientError(auth, { ...body, userAgent: request.headers['user-agent'] ?? '' });
    return null;
  });
}
