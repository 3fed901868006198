import fp from 'fastify-plugin';
import { SharedFailures } from '../../security/shared-failures.js';
import { userRoutes } from './routes.js';
import { UserService } from './service.js';
import { SessionService } from './sessions.js';
import { ApiKeyService } from './api-keys.js';
import { SignInChallenges } from './challenges.js';
import { TwoFactorService } from './two-factor.js';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserService;
    /** Signed-in sessions: one's own, and everyone's for root (/tools/sessions). */
    sessions: SessionService;
    /** Two-factor sign-in: enrolment, the sign-in's second step, root's reset. */
    twoFactor: TwoFactorService;
    /** API keys: their owners' list, creation and revocation, and the check of a call made with one. */
    apiKeys: ApiKeyService;
  }
}

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** API keys ended (revoked, or with their user's disabling or password change): their rate limits are forgotten. */
    apiKeysEnded: { keyIds: readonly number[] };
  }
}

/** Accounts and sessions: sign-in, user info, sign-out, change password, one's sessions, second factor and API keys; expired sessions pruned and expired keys ended (logged) hourly. */
export default fp(
  (app) => {
    // With REDIS_URL the sign-in protection counts failures for every instance together.
    const failures = app.redis
      ? new SharedFailures(app.redis.client, app.redis.prefix, app.config.loginLimit, app.log.child({ area: 'sign-in' }))
      : undefined;
    const challenges = new SignInChallenges(app.sealer, app.clock);
    const users = new UserService(app.db, app.config, app.datalog, app.bus, app.clock, challenges, failures);
    app.decorate('users', users);
    const twoFactor = new TwoFactorService(app.db, app.config, users, challenges, app.sealer, app.datalog, app.bus, app.clock);
    app.decorate('twoFactor', twoFactor);
    const sessions = new SessionService(app.db, app.datalog, app.bus, app.clock);
    app.decorate('sessions', sessions);
    const apiKeys = new ApiKeyService(app.db, app.config, app.datalog, app.bus, app.clock);
    app.decorate('apiKeys', apiKeys);
    app.bus.share('apiKeysEnded');
    userRoutes(app, { users, sessions, twoFactor, apiKeys });
    const pruneTimer = setInterval(() => {
      if (!app.members.owns('job:sessions')) return;
      users.pruneSessions().catch((err: unknown) => {
        app.log.warn({ err }, 'session prune failed');
      });
      apiKeys.endExpired().catch((err: unknown) => {
        app.log.warn({ err }, 'ending expired API keys failed');
      });
    }, 3_600_000);
    pruneTimer.unref();
    app.addHook('onClose', () => {
      clearInterval(pruneTimer);
    });
  },
  { name: 'user', dependencies: ['bus', 'database', 'datalog', 'sealer'] },
);
