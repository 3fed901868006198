import {
  clientErrorBody,
  Code,
  emptyData,
  envelope,
  errorResponses,
  operationLogPage,
  operationLogQuery,
  serverLogPage,
  serverLogQuery,
} from '@dms/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { signedIn } from '../../plugins/auth.js';


/** Console error reports are accepted without sign-in, so each address gets a budget per minute. */
const REPORTS_PER_MINUTE = 30;

const datalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const datalog = app.services.datalog;
  const reports = new Map<string, { minute: number; count: number }>();

  app.get(
    '/operation-log',
    {
      config: { area: 'operationLog' },
      schema: {
        tags: ['datalog'],
        summary: "Operation log, newest first: the user's own operations and their subordinates' (root: everyone's)",
        querystring: operationLogQuery,
        response: { 200: envelope(operationLogPage), ...errorResponses },
      },
    },
    async (request) => ({
      code: Code.SUCCESS,
      message: 'ok',
      data: await datalog.listOperations(signedIn(request), request.query),
    }),
  );

  app.get(
    '/server-log',
    {
      config: { area: 'serverLog' },
      schema: {
        tags: ['datalog'],
        summary: 'Server log: server errors and console errors, newest first (root only)',
        querystring: serverLogQuery,
        response: { 200: envelope(serverLogPage), ...errorResponses },
      },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await datalog.list(request.query) }),
  );

  app.post(
    '/client-error',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['datalog'],
        summary: 'Report a console error (the production console does this by itself)',
        body: clientErrorBody,
        response: { 200: envelope(emptyData), ...errorResponses },
      },
    },
    async (request) => {
      const minute = Math.floor(Date.now() / 60_000);
      const entry = reports.get(request.ip);
      const current = entry && entry.minute === minute ? entry : { minute, count: 0 };
      current.count += 1;
      if (reports.size > 10_000) reports.clear();
      reports.set(request.ip, current);
      if (current.count > REPORTS_PER_MINUTE) {
        throw new AppError(Code.TOO_MANY_ATTEMPTS, 'error.tooManyAttempts', { seconds: 60 }, { retryAfterSeconds: 60 });
      }
      await datalog.recordClientError(request.body, request.auth?.user.username ?? null);
      return { code: Code.SUCCESS, message: 'ok', data: null };
    },
  );
};

export default datalogRoutes;
