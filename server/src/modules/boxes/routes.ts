import { boxDetail, boxIdParams, Code, envelope, errorResponses, ipChangeRow, pageOf, pageQuery, unregisteredBoxPage } from '@dms/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { DeviceService } from '../devices/service.js';
import { BoxesService } from './service.js';

const ingestStats = z.object({
  messages: z.number(),
  snapshots: z.number(),
  values: z.number(),
  duplicates: z.number(),
  drops: z.record(z.string(), z.number()),
  recentDrops: z.array(z.object({ time: z.number(), boxId: z.number().nullable(), reason: z.string() })),
  connectedBoxes: z.number(),
});

/** /api/v2/boxes: root's view of the fleet's connections (spec 2 smartbox: ip-log; unregistered boxes), and one box's page. */
const boxesRoutes: FastifyPluginAsyncZod = async (app) => {
  const boxes = new BoxesService(app.db, app.ingest, new DeviceService(app.db, app.ingest, app.services.datalog));
  const config = { area: 'smartboxRoot' } as const;
  const tags = ['boxes'];

  app.get(
    '/unregistered',
    { config, schema: { tags, summary: 'Boxes refused at connect (unregistered or wrong password), latest first', querystring: pageQuery, response: { 200: envelope(unregisteredBoxPage), ...errorResponses } } },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await boxes.unregistered(request.query) }),
  );

  app.get(
    '/ip-log',
    {
      config,
      schema: {
        tags,
        summary: 'IP change log (box id, source IP, destination IP, time), newest first',
        querystring: pageQuery.extend({ boxId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelope(pageOf(ipChangeRow)), ...errorResponses },
      },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await boxes.ipLog(request.query) }),
  );

  app.get(
    '/ingest-stats',
    { config, schema: { tags, summary: 'What ingest received, stored and dropped (per reason) since start', response: { 200: envelope(ingestStats), ...errorResponses } } },
    async () => ({ code: Code.SUCCESS, message: 'ok', data: boxes.stats() }),
  );

  app.get(
    '/:boxId',
    {
      // Anyone who sees a device of the box, or owns it (the service checks); not only root.
      config: { area: 'devices' },
      schema: { tags, summary: 'One cloud box: what it reported, its controllers the user sees, IP changes and connections (newest first)', params: boxIdParams, response: { 200: envelope(boxDetail), ...errorResponses } },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await boxes.detail(signedIn(request), request.params.boxId, request.lang) }),
  );
};

export default boxesRoutes;
