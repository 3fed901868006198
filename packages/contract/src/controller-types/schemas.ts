import { z } from 'zod';

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

/**
 * One register of a controller type's map (domain.md): its number (address), a stable key, a name per language,
 * display format, unit, decimals (raw integer / 10^decimals), writable flag and, for writes, the allowed range in
 * engineering units. `enum` registers name their values; `bits` registers name their bits and say which ones mean
 * a fault or an alert.
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
