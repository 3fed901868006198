import { Code, envelope, errorResponses, exportBody, exportJob, exportParams } from '@dms/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /api/v2/exports: .xlsx exports as jobs with progress (docs/api.md). Each kind checks its own rights. */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const exports = app.services.exports;
  const config = { area: 'devices' } as const;
  const tags = ['exports'];

  app.post(
    '/',
    { config, schema: { tags, summary: 'Start an export (devices, history of a device, fault records); answers the job', body: exportBody, response: { 200: envelope(exportJob), ...errorResponses } } },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await exports.start(signedIn(request), request.body, request.lang) }),
  );

  app.get(
    '/:id',
    { config, schema: { tags, summary: "An export's progress (rows done of total) and state", params: exportParams, response: { 200: envelope(exportJob), ...errorResponses } } },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: exports.status(signedIn(request), request.params.id) }),
  );

  app.get(
    '/:id/file',
    { config, schema: { tags, summary: 'The finished .xlsx, once, for the user who started the export', params: exportParams, response: { 200: z.any(), ...errorResponses } } },
    async (request, reply) => {
      const file = exports.take(signedIn(request), request.params.id);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.stream);
    },
  );
};

export default exportRoutes;
