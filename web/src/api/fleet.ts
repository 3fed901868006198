import { fleetSummary, mapPoint, type DeviceStatus, type FleetSummary, type MapPoint } from '@dms/contract';
import { z } from 'zod';
import { request } from './client';

/** /fleet calls: the fleet at a glance (dashboard, large screen) and the map, over the devices the user sees. */

/** The start of today in the browser's time zone (ms): the "today" of the fleet summary. */
export function localMidnight(now: Date = new Date()): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

/**
 * Counts, online rate, boxes, today's faults and alerts (since local midnight), the last 24 hours, the most faulty
 * models and the latest transitions. `quiet` leaves failures to the caller (the large screen retries by itself).
 */
export function getFleetSummary(options: { signal?: AbortSignal; quiet?: boolean } = {}): Promise<FleetSummary> {
  return request(
    {
      path: '/fleet/summary',
      query: { since: localMidnight() },
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.quiet ? { errorDisplay: 'none' as const } : {}),
    },
    fleetSummary,
  );
}

/** Every device the user sees with its position and status (optionally only one status or status group). */
export function getFleetMap(status: DeviceStatus | undefined, options: { signal?: AbortSignal; quiet?: boolean } = {}): Promise<MapPoint[]> {
  return request(
    {
      path: '/fleet/map',
      query: { status },
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.quiet ? { errorDisplay: 'none' as const } : {}),
    },
    z.array(mapPoint),
  );
}
