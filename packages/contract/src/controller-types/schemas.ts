import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';

/** A text in each console language. */
export const localizedText = z.object({ en: z.string().min(1), zh: z.string().min(1), es: z.string().min(1), ja: z.string().min(1) });
export type LocalizedText = z.infer<typeof localizedText>;

/** How a register's value is shown: a scaled number, one of named states, a bit field, or a duration/time. */
export const REGISTER_FORMATS = ['number', 'enum', 'bits', 'time'] as const;
export type RegisterFormat = (typeof REGISTER_FORMATS)[number];

/** What a bit of a `bits` register means when it is set. */
export const SEVERITIES = ['fault', 'alert', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const registerBit = z.object({
  bit: z.number().int().min(0).max(31),
  severity: z.enum(SEVERITIES),
  name: localizedText,
});
export type RegisterBit = z.infer<typeof registerBit>;

/** In which order a register of two words holds its halves: the high word at its number (Modbus' usual), or the low. */
export const WORD_ORDERS = ['high-first', 'low-first'] as const;
export type WordOrder = (typeof WORD_ORDERS)[number];
/** How a register's words hold its number: an integer, or an IEEE-754 float32 (two words). */
export const REGISTER_ENCODINGS = ['int', 'float32'] as const;
export type RegisterEncoding = (typeof REGISTER_ENCODINGS)[number];

/**
 * What a register is for, where code must know it without naming a type's register: `switch`, the start/stop or
 * on/off command, which the switch right alone lets a user write (docs/people.md "Rights over a device").
 */
export const REGISTER_ROLES = ['switch'] as const;
export type RegisterRole = (typeof REGISTER_ROLES)[number];

/**
 * One register of a controller type's map (domain.md): its number (address), a stable key, a name per language,
 * display format, unit, decimals (digits shown; raw / 10^decimals unless a factor is given), writable flag and, for
 * writes, the allowed range in engineering units. `enum` registers name their values; `bits` registers name their
 * bits and say which ones mean a fault or an alert. Map version 2 (issue 20) adds how the words are read
 * (controller-types/values.ts): `words` (1, or 2 taking the next address too) in `wordOrder`, `signed`, `encoding`
 * (int or float32), and a linear scale `factor` and `offset` (engineering = raw × factor + offset). Absent, each
 * means what every register of map version 1 was: one unsigned integer word scaled by its decimals. `operating`
 * marks a writable register a plant's people run the machine with (start/stop and mode commands, setpoints, analogue
 * outputs), which the Operator template may write (docs/people.md "Permission templates"); `role` says what code
 * must know a register as (REGISTER_ROLES).
 */
export const registerDef = z.object({
  number: z.number().int().min(0).max(65_535),
  key: z.string().regex(/^[a-z][a-z0-9_]*$/),
  name: localizedText,
  format: z.enum(REGISTER_FORMATS),
  unit: z.string(),
  decimals: z.number().int().min(0).max(6),
  writable: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.record(z.string().regex(/^-?\d+$/), localizedText).optional(),
  bits: z.array(registerBit).optional(),
  words: z.union([z.literal(1), z.literal(2)]).optional(),
  wordOrder: z.enum(WORD_ORDERS).optional(),
  signed: z.boolean().optional(),
  encoding: z.enum(REGISTER_ENCODINGS).optional(),
  factor: z.number().optional(),
  offset: z.number().optional(),
  operating: z.boolean().optional(),
  role: z.enum(REGISTER_ROLES).optional(),
});
export type RegisterDef = z.infer<typeof registerDef>;

export const CONTROLLER_KINDS = ['compressor', 'maglev', 'plc'] as const;
export type ControllerKind = (typeof CONTROLLER_KINDS)[number];
/** A stored kind as the type, or null (no type yet, or a kind this version does not know). */
export function controllerKind(value: string | null | undefined): ControllerKind | null {
  return (CONTROLLER_KINDS as readonly string[]).includes(value ?? '') ? (value as ControllerKind) : null;
}

/** A controller type (model): its register map and what kind of machine it drives. */
export const controllerTypeDef = z.object({
  code: z.string().regex(/^[a-z][a-z0-9-]*$/),
  kind: z.enum(CONTROLLER_KINDS),
  name: localizedText,
  registers: z.array(registerDef).min(1),
});
export type ControllerTypeDef = z.infer<typeof controllerTypeDef>;

/** A controller type as the API lists it. */
export const controllerTypeSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(CONTROLLER_KINDS),
  name: localizedText,
  builtin: z.boolean(),
  registerCount: z.number().int(),
});
export type ControllerTypeSummary = z.infer<typeof controllerTypeSummary>;
export const controllerTypeDetail = controllerTypeSummary.extend({ registers: z.array(registerDef) });
export type ControllerTypeDetail = z.infer<typeof controllerTypeDetail>;
export const controllerTypeParams = z.object({ id: z.coerce.number().int().positive() });

