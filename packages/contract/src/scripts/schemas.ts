import { z } from 'zod';
import { BOX_TYPE_MAX, boxRegistrationBody } from '../box-reg-info/schemas.js';
import { ckCode } from '../ck/schemas.js';
import { uploadBody } from '../controller-types/upload.js';
import { pageOf, pageQuery } from '../envelope.js';
import { usernameSchema } from '../validation.js';

/**
 * Root's maintenance scripts (/scripts; issue 24; docs/scripts.md). Every script runs the same way: its form is
 * previewed (a dry run that changes nothing and lists every item it would change), the preview is started by naming
 * its count, the run changes item by item through the same services the screens use, and it is kept with its inputs,
 * counts and per-item log; a run whose changes can be put back is undone item by item.
 */
export const SCRIPT_NAMES = [
  'reset-pwd',
  'ck-pwd',
  'check-inactive',
  'batch-modify-box',
  'batch-modify-params',
  'reset-device',
  'load',
] as const;
export type ScriptName = (typeof SCRIPT_NAMES)[number];

/** Most items one run changes; a larger preview is refused (narrow the filter). */
export const MAX_SCRIPT_ITEMS = 20_000;
/** Items a preview answers at once; the whole list is paged, or downloaded as .xlsx. */
export const PREVIEW_ROWS = 50;
/** How long a preview may wait to be started. */
export const PREVIEW_TTL_MS = 60 * 60_000;
/** How long a write to an offline device stays queued for its box to come back. */
export const QUEUE_TTL_MS = 24 * 60 * 60_000;

const boxId = z.coerce.number({ error: 'validation.scripts.box' }).int('validation.scripts.box').min(1, 'validation.scripts.box');

/** What each script takes (its form). */
export const resetPwdInput = z.object({
  script: z.literal('reset-pwd'),
  /** The users whose passwords are reset, by username. */
  usernames: z.array(usernameSchema).min(1, 'validation.scripts.usernames').max(1000, 'validation.scripts.usernames'),
});
export const ckPwdInput = z.object({ script: z.literal('ck-pwd'), ck: ckCode });
export const checkInactiveInput = z.object({
  script: z.literal('check-inactive'),
  days: z.coerce
    .number({ error: 'validation.scripts.days' })
    .int('validation.scripts.days')
    .min(1, 'validation.scripts.days')
    .max(3650, 'validation.scripts.days'),
});
export const batchModifyParamsInput = z
  .object({
    script: z.literal('batch-modify-params'),
    /** The controller type whose devices are written. */
    typeId: z.coerce.number({ error: 'validation.scripts.type' }).int('validation.scripts.type').positive('validation.scripts.type'),
    /** A box id range; both ends are included. Without it: every device of the type. */
    startBoxId: boxId.optional(),
    endBoxId: boxId.optional(),
    register: z.coerce
      .number({ error: 'validation.scripts.register' })
      .int('validation.scripts.register')
      .min(0, 'validation.scripts.register'),
    value: z.coerce.number({ error: 'validation.scripts.value' }),
  })
  .refine((i) => i.startBoxId === undefined || i.endBoxId === undefined || i.startBoxId <= i.endBoxId, {
    message: 'validation.scripts.range',
    path: ['endBoxId'],
  });

/** The boxes whose devices go back to stock: a box id range, both ends included. */
export const resetDeviceInput = z
  .object({ script: z.literal('reset-device'), startBoxId: boxId, endBoxId: boxId })
  .refine((i) => i.startBoxId <= i.endBoxId, { message: 'validation.scripts.range', path: ['endBoxId'] });

/** The fields batch-modify-box sets, as box registration names them; a CK code null takes it off. */
export const BOX_FIELDS = ['companyName', 'contact', 'boxType', 'pushWarning', 'pushFault', 'pushNormal', 'ck'] as const;
export type BoxField = (typeof BOX_FIELDS)[number];
const reg = boxRegistrationBody.shape;
export const batchModifyBoxInput = z
  .object({
    script: z.literal('batch-modify-box'),
    startBoxId: boxId,
    endBoxId: boxId,
    /** Only boxes of this box type (optional). */
    onlyType: z.string().trim().max(BOX_TYPE_MAX).optional(),
    fields: z
      .object({
        companyName: reg.companyName.unwrap().optional(),
        contact: reg.contact.unwrap().optional(),
        boxType: reg.boxType.optional(),
        pushWarning: reg.pushWarning.unwrap().optional(),
        pushFault: reg.pushFault.unwrap().optional(),
        pushNormal: reg.pushNormal.unwrap().optional(),
        ck: ckCode.nullable().optional(),
      })
      .refine((f) => Object.keys(f).length > 0, 'validation.scripts.fields'),
  })
  .refine((i) => i.startBoxId <= i.endBoxId, { message: 'validation.scripts.range', path: ['endBoxId'] });

/**
 * What a load file holds: one box to register, one device's properties, or one account to create below its parent
 * (a sub-manager or a helper, as the parent could create on their own screens), a row.
 */
