import type { EndpointSpec } from './endpoint.js';
import * as AREA_ENDPOINTS from './endpoints.generated.js';

/**
 * Every call of the API by area: `api.devices.list`, `api.user.login`, … One entry per area folder's `endpoints.ts`
 * (`export const endpoints`), found by scripts/areas.mjs; the area's name in camelCase is its key.
 */
export const api = AREA_ENDPOINTS;

/** Every endpoint as a flat list with its name (`devices.list`): for the server's checks and the docs. */
export const ALL_ENDPOINTS: readonly { name: string; endpoint: EndpointSpec }[] = Object.entries(api).flatMap(([area, group]) =>
  Object.entries(group).map(([name, endpoint]) => ({ name: `${area}.${name}`, endpoint: endpoint as EndpointSpec })),
);
