import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { positiveId, trimmedText } from '../validation.js';

/**
 * /device-type/permission: permission templates (spec 2, 3; issue 12; docs/people.md). Root makes and edits them; a
 * template has a name, a level (offered to users of that level and below, get_level_models), defaults for registers it
 * does not name, and per controller type and register a read and a write right.
 */

export const DEFAULT_WRITES = ['all', 'operating', 'none'] as const;
export type TemplateDefaultWrite = (typeof DEFAULT_WRITES)[number];
/** The levels of the hierarchy (1 root … 8 end user). */
export const LEVEL_MIN = 1;
export const LEVEL_MAX = 8;
/** Most named rights one template holds (every register of about forty types). */
export const MAX_TEMPLATE_RIGHTS = 4000;

export const templateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  builtin: z.string().nullable(),
  defaultRead: z.boolean(),
  defaultWrite: z.enum(DEFAULT_WRITES),
  remark: z.string(),
  /** Users and helpers given this template. */
  users: z.number().int(),
  /** Registers it names a right for. */
  rights: z.number().int(),
  updatedAt: z.number().int(),
});
export type TemplateRow = z.infer<typeof templateRow>;

export const templateRight = z.object({
  typeId: positiveId(),
  register: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(65_535, 'validation.invalid'),
  read: z.boolean({ error: 'validation.invalid' }),
  write: z.boolean({ error: 'validation.invalid' }),
});
export type TemplateRight = z.infer<typeof templateRight>;

export const templateDetail = templateRow.omit({ rights: true }).extend({ rights: z.array(templateRight) });
export type TemplateDetail = z.infer<typeof templateDetail>;

const level = z.coerce
  .number({ error: 'validation.template.level' })
  .int('validation.template.level')
  .min(LEVEL_MIN, 'validation.template.level')
  .max(LEVEL_MAX, 'validation.template.level');

export const templateBody = z.object({
  name: z.string({ error: 'validation.template.name' }).trim().min(1, 'validation.template.name').max(64, 'validation.field.tooLong'),
  level,
  defaultRead: z.boolean({ error: 'validation.invalid' }).default(true),
  defaultWrite: z.enum(DEFAULT_WRITES, { error: 'validation.invalid' }).default('none'),
  remark: trimmedText(255).default(''),
});
export type TemplateBody = z.input<typeof templateBody>;

/** A whole template as the modify page saves it: its fields and every right it names (replacing the old ones). */
export const templateSaveBody = templateBody.extend({
  rights: z.array(templateRight).max(MAX_TEMPLATE_RIGHTS, 'validation.template.tooManyRights').default([]),
});
export type TemplateSaveBody = z.input<typeof templateSaveBody>;

export const templateParams = z.object({ id: positiveId() });

/** Columns the template list sorts by (server side). */
export const TEMPLATE_SORTS = ['name', 'level', 'users', 'updatedAt'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];
/**
 * The template list's search and sort: `q` found anywhere in the name, case-insensitive (a built-in template also by
 * its name in any language, BUILTIN_TEMPLATE_NAMES); sorted by `sort`, then by name. The default is level then name.
 */
export const templateListQuery = pageQuery.extend({
  q: trimmedText(64).optional(),
  sort: z.enum(TEMPLATE_SORTS).default('level'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TemplateListQuery = Partial<z.output<typeof templateListQuery>>;
export const templatePage = pageOf(templateRow);
export type TemplatePage = z.infer<typeof templatePage>;
