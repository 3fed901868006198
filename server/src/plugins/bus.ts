import fp from 'fastify-plugin';
import { LocalEventBus, type EventBus } from '../events/bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
  }
}

/** The domain-event bus (server/src/events/bus.ts): in-process; registered before every part that publishes or listens. */
export default fp(
  (app) => {
    app.decorate('bus', new LocalEventBus(app.log.child({ area: 'bus' })));
  },
  { name: 'bus' },
);