/*
 * /device-type/type-config (root): the types as root manages them (issue 20). Every saved change of a type's map is a
 * new version; a type is deleted only when no device uses it.
 */

/** A type's code: lower-case letters, digits and hyphens, starting with a letter. */
export const typeCode = z
  .string({ error: 'validation.type.code' })
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,63}$/, 'validation.type.code');
/** A text in each console language, each given (the type's name as the console shows it). */
export const typeName = z.object(
  {
    en: z.string({ error: 'validation.type.name' }).trim().min(1, 'validation.type.name').max(64, 'validation.field.tooLong'),
    zh: z.string({ error: 'validation.type.name' }).trim().min(1, 'validation.type.name').max(64, 'validation.field.tooLong'),
    es: z.string({ error: 'validation.type.name' }).trim().min(1, 'validation.type.name').max(64, 'validation.field.tooLong'),
    ja: z.string({ error: 'validation.type.name' }).trim().min(1, 'validation.type.name').max(64, 'validation.field.tooLong'),
  },
  { error: 'validation.type.name' },
);

/** A row of the type list: the summary, its map's version, who saved it and when, and how many devices use it. */
export const typeRow = controllerTypeSummary.extend({
  version: z.number().int(),
  /** Devices (controllers) of this type. */
  devices: z.number().int(),
  updatedAt: z.number().int(),
  /** Who saved the current version (null: the release that installed it). */
  updatedBy: z.string().nullable(),
});
export type TypeRow = z.infer<typeof typeRow>;

