import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { deviceSummary } from '../devices/schemas.js';

/** A box that tried to connect without being registered, or with wrong credentials (root only). */
export const unregisteredBoxRow = z.object({
  id: z.number().int(),
  boxId: z.number().int().nullable(),
  clientId: z.string(),
  username: z.string(),
  ip: z.string(),
  attempts: z.number().int(),
  reason: z.enum(['unregistered', 'bad-password', 'unknown-box-data']),
  firstSeen: z.number().int(),
  lastSeen: z.number().int(),
  status: z.literal('unregistered'),
});
export type UnregisteredBoxRow = z.infer<typeof unregisteredBoxRow>;
export const unregisteredBoxPage = pageOf(unregisteredBoxRow);

export const ipChangeRow = z.object({
  id: z.number().int(),
  boxId: z.number().int(),
  sourceIp: z.string(),
  destinationIp: z.string(),
  time: z.number().int(),
});
export type IpChangeRow = z.infer<typeof ipChangeRow>;

// ---- The cloud box (box/{tag_id}) ----

export const boxConnectionRow = z.object({ id: z.number().int(), event: z.string(), ip: z.string(), time: z.number().int() });
export type BoxConnectionRow = z.infer<typeof boxConnectionRow>;
/** A cloud box as its page shows it: what it reported, its controllers (the devices the user sees on it), logs. */
export const boxDetail = z.object({
  boxId: z.number().int(),
  boxType: z.string(),
  owner: z.string(),
  companyName: z.string(),
  firmware: z.string().nullable(),
  hardware: z.string().nullable(),
  iccid: z.string().nullable(),
  /** Signal strength as the box reports it (CSQ 0-31, 99 unknown). */
  signal: z.number().int().nullable(),
  reportInterval: z.number().int().nullable(),
  ip: z.string().nullable(),
  online: z.boolean(),
  lastSeen: z.number().int().nullable(),
  registeredAt: z.number().int(),
  controllers: z.array(deviceSummary),
  ipLog: z.array(ipChangeRow),
  connections: z.array(boxConnectionRow),
});
export type BoxDetail = z.infer<typeof boxDetail>;

const logTime = z.coerce.number({ error: 'validation.field.number' }).int('validation.field.number').min(0, 'validation.field.number');
const ipLogFields = z.object({
  boxId: z.coerce.number().int().positive().optional(),
  /** Part of the source or the destination IP: digits, dots and colons (IPv4 and IPv6). */
  ip: z
    .string()
    .trim()
    .max(45, 'validation.field.tooLong')
    .regex(/^[0-9A-Fa-f.:]*$/, 'validation.ipLog.ip')
    .optional(),
  /** Changes at or after `from`, before `to` (ms). */
  from: logTime.optional(),
  to: logTime.optional(),
});
const rangeInOrder = (v: { from?: number | undefined; to?: number | undefined }, ctx: z.RefinementCtx) => {
  if (v.from !== undefined && v.to !== undefined && v.to <= v.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range.order' });
};
/** /smartbox/ip-log: by box, by part of an IP, by when; newest first. */
export const ipLogQuery = pageQuery.extend(ipLogFields.shape).superRefine(rangeInOrder);
export type IpLogQuery = Partial<z.output<typeof ipLogQuery>>;
/** The same without paging (the ip-log export). */
export const ipLogFilter = ipLogFields.superRefine(rangeInOrder);
export type IpLogFilter = z.output<typeof ipLogFilter>;
export const ipLogPage = pageOf(ipChangeRow);

/** What ingest received, stored and dropped (per reason) since start. */
export const ingestStats = z.object({
  messages: z.number(),
  snapshots: z.number(),
  values: z.number(),
  duplicates: z.number(),
  /** Snapshots stamped more than CLOCK_SKEW_S ahead of the server's clock, stored at their receive time (docs/box-protocol.md). */
  clockAdjusted: z.number(),
  drops: z.record(z.string(), z.number()),
  /** What the embedded broker and box sign-in refused (docs/box-protocol.md, Limits). */
  refused: z.object({
    badCredentials: z.number(),
    delayed: z.number(),
    notRecorded: z.number(),
    oversize: z.number(),
    retained: z.number(),
    qos2: z.number(),
  }),
  recentDrops: z.array(z.object({ time: z.number(), boxId: z.number().nullable(), reason: z.string() })),
  connectedBoxes: z.number(),
});
export type IngestStats = z.infer<typeof ingestStats>;

/**
 * Clearing a box's fault records (/smartbox/box-clear-fault-record; root or limited_admin): those that ended, started
 * in [from, to) or at any time. Records still open (the fault is on) are kept: ingest closes them when it clears.
 * Without `confirm` nothing changes: the answer is 20004 with how many would go and how many stay open. With `alsoBox`
 * the box is told to clear its own fault memory too.
 */
export const clearFaultRecordsBody = z
  .object({
    from: z.number().int().min(0).nullable().default(null),
    to: z.number().int().min(0).nullable().default(null),
    confirm: z.boolean().default(false),
    /** Also tell the box to clear its local fault memory (the `clear-faults` command, docs/box-protocol.md). */
    alsoBox: z.boolean().default(false),
  })
  .refine((b) => b.from === null || b.to === null || b.from < b.to, { message: 'validation.boxes.clearRange', path: ['to'] });
export type ClearFaultRecordsBody = z.input<typeof clearFaultRecordsBody>;
export const faultRecordsCleared = z.object({
  deleted: z.number().int(),
  kept: z.number().int(),
  /** With `alsoBox`: whether the box was told at once (`sent`) or will be when it comes online (`queued`); else null. */
  told: z.enum(['sent', 'queued']).nullable(),
});
export type FaultRecordsCleared = z.infer<typeof faultRecordsCleared>;
