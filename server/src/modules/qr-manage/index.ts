import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { QuotaService } from './quotas.js';
import { PwdRecordService } from './records.js';
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
    const passwords = new DynamicPasswordService(app.db, app.sealer, app.clock);
    app.decorate('dynamicPasswords', passwords);
    const e = api.qrManage;
    route(app, e.calculate, ({ auth, body }) => passwords.calculate(auth, body));
    const quotas = new QuotaService(app.db, app.datalog, app.clock);
    route(app, e.myQuota, ({ auth }) => quotas.mine(auth));
    route(app, e.quotas, ({ auth, query }) => quotas.page(auth, query));
    route(app, e.changeQuota, ({ auth, body, ip }) => quotas.change(auth, body, ip));
    const records = new PwdRecordService(app.db);
    route(app, e.records, ({ auth, query }) => records.page(auth, query));
    app.exports.register('pwd-records', records.exportSource());
  },
  { name: 'qr-manage', dependencies: ['database', 'sealer', 'datalog', 'exports'] },
);
