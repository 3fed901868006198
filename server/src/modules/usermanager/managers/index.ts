import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.js';
import { personRoutes } from '../below/routes.js';
import { peopleDeps } from '../below/service.js';
import { CallerService } from '../caller/service.js';
import { managerExport } from './export.js';
import { ManagerService } from './service.js';

/** Sub-managers and assignment, and the questions about the caller (docs/people.md): thin routes over the services. Answers the sub-managers' service. */
export function registerManagers(app: FastifyInstance): ManagerService {
  const managers = new ManagerService(peopleDeps(app));
  const caller = new CallerService(app.db, app.bus, app.datalog, app.clock);
  app.exports.register('managers', managerExport(managers, app.clock));
  const e = api.usermanager;
  route(app, e.getManagers, ({ auth, query }) => managers.list(auth, query));
  route(app, e.addNextManager, ({ auth, body, ip }) => managers.add(auth, body, ip));
  personRoutes(app, managers, { password: e.resetManagerPassword, template: e.changeManagerModel, person: e.getManager });
  route(app, e.setManagerDisabled, async ({ auth, body, ip }) => {
    await managers.setDisabled(auth, body.userId, body.disabled, ip);
    return null;
  });
  route(app, e.getAssignedDevices, ({ auth, query }) => managers.devices(auth, query, true));
  route(app, e.getUnassignedDevices, ({ auth, query }) => managers.devices(auth, query, false));
  route(app, e.assignDevice, ({ auth, body, ip }) => managers.assign(auth, body.userId, [body.deviceId], ip));
  route(app, e.batchAssignDevices, ({ auth, body, ip }) => managers.assign(auth, body.userId, body.deviceIds, ip));
  route(app, e.previewAssign, ({ auth, body }) => managers.previewAssign(auth, body.userId, body.deviceIds));
  route(app, e.recallAssignedDevice, ({ auth, body, ip }) => managers.recall(auth, body.userId, body.deviceId, ip));
  route(app, e.recallAllAssignedDevice, ({ auth, body, ip }) => managers.recall(auth, body.userId, null, ip));
  route(app, e.hideFromSuperior, ({ auth, body, ip }) => managers.setHidden(auth, body.deviceId, body.hidden, ip));

  route(app, e.getPrivilegeLevel, ({ auth }) => caller.privilegeLevel(auth));
  route(app, e.checkIsAdmin, ({ auth }) => caller.isAdmin(auth));
  route(app, e.checkIsManagerOrUser, ({ auth }) => caller.managerOrUser(auth));
  route(app, e.getLevelModels, ({ auth }) => caller.levelModels(auth));
  route(app, e.checkIsCkFactory, ({ auth }) => caller.isCkFactory(auth));
  route(app, e.checkRecallDevCk, ({ auth, query }) => caller.recallCheck(auth, query.device_id));
  route(app, e.getDevCkUsers, ({ auth, query }) => caller.devCkUsers(auth, query.device_id));
  route(app, e.resetCkUserPwd, async ({ auth, body, ip }) => {
    await caller.resetCkPassword(auth, body.username, body.password, ip);
    return null;
  });
  return managers;
}
