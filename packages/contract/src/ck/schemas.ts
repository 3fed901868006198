import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { CK_CODE, positiveId, trimmedText } from '../validation.js';
import { localizedText } from '../controller-types/schemas.js';
import { uploadBody, uploadProblem } from '../controller-types/upload.js';

/*
 * /device-type/CK-config and /device-type/CK-config/model/{ck} (root; issue 20, spec 5; docs/api.md "CK codes"): the
 * CK codes with their company, the controller types the devices of each CK's boxes may take (none chosen: any), the
 * bulk generation of those mappings (it replaces every earlier one, confirmed through the spec's 20004 box), and the
 * box-CK table (box number ↔ CK, with time): set one, import a sheet, the history of changes.
 */

/** A CK code: four digits. */
export const ckCode = z.string({ error: 'validation.ck.format' }).trim().regex(CK_CODE, 'validation.ck.format');
export const ckParams = z.object({ ck: ckCode });

/** A controller type as a CK's mapping names it. */
export const ckType = z.object({ id: z.number().int(), code: z.string(), name: localizedText });
export type CkType = z.infer<typeof ckType>;

export const ckRow = z.object({
  ck: z.string(),
  company: z.string(),
  /** The types its boxes' devices may take; empty: any. */
  types: z.array(ckType),
  /** Boxes that carry it. */
  boxes: z.number().int(),
  /** Users of its group (their CK). */
  users: z.number().int(),
  /** Devices of its boxes that report a type it does not allow, and so have none. */
  refused: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type CkRow = z.infer<typeof ckRow>;

export const ckListQuery = pageQuery.extend({
  /** In the code or the company. */
  q: z.string().trim().max(64, 'validation.field.tooLong').optional(),
});
export type CkListQuery = Partial<z.output<typeof ckListQuery>>;
export const ckPage = pageOf(ckRow);
export type CkPage = z.infer<typeof ckPage>;

const company = trimmedText(128).pipe(z.string().min(1, 'validation.ck.company'));
export const ckCreateBody = z.object({ ck: ckCode, company });
export type CkCreateBody = z.input<typeof ckCreateBody>;
export const ckUpdateBody = z.object({ company });
export type CkUpdateBody = z.input<typeof ckUpdateBody>;

/** Most types one CK names, and most CKs one generation covers. */
export const MAX_CK_TYPES = 200;
export const MAX_GENERATED_CKS = 10_000;

const typeIds = z.array(positiveId()).max(MAX_CK_TYPES, 'validation.ck.tooManyTypes');
export const ckTypesBody = z.object({ typeIds });
export type CkTypesBody = z.input<typeof ckTypesBody>;
/** Devices whose type changed with the mapping (a type it no longer allows, or one it allows again). */
export const ckRetyped = z.object({ devices: z.number().int() });

/**
 * Bulk generation: every CK code (or the chosen ones) gets these types, and every earlier mapping goes. Without
 * `confirm` nothing changes: the answer is 20004 with how many mappings would be deleted and created, which the console
 * shows in its warning box; confirmed, it is done.
 */
export const ckGenerateBody = z.object({
  typeIds: typeIds.min(1, 'validation.ck.generateTypes'),
  /** The CK codes to map; none: every configured code. */
  cks: z.array(ckCode).max(MAX_GENERATED_CKS).default([]),
  confirm: z.boolean().default(false),
});
export type CkGenerateBody = z.input<typeof ckGenerateBody>;
export const ckGenerated = z.object({ deleted: z.number().int(), created: z.number().int(), devices: z.number().int() });
export type CkGenerated = z.infer<typeof ckGenerated>;

/* The box-CK table. */

export const boxCkRow = z.object({
  boxId: z.number().int(),
  ck: z.string(),
  /** Its CK's company. */
  company: z.string(),
  /** The company the box was registered to. */
  boxCompany: z.string().nullable(),
  setAt: z.number().int().nullable(),
});
export type BoxCkRow = z.infer<typeof boxCkRow>;
export const boxCkListQuery = pageQuery.extend({
  /** The start of a box number. */
  q: z
    .string()
    .trim()
    .regex(/^\d{0,10}$/, 'validation.boxCk.boxPrefix')
    .optional(),
  ck: ckCode.optional(),
});
export type BoxCkListQuery = Partial<z.output<typeof boxCkListQuery>>;
export const boxCkPage = pageOf(boxCkRow);
export type BoxCkPage = z.infer<typeof boxCkPage>;

export const boxCkParams = z.object({ boxId: positiveId() });
/** A box's CK: a configured code, or null to take it off. */
export const boxCkBody = z.object({ ck: ckCode.nullable() });
export type BoxCkBody = z.input<typeof boxCkBody>;

/** Most rows one import reads. */
export const MAX_BOX_CK_ROWS = 5000;
/** An import: the sheet (box number, CK: by those headers in any console language), previewed or, with `apply`, applied. */
export const boxCkImportBody = uploadBody.extend({ apply: z.boolean().default(false) });
export type BoxCkImportBody = z.input<typeof boxCkImportBody>;
export const boxCkImportRow = z.object({ row: z.number().int(), boxId: z.number().int(), from: z.string().nullable(), to: z.string() });
export type BoxCkImportRow = z.infer<typeof boxCkImportRow>;
export const boxCkImportResult = z.object({
  /** The rows that change a box's CK (rows that change nothing are counted in `unchanged`). */
  changes: z.array(boxCkImportRow),
  unchanged: z.number().int(),
  problems: z.array(uploadProblem),
  /** Whether it was written: asked for and without problems. */
  applied: z.boolean(),
});
export type BoxCkImportResult = z.infer<typeof boxCkImportResult>;

export const BOX_CK_SOURCES = ['set', 'import', 'register', 'demo'] as const;
export type BoxCkSource = (typeof BOX_CK_SOURCES)[number];
export const boxCkChange = z.object({
  id: z.number().int(),
  boxId: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  at: z.number().int(),
  by: z.string().nullable(),
  source: z.enum(BOX_CK_SOURCES),
});
export type BoxCkChange = z.infer<typeof boxCkChange>;
export const boxCkChangesQuery = pageQuery.extend({ boxId: positiveId().optional() });
export type BoxCkChangesQuery = Partial<z.output<typeof boxCkChangesQuery>>;
export const boxCkChangePage = pageOf(boxCkChange);
export type BoxCkChangePage = z.infer<typeof boxCkChangePage>;
