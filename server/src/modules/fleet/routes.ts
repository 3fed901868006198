import { Code, envelope, errorResponses, fleetQuery, fleetSummary, mapPoint, mapQuery } from '@dms/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { DeviceService } from '../devices/service.js';
import { FleetService } from './service.js';

/** /api/v2/fleet: the dashboard's and the large screen's figures, and the map, over the devices the user sees. */
const fleetRoutes: FastifyPluginAsyncZod<{ now?: () => number }> = async (app, opts) => {
  const fleet = new FleetService(app.db, app.ingest, new DeviceService(app.db, app.ingest, app.services.datalog), opts.now ?? Date.now);
  const config = { area: 'devices' } as const;
  const tags = ['fleet'];

  app.get(
    '/summary',
    {
      config,
      schema: {
        tags,
        summary: 'Counts per status, online rate, boxes, faults and alerts since `since`, the last 24 hours, most faulty models, latest transitions',
        querystring: fleetQuery,
        response: { 200: envelope(fleetSummary), ...errorResponses },
      },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await fleet.summary(signedIn(request), request.query.since) }),
  );

  app.get(
    '/map',
    { config, schema: { tags, summary: 'Every device the user sees (optionally of one status or group) with its place', querystring: mapQuery, response: { 200: envelope(z.array(mapPoint)), ...errorResponses } } },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await fleet.map(signedIn(request), request.query.status) }),
  );
};

export default fleetRoutes;
