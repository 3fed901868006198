import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description of every route, generated from the same zod schemas, at /api/docs (JSON at /api/docs/json). */
export const openApi = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Device monitoring system API',
          version: '2',
          description:
            'Every answer is an envelope `{ code, message, data }`; 20000 is success. Send `Authorization: Bearer <token>` ' +
            'from POST /api/v2/user/login (or an API key `dms_…`, see the apiKey scheme), and `Accept-Language` (en, zh, es, ja) ' +
            'for translated messages.',
        },
        components: {
          securitySchemes: {
            session: {
              type: 'http',
              scheme: 'bearer',
              description: 'The token of POST /api/v2/user/login (or the `token` query parameter).',
            },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'dms_<prefix>_<secret>',
              description:
                "An API key made on the profile. It reaches only the calls whose description names a scope it holds (each call's " +
                'security lists it), as its user, at most API_KEY_RATE_PER_SECOND calls a second (API_KEY_BURST at once).',
            },
          },
        },
        security: [{ session: [] }],
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'openapi' },
);

export const docsUi = fp(
  async (app) => {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs-ui', dependencies: ['openapi'] },
);
