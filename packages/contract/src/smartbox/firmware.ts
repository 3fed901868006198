import { z } from 'zod';
import { BOX_ID_MAX } from '../box-protocol.js';
import { pageOf, pageQuery } from '../envelope.js';
import { boxIds, COMMAND_STATES } from './schemas.js';

/*
 * Box images and firmware rollouts (/smartbox/upload, /smartbox/box-software; docs/api.md "Box images and rollouts"):
 * what root uploads (checked before it is stored), the fleet's versions, and the staged rollouts of an image.
 */

/** What an image is: a box's firmware, or a program a box runs. */
export const IMAGE_KINDS = ['firmware', 'program'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
/** The file names each kind takes, by extension. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageKind, readonly string[]>> = {
  firmware: ['.bin', '.img'],
  program: ['.bin', '.hex', '.lua'],
};
/** Largest image uploaded (the upload's body limit: the server reads no more). */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
/** A version as boxes report it: numbers with dots, and an optional suffix (`2.5.0`, `2.5.0-rc1`). */
export const IMAGE_VERSION = /^\d{1,5}(?:\.\d{1,5}){1,3}(?:-[0-9A-Za-z.]{1,16})?$/;
/** A box type as the boxes' hello names it. */
export const BOX_TYPE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

const version = z.string().trim().regex(IMAGE_VERSION, 'validation.firmware.version');
const boxType = z.string().trim().regex(BOX_TYPE_NAME, 'validation.firmware.boxType');

/** An upload's facts (the query); the body is the file's bytes. */
export const imageUploadQuery = z
  .object({
    kind: z.enum(IMAGE_KINDS, 'validation.firmware.kind'),
    boxType,
    version,
    fileName: z.string().trim().min(1, 'validation.firmware.fileName').max(128, 'validation.firmware.fileName'),
    sha256: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[0-9a-f]{64}$/, 'validation.smartbox.sha256'),
    notes: z.string().trim().max(500, 'validation.firmware.notes').default(''),
  })
  .strict();
export type ImageUploadQuery = z.input<typeof imageUploadQuery>;

export const imageRow = z.object({
  id: z.number().int(),
  kind: z.enum(IMAGE_KINDS),
  boxType: z.string(),
  version: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  notes: z.string(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  /** Boxes of its type that report its version now (firmware). */
  running: z.number().int(),
  /** Boxes that downloaded it. */
  downloads: z.number().int(),
});
export type ImageRow = z.infer<typeof imageRow>;
export const imagePage = pageOf(imageRow);
export const imageQuery = pageQuery.extend({
  kind: z.enum(IMAGE_KINDS).optional(),
  boxType: z.string().trim().max(32).optional(),
  /** A part of the version, file name or notes. */
  q: z.string().trim().max(64).optional(),
});
export type ImageQuery = z.input<typeof imageQuery>;
export const imageParams = z.object({ id: z.coerce.number().int().positive() });

/** A file a box downloaded (the upload log): which box, which image, when, from where. */
export const fileSendRow = z.object({
  id: z.number().int(),
  boxId: z.number().int(),
  imageId: z.number().int(),
  kind: z.enum(IMAGE_KINDS),
  version: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
  ip: z.string(),
  at: z.number().int(),
});
export type FileSendRow = z.infer<typeof fileSendRow>;
export const fileSendPage = pageOf(fileSendRow);
export const fileSendQuery = pageQuery.extend({
  boxId: z.coerce.number().int().min(1).max(BOX_ID_MAX).optional(),
  imageId: z.coerce.number().int().positive().optional(),
});
export type FileSendQuery = z.input<typeof fileSendQuery>;

/** The firmware versions the fleet runs: per box type and version, how many boxes (and how many of them online). */
export const fleetVersion = z.object({
  boxType: z.string(),
  /** null: boxes that never said. */
  version: z.string().nullable(),
  boxes: z.number().int(),
  online: z.number().int(),
});
export type FleetVersion = z.infer<typeof fleetVersion>;

// ---- Rollouts ----

/** Which boxes a rollout goes to: of the image's box type, narrowed by any of these (all given must hold). */
export const rolloutFilter = z
  .object({
    /** Boxes running one of these versions (`""`: boxes that never said theirs). */
    versions: z.array(z.string().trim().max(32)).max(50).optional(),
    /** Boxes carrying this CK code. */
    ck: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'validation.firmware.ck')
      .optional(),
    /** Boxes with a device in this province. */
    region: z.string().trim().min(1).max(32).optional(),
    /** These boxes only. */
    boxIds: boxIds.optional(),
  })
  .strict();
