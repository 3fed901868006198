import { api } from '@dms/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.js';
import type { UserService } from './service.js';
import type { ApiKeyService } from './api-keys.js';
import type { SessionService } from './sessions.js';
import type { TwoFactorService } from './two-factor.js';

/** Who is signing in, from where (the sessions list shows it). */
const client = (ip: string, request: FastifyRequest) => ({ ip, userAgent: request.headers['user-agent'] ?? '' });

/** Spec section 7, /user: sign-in, user info, sign-out, change password; one's sessions and second factor (issue 27). */
export function userRoutes(
  app: FastifyInstance,
  {
    users,
    sessions,
    twoFactor,
    apiKeys,
  }: { users: UserService; sessions: SessionService; twoFactor: TwoFactorService; apiKeys: ApiKeyService },
): void {
  const e = api.user;
  // A refused check (429) says when to come back in Retry-After too: the error handler sets it for every 429.
  route(app, e.login, ({ body, ip, request }) => users.login(body, client(ip, request)));
  route(app, e.loginSecondStep, ({ body, ip, request }) => twoFactor.secondStep(body, client(ip, request)));
  route(app, e.info, ({ auth }) => users.info(auth));
  route(app, e.logout, async ({ auth, ip }) => {
    await users.logout(auth, ip);
    return null;
  });
  route(app, e.changePassword, async ({ auth, body, ip }) => {
    await users.changePassword(auth, body, ip);
    return null;
  });
  route(app, e.sessions, ({ auth, query }) => sessions.mine(auth, query));
  route(app, e.endSession, ({ auth, body, ip }) => sessions.end(auth, body.id, ip));
  route(app, e.endOtherSessions, ({ auth, ip }) => sessions.endOthers(auth, ip));
  route(app, e.twoFactor, ({ auth }) => twoFactor.status(auth));
  route(app, e.twoFactorBegin, ({ auth }) => twoFactor.begin(auth));
  route(app, e.twoFactorConfirm, ({ auth, body, ip }) => twoFactor.confirm(auth, body.code, ip));
  route(app, e.twoFactorOff, async ({ auth, body, ip }) => {
    await twoFactor.off(auth, body.code, ip);
    return null;
  });
  route(app, e.apiKeys, ({ auth, query }) => apiKeys.list(auth, query));
  route(app, e.createApiKey, ({ auth, body, ip }) => apiKeys.create(auth, body, ip));
  route(app, e.revokeApiKey, async ({ auth, body, ip }) => {
    await apiKeys.revoke(auth, body.id, ip);
    return null;
  });
}
