import fp from 'fastify-plugin';
import { LocalEventBus, SHARED_CORE_EVENTS, type EventBus } from '../events/bus.js';
import { RedisEventBus } from '../events/redis-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
  }
}

/**
 * The domain-event bus (server/src/events/bus.ts), registered before every part that publishes or listens: in-process,
 * or with REDIS_URL across instances (events/redis-bus.ts), the core's shared events declared here and each area's in
 * its module's index.
 */
export default fp(
  (app) => {
    const log = app.log.child({ area: 'bus' });
    const redis = app.config.redis;
    if (!redis) {
      app.decorate('bus', new LocalEventBus(log));
      return;
    }
    const bus = new RedisEventBus(redis.url, redis.prefix, log);
    bus.share(...SHARED_CORE_EVENTS);
    bus.start();
    app.decorate('bus', bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'bus' },
);
