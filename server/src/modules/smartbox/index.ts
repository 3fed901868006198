import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { BoxAssignService } from './assign.js';
import { BoxCommandService } from './commands.js';
import { DevicePropertiesService } from './device-properties.js';
import { UploadSettingsService } from './upload-settings.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** Commands to boxes were sent, moved on or ended, in these batches (`job`), gathered over a quarter second. */
    boxCommandsChanged: { jobs: readonly string[] };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    boxCommands: BoxCommandService;
  }
}

/** How often commands out of time are ended. */
const SWEEP_MS = 1000;

/**
 * Root's and limited_admin's box tools: commands to cloud boxes and their upload settings (docs/box-protocol.md
 * "Commands"), and assigning boxes to an account (docs/api.md "Box commands", "Assigning boxes").
 */
export default fp(
  async (app) => {
    const commands = new BoxCommandService(app.db, app.ingest, app.bus, app.datalog, app.clock, app.log, app.config.ingest.commandExpiryMs);
    await commands.start();
    app.decorate('boxCommands', commands);
    app.bus.on('boxHello', ({ boxId }) => {
      commands.hello(boxId).catch((err: unknown) => {
        app.log.error({ err, boxId }, 'the commands waiting for a box could not be sent');
      });
    });
    app.bus.on('boxReply', ({ boxId, reply, time }) => {
      void commands.reply(boxId, reply, time).catch(() => undefined);
    });
    const timer = setInterval(() => {
      commands.sweep().catch((err: unknown) => {
        app.log.error({ err }, 'box commands could not be swept');
      });
    }, SWEEP_MS);
    timer.unref();
    app.addHook('onClose', () => {
      clearInterval(timer);
      commands.stop();
    });
    const e = api.smartbox;
    route(app, e.send, ({ auth, body, ip }) => commands.send(auth, body, ip));
    route(app, e.list, ({ query }) => commands.page(query));
    route(app, e.cancel, ({ auth, params, ip }) => commands.cancel(auth, params.id, ip));
    const settings = new UploadSettingsService(app.db, commands, app.ingest, app.datalog);
    route(app, e.dws, ({ query }) => settings.page(query));
    route(app, e.setDws, ({ auth, body, ip }) => settings.set(auth, body, ip));
    const assign = new BoxAssignService(app.db, app.bus, app.datalog, app.clock);
    route(app, e.assignAccounts, ({ query }) => assign.accounts(query.q));
    route(app, e.assignPreview, ({ auth, body }) => assign.preview(auth, body));
    route(app, e.assign, ({ auth, body, ip }) => assign.assign(auth, body, ip));
    const properties = new DevicePropertiesService(app.db, app.datalog);
    route(app, e.setDeviceProperties, ({ auth, body, ip }) => properties.set(auth, body, ip));
    route(app, e.importDeviceProperties, ({ auth, body, ip, lang }) => properties.import(auth, body, ip, lang));
  },
  { name: 'smartbox', dependencies: ['database', 'bus', 'datalog', 'ingest'] },
);
