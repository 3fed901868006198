/**
 * A row of one table selected beside another's whole row (`selectAll('u')`): its columns are aliased with a prefix
 * (`prefixed('k', 'key_', [...])` selects `k.id as key_id`, …) so that no name clashes, and `splitPrefixed` takes
 * them apart again, with their own names and types.
 */

/** The aliases `<table>.<column> as <prefix><column>` of `columns`, each typed as itself (for a kysely `select`). */
export function prefixed<T extends string, P extends string, C extends string>(
  table: T,
  prefix: P,
  columns: readonly C[],
): Array<{ [K in C]: `${T}.${K} as ${P}${K}` }[C]> {
  return columns.map((c) => `${table}.${c} as ${prefix}${c}` as { [K in C]: `${T}.${K} as ${P}${K}` }[C]);
}

type Stripped<R, P extends string> = { [K in keyof R as K extends `${P}${infer C}` ? C : never]: R[K] };
type Rest<R, P extends string> = { [K in keyof R as K extends `${P}${string}` ? never : K]: R[K] };

/** Splits a row into its `<prefix>…` columns (named without the prefix) and the others. */
export function splitPrefixed<R extends object, P extends string>(row: R, prefix: P): [Stripped<R, P>, Rest<R, P>] {
  const own: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (name.startsWith(prefix)) own[name.slice(prefix.length)] = value;
    else rest[name] = value;
  }
  return [own as Stripped<R, P>, rest as Rest<R, P>];
}
