import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { UserService } from './service.js';

/** Spec section 7, /user: sign-in, user info, sign-out, change password. */
export function userRoutes(app: FastifyInstance, users: UserService): void {
  const e = api.user;
  route(app, e.login, ({ body, ip, request }) => users.login(body, { ip, userAgent: request.headers['user-agent'] ?? '' }));
  route(app, e.info, ({ auth }) => users.info(auth));
  route(app, e.logout, async ({ auth, ip }) => {
    await users.logout(auth, ip);
    return null;
  });
  route(app, e.changePassword, async ({ auth, body, ip }) => {
    await users.changePassword(auth, body, ip);
    return null;
  });
}
