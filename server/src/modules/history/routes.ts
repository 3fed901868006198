import {
  Code,
  deviceParams,
  envelope,
  errorResponses,
  faultRecordPage,
  faultRecordsQuery,
  historyPage,
  historyQuery,
  klineQuery,
  klineResult,
  snapshotQuery,
  snapshotResult,
} from '@dms/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { faultRecordSource, historySource } from './export.js';
import { HistoryService } from './service.js';

const config = { area: 'devices' } as const;
const tags = ['history'];

/** /api/v2/devices/:boxId/:controller/{history,kline,snapshot}: one device's stored history (docs/api.md). */
const deviceHistoryRoutes = (service: HistoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:boxId/:controller/history',
      {
        config,
        schema: {
          tags,
          summary: 'Stored snapshots of [from, to), newest first, a page at a time, with the chosen registers (raw words)',
          params: deviceParams,
          querystring: historyQuery,
          response: { 200: envelope(historyPage), ...errorResponses },
        },
      },
      async (request) => ({
        code: Code.SUCCESS,
        message: 'ok',
        data: await service.history(signedIn(request), request.params.boxId, request.params.controller, request.query),
      }),
    );

    app.get(
      '/:boxId/:controller/kline',
      {
        config,
        schema: {
          tags,
          summary: 'Candles (open, high, low, close, count) of one register per hour or day, buckets aligned to `from`; empty ones left out',
          params: deviceParams,
          querystring: klineQuery,
          response: { 200: envelope(klineResult), ...errorResponses },
        },
      },
      async (request) => ({
        code: Code.SUCCESS,
        message: 'ok',
        data: await service.kline(signedIn(request), request.params.boxId, request.params.controller, request.query),
      }),
    );

    app.get(
      '/:boxId/:controller/snapshot',
      {
        config,
        schema: {
          tags,
          summary: "Every register's raw word at a moment (the snapshot at `at` or the last before it), or a fault record's own snapshot",
          params: deviceParams,
          querystring: snapshotQuery,
          response: { 200: envelope(snapshotResult), ...errorResponses },
        },
      },
      async (request) => ({
        code: Code.SUCCESS,
        message: 'ok',
        data: await service.snapshot(signedIn(request), request.params.boxId, request.params.controller, request.query),
      }),
    );
  };

/** /api/v2/fault-records: fault and alert records across the devices the user sees. */
const faultRecordRoutes = (service: HistoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config,
        schema: {
          tags,
          summary: "Fault and alert records started in [from, to) on the user's devices, newest first, with the bit's name in the request's language",
          querystring: faultRecordsQuery,
          response: { 200: envelope(faultRecordPage), ...errorResponses },
        },
      },
      async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await service.faultRecords(signedIn(request), request.query, request.lang) }),
    );
  };

/**
 * History (issue 4): a device's snapshots, candles and values at a moment under /devices, fault records across
 * devices at /fault-records, and the `history` and `fault-records` export kinds. Mounted once under /api/v2.
 */
const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new HistoryService(app.db, app.services.controllerTypes);
  app.services.exports.register('history', historySource(app.db, service));
  app.services.exports.register('fault-records', faultRecordSource(app.db, service));
  await app.register(deviceHistoryRoutes(service), { prefix: '/devices' });
  await app.register(faultRecordRoutes(service), { prefix: '/fault-records' });
};

export default historyRoutes;
