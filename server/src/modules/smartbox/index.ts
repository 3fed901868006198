import { api } from '@dms/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { BoxAssignService } from './assign.js';
import { BoxDeleteService } from './box-delete.js';
import { BoxAddressService } from './addresses.js';
import { boxConfigExport, previewBoxConfig } from './box-config-upload.js';
import { BoxTypeService } from './box-types.js';
import { BoxMoveService } from './moves.js';
import { ServerIpService } from './server-ips.js';
import { BoxCommandService } from './commands.js';
import { DevicePropertiesService } from './device-properties.js';
import { ImageService } from './images.js';
import { RolloutService } from './rollouts.js';
import { UploadSettingsService } from './upload-settings.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** Commands to boxes were sent, moved on or ended, in these batches (`job`), gathered over a quarter second. */
    boxCommandsChanged: { jobs: readonly string[] };
    /** Firmware rollouts moved on: a batch started, boxes changed state, or the rollout paused, stopped or ended. */
    rolloutsChanged: { ids: readonly number[] };
    /** Box moves (/smartbox/ip-config) moved on, by batch. */
    boxMovesChanged: { jobs: readonly string[] };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    boxCommands: BoxCommandService;
    /** Deleted boxes: their purge runs hourly; tests call `purge` at once. */
    boxDeletions: BoxDeleteService;
    /** Devices' descriptive properties: the one edit path (the load script sets them through it too). */
    deviceProperties: DevicePropertiesService;
  }
}

/** How often commands out of time are ended and rollouts move on. */
const SWEEP_MS = 1000;
/** How often the upload log forgets old downloads. */
const PURGE_EVERY_MS = 3_600_000;

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
    const images = new ImageService(app.db, app.ingest, app.datalog, app.clock);
    const rollouts = new RolloutService(app.db, commands, images, app.ingest, app.bus, app.datalog, app.clock, app.log);
    const moves = new BoxMoveService(app.db, commands, app.bus, app.datalog, app.clock);
    const deletions = new BoxDeleteService(app.db, app.bus, app.datalog, app.clock, app.config.ingest.deleteGraceMs);
    app.decorate('boxDeletions', deletions);
    // Root's consoles follow commands and rollouts live (the area's live events are declared in its contract folder).
    app.bus.on('boxCommandsChanged', ({ jobs }) => {
      app.bus.publish('liveToRole', { role: 'root', event: { type: 'boxCommands', jobs: [...jobs] } });
    });
    app.bus.on('rolloutsChanged', ({ ids }) => {
      app.bus.publish('liveToRole', { role: 'root', event: { type: 'rollouts', ids: [...ids] } });
    });
    app.bus.on('boxMovesChanged', ({ jobs }) => {
      app.bus.publish('liveToRole', { role: 'root', event: { type: 'boxMoves', jobs: [...jobs] } });
    });
    app.bus.on('boxCommandsChanged', ({ jobs }) => {
      rollouts.commandsChanged(jobs).catch((err: unknown) => {
        app.log.error({ err }, 'rollouts could not follow their commands');
      });
    });
    let purgedAt = 0;
    const timer = setInterval(() => {
      const now = app.clock();
      const purge = now - purgedAt > PURGE_EVERY_MS;
      if (purge) purgedAt = now;
      Promise.all([
        commands.sweep().then(() => Promise.all([rollouts.advance(), moves.advance()])),
        purge ? images.purge() : undefined,
        purge ? deletions.purge() : undefined,
      ]).catch((err: unknown) => {
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
    app.decorate('deviceProperties', properties);
    route(app, e.setDeviceProperties, ({ auth, body, ip }) => properties.set(auth, body, ip));
    route(app, e.importDeviceProperties, ({ auth, body, ip, lang }) => properties.import(auth, body, ip, lang));
    route(app, e.uploadImage, ({ auth, query, body, ip }) => images.upload(auth, query, body, ip));
    route(app, e.images, ({ query }) => images.page(query));
    route(app, e.deleteImage, ({ auth, params, ip }) => images.remove(auth, params.id, ip));
    route(app, e.imageFile, ({ auth, params, request }) => images.file(params.id, auth, request));
    route(app, e.fileSends, ({ query }) => images.sends(query));
    route(app, e.versions, () => images.versions());
    // Boxes download the image from where they reach the server: PUBLIC_URL, else where root started the rollout.
    const base = (request: FastifyRequest) => app.config.notify.publicUrl || `${request.protocol}://${request.host}`;
    route(app, e.rolloutPreview, ({ auth, body }) => rollouts.preview(auth, body));
    route(app, e.startRollout, ({ auth, body, ip, request }) => rollouts.start(auth, body, base(request), ip));
    route(app, e.rollouts, ({ query }) => rollouts.page(query));
    route(app, e.rollout, ({ auth, params }) => rollouts.get(auth, params.id));
    route(app, e.rolloutBoxes, ({ auth, params, query }) => rollouts.boxes(auth, params.id, query));
    route(app, e.rolloutAction, ({ auth, params, ip }) => rollouts.act(auth, params.id, params.action, ip));

    const addresses = new BoxAddressService(app.db);
    route(app, e.addresses, ({ query }) => addresses.page(query));
    app.exports.register('box-addresses', addresses.exportSource());

    const boxTypes = new BoxTypeService(app.db, app.datalog, app.clock);
    route(app, e.boxTypes, ({ query }) => boxTypes.page(query));
    route(app, e.createBoxType, ({ auth, body, ip }) => boxTypes.create(auth, body.code, ip));
    route(app, e.boxConfig, ({ params, query }) => boxTypes.config(params.id, query.version));
    route(app, e.saveBoxConfig, ({ auth, params, body, ip, lang }) => boxTypes.save(auth, params.id, body, ip, lang));
    route(app, e.uploadBoxConfig, ({ params, body, lang }) => previewBoxConfig(boxTypes, params.id, params.language, body, lang));
    app.exports.register('box-config', boxConfigExport(boxTypes));
    app.exports.register('box-protocol', boxTypes.protocolExport());

    route(app, e.movePreview, ({ auth, body }) => moves.preview(auth, body));
    route(app, e.startMove, ({ auth, body, ip }) => moves.start(auth, body, ip));
    route(app, e.moves, ({ query }) => moves.page(query));
    route(app, e.deletePreview, ({ auth, params }) => deletions.preview(auth, params.boxId));
    route(app, e.deleteBox, ({ auth, body, ip }) => deletions.remove(auth, body.boxId, ip));
    route(app, e.deletedBoxes, ({ query }) => deletions.page(query));
    route(app, e.restoreBox, ({ auth, params, ip }) => deletions.restore(auth, params.boxId, ip));
    const serverIps = new ServerIpService(app.db);
    route(app, e.serverIps, ({ query }) => serverIps.page(query));
    app.exports.register('server-ips', serverIps.exportSource());
  },
  { name: 'smartbox', dependencies: ['database', 'bus', 'datalog', 'ingest', 'exports'] },
);
