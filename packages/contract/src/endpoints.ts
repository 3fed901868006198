import type { EndpointSpec } from './endpoint.js';
import { boxRegInfoEndpoints } from './box-reg-info/endpoints.js';
import { boxEndpoints } from './boxes/endpoints.js';
import { brokerEndpoints } from './broker/endpoints.js';
import { controllerTypeEndpoints } from './controller-types/endpoints.js';
import { datalogEndpoints } from './datalog/endpoints.js';
import { deviceEndpoints } from './devices/endpoints.js';
import { exportEndpoints } from './exports/endpoints.js';
import { fleetEndpoints } from './fleet/endpoints.js';
import { healthEndpoints } from './health/endpoints.js';
import { historyEndpoints } from './history/endpoints.js';
import { templateEndpoints } from './permission-templates/endpoints.js';
import { userEndpoints } from './user/endpoints.js';
import { usermanagerEndpoints } from './usermanager/endpoints.js';

/** Every call of the API by area: `api.devices.list`, `api.user.login`, … (one entry per area's `endpoints.ts`). */
export const api = {
  user: userEndpoints,
  datalog: datalogEndpoints,
  controllerTypes: controllerTypeEndpoints,
  devices: deviceEndpoints,
  history: historyEndpoints,
  exports: exportEndpoints,
  fleet: fleetEndpoints,
  boxRegInfo: boxRegInfoEndpoints,
  boxes: boxEndpoints,
  broker: brokerEndpoints,
  health: healthEndpoints,
  usermanager: usermanagerEndpoints,
  permissionTemplates: templateEndpoints,
} as const;

/** Every endpoint as a flat list with its name (`devices.list`): for the server's checks and the docs. */
export const ALL_ENDPOINTS: readonly { name: string; endpoint: EndpointSpec }[] = Object.entries(api).flatMap(([area, group]) =>
  Object.entries(group).map(([name, endpoint]) => ({ name: `${area}.${name}`, endpoint: endpoint as EndpointSpec })),
);
