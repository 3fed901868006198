import fp from 'fastify-plugin';
import { deviceExport } from './export.js';
import { deviceRoutes } from './routes.js';
import { DeviceService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    devices: DeviceService;
  }
}

/** Devices: lists, detail, information, series, register writes, and the `devices` export kind. */
export default fp(
  (app) => {
    const devices = new DeviceService(app.db, app.ingest, app.datalog, { now: app.clock, retention: app.config.ingest.rollupRetention });
    app.decorate('devices', devices);
    app.exports.register('devices', deviceExport(devices, app.clock));
    deviceRoutes(app, devices);
  },
  { name: 'devices', dependencies: ['ingest', 'datalog', 'exports'] },
);
