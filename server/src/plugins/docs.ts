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
            'from POST /api/v2/user/login, and `Accept-Language` (en, zh, es, ja) for translated messages.',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
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
