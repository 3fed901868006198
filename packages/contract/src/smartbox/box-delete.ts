import { z } from 'zod';
import { BOX_ID_MAX } from '../box-protocol.js';
import { DEVICE_STATUSES } from '../devices/schemas.js';
import { pageOf, pageQuery } from '../envelope.js';

/*
 * /smartbox/box-delete (root; issue 23, docs/api.md "Deleting boxes"): a box is deleted after a confirmation that names
 * its devices and how much data they hold. It and its devices are hidden from every path at once, its data is dropped
 * while it is deleted, and it can be restored for BOX_DELETE_GRACE_DAYS (default 7); then it is purged with its
 * history. Each step goes to the operation log.
 */

const boxId = z.coerce
  .number({ error: 'validation.smartbox.boxId' })
  .int('validation.smartbox.boxId')
  .min(1, 'validation.smartbox.boxId')
  .max(BOX_ID_MAX, 'validation.smartbox.boxId');

export const boxDeleteParams = z.object({ boxId });
export const boxDeleteBody = z.object({ boxId }).strict();
export type BoxDeleteBody = z.input<typeof boxDeleteBody>;

/** How much a box's devices hold: what goes when it is purged. */
export const boxDataCounts = z.object({
  /** Stored snapshots (history rows). */
  history: z.number().int(),
  faultRecords: z.number().int(),
  /** Rule events and status changes. */
  events: z.number().int(),
  statusChanges: z.number().int(),
  /** Commands sent to the box. */
  commands: z.number().int(),
});
export type BoxDataCounts = z.infer<typeof boxDataCounts>;

/** What deleting a box would take, nothing changed: its holder, its devices and their data, and how long it stays restorable. */
export const boxDeletePreview = z.object({
  boxId: z.number().int(),
  owner: z.string(),
  company: z.string(),
  boxType: z.string(),
  online: z.boolean(),
  devices: z.array(z.object({ id: z.number().int(), controller: z.number().int(), type: z.string(), status: z.enum(DEVICE_STATUSES) })),
  counts: boxDataCounts,
  graceDays: z.number(),
});
export type BoxDeletePreview = z.infer<typeof boxDeletePreview>;

export const boxDeleted = z.object({ boxId: z.number().int(), devices: z.number().int(), purgeAt: z.number().int() });
export type BoxDeleted = z.infer<typeof boxDeleted>;
export const boxRestored = z.object({ boxId: z.number().int(), devices: z.number().int() });
export type BoxRestored = z.infer<typeof boxRestored>;

/** The deleted boxes, restorable until they are purged; soonest purged first. */
export const deletedBoxQuery = pageQuery.extend({ boxId: z.coerce.number().int().positive().optional() });
export type DeletedBoxQuery = Partial<z.output<typeof deletedBoxQuery>>;
export const deletedBoxRow = z.object({
  boxId: z.number().int(),
  owner: z.string(),
  company: z.string(),
  devices: z.number().int(),
  deletedAt: z.number().int(),
  deletedBy: z.string(),
  purgeAt: z.number().int(),
});
export type DeletedBoxRow = z.infer<typeof deletedBoxRow>;
export const deletedBoxPage = pageOf(deletedBoxRow);
export type DeletedBoxPage = z.infer<typeof deletedBoxPage>;
