import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { Sealer } from '../../security/sealed.js';
import { DynamicPasswordService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Dynamic passwords: tests read a CK factory's master key from it. */
    dynamicPasswords: DynamicPasswordService;
  }
}

/** /qrManage (spec 2, 6; issue 24): dynamic passwords with quotas (docs/dynamic-password.md). */
export default fp(
  (app) => {
    const passwords = new DynamicPasswordService(app.db, Sealer.fromConfig(app.config), app.clock);
    app.decorate('dynamicPasswords', passwords);
    const e = api.qrManage;
    route(app, e.calculate, ({ auth, body }) => passwords.calculate(auth, body));
  },
  { name: 'qr-manage', dependencies: ['database'] },
);