export const LOAD_KINDS = ['boxes', 'devices', 'users'] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];
/**
 * load: a sheet (.xlsx or .csv, base64, at most MAX_UPLOAD_BYTES) of boxes to register, of devices' properties to
 * set, or of accounts to create. Every row is checked by the dry run; one problem anywhere refuses the whole file (its problems by row and column).
 */
export const loadInput = uploadBody.extend({
  script: z.literal('load'),
  kind: z.enum(LOAD_KINDS, { error: 'validation.scripts.loadKind' }),
});

export const scriptInput = z.discriminatedUnion('script', [
  resetPwdInput,
  ckPwdInput,
  checkInactiveInput,
  batchModifyBoxInput,
  batchModifyParamsInput,
  resetDeviceInput,
  loadInput,
]);
export type ScriptInput = z.input<typeof scriptInput>;
export type ScriptInputOf<S extends ScriptName> = Extract<z.output<typeof scriptInput>, { script: S }>;

/**
 * A run's state. `preview`: a dry run, waiting to be started (it expires); `running`, then `done` (every item tried:
 * see the counts), or `failed` (stopped: the server ended mid-run, say); `waiting`: done but for writes queued for
 * offline boxes; `undoing`, then `undone`. A read-only script's run (check-inactive) is `done` at once.
 */
export const SCRIPT_RUN_STATES = ['preview', 'running', 'waiting', 'done', 'failed', 'undoing', 'undone'] as const;
export type ScriptRunState = (typeof SCRIPT_RUN_STATES)[number];

/**
 * An item's outcome. `planned` before it is tried; `ok` (a register write: acknowledged by the controller);
 * `unchanged` (nothing to do); `rejected` (the controller or a rule refused it); `timeout` (no answer); `queued` (its
 * box is offline: tried again when it comes back, until QUEUE_TTL_MS); `failed`; `undone`; `found` (a read-only
 * script's row).
 */
export const ITEM_OUTCOMES = ['planned', 'ok', 'unchanged', 'rejected', 'timeout', 'queued', 'failed', 'undone', 'found'] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];

export const scriptRun = z.object({
  id: z.number().int(),
  script: z.enum(SCRIPT_NAMES),
  state: z.enum(SCRIPT_RUN_STATES),
  userId: z.number().int(),
  username: z.string(),
  /** The form as it was previewed. */
  input: z.record(z.string(), z.union([z.string(), z.number(), z.null(), z.array(z.string())])),
  total: z.number().int(),
  /** Items tried so far (of `total`). */
  done: z.number().int(),
  counts: z.partialRecord(z.enum(ITEM_OUTCOMES), z.number().int()),
  /** Whether its changes can be put back now; `noUndo` says why a script's never can (a message key). */
  undoable: z.boolean(),
  noUndo: z.string().nullable(),
  /** Whether it made secrets to be shown once (generated passwords) that are still waiting to be read. */
  secrets: z.boolean(),
  createdAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  /** A message key when failed. */
  error: z.string().nullable(),
});
export type ScriptRun = z.infer<typeof scriptRun>;

/** What an item is about, for a hand-off to another screen (check-inactive's boxes to box delete, their owners to an announcement). */
export const itemSubject = z.object({
  boxId: z.number().int().optional(),
  userId: z.number().int().optional(),
  username: z.string().optional(),
});
export type ItemSubject = z.infer<typeof itemSubject>;

/** One item of a run: what it names (a user, a box, a device), its value before and after, and how it went. */
export const scriptItem = z.object({
  seq: z.number().int(),
  target: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  outcome: z.enum(ITEM_OUTCOMES),
  /** What went wrong, in the caller's language. */
  message: z.string().nullable(),
  subject: itemSubject.nullable(),
});
export type ScriptItem = z.infer<typeof scriptItem>;

export const scriptPreview = z.object({ run: scriptRun, items: z.array(scriptItem) });
export type ScriptPreview = z.infer<typeof scriptPreview>;

export const runParams = z.object({ id: z.coerce.number().int().positive() });
/** Starting or undoing a run names how many items it changes, as the preview showed them. */
export const confirmBody = z.object({ count: z.number({ error: 'validation.scripts.count' }).int().min(0) });

export const runFilter = z.object({
  script: z.enum(SCRIPT_NAMES).optional(),
  state: z.enum(SCRIPT_RUN_STATES).optional(),
});
export const runQuery = pageQuery.extend(runFilter.shape);
export type RunQuery = Partial<z.output<typeof runQuery>>;
export const runPage = pageOf(scriptRun);

export const itemQuery = pageQuery.extend({ outcome: z.enum(ITEM_OUTCOMES).optional() });
export type ItemQuery = Partial<z.output<typeof itemQuery>>;
export const itemPage = pageOf(scriptItem);

/** A run's generated passwords, answered once. */
export const runSecrets = z.array(z.object({ target: z.string(), secret: z.string() }));
export type RunSecrets = z.infer<typeof runSecrets>;
