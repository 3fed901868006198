import { parseBoxId } from '@dms/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IngestService } from '../../ingest/service.js';

const authBody = z.object({ username: z.string().max(128), password: z.string().max(256), clientid: z.string().max(128) });
const aclBody = z.object({ username: z.string().max(128), clientid: z.string().max(128).optional(), topic: z.string().max(512), acc: z.coerce.number().int() });

/**
 * /api/v2/broker: how an external broker asks the server about boxes (docs/box-protocol.md, mosquitto-go-auth HTTP
 * backend, status response mode): 200 allows, 403 refuses. Only BROKER_AUTH_ALLOW addresses may ask.
 */
const brokerRoutes: FastifyPluginAsyncZod = async (app) => {
  const allowed = new Set(app.config.brokerAuthAllow);
  const config = { auth: 'public' } as const;
  const tags = ['broker'];
  const isServer = (username: string) => app.config.mqtt.username !== undefined && username === app.config.mqtt.username;

  app.addHook('onRequest', async (request, reply) => {
    if (!allowed.has(request.ip)) return reply.status(403).send();
  });

  app.post('/auth', { config, schema: { tags, summary: 'May this client connect? (box credentials)', body: authBody } }, async (request, reply) => {
    const { username, password, clientid } = request.body;
    if (isServer(username) && password === app.config.mqtt.password) return reply.status(200).send();
    const boxId = await app.ingest.authenticate({ clientId: clientid, username, password, ip: '' });
    return reply.status(boxId === null ? 403 : 200).send();
  });

  app.post('/acl', { config, schema: { tags, summary: 'May this client read (1) or write (2) this topic?', body: aclBody } }, async (request, reply) => {
    const { username, topic, acc } = request.body;
    if (isServer(username)) return reply.status(200).send();
    const boxId = parseBoxId(username);
    if (boxId === null) return reply.status(403).send();
    const ok = acc === 2 ? IngestService.mayPublish(boxId, topic) : IngestService.maySubscribe(boxId, topic) || topic.startsWith(`box/${boxId}/down/`);
    return reply.status(ok ? 200 : 403).send();
  });
};

export default brokerRoutes;
