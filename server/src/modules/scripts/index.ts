import { api, canAccess, message, type Language, type MessageKey } from '@dms/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../errors.js';
import { route } from '../../http/route.js';
import type { AuthContext } from '../../types.js';
import { byCursor } from '../exports/chunks.js';
import { batchModifyBox } from './batch-modify-box.js';
import { batchModifyParams } from './batch-modify-params.js';
import { brokerAddress } from '../box-reg-info/broker-address.js';
import { checkInactive } from './check-inactive.js';
import { load } from './load.js';
import { UsersLoad } from './load-users.js';
import { ckPwd, resetPwd } from './passwords.js';
import { resetDevice } from './reset-device.js';
import { ScriptRunner } from './runner.js';
import type { ScriptContext } from './script.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The maintenance scripts' runs: tests wait for them (`idle`). */
    scripts: ScriptRunner;
  }
}

const COLUMNS: readonly MessageKey[] = [
  'scripts.column.seq',
  'scripts.column.target',
  'scripts.column.before',
  'scripts.column.after',
  'scripts.column.outcome',
  'scripts.column.message',
];

/** /scripts (spec 2, 6: root; issue 24; docs/scripts.md): maintenance scripts, previewed, confirmed, logged and undone. */
export default fp(
  (app) => {
    const runner = new ScriptRunner(app.db, app.datalog, app.clock, app.log.child({ area: 'scripts' }), {
      self: app.members.self,
      live: () => app.members.live(),
    });
    app.decorate('scripts', runner);
    runner.register(resetPwd(app.db, app.bus, app.datalog, app.clock));
    runner.register(ckPwd(app.db, app.bus, app.datalog, app.clock));
    runner.register(checkInactive(app.db, app.clock));
    runner.register(batchModifyParams(app.db, app.ingest, app.devices));
    runner.register(resetDevice(app.db, app.bus, app.datalog, app.clock));
    runner.register(batchModifyBox(app.db, app.boxCks, app.datalog));
    const broker = (host: string) => brokerAddress(app.config.mqtt, app.mqttPort, host);
    runner.register(load(app.db, app.boxRegInfo, app.deviceProperties, broker, new UsersLoad(app.db, app.peopleBelow, app.clock)));
    app.bus.on('boxHello', ({ boxId }) => {
      runner.boxBack(boxId).catch((err: unknown) => {
        app.log.error({ err, boxId }, 'queued script items could not be tried again');
      });
    });
    app.addHook('onReady', () => runner.recover());
    // An instance that went left its runs: they are failed where they stand, once (whoever fails them first).
    app.members.onChange(({ went }) => {
      if (went.length === 0) return;
      runner.recover().catch((err: unknown) => {
        app.log.error({ err }, 'the runs of an instance that stopped could not be failed');
      });
    });
    app.addHook('onClose', () => runner.idle());

    const e = api.scripts;
    const ctx = (auth: AuthContext, ip: string, lang: Language, request: FastifyRequest): ScriptContext => ({
      auth,
      ip,
      lang,
      host: request.hostname,
    });
    route(app, e.preview, ({ auth, body, ip, lang, request }) => runner.preview(ctx(auth, ip, lang, request), body));
    route(app, e.start, ({ auth, params, body, ip, lang, request }) => runner.start(ctx(auth, ip, lang, request), params.id, body.count));
    route(app, e.undo, ({ auth, params, body, ip, lang, request }) => runner.undo(ctx(auth, ip, lang, request), params.id, body.count));
    route(app, e.runs, ({ query }) => runner.log.runs(query));
    route(app, e.run, ({ params }) => runner.run(params.id));
    route(app, e.items, ({ params, query, lang }) => runner.log.items(params.id, query, lang));
    route(app, e.secrets, ({ auth, params }) => runner.takeSecrets(auth, params.id));

    app.exports.register('script-items', async (auth, body, lang) => {
      if (!canAccess(auth.roles, 'scripts')) throw forbidden();
      const run = await runner.run(body.filter.runId);
      const outcome = (o: string) => message(lang, `scripts.outcome.${o}` as MessageKey);
      const rows = byCursor(
        (after: number | null, limit) => runner.log.itemsAfter(run.id, after ?? 0, limit, lang),
        (r) => r.seq,
      );
      return {
        fileName: `script-${run.script}-${run.id}`,
        sheet: message(lang, 'scripts.sheet'),
        columns: COLUMNS.map((key) => ({ header: message(lang, key), kind: 'text' as const })),
        total: run.total,
        rows: async function* () {
          for await (const r of rows) yield [String(r.seq), r.target, r.before ?? '', r.after ?? '', outcome(r.outcome), r.message ?? ''];
        },
      };
    });
  },
  {
    name: 'scripts',
    dependencies: ['bus', 'database', 'datalog', 'exports', 'ingest', 'devices', 'ck', 'box-reg-info', 'smartbox', 'usermanager'],
  },
);
