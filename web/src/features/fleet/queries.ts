import { api, type DeviceStatus } from '@dms/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '@/api/call';
import { localMidnight } from '@/lib/local-midnight';

/** The fleet at a glance: the dashboard's and the large screen's figures, and the map's points. */
export const fleetQueries = {
  /**
   * Today's figures count from local midnight, read at each load, so one entry serves across days. Failures are left
   * to the page (the dashboard's alert, the large screen's footer).
   */
  summary: () =>
    queryOptions({
      queryKey: endpointKey(api.fleet.summary),
      queryFn: ({ signal }) => call(api.fleet.summary, { query: { since: localMidnight() } }, { errorDisplay: 'none', signal }),
    }),
  /** `quiet` leaves failures to the page (the large screen). */
  map: (status: DeviceStatus | undefined, quiet = false) =>
    endpointQuery(api.fleet.map, { query: { status } }, quiet ? { errorDisplay: 'none' } : {}),
};
