import { Code, controllerTypeDetail, controllerTypeParams, controllerTypeSummary, envelope, errorResponses } from '@dms/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';


/** Controller types and register maps, readable by every signed-in user (everyone who sees devices needs them). */
const controllerTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const types = app.services.controllerTypes;

  app.get(
    '/',
    {
      config: { area: 'devices' },
      schema: {
        tags: ['controller-types'],
        summary: 'Controller types (models) with the size of their register maps',
        response: { 200: envelope(z.array(controllerTypeSummary)), ...errorResponses },
      },
    },
    async () => ({ code: Code.SUCCESS, message: 'ok', data: await types.list() }),
  );

  app.get(
    '/:id',
    {
      config: { area: 'devices' },
      schema: {
        tags: ['controller-types'],
        summary: 'One controller type with its whole register map',
        params: controllerTypeParams,
        response: { 200: envelope(controllerTypeDetail), ...errorResponses },
      },
    },
    async (request) => ({ code: Code.SUCCESS, message: 'ok', data: await types.get(request.params.id) }),
  );
};

export default controllerTypeRoutes;
