import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { LocalExportStore } from '../exports/store.js';
import { CacheService } from './cache.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';

/**
 * /tools/redis (spec 2, 6: root; issue 26): the cache tool. With REDIS_URL it shows (and deletes, confirmed) the
 * product's keys in Redis; without it, what this server keeps in memory in their stead, read-only. /tools/sessions
 * (issue 27): every user's live sessions, ended one by one (the user area's call).
 */
export default fp(
  (app) => {
    const members = app.members;
    const memory = new MemoryCache({
      now: app.clock,
      failures: () => app.users.limiter.inspect(),
      members: { self: members.self, live: () => members.live(), ownerOf: (key) => members.ownerOf(key) },
      exports: () => (app.exports.store instanceof LocalExportStore ? app.exports.store.inspect() : []),
      boxes: () => app.ingest.boxes(),
    });
    const redis = app.redis ? new RedisCache(app.redis.client, app.redis.prefix, members) : null;
    const cache = new CacheService(memory, redis, app.datalog);

    const e = api.tools;
    route(app, e.redisOverview, () => cache.overview());
    route(app, e.redisKeys, ({ query }) => cache.keys(query));
    route(app, e.redisKey, ({ auth, query, ip }) => cache.key(auth, query.key, ip));
    route(app, e.redisDeleteKey, ({ auth, body, ip }) => cache.deleteKey(auth, body, ip));
    route(app, e.redisDeleteGroup, ({ auth, body, ip }) => cache.deleteGroup(auth, body, ip));
    route(app, e.sessions, ({ auth, query }) => app.sessions.all(auth, query));
    route(app, e.resetTwoFactor, ({ auth, body, ip }) => app.twoFactor.reset(auth, body.username, ip));
  },
  { name: 'tools', dependencies: ['bus', 'datalog', 'user', 'exports', 'ingest'] },
);
