import { z } from 'zod';
import { BOX_ID_MAX, COMMAND_FAIL_REASONS, MAX_REGISTERS_PER_SNAPSHOT } from '../box-protocol.js';
import { uploadBody, uploadProblem } from '../controller-types/upload.js';
import { deviceInfoBody } from '../devices/schemas.js';
import { pageOf, pageQuery } from '../envelope.js';

/**
 * Commands to cloud boxes (docs/box-protocol.md, "Commands"): what root sends, and each command's state on the server.
 * The arguments are checked here, before anything is sent, with the protocol's ranges.
 */

/** Where a command is: waiting for its box, sent, what the box last said, or how it ended. */
export const COMMAND_STATES = [
  'queued',
  'sent',
  'accepted',
  'downloading',
  'verifying',
  'updating',
  'done',
  'failed',
  'timeout',
  'expired',
  'cancelled',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** The states a command ends in. */
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['done', 'failed', 'timeout', 'expired', 'cancelled'];

/** Most boxes one request addresses (a larger fleet goes in several requests, or as a rollout). */
export const MAX_COMMAND_BOXES = 10_000;

const boxId = z.number().int().min(1).max(BOX_ID_MAX);
const register = z.number().int().min(0).max(65_535);
/** `mqtt://host:port` or `mqtts://host:port`: a host name or IPv4 address (or [IPv6]) and a port 1..65535. */
export const BROKER_URL = /^mqtts?:\/\/(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?):([1-9]\d{0,4})$/;
const brokerUrl = z
  .string()
  .trim()
  .regex(BROKER_URL, 'validation.smartbox.serverUrl')
  .refine((u) => Number(BROKER_URL.exec(u)?.[1]) <= 65_535, 'validation.smartbox.serverUrl');

/** The data upload settings a `config` command carries; absent: unchanged. */
const configFields = z.object({
  interval: z.number().int().min(1, 'validation.smartbox.interval').max(3600, 'validation.smartbox.interval').optional(),
  deadband: z.number().int().min(0, 'validation.smartbox.deadband').max(65_535, 'validation.smartbox.deadband').optional(),
  registers: z
    .array(register)
    .max(MAX_REGISTERS_PER_SNAPSHOT, 'validation.smartbox.registers')
    .refine((r) => new Set(r).size === r.length, 'validation.smartbox.registers')
    .optional(),
});
const changesSome = (a: z.output<typeof configFields>) => a.interval !== undefined || a.deadband !== undefined || a.registers !== undefined;
export const configArgs = configFields.strict().refine(changesSome, 'validation.smartbox.configEmpty');
export const serverArgs = z.object({ url: brokerUrl, fallback: z.number().int().min(10).max(3600).default(120) }).strict();
export const firmwareArgs = z
  .object({
    version: z.string().trim().min(1).max(32),
    url: z
      .string()
      .trim()
      .max(500)
      .regex(/^https?:\/\/[^\s/?#]+\S*$/, 'validation.smartbox.firmwareUrl'),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'validation.smartbox.sha256'),
    size: z.number().int().positive(),
  })
  .strict();
export const clearFaultsArgs = z.object({ controller: z.number().int().min(1).max(32).optional() }).strict();

export const boxIds = z
  .array(boxId)
  .min(1, 'validation.smartbox.noBoxes')
  .max(MAX_COMMAND_BOXES, 'validation.smartbox.tooManyBoxes')
  .refine((ids) => new Set(ids).size === ids.length, 'validation.smartbox.repeatedBox');

/** One command and its arguments, to the boxes named. */
export const sendCommandBody = z.discriminatedUnion('cmd', [
  z.object({ boxIds, cmd: z.literal('config'), args: configArgs }),
  z.object({ boxIds, cmd: z.literal('server'), args: serverArgs }),
  z.object({ boxIds, cmd: z.literal('firmware'), args: firmwareArgs }),
  z.object({ boxIds, cmd: z.literal('reboot'), args: z.object({}).strict().default({}) }),
  z.object({ boxIds, cmd: z.literal('clear-faults'), args: clearFaultsArgs }),
]);
/** A command as sent: its name and arguments. */
export type BoxCommand = z.output<typeof sendCommandBody> extends infer T ? (T extends unknown ? Omit<T, 'boxIds'> : never) : never;
export type SendCommandBody = z.input<typeof sendCommandBody>;

/** What a send did: the command's batch (`job`), and how many went down at once and how many wait for their box. */
export const commandsSent = z.object({ job: z.string(), sent: z.number().int(), queued: z.number().int(), ids: z.array(z.string()) });
export type CommandsSent = z.infer<typeof commandsSent>;

export const commandRow = z.object({
  id: z.string(),
  job: z.string(),
  boxId: z.number().int(),
  cmd: z.enum(['config', 'server', 'firmware', 'reboot', 'clear-faults']),
  /** The arguments as sent (JSON). */
  args: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  reason: z.enum(COMMAND_FAIL_REASONS).nullable(),
  detail: z.string().nullable(),
  /** The firmware the box reported with its `done`. */
  fw: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  sentAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
  expiresAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** Whether the box is connected now. */
  online: z.boolean(),
});
export type CommandRow = z.infer<typeof commandRow>;
export const commandPage = pageOf(commandRow);

export const commandListQuery = pageQuery.extend({
  boxId: z.coerce.number().int().min(1).max(BOX_ID_MAX).optional(),
  job: z.string().max(40).optional(),
  state: z.enum(COMMAND_STATES).optional(),
  cmd: z.enum(['config', 'server', 'firmware', 'reboot', 'clear-faults']).optional(),
});
export type CommandListQuery = z.input<typeof commandListQuery>;

export const commandParams = z.object({ id: z.string().regex(/^c-[0-9a-f-]{36}$/, 'error.smartbox.notFound') });

// ---- Data upload settings (/smartbox/box-dws) ----

/** A box's upload settings as root last set them; null: never set (the box keeps its own). `registers` [] is all. */
export const uploadSettings = z.object({
  interval: z.number().int().nullable(),
  deadband: z.number().int().nullable(),
  registers: z.array(z.number().int()).nullable(),
  updatedAt: z.number().int(),
  updatedBy: z.string(),
});
export type UploadSettings = z.infer<typeof uploadSettings>;

export const dwsRow = z.object({
  boxId: z.number().int(),
  company: z.string(),
  boxType: z.string(),
  online: z.boolean(),
  firmware: z.string().nullable(),
  /** The interval the box said in its last hello. */
  reportedInterval: z.number().int().nullable(),
  settings: uploadSettings.nullable(),
  /** The latest `config` command to the box and where it is. */
  command: z
    .object({
      id: z.string(),
      job: z.string(),
      state: z.enum(COMMAND_STATES),
      reason: z.enum(COMMAND_FAIL_REASONS).nullable(),
      updatedAt: z.number().int(),
    })
    .nullable(),
});
export type DwsRow = z.infer<typeof dwsRow>;
export const dwsPage = pageOf(dwsRow);
/** `q`: the start of a box number, or a part of its company. */
export const dwsQuery = pageQuery.extend({ q: z.string().trim().max(64).optional() });
export type DwsQuery = z.input<typeof dwsQuery>;

/** New settings for boxes, sent to them as one `config` command (absent fields unchanged). */
export const dwsBody = configFields.extend({ boxIds }).strict().refine(changesSome, 'validation.smartbox.configEmpty');
export type DwsBody = z.input<typeof dwsBody>;

// ---- Assigning boxes to an account (/smartbox/box-assign, limited_admin) ----

/** The accounts boxes may be assigned to. */
export const ASSIGN_TARGET_ROLES = ['manufacturer', 'district_distributor', 'regional_distributor', 'manager'] as const;
/** Most boxes one assignment names (a range's size, or a list's length). */
export const MAX_ASSIGN_BOXES = 10_000;

/** Boxes by a range of numbers (both ends included) or by a list, to the account `userId`. */
export const boxAssignBody = z
  .object({
    userId: z.number({ error: 'validation.smartbox.assignAccount' }).int().positive('validation.smartbox.assignAccount'),
    from: boxId.optional(),
    to: boxId.optional(),
    boxIds: z.array(boxId).max(MAX_ASSIGN_BOXES, 'validation.smartbox.assignTooMany').optional(),
  })
  .strict()
  .refine((b) => (b.boxIds !== undefined) !== (b.from !== undefined || b.to !== undefined), 'validation.smartbox.assignWhich')
  .refine((b) => b.boxIds !== undefined || (b.from !== undefined && b.to !== undefined), 'validation.smartbox.assignWhich')
  .refine((b) => b.boxIds === undefined || b.boxIds.length > 0, 'validation.smartbox.noBoxes')
  .refine((b) => b.from === undefined || b.to === undefined || b.from <= b.to, 'validation.smartbox.assignRange')
  .refine((b) => b.from === undefined || b.to === undefined || b.to - b.from < MAX_ASSIGN_BOXES, 'validation.smartbox.assignTooMany');
export type BoxAssignBody = z.input<typeof boxAssignBody>;

/** A box an assignment would move: who holds it now and how many devices go with it. */
export const assignedBox = z.object({ boxId: z.number().int(), company: z.string(), owner: z.string(), devices: z.number().int() });
export type AssignedBox = z.infer<typeof assignedBox>;

/** What an assignment would do, nothing changed yet: the boxes it moves, those the account holds already, those not registered. */
export const boxAssignPreview = z.object({
  account: z.object({ id: z.number().int(), username: z.string() }),
  boxes: z.array(assignedBox),
  /** Boxes the account holds already: left as they are. */
  theirs: z.array(z.number().int()),
  /** Numbers of the range or list that no box is registered with (at most the first 100), and how many in all. */
  unregistered: z.array(z.number().int()),
  unregisteredCount: z.number().int(),
});
export type BoxAssignPreview = z.infer<typeof boxAssignPreview>;

export const boxAssigned = z.object({ boxes: z.number().int(), devices: z.number().int(), account: z.string() });
export type BoxAssigned = z.infer<typeof boxAssigned>;

/** An account boxes may be assigned to. */
export const assignAccount = z.object({ id: z.number().int(), username: z.string(), name: z.string(), roles: z.array(z.string()) });
export type AssignAccount = z.infer<typeof assignAccount>;
export const assignAccountQuery = z.object({ q: z.string().trim().max(64).default('') });

// ---- Devices' descriptive properties (/smartbox/device-property, root) ----

/** The properties root edits in bulk or imports: spec 3's descriptive fields of a device (not its place on the map). */
export const DEVICE_PROPERTIES = [
  'company',
  'stationNo',
  'model',
  'remark',
  'iotModule',
  'iotModel',
  'iotCard',
  'installDate',
  'expiryDate',
  'province',
  'city',
  'area',
  'street',
  'contact',
  'phone',
] as const satisfies ReadonlyArray<keyof typeof deviceInfoBody.shape>;
export type DeviceProperty = (typeof DEVICE_PROPERTIES)[number];
/** Most devices one bulk edit names, and most rows one import reads. */
export const MAX_PROPERTY_DEVICES = 1000;
export const MAX_PROPERTY_ROWS = 5000;

const propertyFields = deviceInfoBody.pick(Object.fromEntries(DEVICE_PROPERTIES.map((p) => [p, true])) as Record<DeviceProperty, true>);

/** The same properties for several devices; a property not sent is kept. */
export const devicePropertiesBody = z
  .object({
    deviceIds: z
      .array(z.number().int().positive())
      .min(1, 'validation.smartbox.noDevices')
      .max(MAX_PROPERTY_DEVICES, 'validation.smartbox.tooManyDevices')
      .refine((ids) => new Set(ids).size === ids.length, 'validation.smartbox.noDevices'),
    fields: propertyFields.refine((f) => Object.keys(f).length > 0, 'validation.smartbox.noProperty'),
  })
  .strict();
export type DevicePropertiesBody = z.input<typeof devicePropertiesBody>;
export const devicePropertiesSet = z.object({ updated: z.number().int() });

/** An import of devices' properties: a sheet with the box, the controller and any property columns; previewed or applied. */
export const devicePropertiesImportBody = uploadBody.extend({ apply: z.boolean().default(false) });
/** A row of the sheet that changes a device: its sheet row, the device and the properties it changes (new values). */
export const devicePropertyChange = z.object({
  row: z.number().int(),
  boxId: z.number().int(),
  controller: z.number().int(),
  changes: z.record(z.string(), z.string().nullable()),
});
export type DevicePropertyChange = z.infer<typeof devicePropertyChange>;
export const devicePropertiesImportResult = z.object({
  changes: z.array(devicePropertyChange),
  unchanged: z.number().int(),
  problems: z.array(uploadProblem),
  applied: z.boolean(),
});
export type DevicePropertiesImportResult = z.infer<typeof devicePropertiesImportResult>;
