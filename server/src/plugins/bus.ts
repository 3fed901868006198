import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { GroupMembers } from '../cluster/group-members.js';
import { MEMBER_TIMES, RedisMembers, SoleMember, type Members } from '../cluster/members.js';
import { LocalEventBus, SHARED_CORE_EVENTS, type EventBus } from '../events/bus.js';
import { RedisEventBus } from '../events/redis-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
    /**
     * With REDIS_URL: a connection for commands (it fails at once while Redis is away, nothing queued) and the prefix
     * of the product's keys; null for one instance.
     */
    redis: { client: Redis; prefix: string; bus: RedisEventBus } | null;
    /**
     * The live instances (cluster/members.ts): which owns a box, and which runs the work one instance runs for all
     * (`members.owns('job:…')`). One alone owns everything.
     */
    members: Members;
  }
}

/**
 * The domain-event bus (server/src/events/bus.ts), registered before every part that publishes or listens: in-process,
 * or with REDIS_URL across instances (events/redis-bus.ts), the core's shared events declared here and each area's in
 * its module's index.
 */
export default fp(
  async (app) => {
    const log = app.log.child({ area: 'bus' });
    const redis = app.config.redis;
    if (!redis) {
      app.decorate('bus', new LocalEventBus(log));
      app.decorate('redis', null);
      app.decorate('members', new SoleMember());
      return;
    }
    const bus = new RedisEventBus(redis.url, redis.prefix, log);
    bus.share(...SHARED_CORE_EVENTS);
    bus.start();
    const clusterLog = app.log.child({ area: 'cluster' });
    const all = new RedisMembers(bus.commands, redis.prefix, clusterLog);
    // A server group's boxes are owned among its own instances (cluster/group-members.ts).
    const group = redis.group
      ? new RedisMembers(bus.commands, `${redis.prefix}group:${redis.group}:`, clusterLog, MEMBER_TIMES, all.self)
      : null;
    await Promise.all([all.start(), group?.start()]);
    const members: Members = group ? new GroupMembers(all, group) : all;
    app.decorate('bus', bus);
    app.decorate('redis', { client: bus.commands, prefix: redis.prefix, bus });
    app.decorate('members', members);
    app.addHook('onClose', async () => {
      await members.close();
      await bus.close();
    });
  },
  { name: 'bus' },
);
