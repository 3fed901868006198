import {
  Code,
  deviceCounts,
  deviceDetail,
  deviceInfoBody,
  devicePage,
  deviceParams,
  deviceQuery,
  envelope,
  errorResponses,
  faultRecord,
  registerParams,
  seriesQuery,
  seriesResult,
  writeBody,
  writeResult,
} from '@dms/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { deviceExport } from './export.js';
import { DeviceService } from './service.js';

/** /api/v2/devices: the devices the signed-in user sees (docs/api.md). */
const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = new DeviceService(app.db, app.ingest, app.services.datalog);
  const config = { area: 'devices' } as const;
  const tags = ['devices'];
  app.services.exports.register('devices', deviceExport(devices));

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Devices the user sees: filtered by status and search, sorted (then by box id and controller), paginated',
        querystring: deviceQuery,
        response: { 200: envelope(devicePage), ...errorResponses },
      },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await devices.list(signedIn(request), request.query, request.lang) }),
  );

  app.get(
    '/counts',
    {
      config,
      schema: { tags, summary: "How many of the user's devices matching q are in each status (the list's quick filters)", querystring: deviceQuery.pick({ q: true }), response: { 200: envelope(deviceCounts), ...errorResponses } },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await devices.counts(signedIn(request), request.query.q) }),
  );

  app.patch(
    '/:boxId/:controller',
    {
      config,
      schema: {
        tags,
        summary: "Change a device's information (owner, root, admin); answers the device",
        params: deviceParams,
        body: deviceInfoBody,
        response: { 200: envelope(deviceDetail), ...errorResponses },
      },
    },
    async (request) => ({
      code: Code.SUCCESS,
      message: 'ok',
      data: await devices.update(signedIn(request), request.params.boxId, request.params.controller, request.body, request.lang, request.ip),
    }),
  );

  app.get(
    '/:boxId/:controller',
    { config, schema: { tags, summary: 'One device: status, recent transitions, latest register values, rights', params: deviceParams, response: { 200: envelope(deviceDetail), ...errorResponses } } },
    async (request) => ({
      code: Code.SUCCESS,
      message: 'ok',
      data: await devices.detail(signedIn(request), request.params.boxId, request.params.controller, request.lang),
    }),
  );

  app.get(
    '/:boxId/:controller/series',
    {
      config,
      schema: {
        tags,
        summary: 'History of registers over [from, to), downsampled to at most `points` buckets (min/max/avg of raw values)',
        params: deviceParams,
        querystring: seriesQuery,
        response: { 200: envelope(seriesResult), ...errorResponses },
      },
    },
    async (request) => ({
      code: Code.SUCCESS,
      message: 'ok',
      data: await devices.series(signedIn(request), request.params.boxId, request.params.controller, request.query),
    }),
  );

  app.get(
    '/:boxId/:controller/fault-records',
    { config, schema: { tags, summary: 'Fault and alert records of a device, newest first', params: deviceParams, response: { 200: envelope(z.array(faultRecord)), ...errorResponses } } },
    async (request) => ({
      code: Code.SUCCESS,
      message: 'ok',
      data: await devices.faultRecords(signedIn(request), request.params.boxId, request.params.controller),
    }),
  );

  app.post(
    '/:boxId/:controller/registers/:register',
    {
      config,
      schema: {
        tags,
        summary: 'Write a register (value in engineering units); answers acknowledged, rejected or timed_out',
        params: registerParams,
        body: writeBody,
        response: { 200: envelope(writeResult), ...errorResponses },
      },
    },
    async (request) => ({
      code: Code.SUCCESS,
      message: 'ok',
      data: await devices.write(signedIn(request), request.params.boxId, request.params.controller, request.params.register, request.body.value, request.ip),
    }),
  );
};

export default deviceRoutes;