export const TYPE_SORTS = ['code', 'registers', 'devices', 'updatedAt'] as const;
export type TypeSort = (typeof TYPE_SORTS)[number];
/** The type list's search: `q` in the code or the name in any language; `kind`; sorted by `sort`, then by code. */
export const typeFilter = z.object({
  q: z.string().trim().max(64, 'validation.field.tooLong').optional(),
  kind: z.enum(CONTROLLER_KINDS, { error: 'validation.invalid' }).optional(),
});
export type TypeFilter = z.input<typeof typeFilter>;
export const typeListQuery = pageQuery.extend(typeFilter.shape).extend({
  sort: z.enum(TYPE_SORTS).default('code'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TypeListQuery = Partial<z.output<typeof typeListQuery>>;
export const typePage = pageOf(typeRow);
export type TypePage = z.infer<typeof typePage>;

/** A copy of a type: its map as version 1 of a new type with this code and name. */
export const typeCopyBody = z.object({ code: typeCode, name: typeName });
export type TypeCopyBody = z.input<typeof typeCopyBody>;
/** A new type: its code, name and kind, with an empty register map (filled in the editor or by an upload). */
export const typeCreateBody = typeCopyBody.extend({ kind: z.enum(CONTROLLER_KINDS, { error: 'validation.invalid' }) });
export type TypeCreateBody = z.input<typeof typeCreateBody>;

/** Most registers one map holds (what one snapshot of a controller may carry). */
export const MAX_MAP_REGISTERS = 512;
/** Most options (named values) an enum register has. */
export const MAX_OPTIONS = 256;
/**
 * A saved edit of a type (/device-type/type-config/edit/{id}): its name, kind and whole register map, and the version
 * the editor started from. The map's rules (map-rules.ts) are checked by the service, row by row.
 */
/**
 * A register as the editor sends it: what the rules of map-rules.ts decide (number and decimals in range, the key's
 * form, a name in every language) is left to them, so that the answer names the row and field in words.
 */
const editedText = z.object({ en: z.string().max(128), zh: z.string().max(128), es: z.string().max(128), ja: z.string().max(128) });
export const editedRegister = registerDef.extend({
  number: z.number().int(),
  key: z.string().max(64),
  name: editedText,
  decimals: z.number().int(),
  bits: z
    .array(registerBit.extend({ name: editedText }))
    .max(32)
    .optional(),
  options: z
    .record(z.string().regex(/^-?\d+$/), editedText)
    .refine((o) => Object.keys(o).length <= MAX_OPTIONS, 'validation.typeMap.tooManyOptions')
    .optional(),
});
export const typeSaveBody = z.object({
  name: typeName,
  kind: z.enum(CONTROLLER_KINDS, { error: 'validation.invalid' }),
  registers: z.array(editedRegister).min(1, 'validation.typeMap.empty').max(MAX_MAP_REGISTERS, 'validation.typeMap.tooMany'),
  version: z.number().int().positive(),
});
export type TypeSaveBody = z.input<typeof typeSaveBody>;
/** A type as the editor opens it: the detail with its version, who saved it and when. */
export const typeEditView = controllerTypeDetail.extend({
  version: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type TypeEditView = z.infer<typeof typeEditView>;
/** A saved version of a type's map (GET /controller-types/:id/versions). */
export const typeVersionRow = z.object({
  version: z.number().int(),
  kind: z.enum(CONTROLLER_KINDS),
  name: localizedText,
  registers: z.array(registerDef),
  createdAt: z.number().int(),
  /** Who saved it (null: a release). */
  createdBy: z.string().nullable(),
});
export type TypeVersionRow = z.infer<typeof typeVersionRow>;

/*
 * /device-type/relation (root): which controller type a model code that boxes report stands for, so that a new box's
 * controllers get their type without hand work. A code maps to one type; a code no relation names still matches the
 * type whose own code it is.
 */

/** A model code as a box's hello reports it (1–64 characters). */
export const modelCode = z
  .string({ error: 'validation.relation.modelCode' })
  .trim()
  .min(1, 'validation.relation.modelCode')
  .max(64, 'validation.relation.modelCode');
export const relationParams = z.object({ modelCode });

export const relationRow = z.object({
  modelCode: z.string(),
  typeId: z.number().int(),
  typeCode: z.string(),
  typeName: localizedText,
  /** Devices whose box reports this code. */
  devices: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type RelationRow = z.infer<typeof relationRow>;
export const relationListQuery = pageQuery.extend({
  q: z.string().trim().max(64, 'validation.field.tooLong').optional(),
});
export type RelationListQuery = Partial<z.output<typeof relationListQuery>>;
export const relationPage = pageOf(relationRow);
export type RelationPage = z.infer<typeof relationPage>;

/** A code the fleet reports that neither a relation nor a type's own code names, and how many devices report it. */
export const unmappedCode = z.object({ modelCode: z.string(), devices: z.number().int() });
export type UnmappedCode = z.infer<typeof unmappedCode>;

export const relationBody = z.object({
  typeId: z.coerce.number({ error: 'validation.relation.type' }).int('validation.relation.type').positive('validation.relation.type'),
});
export type RelationBody = z.input<typeof relationBody>;
