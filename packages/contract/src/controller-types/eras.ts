import { z } from 'zod';
import { registerDef, type RegisterDef } from './schemas.js';

/*
 * Map eras (issue 20, "old history still shows with its own map"): a type's saved versions each took effect on live
 * devices the moment they were saved (ingest reads a new map at once), so the values a device stored at a moment were
 * read with the version in effect then. An era is a version and the moment it took effect; the oldest era listed
 * reaches back to everything before it (values stored before the type's first saved version read with it).
 */

export const mapEra = z.object({
  version: z.number().int(),
  /** When it took effect (ms); 0 for the oldest era listed. */
  from: z.number().int(),
  registers: z.array(registerDef),
});
export type MapEra = z.infer<typeof mapEra>;

/** The era a value stored at `ts` was read with: the last one that took effect at or before it (eras by `from`). */
export function eraAt<E extends { from: number }>(eras: readonly E[], ts: number): E | undefined {
  let found: E | undefined;
  for (const era of eras) if (era.from <= ts) found = era;
  return found ?? eras[0];
}

/** An era's registers by number. */
export function registersByNumber(registers: readonly RegisterDef[]): Map<number, RegisterDef> {
  return new Map(registers.map((r) => [r.number, r]));
}
