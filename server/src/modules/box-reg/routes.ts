import {
  boxIdParams,
  boxLinkRow,
  boxRegistrationBody,
  boxRegistrationResult,
  boxRegPage,
  boxRegQuery,
  Code,
  envelope,
  errorResponses,
  userOption,
  userOptionQuery,
} from '@dms/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { BoxRegService } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /api/v2/box-reg: box registration (spec 2 /box-reg-info: root and limited_admin). */
const boxRegRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new BoxRegService(app.db, app.ingest, app.services.datalog);
  const config = { area: 'boxRegInfo' } as const;
  const tags = ['box-reg'];

  app.get(
    '/',
    { config, schema: { tags, summary: 'Registered boxes with filters, newest registration first', querystring: boxRegQuery, response: { 200: envelope(boxRegPage), ...errorResponses } } },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await service.list(request.query) }),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Register a range of box ids to a user; answers each box\'s credentials (shown once) and a one-time .xlsx download',
        body: boxRegistrationBody,
        response: { 200: envelope(boxRegistrationResult), ...errorResponses },
      },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await service.register(signedIn(request), request.body, request.ip, request.lang) }),
  );

  app.get(
    '/users',
    { config, schema: { tags, summary: 'Users a box can be registered to (first 50 matching)', querystring: userOptionQuery, response: { 200: envelope(z.array(userOption)), ...errorResponses } } },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await service.userOptions(request.query.q) }),
  );

  app.get(
    '/:boxId/links',
    { config, schema: { tags, summary: "Who holds each of a box's devices, and how", params: boxIdParams, response: { 200: envelope(z.array(boxLinkRow)), ...errorResponses } } },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await service.links(request.params.boxId) }),
  );

  app.get(
    '/credentials/:token',
    {
      config,
      schema: {
        tags,
        summary: 'The credentials of a registration as .xlsx: once, by the user who registered, within ten minutes',
        params: z.object({ token: z.string().min(1).max(64) }),
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = service.takeDownload(signedIn(request), request.params.token);
      return reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="box-credentials.xlsx"').send(file);
    },
  );
};

export default boxRegRoutes;