export type RolloutFilter = z.input<typeof rolloutFilter>;

/** Most boxes one rollout takes. */
export const MAX_ROLLOUT_BOXES = 100_000;

export const rolloutPreviewBody = z.object({ imageId: z.number().int().positive(), filter: rolloutFilter }).strict();
export type RolloutPreviewBody = z.input<typeof rolloutPreviewBody>;
/** Boxes a rollout would take (those on the image's version already are left out): how many, and the first ones. */
export const rolloutPreview = z.object({
  boxes: z.number().int(),
  online: z.number().int(),
  /** Left out: on the image's version already. */
  current: z.number().int(),
  first: z.array(z.object({ boxId: z.number().int(), version: z.string().nullable(), online: z.boolean() })),
});
export type RolloutPreview = z.infer<typeof rolloutPreview>;

export const rolloutBody = rolloutPreviewBody
  .extend({
    /** Boxes of the first batch, which must all end before the rest begin. */
    canary: z.number().int().min(1, 'validation.firmware.canary').max(1000, 'validation.firmware.canary'),
    batchSize: z.number().int().min(1, 'validation.firmware.batchSize').max(10_000, 'validation.firmware.batchSize'),
    /** Seconds at least between one batch's start and the next's (each also waits for the one before to settle). */
    paceSeconds: z.number().int().min(0, 'validation.firmware.pace').max(86_400, 'validation.firmware.pace'),
    /** Boxes that may fail (failed, timed out, expired) before the rollout stops by itself. */
    maxFailures: z.number().int().min(0, 'validation.firmware.maxFailures').max(100_000, 'validation.firmware.maxFailures'),
  })
  .strict();
export type RolloutBody = z.input<typeof rolloutBody>;

export const ROLLOUT_STATES = ['running', 'paused', 'stopped', 'cancelled', 'done'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
/** Where a box of a rollout is: waiting for its batch, then its firmware command's state. */
export const ROLLOUT_BOX_STATES = ['waiting', ...COMMAND_STATES] as const;
export type RolloutBoxState = (typeof ROLLOUT_BOX_STATES)[number];

export const rolloutRow = z.object({
  id: z.number().int(),
  imageId: z.number().int(),
  version: z.string(),
  boxType: z.string(),
  filter: rolloutFilter,
  canary: z.number().int(),
  batchSize: z.number().int(),
  paceSeconds: z.number().int(),
  maxFailures: z.number().int(),
  state: z.enum(ROLLOUT_STATES),
  /** Why it stopped by itself: `threshold` (more failures than allowed). */
  stopReason: z.enum(['threshold']).nullable(),
  total: z.number().int(),
  /** Batches started (the canary is batch 1), and how many there are. */
  batchesStarted: z.number().int(),
  batches: z.number().int(),
  /** Boxes by state. */
  counts: z.partialRecord(z.enum(ROLLOUT_BOX_STATES), z.number().int()),
  /** Failures counted against `maxFailures` (those before the last resume are not). */
  failures: z.number().int(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type RolloutRow = z.infer<typeof rolloutRow>;
export const rolloutPage = pageOf(rolloutRow);
export const rolloutQuery = pageQuery.extend({ state: z.enum(ROLLOUT_STATES).optional() });
export const rolloutParams = z.object({ id: z.coerce.number().int().positive() });
export const ROLLOUT_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export const rolloutActionParams = rolloutParams.extend({ action: z.enum(ROLLOUT_ACTIONS) });

export const rolloutBoxRow = z.object({
  boxId: z.number().int(),
  batch: z.number().int(),
  state: z.enum(ROLLOUT_BOX_STATES),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  /** The version the box reports now. */
  version: z.string().nullable(),
  online: z.boolean(),
  updatedAt: z.number().int().nullable(),
});
export type RolloutBoxRow = z.infer<typeof rolloutBoxRow>;
export const rolloutBoxPage = pageOf(rolloutBoxRow);
export const rolloutBoxQuery = pageQuery.extend({ state: z.enum(ROLLOUT_BOX_STATES).optional() });
