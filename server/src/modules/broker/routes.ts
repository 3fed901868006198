import { api, parseBoxId } from '@dms/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { route } from '../../http/route.js';
import { IngestService } from '../../ingest/service.js';

/**
 * /broker: how an external broker asks the server about boxes (docs/box-protocol.md, mosquitto-go-auth HTTP
 * backend, status response mode): 200 allows, 403 refuses. Only BROKER_AUTH_ALLOW addresses may ask.
 */
export function brokerRoutes(app: FastifyInstance): void {
  const allowed = new Set(app.config.brokerAuthAllow);
  const isServer = (username: string) => app.config.mqtt.username !== undefined && username === app.config.mqtt.username;
  // Answers 403 itself for an address not allowed; otherwise lets the request go on.
  const onRequest: onRequestHookHandler = (request, reply, done) => {
    if (allowed.has(request.ip)) done();
    else void reply.status(403).send();
  };

  route(
    app,
    api.broker.auth,
    async ({ body: { username, password, clientid } }) => {
      if (isServer(username)) return password === app.config.mqtt.password;
      return (await app.ingest.authenticate({ clientId: clientid, username, password, ip: '' })) !== null;
    },
    { onRequest },
  );

  route(
    app,
    api.broker.acl,
    ({ body: { username, topic, acc } }) => {
      if (isServer(username)) return true;
      const boxId = parseBoxId(username);
      if (boxId === null) return false;
      return acc === 2
        ? IngestService.mayPublish(boxId, topic)
        : IngestService.maySubscribe(boxId, topic) || topic.startsWith(`box/${boxId}/down/`);
    },
    { onRequest },
  );
}
