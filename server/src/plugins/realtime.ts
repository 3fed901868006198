import websocket from '@fastify/websocket';
import { REALTIME_PATH } from '@dms/contract';
import fp from 'fastify-plugin';
import { RealtimeHub } from '../realtime/hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** The live-push WebSocket at /api/v2/ws (the token comes in the first message, not the URL). */
export default fp(
  async (app) => {
    await app.register(websocket, {
      options: { maxPayload: 64 * 1024 },
      // A client's bad frame (over the limit: ws closes it with 1009; broken framing) is the hub's to count and warn
      // of, without a stack; anything else is ours, and logged as an error.
      errorHandler: (err: Error & { code?: unknown }, socket, request) => {
        if (typeof err.code === 'string' && err.code.startsWith('WS_ERR_')) return;
        request.log.error({ err }, 'realtime handler failed');
        socket.terminate();
      },
    });
    const hub = new RealtimeHub(app.db, app.users, app.bus, app.ingest, app.log.child({ area: 'realtime' }), app.clock);
    app.decorate('realtime', hub);
    app.get(REALTIME_PATH, { websocket: true, config: { auth: 'public' }, schema: { hide: true } }, (socket, request) => {
      hub.accept(socket, request.lang);
    });
    app.addHook('preClose', () => {
      hub.closeAll();
    });
  },
  { name: 'realtime', dependencies: ['bus', 'ingest', 'auth', 'user'] },
);
