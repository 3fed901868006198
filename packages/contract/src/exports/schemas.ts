import { z } from 'zod';
import { PROTOCOL_ALIAS } from '../controller-types/protocol.js';
import { typeFilter } from '../controller-types/schemas.js';
import { isTimeZone, languageSchema } from '../i18n.js';
import { deviceFilter } from '../devices/schemas.js';
import { faultRecordsFilter, historyFilter } from '../history/schemas.js';
import { managersFilter } from '../usermanager/managers.js';
import { eventsFilter } from '../events/schemas.js';
import { utilisationFilter } from '../charts/schemas.js';
import { deliveryFilter } from '../notice/schemas.js';
import { expiredListFilter } from '../iot-card/schemas.js';
import { ipLogFilter } from '../boxes/schemas.js';
import { boxAddressFilter } from '../smartbox/addresses.js';
import { serverIpFilter } from '../smartbox/moves.js';
import { pwdRecordFilter } from '../qr-manage/schemas.js';

/**
 * Exports to .xlsx run as jobs (docs/api.md): POST /exports starts one and answers its id; GET /exports/{id}
 * tells its progress; GET /exports/{id}/file downloads it once it is ready (once; a file expires after 10 minutes).
 */
export const EXPORT_KINDS = [
  'devices',
  'history',
  'fault-records',
  'managers',
  'controller-types',
  'type-map',
  'type-protocol',
  'events',
  'utilisation',
  'deliveries',
  'iot-cards',
  'ip-log',
  'box-addresses',
  'box-config',
  'box-protocol',
  'server-ips',
  'pwd-records',
  'script-items',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** Most rows one export writes. */
export const MAX_EXPORT_ROWS = 200_000;
/** How long a finished file waits for its download. */
export const EXPORT_TTL_MS = 10 * 60_000;

/**
 * The user's IANA time zone (the console sends the browser's): exports write their times in it and name it in the
 * header. Default UTC.
 */
export const timeZone = z.string().trim().max(64, 'validation.timeZone').refine(isTimeZone, 'validation.timeZone').default('UTC');

const deviceAddress = z.object({ boxId: z.number().int().positive(), controller: z.number().int().min(1).max(32) });
export const exportBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('devices'), filter: deviceFilter, tz: timeZone }),
  z.object({ kind: z.literal('history'), device: deviceAddress, filter: historyFilter, tz: timeZone }),
  z.object({ kind: z.literal('fault-records'), filter: faultRecordsFilter, tz: timeZone }),
  z.object({ kind: z.literal('managers'), filter: managersFilter, tz: timeZone }),
  z.object({ kind: z.literal('controller-types'), filter: typeFilter, tz: timeZone }),
  z.object({ kind: z.literal('events'), filter: eventsFilter, tz: timeZone }),
  // A stop-status chart's utilisation per day of one device.
  z.object({ kind: z.literal('utilisation'), filter: utilisationFilter, tz: timeZone }),
  // The notification delivery log (root).
  z.object({ kind: z.literal('deliveries'), filter: deliveryFilter, tz: timeZone }),
  // The expired-device list: one month's cards of the boxes the user reaches.
  z.object({ kind: z.literal('iot-cards'), filter: expiredListFilter, tz: timeZone }),
  // The boxes' IP changes (root).
  z.object({ kind: z.literal('ip-log'), filter: ipLogFilter, tz: timeZone }),
  // Each box's told and dialed server addresses (root).
  z.object({ kind: z.literal('box-addresses'), filter: boxAddressFilter, tz: timeZone }),
  // The box server-IP table (root).
  z.object({ kind: z.literal('server-ips'), filter: serverIpFilter, tz: timeZone }),
  // The dynamic passwords calculated (/qrManage/pwd-list): the caller's and those below them.
  z.object({ kind: z.literal('pwd-records'), filter: pwdRecordFilter, tz: timeZone }),
  // A maintenance script run's items with their outcomes (root; /scripts).
  z.object({ kind: z.literal('script-items'), filter: z.object({ runId: z.number().int().positive() }), tz: timeZone }),
  // A box type's configuration in the upload's columns, in one language: the upload's template.
  z.object({
    kind: z.literal('box-config'),
    filter: z.object({ typeId: z.number().int().positive(), language: languageSchema }),
    tz: timeZone,
  }),
  // A box type's protocol document in one language (the version in use, or a saved one).
  z.object({
    kind: z.literal('box-protocol'),
    filter: z.object({ typeId: z.number().int().positive(), version: z.number().int().positive().optional(), language: languageSchema }),
    tz: timeZone,
  }),
  // A type's register map in the upload's columns, in one language: the upload's template.
  z.object({
    kind: z.literal('type-map'),
    filter: z.object({ typeId: z.number().int().positive(), language: languageSchema }),
    tz: timeZone,
  }),
  // A type's protocol document in one language (the map the alias names).
  z.object({
    kind: z.literal('type-protocol'),
    filter: z.object({
      typeId: z.number().int().positive(),
      alias: z.string().regex(PROTOCOL_ALIAS, 'validation.invalid'),
      language: languageSchema,
    }),
    tz: timeZone,
  }),
]);
/** What the console sends. */
export type ExportBody = z.input<typeof exportBody>;
/** The same after parsing (defaults filled, registers split): what the server's export sources receive. */
export type ExportRequest = z.output<typeof exportBody>;

export const EXPORT_STATES = ['running', 'ready', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
export const exportJob = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  state: z.enum(EXPORT_STATES),
  /** Rows written so far and rows expected (known once the job has counted them; 0 before). */
  done: z.number().int(),
  total: z.number().int(),
  fileName: z.string(),
  /** Message key when failed. */
  error: z.string().nullable(),
  startedAt: z.number().int(),
});
export type ExportJob = z.infer<typeof exportJob>;
export const exportParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
