import { api, Code } from '@dms/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import type { UserService } from './service.js';
import type { ApiKeyService } from './api-keys.js';
import type { SessionService } from './sessions.js';
import type { TwoFactorService } from './two-factor.js';

/** A refused password check (HTTP 429) also says when to come back in the Retry-After header. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === Code.TOO_MANY_ATTEMPTS && typeof err.params?.seconds === 'number') {
      void reply.header('retry-after', String(err.params.seconds));
    }
    throw err;
  }
}

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
  route(app, e.login, ({ body, ip, request, reply }) =>
    withRetryAfter(reply, () => users.login(body, { ip, userAgent: request.headers['user-agent'] ?? '' })),
  );
  route(app, e.loginSecondStep, ({ body, ip, request, reply }) =>
    withRetryAfter(reply, () => twoFactor.secondStep(body, { ip, userAgent: request.headers['user-agent'] ?? '' })),
  );
  route(app, e.info, ({ auth }) => users.info(auth));
  route(app, e.logout, async ({ auth, ip }) => {
    await users.logout(auth, ip);
    return null;
  });
  route(app, e.changePassword, async ({ auth, body, ip, reply }) => {
    await withRetryAfter(reply, () => users.changePassword(auth, body, ip));
    return null;
  });
  route(app, e.sessions, ({ auth, query }) => sessions.mine(auth, query));
  route(app, e.endSession, ({ auth, body, ip }) => sessions.end(auth, body.id, ip));
  route(app, e.endOtherSessions, ({ auth, ip }) => sessions.endOthers(auth, ip));
  route(app, e.twoFactor, ({ auth }) => twoFactor.status(auth));
  route(app, e.twoFactorBegin, ({ auth }) => twoFactor.begin(auth));
  route(app, e.twoFactorConfirm, ({ auth, body, ip, reply }) => withRetryAfter(reply, () => twoFactor.confirm(auth, body.code, ip)));
  route(app, e.twoFactorOff, async ({ auth, body, ip, reply }) => {
    await withRetryAfter(reply, () => twoFactor.off(auth, body.code, ip));
    return null;
  });
  route(app, e.apiKeys, ({ auth, query }) => apiKeys.list(auth, query));
  route(app, e.createApiKey, ({ auth, body, ip }) => apiKeys.create(auth, body, ip));
  route(app, e.revokeApiKey, async ({ auth, body, ip }) => {
    await apiKeys.revoke(auth, body.id, ip);
    return null;
  });
}
