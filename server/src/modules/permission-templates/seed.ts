import { BUILTIN_TEMPLATES } from '@dms/contract';
import type { Db } from '../../db/database.js';

/** Writes the built-in templates (docs/people.md) that are missing: on every start, so a fresh install has them. All read every register. */
export async function ensureBuiltinTemplates(db: Db, now: number): Promise<void> {
  const present = new Set(
    (await db.selectFrom('permission_templates').select('builtin').where('builtin', 'is not', null).execute()).map((r) => r.builtin),
  );
  const missing = BUILTIN_TEMPLATES.filter((t) => !present.has(t.key));
  if (missing.length === 0) return;
  await db
    .insertInto('permission_templates')
    .values(
      missing.map((t) => ({
        name: t.name,
        level: t.level,
        builtin: t.key,
        default_read: 1,
        default_write: t.defaultWrite,
        created_by: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
