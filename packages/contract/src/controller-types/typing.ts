/**
 * What decides the controller type of a device (docs/api.md "Controller types"): the model code its box reports
 * stands for the type its relation names (/device-type/relation), else the type of that code; and when the box carries
 * a CK code that root limited to some types (/device-type/CK-config/model/{ck}), a type outside them is no type.
 * Ingest resolves live devices with these rules in memory; the server's `retype` writes the same answer to the stored
 * devices (server/src/modules/controller-types/typing.ts).
 */
export interface TypeRules {
  /** Model code → type id (relations). */
  relations: ReadonlyMap<string, number>;
  /** Type code → type id. */
  codes: ReadonlyMap<string, number>;
  /** CK code → the type ids its boxes' devices may take; a CK that is not here limits nothing. */
  ckTypes: ReadonlyMap<string, ReadonlySet<number>>;
}

/** The type a model code stands for, before any CK's limit. */
export function typeOfCode(rules: TypeRules, modelCode: string | null): number | null {
  if (modelCode === null) return null;
  return rules.relations.get(modelCode) ?? rules.codes.get(modelCode) ?? null;
}

/** Whether a box's CK lets its devices take this type. */
export function ckAllows(rules: TypeRules, ck: string | null, typeId: number): boolean {
  const allowed = ck === null ? undefined : rules.ckTypes.get(ck);
  return allowed === undefined || allowed.has(typeId);
}

/** The type of a device that reports `modelCode` on a box carrying `ck`. */
export function typeIdFor(rules: TypeRules, modelCode: string | null, ck: string | null): number | null {
  const typeId = typeOfCode(rules, modelCode);
  return typeId !== null && ckAllows(rules, ck, typeId) ? typeId : null;
}
