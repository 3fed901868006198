import fp from 'fastify-plugin';
import { SharedFailures } from '../../security/shared-failures.js';
import { userRoutes } from './routes.js';
import { UserService } from './service.js';
import { SessionService } from './sessions.js';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserService;
    /** Signed-in sessions: one's own, and everyone's for root (/tools/sessions). */
    sessions: SessionService;
  }
}

/** Accounts and sessions: sign-in, user info, sign-out, change password, one's sessions; expired sessions pruned hourly. */
export default fp(
  (app) => {
    // With REDIS_URL the sign-in protection counts failures for every instance together.
    const failures = app.redis
      ? new SharedFailures(app.redis.client, app.redis.prefix, app.config.loginLimit, app.log.child({ area: 'sign-in' }))
      : undefined;
    const users = new UserService(app.db, app.config, app.datalog, app.bus, app.clock, failures);
    app.decorate('users', users);
    const sessions = new SessionService(app.db, app.datalog, app.bus, app.clock);
    app.decorate('sessions', sessions);
    userRoutes(app, users, sessions);
    const pruneTimer = setInterval(() => {
      if (!app.members.owns('job:sessions')) return;
      users.pruneSessions().catch((err: unknown) => {
        app.log.warn({ err }, 'session prune failed');
      });
    }, 3_600_000);
    pruneTimer.unref();
    app.addHook('onClose', () => {
      clearInterval(pruneTimer);
    });
  },
  { name: 'user', dependencies: ['bus', 'database', 'datalog'] },
);
