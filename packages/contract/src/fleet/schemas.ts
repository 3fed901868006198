import { z } from 'zod';
import { CONTROLLER_KINDS, localizedText } from '../controller-types/schemas.js';
import { DEVICE_STATUSES, deviceCounts, deviceReach } from '../devices/schemas.js';

/**
 * The fleet at a glance (dashboard, large screen), over the devices the user sees. `since` is the start of the
 * user's today (the console sends local midnight), for the "today" figures.
 */
export const fleetQuery = z.object({ since: z.coerce.number({ error: 'validation.field.number' }).int().min(0) });
export const transitionRow = z.object({
  time: z.number().int(),
  deviceId: z.number().int(),
  boxId: z.number().int(),
  controller: z.number().int(),
  /** compressor, maglev or plc: which detail page a link opens (null while the type is unknown). */
  kind: z.enum(CONTROLLER_KINDS).nullable(),
  company: z.string(),
  from: z.enum(DEVICE_STATUSES),
  to: z.enum(DEVICE_STATUSES),
  /**
   * The device's faults and alerts active at that time, named in every language, newest first (at most
   * ACTIVE_FAULTS_SHOWN): the live feed names the cause of a change into fault or alert.
   */
  faults: z.array(z.object({ kind: z.enum(['fault', 'alert']), name: localizedText })).optional(),
  /** How the user reaches the device (docs/people.md). */
  reach: deviceReach,
});
export type TransitionFault = NonNullable<z.infer<typeof transitionRow>['faults']>[number];
export type TransitionRow = z.infer<typeof transitionRow>;
/** One hour of the last 24: fault and alert records opened, devices gone offline, devices come online. */
export const fleetHour = z.object({
  t: z.number().int(),
  faults: z.number().int(),
  alerts: z.number().int(),
  offline: z.number().int(),
  online: z.number().int(),
});
export type FleetHour = z.infer<typeof fleetHour>;
export const fleetSummary = z.object({
  counts: deviceCounts,
  /** Devices online (in any online status) / all devices; 0 with no devices. */
  onlineRate: z.number(),
  boxes: z.object({ total: z.number().int(), online: z.number().int() }),
  faultsToday: z.number().int(),
  alertsToday: z.number().int(),
  /** The last 24 whole hours and the current one, oldest first. */
  hours: z.array(fleetHour),
  /** Models with the most fault records in the last 30 days, most first (at most 10). */
  faultyModels: z.array(z.object({ model: z.string(), faults: z.number().int() })),
  /** The latest status transitions, newest first (at most 20). */
  transitions: z.array(transitionRow),
});
export type FleetSummary = z.infer<typeof fleetSummary>;

/** A device on the map: where (null: at its city's or province's centre) and its status. */
export const mapPoint = z.object({
  id: z.number().int(),
  boxId: z.number().int(),
  controller: z.number().int(),
  status: z.enum(DEVICE_STATUSES),
  kind: z.enum(CONTROLLER_KINDS).nullable(),
  company: z.string(),
  model: z.string(),
  province: z.string(),
  city: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** How the user reaches the device (docs/people.md). */
  reach: deviceReach,
});
export type MapPoint = z.infer<typeof mapPoint>;
export const mapQuery = z.object({ status: z.enum(DEVICE_STATUSES).optional() });
