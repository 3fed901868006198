import { z } from 'zod';
import { CHART_KINDS } from '../controller-types/charts.js';
import { typePageConfig } from '../controller-types/page.js';
import { BOX_ID_MAX } from '../box-protocol.js';
import { pageOf, pageQuery } from '../envelope.js';

// ---- Statuses (spec 4) ----

/**
 * The device statuses of spec section 4. A device always holds one of the specific ones (online, offline,
 * online_alert, offline_alert, online_fault, offline_fault, unregistered); `alert` and `fault` name the groups
 * (any connectivity) that lists filter and dashboards count by. A fault outranks an alert.
 */
export const DEVICE_STATUSES = [
  'online',
  'offline',
  'alert',
  'online_alert',
  'offline_alert',
  'fault',
  'online_fault',
  'offline_fault',
  'unregistered',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/** The statuses a device can actually be in (the rest are groups). */
export type SpecificStatus = Exclude<DeviceStatus, 'alert' | 'fault'>;

/** Run status (spec 4): what the machine is doing, apart from connectivity. */
export const RUN_STATUSES = ['normal', 'fault', 'warning'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Notification types (spec 3, 4): what a condition change tells the people who see the device. */
export const NOTIFICATION_TYPES = ['recover', 'fault', 'alert', 'fault_alert'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface Condition {
  online: boolean;
  fault: boolean;
  alert: boolean;
}

/** The one status of a device from its connectivity and its fault and alert registers. */
export function deviceStatus({ online, fault, alert }: Condition): SpecificStatus {
  if (fault) return online ? 'online_fault' : 'offline_fault';
  if (alert) return online ? 'online_alert' : 'offline_alert';
  return online ? 'online' : 'offline';
}

export function runStatus({ fault, alert }: Pick<Condition, 'fault' | 'alert'>): RunStatus {
  return fault ? 'fault' : alert ? 'warning' : 'normal';
}

export function notificationType({ fault, alert }: Pick<Condition, 'fault' | 'alert'>): NotificationType {
  if (fault && alert) return 'fault_alert';
  return fault ? 'fault' : alert ? 'alert' : 'recover';
}

/** Whether a device in `status` belongs to the list filter `filter` (groups match their specific statuses). */
export function statusMatches(status: SpecificStatus, filter: DeviceStatus): boolean {
  if (filter === 'fault') return status === 'online_fault' || status === 'offline_fault';
  if (filter === 'alert') return status === 'online_alert' || status === 'offline_alert';
  return status === filter;
}
// ---- Identifiers ----

export const boxIdSchema = z.coerce
  .number({ error: 'validation.field.positiveInteger' })
  .int('validation.field.positiveInteger')
  .min(1, 'validation.field.positiveInteger')
  .max(BOX_ID_MAX, 'validation.boxId.range');
export const boxIdParams = z.object({ boxId: boxIdSchema });

/** Device links (spec 1, 4): how a user comes to see a device besides owning it. */
export const LINK_KINDS = ['owner', 'assigned', 'shared', 'helper'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

// ---- Devices ----

export const deviceParams = z.object({
  boxId: boxIdSchema,
  controller: z.coerce
    .number({ error: 'validation.field.positiveInteger' })
    .int('validation.field.positiveInteger')
    .min(1, 'validation.field.positiveInteger')
    .max(32, 'validation.field.positiveInteger'),
});

/**
 * The fields a device carries for its people (spec 3): owning company, station or equipment number, model, remark,
 * IoT module and model, IoT card code, install and expiry dates ('YYYY-MM-DD'), location and contact.
 * `lng`/`lat` place it on the map (WGS84); null puts it at its city's or province's centre.
 */
export const deviceFields = z.object({
  company: z.string(),
  stationNo: z.string(),
  model: z.string(),
  remark: z.string(),
  iotModule: z.string(),
  iotModel: z.string(),
  iotCard: z.string(),
  installDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  street: z.string(),
  contact: z.string(),
  phone: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
});
export type DeviceFields = z.infer<typeof deviceFields>;

export const deviceSummary = deviceFields.extend({
  id: z.number().int(),
  boxId: z.number().int(),
  controller: z.number().int(),
  typeId: z.number().int().nullable(),
  typeCode: z.string().nullable(),
  typeName: z.string().nullable(),
  /** compressor, maglev or plc (from the type), null while the type is unknown: which detail page opens. */
  kind: z.enum(['compressor', 'maglev', 'plc']).nullable(),
  owner: z.string(),
  status: z.enum(DEVICE_STATUSES),
  runStatus: z.enum(RUN_STATUSES),
  lastSeen: z.number().int().nullable(),
});
export type DeviceSummary = z.infer<typeof deviceSummary>;

/** Most active faults and alerts a device carries in the list and its header; `moreFaults` counts the rest. */
export const ACTIVE_FAULTS_SHOWN = 3;
/**
 * An active fault or alert of a device (an open fault record): the bit's name in the user's language from the
 * type's register map ("#register.bit" when the map does not name it), and when it started (ms).
 */
export const activeFault = z.object({
  kind: z.enum(['fault', 'alert']),
  register: z.number().int(),
  bit: z.number().int(),
  name: z.string(),
  startedAt: z.number().int(),
});
export type ActiveFault = z.infer<typeof activeFault>;
/** A device's active faults and alerts, newest first, at most ACTIVE_FAULTS_SHOWN; `moreFaults`: how many more are active. */
export const activeFaults = z.object({
  activeFaults: z.array(activeFault).max(ACTIVE_FAULTS_SHOWN),
  moreFaults: z.number().int().min(0),
});
export type ActiveFaults = z.infer<typeof activeFaults>;
/**
 * How the signed-in user reaches a device (docs/people.md): `admin` (root, admin, limited_admin see every device),
 * `owner`, `assigned` (they assigned it down; `via` is the assignee), `helper` or `shared` (`via` is the sharer),
 * `ck` (their CK group's box; `via` is the CK factory, null for the factory itself). `data` false: a sub-manager
 * below hid its values and history. `hidden`: the user is the owner by assignment and hid it from their superiors.
 */
export const REACH_HOWS = ['admin', 'owner', 'assigned', 'helper', 'shared', 'ck'] as const;
export type ReachHowName = (typeof REACH_HOWS)[number];
export const deviceReach = z.object({
  how: z.enum(REACH_HOWS),
  via: z.string().nullable(),
  canSwitch: z.boolean(),
  data: z.boolean(),
  /** Assigned to the user by `assignedBy`, who still reaches it; null when the user's ownership did not come by assignment. */
  assignedBy: z.string().nullable(),
  hidden: z.boolean(),
});
export type DeviceReach = z.infer<typeof deviceReach>;

/** A device of the list: its summary, what is wrong with it now, and how the user reaches it. */
export const deviceListItem = deviceSummary.extend(activeFaults.shape).extend({ reach: deviceReach });
export type DeviceListItem = z.infer<typeof deviceListItem>;

/** Columns the device list sorts by (server side). */
export const DEVICE_SORTS = ['boxId', 'company', 'stationNo', 'model', 'status', 'lastSeen', 'installDate', 'expiryDate'] as const;
export type DeviceSort = (typeof DEVICE_SORTS)[number];
/** Longest search text. */
export const DEVICE_SEARCH_MAX = 64;
/**
 * A search's total and counts stop at this many matches past the page's window (docs/api.md, Devices): the total of
 * page `n` counts up to the next multiple of it past the page's last row, so the pager always reaches a thousand rows
 * further. Exact totals of a text that a quarter of a million devices hold would cost more than the page.
 */
export const DEVICE_SEARCH_COUNT_CAP = 1000;
/**
 * The device list's filters: `status` (a specific status or a group), `q` searched in box id (as a prefix when
 * numeric), company, station number and model; sorted by `sort` then box id and controller.
 */
export const deviceFilter = z.object({
  status: z.enum(DEVICE_STATUSES).optional(),
  boxId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(DEVICE_SEARCH_MAX, 'validation.field.tooLong').optional(),
  sort: z.enum(DEVICE_SORTS).default('boxId'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type DeviceFilter = Partial<z.output<typeof deviceFilter>>;
export const deviceQuery = pageQuery.extend(deviceFilter.shape);
export type DeviceQuery = Partial<z.output<typeof deviceQuery>>;
/** How many of the user's devices (matching `q`, any status) are in each specific status; `all` is the sum. */
export const deviceCounts = z.object({
  all: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  online_alert: z.number().int(),
  offline_alert: z.number().int(),
  online_fault: z.number().int(),
  offline_fault: z.number().int(),
  unregistered: z.number().int(),
});
export type DeviceCounts = z.infer<typeof deviceCounts>;
/**
 * The list's quick filters (`GET /devices/counts`): `deviceCounts`, except that a search matching more than
 * DEVICE_SEARCH_COUNT_CAP devices is `capped`: `all` is then the cap and the statuses are not counted (null).
 */
const searchedCount = z.number().int().nullable();
export const deviceListCounts = z.object({
  all: z.number().int(),
  capped: z.boolean(),
  online: searchedCount,
  offline: searchedCount,
  online_alert: searchedCount,
  offline_alert: searchedCount,
  online_fault: searchedCount,
  offline_fault: searchedCount,
  unregistered: searchedCount,
});
export type DeviceListCounts = z.infer<typeof deviceListCounts>;
/** The quick filters of a search that matched more than DEVICE_SEARCH_COUNT_CAP devices: the cap, no status counted. */
export function cappedDeviceCounts(): DeviceListCounts {
  const untold = null;
  return {
    all: DEVICE_SEARCH_COUNT_CAP,
    capped: true,
    online: untold,
    offline: untold,
    online_alert: untold,
    offline_alert: untold,
    online_fault: untold,
    offline_fault: untold,
    unregistered: untold,
  };
}
/** A page of the list; `capped`: a search matched more than `total` (see DEVICE_SEARCH_COUNT_CAP), which is then a floor. */
export const devicePage = pageOf(deviceListItem).extend({ capped: z.boolean() });
export type DevicePage = z.infer<typeof devicePage>;

/** Latest raw values (register number → raw word) and when they were read. */
export const latestValues = z.object({ ts: z.number().int().nullable(), values: z.record(z.string(), z.number()) });
export const deviceDetail = deviceListItem.extend({
  latest: latestValues,
  /** May change the device's information (deviceInfoBody): owner, root, admin. */
  canEdit: z.boolean(),
  canWrite: z.boolean(),
  canSwitch: z.boolean(),
  /**
   * What the user's permission template withholds on this device's type (docs/people.md "Permission templates"):
   * registers they may not read (left out of the page) and writable registers they may not write.
   */
  template: z.object({ noRead: z.array(z.number().int()), noWrite: z.array(z.number().int()) }),
  transitions: z.array(z.object({ time: z.number().int(), from: z.enum(DEVICE_STATUSES), to: z.enum(DEVICE_STATUSES) })),
  /** The charts its type's devices show (/device-type/chart): which chart pages its page links to. */
  charts: z.array(z.enum(CHART_KINDS)),
  /** What its page shows (/device-type/type-config/page): its box firmware's page, else the type's default one. */
  page: typePageConfig,
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

const text = (max: number) => z.string().trim().max(max, 'validation.field.tooLong');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date.format')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'validation.date.format',
  );
/**
 * What the owner (or root/admin) may change on a device's information (issue 4: remark, location, contact; also the
 * other spec 3 fields people keep by hand). Every field is optional; a sent field replaces the stored one.
 */
export const deviceInfoBody = z
  .object({
    company: text(128),
    stationNo: text(64),
    model: text(64),
    remark: text(255),
    iotModule: text(64),
    iotModel: text(64),
    iotCard: text(32),
    installDate: isoDate.nullable(),
    expiryDate: isoDate.nullable(),
    province: text(64),
    city: text(64),
    area: text(64),
    street: text(128),
    contact: text(64),
    phone: z
      .string()
      .trim()
      .regex(/^[0-9+\-() ]{0,32}$/, 'validation.phone.format'),
    lng: z.number({ error: 'validation.field.number' }).min(-180, 'validation.lng.range').max(180, 'validation.lng.range').nullable(),
    lat: z.number({ error: 'validation.field.number' }).min(-90, 'validation.lat.range').max(90, 'validation.lat.range').nullable(),
  })
  .partial();
export type DeviceInfoBody = z.input<typeof deviceInfoBody>;
// ---- History ----

/** Most buckets one series query returns; a chart never receives more. */
export const MAX_SERIES_POINTS = 4000;
export const seriesQuery = z
  .object({
    registers: z
      .string({ error: 'validation.field.required' })
      .regex(/^\d{1,5}(,\d{1,5}){0,19}$/, 'validation.registers.list')
      .transform((s) => [...new Set(s.split(',').map(Number))]),
    from: z.coerce.number().int().min(0),
    to: z.coerce.number().int().min(0),
    points: z.coerce.number().int().min(1).max(MAX_SERIES_POINTS).default(1000),
  })
  .superRefine((v, ctx) => {
    if (v.to <= v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range.order' });
  });
export type SeriesQuery = z.input<typeof seriesQuery>;
/** One bucket: its start, the raw min/max/avg of the values read in it, and how many there were. */
export const seriesBucket = z.object({ t: z.number().int(), min: z.number(), max: z.number(), avg: z.number(), n: z.number().int() });
export type SeriesBucket = z.infer<typeof seriesBucket>;
/** What a series was read from: every stored snapshot, or history's rollups of a minute, ten minutes or an hour (docs/api.md). */
export const seriesLevel = z.enum(['raw', 'minute', 'fiveMinutes', 'tenMinutes', 'hour']);
export type SeriesLevel = z.infer<typeof seriesLevel>;
export const seriesResult = z.object({
  bucketMs: z.number().int(),
  level: seriesLevel,
  series: z.array(z.object({ register: z.number().int(), buckets: z.array(seriesBucket) })),
});
export type SeriesResult = z.infer<typeof seriesResult>;

export const faultRecord = z.object({
  id: z.number().int(),
  kind: z.enum(['fault', 'alert']),
  register: z.number().int(),
  bit: z.number().int(),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
});
export type FaultRecord = z.infer<typeof faultRecord>;

// ---- Register writes ----

export const registerParams = deviceParams.extend({ register: z.coerce.number().int().min(0).max(65_535) });
export const writeBody = z.object({ value: z.number({ error: 'validation.field.number' }) });
export const WRITE_OUTCOMES = ['acknowledged', 'rejected', 'timed_out'] as const;
export type WriteOutcome = (typeof WRITE_OUTCOMES)[number];
export const writeResult = z.object({
  id: z.string(),
  outcome: z.enum(WRITE_OUTCOMES),
  reason: z.string().nullable(),
  oldValue: z.number().nullable(),
  newValue: z.number(),
});
export type WriteResult = z.infer<typeof writeResult>;
