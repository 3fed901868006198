import { endpoint } from '../endpoint.js';
import { sessionsPage } from '../user/schemas.js';
import { twoFactorReset, twoFactorResetBody } from '../user/two-factor.js';
import {
  allSessionsQuery,
  cacheDeleted,
  cacheDeleteGroupBody,
  cacheDeleteKeyBody,
  cacheKeyDetail,
  cacheKeyQuery,
  cacheKeysPage,
  cacheKeysQuery,
  cacheOverview,
} from './schemas.js';

const tags = ['tools'] as const;

/** /tools/redis (root): the product's shared state in Redis, or this server's memory without REDIS_URL. */
export const endpoints = {
  redisOverview: endpoint({
    method: 'GET',
    path: '/tools/redis',
    access: 'tools',
    response: cacheOverview,
    tags,
    summary: "Where the shared state is (Redis or this server's memory), the Redis server, each group's key count and the channels",
  }),
  redisKeys: endpoint({
    method: 'GET',
    path: '/tools/redis/keys',
    access: 'tools',
    query: cacheKeysQuery,
    response: cacheKeysPage,
    tags,
    summary: "One group's keys in name order (the first 10,000), each with its type, time to live and size; `q` finds a part of the name",
  }),
  redisKey: endpoint({
    method: 'GET',
    path: '/tools/redis/key',
    access: 'tools',
    query: cacheKeyQuery,
    response: cacheKeyDetail,
    tags,
    summary: 'One key: its type, time to live, size and value, decoded where the product knows the format (logged)',
  }),
  redisDeleteKey: endpoint({
    method: 'POST',
    path: '/tools/redis/key/delete',
    access: 'tools',
    confirms: true,
    body: cacheDeleteKeyBody,
    response: cacheDeleted,
    tags,
    summary: 'Deletes one key: unconfirmed, 20004 naming it; confirmed, deleted and logged (Redis only)',
  }),
  redisDeleteGroup: endpoint({
    method: 'POST',
    path: '/tools/redis/keys/delete',
    access: 'tools',
    confirms: true,
    body: cacheDeleteGroupBody,
    response: cacheDeleted,
    tags,
    summary:
      "Deletes a group's keys (those whose name has `q`): unconfirmed, 20004 with the count; confirmed, deleted and logged (Redis only)",
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/tools/sessions',
    access: 'tools',
    query: allSessionsQuery,
    response: sessionsPage,
    tags,
    summary:
      'Every live session of every user (root), most recently active first, by user name; each is ended with POST /user/sessions/end',
  }),
  resetTwoFactor: endpoint({
    method: 'POST',
    path: '/tools/two-factor/reset',
    access: 'tools',
    body: twoFactorResetBody,
    response: twoFactorReset,
    tags,
    summary:
      "Reset a user's two-factor sign-in by user name (permission user.secondFactorReset: root, of another user): off, recovery codes gone, every session of theirs ended; logged",
  }),
};
