import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.js';
import { personRoutes } from '../below/routes.js';
import { peopleDeps } from '../below/service.js';
import { HelperService } from './service.js';

/** Helpers, sharing and the switch right (docs/people.md): thin routes over HelperService, which it answers. */
export function registerHelpers(app: FastifyInstance): HelperService {
  const helpers = new HelperService(peopleDeps(app));
  const e = api.usermanager;
  route(app, e.getHelpers, ({ auth, query }) => helpers.list(auth, query));
  route(app, e.getHelperTypes, ({ auth }) => helpers.types(auth));
  route(app, e.addHelper, ({ auth, body, ip }) => helpers.add(auth, body, ip));
  personRoutes(app, helpers, { password: e.changeHelperPassword, template: e.changeHelperModel, person: e.getHelper });
  route(app, e.delHelper, async ({ auth, query, ip }) => {
    await helpers.remove(auth, query.userId, ip);
    return null;
  });
  route(app, e.getSharedDevices, ({ auth, query }) => helpers.devices(auth, query, true));
  route(app, e.getUnsharedDevices, ({ auth, query }) => helpers.devices(auth, query, false));
  route(app, e.shareDevice, ({ auth, body, ip }) => helpers.share(auth, body, ip));
  route(app, e.shareAllDevice, ({ auth, body, ip }) => helpers.shareAll(auth, body, ip));
  route(app, e.recallSharedDevice, ({ auth, body, ip }) => helpers.recall(auth, body.userId, body.deviceId, ip));
  route(app, e.recallAllSharedDevice, ({ auth, body, ip }) => helpers.recall(auth, body.userId, null, ip));
  route(app, e.addDeviceUserPermission, ({ auth, body, ip }) => helpers.setSwitchRight(auth, body.userId, body.deviceId, true, ip));
  route(app, e.delDeviceUserPermission, ({ auth, body, ip }) => helpers.setSwitchRight(auth, body.userId, body.deviceId, false, ip));
  route(app, e.addAllDeviceUserPermission, ({ auth, body, ip }) => helpers.setSwitchRight(auth, body.userId, null, true, ip));
  route(app, e.delAllDeviceUserPermission, ({ auth, body, ip }) => helpers.setSwitchRight(auth, body.userId, null, false, ip));
  return helpers;
}
