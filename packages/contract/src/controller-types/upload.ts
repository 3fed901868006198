import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n.js';
import { DIFF_FIELDS, type DiffField } from './map-rules.js';
import { editedRegister } from './schemas.js';

/*
 * /device-type/type-config/upload/{id}/{language} (issue 20): a type's register map as a sheet of one language, read
 * from .xlsx or .csv. The template (export kind `type-map`) writes the same columns (headed by REGISTER_FIELD_NAMES) with the type's current map, so
 * root downloads it, edits it and uploads it back. The first row names the columns (in any console language, or by
 * their keys); every other row is one register. Options and bits are not in the sheet: a register keeps those of the
 * register of the same number.
 */

/** The sheet's columns, in the template's order: the fields of a register the upload carries (not options or bits). */
export const UPLOAD_COLUMNS = [
  'number',
  ...DIFF_FIELDS.filter((f): f is Exclude<DiffField, 'options' | 'bits'> => f !== 'options' && f !== 'bits'),
] as const;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];

/** "Yes" and "no" as the sheet writes them in each language; the upload reads these, true/false and 1/0. */
export const UPLOAD_YES_NO: Record<Language, { yes: string; no: string }> = {
  en: { yes: 'yes', no: 'no' },
  zh: { yes: '是', no: '否' },
  es: { yes: 'sí', no: 'no' },
  ja: { yes: 'はい', no: 'いいえ' },
};

/** A number as a sheet's cell writes it: a sign, digits, decimals and an exponent. */
export const DECIMAL_TEXT = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

const YES_WORDS = new Set(['yes', 'true', '1', 'y', ...LANGUAGES.map((l) => UPLOAD_YES_NO[l].yes.toLowerCase())]);
const NO_WORDS = new Set(['no', 'false', '0', 'n', ...LANGUAGES.map((l) => UPLOAD_YES_NO[l].no.toLowerCase())]);
/** A yes/no cell, in any case: yes, true, 1, y or any language's "yes" (and so for no); anything else null. */
export function yesNoOf(text: string): boolean | null {
  const v = text.trim().toLowerCase();
  return YES_WORDS.has(v) ? true : NO_WORDS.has(v) ? false : null;
}

/** Largest file the upload reads (.xlsx or .csv); its base64 text fits the API's 1 MiB body. */
export const MAX_UPLOAD_BYTES = 512 * 1024;

export const uploadParams = z.object({
  id: z.coerce.number().int().positive(),
  language: z.enum(LANGUAGES, { error: 'validation.invalid' }),
});
/** The file, as the browser read it: its name (its extension says .xlsx or .csv) and its bytes in base64. */
export const uploadBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  content: z
    .string()
    .max(Math.ceil(MAX_UPLOAD_BYTES / 3) * 4, 'validation.upload.tooLarge')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'validation.upload.file'),
});
export type UploadBody = z.input<typeof uploadBody>;

/** One problem of the file: its sheet row (the header is row 1) and column (the header's text), and the message. */
export const uploadProblem = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type UploadProblem = z.infer<typeof uploadProblem>;

/**
 * What the file would make, nothing saved yet: the whole map it reads as (names of the other languages, options and
 * bits kept from the current version's register of the same number), every problem with its row and column, what
 * changes against the current version, and that version (what applying it must still find).
 */
export const uploadPreview = z.object({
  registers: z.array(editedRegister),
  problems: z.array(uploadProblem),
  diff: z.object({
    added: z.array(editedRegister),
    removed: z.array(editedRegister),
    changed: z.array(z.object({ before: editedRegister, after: editedRegister, fields: z.array(z.enum(DIFF_FIELDS)) })),
  }),
  version: z.number().int(),
  /** New registers whose names in the other languages were copied from this one's: to translate in the editor. */
  namesCopied: z.array(z.number().int()),
});
export type UploadPreview = z.infer<typeof uploadPreview>;
