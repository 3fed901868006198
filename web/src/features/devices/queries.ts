import { api, type DeviceQuery } from '@dms/contract';
import { endpointQuery } from '@/api/call';

/**
 * The server-state cache entries of the device pages: each names its endpoint and input. Live events patch these
 * entries (setQueryData) or invalidate them.
 */
export const deviceQueries = {
  page: (query: DeviceQuery) => endpointQuery(api.devices.list, { query }),
  counts: (q: string | undefined) => endpointQuery(api.devices.counts, { query: { q } }),
  /** Failures are not shown here: the page turns 40300 into /401 and 40400 into /404. */
  detail: (boxId: number, controller: number) =>
    endpointQuery(api.devices.detail, { params: { boxId, controller } }, { errorDisplay: 'none' }),
  box: (boxId: number) => endpointQuery(api.boxes.detail, { params: { boxId } }, { errorDisplay: 'none' }),
  controllerTypes: () => endpointQuery(api.controllerTypes.list),
  /** A register map changes only with configuration: kept for the session. */
  controllerType: (id: number) => ({ ...endpointQuery(api.controllerTypes.get, { params: { id } }), staleTime: Number.POSITIVE_INFINITY }),
};
